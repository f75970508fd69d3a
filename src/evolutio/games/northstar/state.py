"""A northstar position (North Star's *Evolution* and the CS 4500 course variant) over plain lists.

A species is a list ``[body, population, food, fat, mask, cards, down]``: ``mask`` has bit ``t`` set for every
revealed trait ``t`` (face-down traits are not in effect), ``cards`` is the tuple of trait card ids on the board in
order, ``down`` the tuple of those still face down. Decks are lists with the top card at the end.

Rulings cited as "R<n>" are the numbered rulings of the rules pack's NOTES.md §13; course rules cite SPEC.md §.

The rules are split by topic into mixins: ``flow`` (rounds, phases, card play), ``feeding`` (takes, attacks,
Intelligence), ``variants/cs4500`` (the course's own rules) and ``view`` (what each seat sees).
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, Rng
from evolutio.kernel.flow import FlowState, steps_from_json, steps_to_json

from .cards import TRAIT_IDS
from .config import BODY, CARDS, DOWN, FAT, FOOD_, HELD, MASK, OVER, PLAY, POP, REPLACE, Cfg
from .feeding import FeedingRules
from .flow import TurnFlow
from .steps import STEP_TYPES, NorthstarStep
from .variants.cs4500 import CourseRules
from .view import NorthstarViews


class NorthstarState(TurnFlow, FeedingRules, CourseRules, NorthstarViews, FlowState):
    """A northstar position: plain lists (see the module docstring) plus the rules, from the mixins; the turn
    structure is the decision stack ``flow`` of :mod:`.steps`."""

    __slots__ = ("cfg", "deck", "discard", "removed", "hands", "boards", "bags", "foodcards", "wh", "rnd",
                 "first", "turn", "last_round", "passes", "queue", "stage", "nstart", "snap", "pdisc", "hold")

    # ------------------------------------------------------------------------------------------------ basics
    def _init_empty(self, cfg: Cfg) -> None:
        n = cfg.n
        self.cfg = cfg
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.removed: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.boards: list[list[list]] = [[] for _ in range(n)]
        self.bags = [0] * n
        self.foodcards = [-1] * n
        self.wh = 0
        self.rnd = 1
        self.first = 0
        self.turn = 0
        self.last_round = 0
        self.passes = 0
        self.queue: list[int] = []
        self.stage = 0
        self.nstart = 0
        self.snap: Any = None
        self.pdisc: list[list[int]] | None = None
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
        if not isinstance(top, NorthstarStep):  # a hold point: the step it holds before
            top = flow[-2]
        assert isinstance(top, NorthstarStep)
        return top.phase

    # ------------------------------------------------------------------------------------------------ cards
    def _draw(self, p: int, k: int, in_deal: bool) -> None:
        """Standard draw: from the top; an empty draw pile is refilled from the shuffled discard pile. The first
        time a draw finds the pile empty fixes the last round (R39; Engine convention: also when the discard pile is
        empty too and nothing can be drawn)."""
        hand = self.hands[p]
        deck = self.deck
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

    def _discard_card(self, p: int, c: int) -> None:
        if self.pdisc is not None and self.phase in (PLAY, REPLACE):
            self.pdisc[p].append(c)
        else:
            self.discard.append(c)

    def _label(self, c: int) -> str:
        return self.cfg.deck.label(c)

    def _recompute_mask(self, sp: list) -> None:
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

    # ------------------------------------------------------------------------------------------- explanation
    def explain_illegal(self, action: Action) -> str:
        from .explain import explain

        return explain(self, action)

    def describe(self, action: Action) -> str:
        from .explain import describe

        return describe(self, action)

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

    # --------------------------------------------------------------------------------------------- copying
    def clone(self) -> "NorthstarState":
        new = NorthstarState.__new__(NorthstarState)
        self._copy_base(new)
        new.cfg = self.cfg
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.removed = self.removed
        new.hands = [h[:] for h in self.hands]
        new.boards = [[sp[:] for sp in row] for row in self.boards]
        new.bags = self.bags[:]
        new.foodcards = self.foodcards[:]
        new.wh = self.wh
        self._copy_flow(new)
        new.rnd = self.rnd
        new.first = self.first
        new.turn = self.turn
        new.last_round = self.last_round
        new.passes = self.passes
        new.queue = self.queue[:]
        new.stage = self.stage
        new.nstart = self.nstart
        new.snap = self.snap
        new.pdisc = None if self.pdisc is None else [x[:] for x in self.pdisc]
        new.hold = self.hold
        return new

    # ------------------------------------------------------------------------------------------------ json
    def to_json(self) -> dict[str, Any]:
        d = self._base_json()
        cfg = self.cfg
        base = self.game.deck if hasattr(self.game, "deck") else None
        d.update({
            "players": cfg.n,
            "deck": list(self.deck),
            "discard": list(self.discard),
            "removed": list(self.removed),
            "hands": [list(h) for h in self.hands],
            "boards": [[[sp[BODY], sp[POP], sp[FOOD_], sp[FAT], list(sp[CARDS]), list(sp[DOWN])] for sp in row]
                       for row in self.boards],
            "bags": list(self.bags),
            "foodcards": list(self.foodcards),
            "watering_hole": self.wh,
            "flow": steps_to_json(self.flow),
            "round": self.rnd,
            "first": self.first,
            "turn": self.turn,
            "last_round": self.last_round,
            "passes": self.passes,
            "queue": list(self.queue),
            "stage": self.stage,
            "nstart": self.nstart,
            "snap": None if self.snap is None else [
                [[[sp[BODY], sp[POP], sp[FOOD_], sp[FAT], list(sp[CARDS]), list(sp[DOWN])] for sp in row]
                 for row in self.snap[0]], list(self.snap[1]), list(self.snap[2])],
            "pdisc": None if self.pdisc is None else [list(x) for x in self.pdisc],
            "hold": self.hold,
        })
        if base is None or cfg.deck is not base:
            d["card_table"] = [[TRAIT_IDS[t], f] for t, f in zip(cfg.ctrait, cfg.cfood)]
        return d

    def load_json(self, data: dict[str, Any]) -> None:
        self._load_base_json(data)
        self.deck = list(data["deck"])
        self.discard = list(data["discard"])
        self.removed = list(data["removed"])
        self.hands = [list(h) for h in data["hands"]]

        def sp_of(x: list) -> list:
            sp = [x[0], x[1], x[2], x[3], 0, tuple(x[4]), tuple(x[5])]
            self._recompute_mask(sp)
            return sp

        self.boards = [[sp_of(x) for x in row] for row in data["boards"]]
        self.bags = list(data["bags"])
        self.foodcards = list(data["foodcards"])
        self.wh = data["watering_hole"]
        self.flow = steps_from_json(data["flow"], STEP_TYPES)
        self.rnd = data["round"]
        self.first = data["first"]
        self.turn = data["turn"]
        self.last_round = data["last_round"]
        self.passes = data["passes"]
        self.queue = list(data["queue"])
        self.stage = data["stage"]
        self.nstart = data["nstart"]
        snap = data["snap"]
        self.snap = None if snap is None else ([[sp_of(x) for x in row] for row in snap[0]], list(snap[1]),
                                               list(snap[2]) if len(snap) > 2 else list(self.bags))
        self.pdisc = None if data["pdisc"] is None else [list(x) for x in data["pdisc"]]
        self.hold = bool(data["hold"])

    # ---------------------------------------------------------------------------------------------- determinize
    def determinize(self, player: int, rng: Rng) -> "NorthstarState":
        """A state that agrees with everything ``player`` has seen. Resampled: the order of the draw pile, the cards
        removed unseen (2 players), the other players' hands, their unrevealed food cards, their face-down trait
        cards (each drawn so that no species holds a trait twice; if no hidden card fits, the true card stays) and,
        in quick play, the cards they discarded in this play phase. Kept: everything public, the player's own cards,
        every count, and (quick play) the shape of the others' unrevealed plays."""
        d = self.clone()
        d.rng = rng.fork()
        d.events = []
        n = self.cfg.n
        ct = self.cfg.ctrait
        pool = list(d.deck) + list(d.removed)
        for q in range(n):
            if q == player:
                continue
            pool += d.hands[q]
            if d.foodcards[q] >= 0:
                pool.append(d.foodcards[q])
            if d.pdisc is not None:
                pool += d.pdisc[q]
            for sp in d.boards[q]:
                pool += sp[DOWN]
        rng.shuffle(pool)
        # face-down traits first, under the no-duplicate constraint
        for q in range(n):
            if q == player:
                continue
            for sp in d.boards[q]:
                if not sp[DOWN]:
                    continue
                cards = list(sp[CARDS])
                down = list(sp[DOWN])
                for idx, c in enumerate(cards):
                    if c not in sp[DOWN]:
                        continue
                    others = {ct[x] for j, x in enumerate(cards) if j != idx}
                    pick = -1
                    for k, x in enumerate(pool):
                        if ct[x] not in others:
                            pick = k
                            break
                    if pick < 0:
                        pick = pool.index(c)
                    newc = pool.pop(pick)
                    cards[idx] = newc
                    down[down.index(c)] = newc
                sp[CARDS] = tuple(cards)
                sp[DOWN] = tuple(down)
        k = 0
        for q in range(n):
            if q == player:
                continue
            h = len(d.hands[q])
            d.hands[q] = pool[k:k + h]
            k += h
            if d.foodcards[q] >= 0:
                d.foodcards[q] = pool[k]
                k += 1
            if d.pdisc is not None:
                m = len(d.pdisc[q])
                d.pdisc[q] = pool[k:k + m]
                k += m
        r = len(d.removed)
        d.removed = pool[k:k + r]
        k += r
        d.deck = pool[k:]
        d._legal = None
        return d
