"""The turn structure of North Star's *Evolution*: rounds, phases and whose decision it is (NOTES §4).

The turn-structure layer of a northstar position (see :mod:`.position`): deal, food-card choice, the play turns
(quick play's hidden commitments), the reveal, leaf effects, the food reveal, the end of the round and of the game;
each decision is a step of :mod:`.steps` that calls back into the methods here (and, for the variant's own rules,
into the layers below).
"""

from __future__ import annotations

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from .config import CARDS, COURSE_NEW_BOARDS, DOWN, FAT, FOOD_, MASK, POP, new_species
from .steps import FOOD_CARD_CHOICES, PLAY_TURNS, AfterLeaf, AfterLeafChoice, FoodReveal, OrderLeafEffects
from .traits import LEAF_EFFECTS, LEAF_ORDER, LEAF_TRAITS
from .variants.cs4500 import CourseRules


class TurnFlow(CourseRules):
    """The turn structure of a northstar position."""

    __slots__ = ()

    # ------------------------------------------------------------------------------------------------ rounds
    def _start_round(self) -> None:
        cfg = self.cfg
        n = cfg.n
        for p in range(n):
            if not self.boards[p]:
                self.boards[p].append(new_species(cfg.minbody))  # R1
                if self.log_events:
                    self.emit("new_species", {"text": f"player {p + 1} has no species and gets a new one",
                                              "player": p})
        if cfg.course:
            need = sum(3 + len(self.boards[p]) for p in range(n))
            if len(self.deck) < need:  # SPEC §9: the deck cannot serve a full deal
                if self.log_events:
                    self.emit("game_end", {"text": f"the deck holds {len(self.deck)} cards, fewer than the {need} "
                                                   f"the deal needs: the game is over"})
                self._game_over()
                return
            for k in range(n):
                p = (self.first + k) % n
                self._cdraw(p, cfg.dealt_base + len(self.boards[p]))
        else:
            for k in range(n):  # R2
                p = (self.first + k) % n
                self._draw(p, cfg.dealt_base + len(self.boards[p]), True)
        if self.log_events:
            self.emit("round", {"text": f"round {self.rnd} begins; player {self.first + 1} is the first player; "
                                        f"cards dealt ({', '.join(str(len(h)) for h in self.hands)} in hand)",
                                "round": self.rnd})
            for p in range(n):
                self.emit("hand", {"text": f"your hand: {', '.join(self._label(c) for c in self.hands[p])}",
                                   "player": p, "cards": list(self.hands[p])}, to=(p,))
        self._food_seek(0)

    def _food_seek(self, k: int) -> None:
        n = self.cfg.n
        while k < n:
            q = (self.first + k) % n
            if self.hands[q]:
                self.turn = q
                self.push(FOOD_CARD_CHOICES[q])
                return
            k += 1
        self._begin_play()

    def _begin_play(self) -> None:
        cfg = self.cfg
        if cfg.quick:
            # what the others may see until the reveal: boards, hand sizes and bags (a discarded Fat Tissue card's
            # food reaches the bag during the phase) as they were when the phase began
            self.snap = ([[sp[:] for sp in row] for row in self.boards], [len(h) for h in self.hands], self.bags[:])
            self.pdisc = [[] for _ in range(cfg.n)]
        self._play_seek(0)

    def _play_seek(self, k: int) -> None:
        n = self.cfg.n
        while k < n:
            q = (self.first + k) % n
            if self.hands[q] or (not self.cfg.course and any(sp[CARDS] for sp in self.boards[q])):
                self.turn = q
                self.stage = COURSE_NEW_BOARDS
                self.nstart = len(self.boards[q])
                self.push(PLAY_TURNS[q])
                return
            k += 1
        self._after_play()

    def _after_play(self) -> None:
        """All play turns done: reveal the face-down traits (R4), then leaf effects and food (standard) or the course's
        food, automatic feeding and feeding cycle."""
        cfg = self.cfg
        n = cfg.n
        for row in self.boards:
            for sp in row:
                if sp[DOWN]:
                    sp[DOWN] = ()
                    self._recompute_mask(sp)
        if self.pdisc is not None:
            for k in range(n):
                self.discard.extend(self.pdisc[(self.first + k) % n])
            self.pdisc = None
        self.snap = None
        if self.log_events:
            self.emit("reveal", {"text": "all face-down traits are turned face up", "boards": self._boards_json(None)})
        if cfg.course:
            self.push(FoodReveal())
            return
        self.leaf_next(0)

    # ---------------------------------------------------------------------------------------- leaf (phase 4)
    def _leaf_effects(self, p: int) -> list[tuple[int, int]]:
        """(species, effect) of every leaf effect pending for player ``p`` (the trait modules' ``leaf_effect``s)."""
        eff = []
        for s, sp in enumerate(self.boards[p]):
            m = sp[MASK]
            if m & LEAF_TRAITS:
                for effect, bit, pending in LEAF_ORDER:
                    if m & bit and pending(sp):
                        eff.append((s, effect))
        return eff

    def leaf_next(self, k: int) -> None:
        """Leaf effects of the ``k``-th player in turn order and after, then the food reveal."""
        n = self.cfg.n
        while k < n:
            p = (self.first + k) % n
            eff = self._leaf_effects(p)
            if len(eff) >= 2:  # the owner chooses the order (R9); Engine convention: players in turn order
                self.turn = p
                self.push(OrderLeafEffects(p, tuple(eff)))
                return
            if eff:
                s, e = eff[0]
                if not self._leaf_apply(p, s, e):
                    self.wait_for_decision(AfterLeaf(p, s, k + 1))
                    return
            k += 1
        self.push(FoodReveal())

    def resolve_leaf_choice(self, p: int, effects: tuple[tuple[int, int], ...], s: int, e: int) -> None:
        """Player ``p`` chose leaf effect ``e`` of species ``s`` among ``effects``."""
        rest = tuple(x for x in effects if x != (s, e))
        if not self._leaf_apply(p, s, e):
            self.wait_for_decision(AfterLeafChoice(p, s, rest))
            return
        self.leaf_rest(p, rest)

    def leaf_rest(self, p: int, effects: tuple[tuple[int, int], ...]) -> None:
        """After a leaf effect player ``p`` chose: they choose again, or their last effect resolves by itself and the
        next players' effects follow."""
        if len(effects) >= 2:
            self.turn = p
            self.push(OrderLeafEffects(p, effects))
            return
        s, e = effects[0]
        k = (p - self.first) % self.cfg.n + 1
        if not self._leaf_apply(p, s, e):
            self.wait_for_decision(AfterLeaf(p, s, k))
            return
        self.leaf_next(k)

    def _leaf_apply(self, p: int, s: int, e: int) -> bool:
        """One leaf effect; False when a take waits for a store-surplus decision."""
        return LEAF_EFFECTS[e].resolve(self, p, s)

    def reveal_food(self) -> None:
        """The food reveal step: the published rules' or the course's."""
        if self.cfg.course:
            self._course_food_and_auto()
        else:
            self._reveal_food()

    def _reveal_food(self) -> None:
        """Turn up the food cards: the sum is added to the watering hole, a negative sum removes, never below 0
        (R12)."""
        n = self.cfg.n
        total = 0
        shown = []
        for k in range(n):
            p = (self.first + k) % n
            c = self.foodcards[p]
            if c >= 0:
                total += self.cfg.cfood[c]
                self.discard.append(c)
                shown.append((p, c))
        self.foodcards = [-1] * n
        self.wh = max(0, self.wh + total)
        if self.log_events:
            self.emit("food_cards", {"text": "food cards: " + ", ".join(f"player {p + 1} {self._label(c)}"
                                                                        for p, c in shown)
                                     + f"; sum {total:+d}; the watering hole now holds {self.wh}",
                                     "cards": [[p, c] for p, c in shown], "sum": total, "watering_hole": self.wh})
        self.passes = 0
        self._feed_seek(self.first)

    def end_feeding(self) -> None:
        """End of feeding (R21–R23), then the end of the round or of the game (R39)."""
        cfg = self.cfg
        n = cfg.n
        if self.hold:  # conformance hook: the game stops before the end-of-round steps (SPEC §6.4)
            return
        log = self.log_events
        for k in range(n):
            p = (self.first + k) % n
            row = self.boards[p]
            for s in range(len(row) - 1, -1, -1):
                sp = row[s]
                if sp[FOOD_] < sp[POP]:
                    sp[POP] = sp[FOOD_]
                    if log:
                        self.emit("starve", {"text": f"player {p + 1}'s species {s + 1} was not fully fed: population "
                                                     f"drops to {sp[POP]}", "player": p, "species": s})
                    if sp[POP] == 0:
                        self._extinct(p, s, True)
        for p in range(n):
            got = 0
            for sp in self.boards[p]:
                got += sp[FOOD_]
                sp[FOOD_] = 0
            self.bags[p] += got
            if log and got:
                self.emit("bag", {"text": f"player {p + 1} puts {got} food in their bag", "player": p, "food": got})
        self.first = (self.first + 1) % n
        if not cfg.course and self.last_round and self.rnd >= self.last_round:
            self._game_over()
            return
        self.rnd += 1
        self._start_round()

    def _game_over(self) -> None:
        if not self.cfg.course:
            for p in range(self.cfg.n):  # R40: Fat Tissue food goes to the bag at game end
                for sp in self.boards[p]:
                    self.bags[p] += sp[FAT]
                    sp[FAT] = 0
        self.flow.clear()
        if self.log_events:
            sc = self.scores()
            self.emit("game_over", {"text": "game over: " + ", ".join(f"player {i + 1} {s} points"
                                                                       for i, s in enumerate(sc))
                                    + "; winner(s): " + ", ".join(f"player {w + 1}" for w in self.winners()),
                                    "scores": sc, "winners": self.winners()})

    # ------------------------------------------------------------------------------------------------ decisions
    def choose_food_card(self, p: int, c: int) -> None:
        self.hands[p].remove(c)
        self.foodcards[p] = c
        if self.log_events:
            self.emit("food_card", {"text": f"you chose {self._label(c)} as your food card", "player": p,
                                    "card": c}, to=(p,),
                      redacted={"text": f"player {p + 1} put a food card face down", "player": p})
        self._food_seek((p - self.first) % self.cfg.n + 1)

    def end_play_turn(self, p: int) -> None:
        if self.log_events:
            self.emit("end_turn", {"text": f"player {p + 1} ends their play turn", "player": p})
        self.pop()
        self._play_seek((p - self.first) % self.cfg.n + 1)

    # ------------------------------------------------------------------------------- the variant's rules, by turn
    def play_refusal(self, p: int, action: Action) -> Refusal | None:
        if self.cfg.course:
            return self.course_play_refusal(p, action)
        return self.standard_play_refusal(p, action)

    def feeding_options(self, p: int) -> list[Action]:
        """A feeding turn's actions: the feeding options, then pass (standard: only when feeding is not compulsory)."""
        if self.cfg.course:
            return self.course_feeding_options(p)
        acts, compulsory = self.standard_feeding_options(p)
        if not compulsory:
            acts.append(self.cfg.PASS)
        return acts

    def feeding_refusal(self, p: int, action: Action) -> Refusal | None:
        if self.cfg.course:
            return self.course_feeding_refusal(p, action)
        return self.standard_feeding_refusal(p, action)

    def feed(self, p: int, kind: str, args: tuple[int, ...]) -> None:
        """Player ``p``'s feeding-turn action (the turn's step is already off the stack)."""
        if self.cfg.course:
            self._apply_course_feed(p, kind, args)
        else:
            self.feed_standard(p, kind, args)
