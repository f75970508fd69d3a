"""The data of a northstar position and the card handling every rule uses (drawing, discarding, extinction).

A species is a list ``[body, population, food, fat, mask, cards, down]``: ``mask`` has bit ``t`` set for every
revealed trait ``t`` (face-down traits are not in effect), ``cards`` is the tuple of trait card ids on the board in
order, ``down`` the tuple of those still face down. Decks are lists with the top card at the end.

The rules are layered on this base, each layer a class that knows the layers below it: ``feeding`` (takes, attacks,
Intelligence, the feeding turns), ``variants/cs4500`` (the course's own rules), ``play`` (card play), ``flow`` (rounds
and phases), ``view`` (what each seat sees) and ``state`` (copying, JSON, determinization).
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel.flow import FlowState, Refusal, Step

from .config import BODY, CARDS, DOWN, FAT, FOOD_, HELD, MASK, OVER, PLAY, POP, REPLACE, Cfg
from .steps import Continuation, NorthstarStep

#: a species board (see the module docstring)
Species = list[Any]


class NorthstarPosition(FlowState):
    """A northstar position: plain lists (see the module docstring); the turn structure is the decision stack
    ``flow`` of :mod:`.steps`."""

    __slots__ = ("cfg", "deck", "discard", "removed", "hands", "boards", "bags", "foodcards", "wh", "rnd",
                 "first", "turn", "last_round", "passes", "queue", "stage", "nstart", "snap", "pdisc", "hold")
    cfg: Cfg
    deck: list[int]
    discard: list[int]
    removed: list[int]
    hands: list[list[int]]
    boards: list[list[Species]]
    bags: list[int]
    foodcards: list[int]
    #: the food tokens in the watering hole
    wh: int
    rnd: int
    first: int
    turn: int
    last_round: int
    passes: int
    queue: list[int]
    stage: int
    nstart: int
    #: quick play: (boards, hand sizes, bags) as the others saw them when the play phase began
    snap: tuple[list[list[Species]], list[int], list[int]] | None
    #: quick play: the cards each player discarded in this play phase (hidden until the reveal)
    pdisc: list[list[int]] | None
    hold: bool

    def _init_empty(self, cfg: Cfg) -> None:
        n = cfg.n
        self.cfg = cfg
        self.deck = []
        self.discard = []
        self.removed = []
        self.hands = [[] for _ in range(n)]
        self.boards = [[] for _ in range(n)]
        self.bags = [0] * n
        self.foodcards = [-1] * n
        self.wh = 0
        self.rnd = 1
        self.first = 0
        self.turn = 0
        self.last_round = 0
        self.passes = 0
        self.queue = []
        self.stage = 0
        self.nstart = 0
        self.snap = None
        self.pdisc = None
        #: course conformance hook (scenario ``hold_round_end``): the game stops, finished, before the round's end
        self.hold = False

    @property
    def num_players(self) -> int:
        return self.cfg.n

    @property
    def turn_number(self) -> int:
        """The round number (1-based)."""
        return self.rnd

    @property
    def phase(self) -> int:
        """The phase the views show (``PHASE_NAMES``): the top step's, or the held step's while held."""
        flow = self.flow
        if not flow:
            return HELD if self.hold else OVER
        top = flow[-1]
        return top.phase if isinstance(top, NorthstarStep) else self.decision.phase

    # ------------------------------------------------------------------------------------------------ cards
    def _draw(self, p: int, k: int, in_deal: bool) -> None:
        """Standard draw: from the top; an empty draw pile is refilled from the shuffled discard pile. The first
        time a draw finds the pile empty fixes the last round (R39; Engine convention: also when the discard pile is
        empty too and nothing can be drawn)."""
        hand = self.hands[p]
        deck = self.deck
        if len(deck) >= k:  # (the usual case at once: the same cards in the same order as one by one)
            if k > 0:
                hand += deck[:-k - 1:-1]
                del deck[-k:]
            return
        for _ in range(k):
            if not deck:
                if not self.last_round:
                    self.last_round = self.rnd if in_deal else self.rnd + 1
                    if self.log_events:
                        self.emit("last_round", {"text": f"the draw pile ran out: round {self.last_round} will be "
                                                         f"the last round", "round": self.last_round})
                if not self.discard:
                    break
                deck.extend(self.discard)
                self.discard = []
                self.rng.shuffle(deck)
                if self.log_events:
                    self.emit("reshuffle", {"text": f"the discard pile was shuffled into a new draw pile of "
                                                    f"{len(deck)} cards"})
            hand.append(deck.pop())

    def _cdraw(self, p: int, k: int) -> int:
        """Course draw (SPEC §5.5): up to k cards from the front of the deck, placed in front of the hand."""
        deck = self.deck
        got = []
        while k > 0 and deck:
            got.append(deck.pop())
            k -= 1
        if got:
            self.hands[p][0:0] = got
        return len(got)

    def _discard_card(self, p: int, c: int) -> None:
        if self.pdisc is not None and self.phase in (PLAY, REPLACE):
            self.pdisc[p].append(c)
        else:
            self.discard.append(c)

    def _label(self, c: int) -> str:
        return self.cfg.deck.label(c)

    def _recompute_mask(self, sp: Species) -> None:
        ct = self.cfg.ctrait
        down = sp[DOWN]
        m = 0
        for c in sp[CARDS]:
            if c not in down:
                m |= 1 << ct[c]
        sp[MASK] = m

    def _extinct(self, p: int, s: int, end_of_round: bool) -> None:
        """R38 (standard): discard the board and traits, draw one card per trait, food and fat to the bag.
        Course (SPEC §5.5): two cards from the front of the deck, in front of the hand; food is discarded."""
        sp = self.boards[p].pop(s)
        cards = sp[CARDS]
        self.discard.extend(cards)
        if self.cfg.course:
            got = self._cdraw(p, self.cfg.limits["extinction_draw"])
        else:
            self.bags[p] += sp[FOOD_] + sp[FAT]
            before = len(self.hands[p])
            self._draw(p, len(cards), False)
            got = len(self.hands[p]) - before
        if self.log_events:
            self.emit("extinct", {"text": f"player {p + 1}'s species {s + 1} goes extinct; they draw {got} "
                                          f"card{'s' if got != 1 else ''}", "player": p, "species": s})
            if got:
                self.emit("hand", {"text": f"you drew: {', '.join(self._label(c) for c in self.hands[p][-got:])}"
                                   if not self.cfg.course else
                                   f"you drew: {', '.join(self._label(c) for c in self.hands[p][:got])}",
                                   "player": p}, to=(p,))

    # ------------------------------------------------------------------------------------------------ scores
    def score_parts(self, p: int) -> tuple[int, int, int]:
        """(food in the bag (+ stored fat), population (course: number of species), trait cards on species)."""
        row = self.boards[p]
        traits = sum(len(sp[CARDS]) for sp in row)
        if self.cfg.course:
            return self.bags[p], len(row), traits
        return self.bags[p] + sum(sp[FAT] for sp in row), sum(sp[POP] for sp in row), traits

    def scores(self) -> list[int]:
        return [sum(self.score_parts(p)) for p in range(self.cfg.n)]

    def winners(self) -> list[int]:
        """Best score; ties: more trait-card points, then more population points; then a shared win (R41)."""
        keys = []
        for p in range(self.cfg.n):
            food, pop, traits = self.score_parts(p)
            keys.append((food + pop + traits, traits, pop))
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]


    # ----------------------------------------------------------------------------------------- boards as JSON
    def _species_json(self, sp: Species, own: bool) -> dict[str, Any]:
        deck = self.cfg.deck
        down = sp[DOWN]
        traits = []
        for c in sp[CARDS]:
            if c in down:
                traits.append({**deck.card_json(c), "face_down": True} if own else {"face_down": True})
            else:
                traits.append(deck.card_json(c))
        return {"body": sp[BODY], "population": sp[POP], "food": sp[FOOD_], "fat": sp[FAT], "traits": traits}

    def _boards_json(self, player: int | None) -> list[list[dict[str, Any]]]:
        return [[self._species_json(sp, p == player) for sp in row] for p, row in enumerate(self.boards)]

    # -------------------------------------------------------------------------------------------------- flow
    def wait_for_decision(self, continuation: Continuation) -> None:
        """A take stopped for a store-surplus decision (on top): ``continuation`` goes below it, to carry on after."""
        flow = self.flow
        flow.insert(len(flow) - 1, continuation)

    @property
    def decision(self) -> NorthstarStep:
        """The northstar step on top of the stack (under a hold point, the step it holds before)."""
        flow = self.flow
        top: Step = flow[-1]
        if not isinstance(top, NorthstarStep):
            top = flow[-2]
        assert isinstance(top, NorthstarStep)
        return top

    # ------------------------------------------------------------------------------------ refusals shared by rules
    def card_refusal(self, p: int, c: int) -> Refusal | None:
        """A card action names a card of the player's hand."""
        if c not in self.hands[p]:
            return Refusal(f"{self.card_name(c)} is not in your hand")
        return None

    def species_refusal(self, p: int, s: int, who: str = "you have") -> Refusal | None:
        """An action names one of the player's species."""
        count = len(self.boards[p])
        if not 0 <= s < count:
            return Refusal(f"there is no species {s + 1}: {who} {count} species")
        return None

    def card_name(self, c: int) -> str:
        """A card in words; the card number keeps two copies of the same card apart (menus, OpenSpiel strings)."""
        if 0 <= c < self.cfg.ncards:
            return f"{self.cfg.deck.label(c)} [card {c}]"
        return f"card #{c}"
