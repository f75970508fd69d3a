"""The CS 4500 course's "silly" player (SPEC §5.2 feeding, §5.9 cards), as a strategy over engine states.

``silly_action(state)`` gives the silly player's next engine action for the current player of a cs4500 game in any
phase, so full course games can be played with it (it reads only what the seat may know); ``silly_feeding`` is the
§5.2 feeding decision of one seat.

Other packages reach the player through the registry: :data:`BOTS` is the ruleset's ``"bots"`` plug-in
(``game_plugin("northstar", "bots")["cs4500-silly"]``), a class with the bot interface (``name``, ``seed``,
``check_game``, ``choose``) that imports nothing from ``evolutio.bots``.
"""

from __future__ import annotations

from evolutio.kernel import Action, EvolutioError, Game

from ..cards import B_CARN, B_FAT, COURSE_NAME
from ..config import (
    BODY,
    CARDS,
    COURSE_GREW_POPULATION,
    COURSE_NEW_BOARDS,
    COURSE_REPLACED,
    FAT,
    FEED,
    FOOD,
    FOOD_,
    MASK,
    MAX_SPECIES,
    MAX_TRAIT_SLOTS,
    PLAY,
    POP,
    RIGHT_END,
    SIDES,
)
from ..state import NorthstarState
from ..steps import ReplaceTrait

#: the variant this player belongs to (the ``variant`` option of ``northstar``)
COURSE_VARIANT = "cs4500"


def card_order_key(st: NorthstarState, c: int) -> tuple[str, int]:
    """SPEC §3.1 card order: course trait name in plain string order, then food ascending."""
    return COURSE_NAME.get(st.cfg.ctrait[c], "intelligence"), st.cfg.cfood[c]


def sorted_hand(st: NorthstarState, p: int) -> list[int]:
    return sorted(st.hands[p], key=lambda c: card_order_key(st, c))  # stable: equal cards keep hand order


def _rank_order(row: list) -> list[int]:
    """Species indices from "largest" to "smallest": population, then food, then body; ties keep board order."""
    return sorted(range(len(row)), key=lambda s: (-row[s][POP], -row[s][FOOD_], -row[s][BODY]))


def silly_feeding(st: NorthstarState, p: int) -> Action | None:
    """SPEC §5.2. ``None`` = the precondition fails (the harness prints nothing); ``pass`` = the answer ``false``."""
    cfg = st.cfg
    row = st.boards[p]
    hungry = [s for s, sp in enumerate(row) if sp[FOOD_] < sp[POP]]
    fat = [s for s, sp in enumerate(row) if sp[MASK] & B_FAT and sp[BODY] - sp[FAT] > 0]
    if not hungry and not fat:
        return None
    order = _rank_order(row)
    rank = {s: i for i, s in enumerate(order)}
    if fat:
        best = min(fat, key=lambda s: (-(row[s][BODY] - row[s][FAT]), rank[s]))
        return cfg.one("store_fat", best)
    for s in order:
        sp = row[s]
        if sp[FOOD_] < sp[POP] and not sp[MASK] & B_CARN:
            return cfg.one("feed", s)
    n = cfg.n
    for s in order:
        sp = row[s]
        if not (sp[MASK] & B_CARN and sp[FOOD_] < sp[POP]):
            continue
        targets = []
        for k in range(1, n):
            tp = (p + k) % n
            for t in range(len(st.boards[tp])):
                if not st.blockers(p, s, tp, t):
                    targets.append((tp, t))
        if targets:
            def key(x: tuple[int, int]) -> tuple[int, int, int]:
                d = st.boards[x[0]][x[1]]
                return -d[POP], -d[FOOD_], -d[BODY]
            tp, t = min(targets, key=key)  # min returns the earliest of equals
            return cfg.attack(s, tp, t)
    return cfg.PASS


def silly_action(st: NorthstarState) -> Action:
    """The silly player's next action for ``st.current_player`` (cs4500 variant)."""
    p = st.current_player
    assert p is not None, "the game is over: nobody decides"
    cfg = st.cfg
    ph = st.phase
    if ph == FOOD:
        return cfg.one("food_card", sorted_hand(st, p)[0])  # §5.9: the 1st card is the food card
    decision = st.decision
    if isinstance(decision, ReplaceTrait):
        s = decision.species
        return cfg.row("trait", sorted_hand(st, p)[2], MAX_SPECIES)[s]  # the 6th card of the original hand
    if ph == PLAY:
        h = sorted_hand(st, p)
        row = st.boards[p]
        n0 = st.nstart
        if st.stage == COURSE_NEW_BOARDS and len(row) == n0:
            if len(h) >= 2:
                return cfg.row("new_species", h[0], SIDES)[RIGHT_END]  # BT paid with the 2nd card
            return cfg.END
        if len(row) == n0:
            return cfg.END
        if st.stage == COURSE_NEW_BOARDS and not row[n0][CARDS]:
            return cfg.row("trait", h[0], MAX_SPECIES)[n0]  # ... carrying the trait of the 3rd
        if st.stage == COURSE_NEW_BOARDS:
            if len(h) >= 3:
                return cfg.row("replace_trait", n0, MAX_TRAIT_SLOTS)[0]  # a 6th card: RT [N, 0, 6th]
            if h:
                return cfg.row("grow_pop", h[0], MAX_SPECIES)[n0]  # a 4th card: GP
            return cfg.END
        if st.stage == COURSE_REPLACED:
            return cfg.row("grow_pop", h[0], MAX_SPECIES)[n0]
        if st.stage == COURSE_GREW_POPULATION and h:
            # after GP the 5th card (if the hand had one) is the smallest left: every card beyond the 6th is kept
            return cfg.row("grow_body", h[0], MAX_SPECIES)[n0]  # a 5th card: GB
        return cfg.END
    if ph == FEED:
        a = silly_feeding(st, p)
        return a if a is not None else cfg.PASS
    return st.legal_actions()[0]



class CourseSillyPlayer:
    """The silly player with the bot interface, for ``northstar`` games with ``variant=cs4500``."""

    name = "cs4500-silly"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # the silly player is deterministic: the seed is kept only for the bot interface

    def check_game(self, game: Game) -> None:
        if game.name != "northstar" or game.options.get("variant") != COURSE_VARIANT:
            raise EvolutioError("the cs4500-silly bot plays only northstar with variant=cs4500 (-o variant=cs4500)")

    def choose(self, state: NorthstarState) -> Action:
        self.check_game(state.game)
        return silly_action(state)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


#: the ruleset's ``"bots"`` plug-in: bot name -> bot class
BOTS: dict[str, type[CourseSillyPlayer]] = {CourseSillyPlayer.name: CourseSillyPlayer}
