"""A northstar position (North Star's *Evolution* and the CS 4500 course variant): the rules' layers (see
:mod:`.position`) plus copying, JSON, determinization and the refusal of actions that are not allowed.

Rulings cited as "R<n>" are the numbered rulings of the rules pack's NOTES.md §13; course rules cite SPEC.md §.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, Rng
from evolutio.kernel.flow import Refusal, steps_from_json, steps_to_json

from .actions import arity_refusal
from .cards import TRAIT_IDS
from .config import BODY, CARDS, DOWN, FAT, FOOD_, POP
from .steps import STEP_TYPES
from .traits import TRAIT_STEPS
from .view import NorthstarViews


class NorthstarState(NorthstarViews):
    """A northstar position: plain lists (see :mod:`.position`) plus the rules, from its layers; the turn structure is
    the decision stack ``flow`` of :mod:`.steps`."""

    __slots__ = ()

    # ------------------------------------------------------------------------------------------ legal and refused
    def malformed(self, action: Action) -> Refusal | None:
        """What is wrong with an action that is not a northstar action at all: an unknown kind or the wrong number of
        arguments in northstar's words, an argument out of range by the kernel's (from the action schema)."""
        reason = arity_refusal(action)
        return Refusal(reason) if reason is not None else super().malformed(action)

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
        self.restore_flow(steps_from_json(data["flow"], STEP_TYPES + tuple(TRAIT_STEPS)))
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
