"""The turn structure of North Star's *Evolution*: rounds, phases and whose decision it is (NOTES §4).

A mixin of :class:`~evolutio.games.northstar.state.NorthstarState`: deal, food-card choice, card play (quick play's
hidden commitments), the reveal, leaf effects, the food reveal, feeding turns, the end of the round and of the game;
each decision is a step of :mod:`.steps` that calls back into the methods here.
"""

from __future__ import annotations

from evolutio.kernel import Action

from .cards import B_CARN, B_FAT, B_INTEL, FAT_TISSUE
from .config import (
    BODY,
    CARDS,
    COURSE_GREW_BODY,
    COURSE_GREW_POPULATION,
    COURSE_NEW_BOARDS,
    COURSE_REPLACED,
    DEFENCE_BITS,
    DEFENCE_NAMES,
    DOWN,
    FAT,
    FOOD_,
    LEAF_NAMES,
    LEFT_END,
    MASK,
    MAX_SPECIES,
    NUM_DEFENCES,
    POP,
    POPCOUNT,
    RIGHT_END,
    new_species,
)
from .steps import (
    AfterFeed,
    AfterLeaf,
    AfterLeafChoice,
    ChooseFoodCard,
    Continuation,
    Extinction,
    FeedingTurn,
    FoodReveal,
    IntelligenceWindow,
    NegateDefences,
    OrderLeafEffects,
    PlayCards,
    ReplaceTrait,
)
from .traits import LEAF_EFFECTS, LEAF_ORDER, LEAF_TRAITS


class TurnFlow:
    """Part of :class:`NorthstarState` (a mixin: it holds no data of its own)."""

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
                self.push(ChooseFoodCard(q))
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
                self.push(PlayCards(q))
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

    def leaf_options(self, effects: tuple[tuple[int, int], ...]) -> list[Action]:
        row = self.cfg.row
        return [row("leaf", s, len(LEAF_NAMES))[e] for s, e in effects]

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

    def wait_for_decision(self, continuation: Continuation) -> None:
        """A take stopped for a store-surplus decision (on top): ``continuation`` goes below it, to carry on after."""
        flow = self.flow
        flow.insert(len(flow) - 1, continuation)

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

    def _feed_seek(self, start: int) -> None:
        """Next feeding turn from seat ``start``: players with nothing to do are skipped (their turn passes). The
        feeding ends when a full round of turns passes in which nobody fed (NOTES §4 phase 5)."""
        n = self.cfg.n
        for i in range(n):
            if self.passes >= n:
                break
            q = (start + i) % n
            acts, comp = self._feed_legal(q)
            if acts:
                self.turn = q
                if self.cfg.intel_any:
                    w = [(q + j) % n for j in range(1, n)]
                    w = [r for r in w if self._intel_eligible(r)]
                    if w:
                        self.push(IntelligenceWindow(tuple(w)))
                        return
                if not comp:
                    acts.append(self.cfg.PASS)
                self.push(FeedingTurn(q))
                self._legal = acts
                return
            self.passes += 1
        self.push(Extinction())

    def _end_feed_turn(self, fed: bool) -> None:
        if fed:
            self.passes = 0
        else:
            self.passes += 1
        self._feed_seek((self.turn + 1) % self.cfg.n)

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

    # ------------------------------------------------------------------------------------------- legal actions
    def play_options(self, p: int) -> list[Action]:
        cfg = self.cfg
        ct = cfg.ctrait
        hand = self.hands[p]
        row = self.boards[p]
        ns = len(row)
        acts: list[Action] = []
        maxt = cfg.maxtraits
        maxv = cfg.maxv
        if cfg.course:
            return self._course_play_legal(p)
        tmasks = []
        for sp in row:
            m = 0
            for x in sp[CARDS]:
                m |= 1 << ct[x]
            tmasks.append(m if len(sp[CARDS]) < maxt else -1)
        play_rows = cfg.play_rows
        for c in hand:
            bit = 1 << ct[c]
            tr, gb, gp, nw = play_rows(c)
            for s in range(ns):
                tm = tmasks[s]
                if tm >= 0 and not tm & bit:
                    acts.append(tr[s])
                sp = row[s]
                if sp[BODY] < maxv:
                    acts.append(gb[s])
                if sp[POP] < maxv:
                    acts.append(gp[s])
            if ns < MAX_SPECIES:
                if ns:
                    acts.append(nw[LEFT_END])
                acts.append(nw[RIGHT_END])
        for sp in row:
            for x in sp[CARDS]:
                acts.append(cfg.one("discard_trait", x))
        acts.append(cfg.END)
        return acts

    def feeding_options(self, p: int) -> list[Action]:
        """A feeding turn's actions: the feeding options, then pass (standard: only when feeding is not compulsory)."""
        cfg = self.cfg
        if cfg.course:
            acts = self.course_options(p)
            acts.append(cfg.PASS)
            return acts
        acts, comp = self._feed_legal(p)
        if not comp:
            acts.append(cfg.PASS)
        return acts

    def negation_options(self, step: NegateDefences) -> list[Action]:
        """Intelligence's negations the attacker can still afford (a card per defence), then strike when unblocked."""
        cfg = self.cfg
        p, a, tp, t, neg = step.player, step.attacker, step.target_player, step.target, step.negated
        hand = self.hands[p]
        blk = self.blockers(p, a, tp, t, neg)
        can = self._negatable(p, a, tp, t, neg)
        need = POPCOUNT[blk & DEFENCE_BITS]
        acts = []
        for d in range(NUM_DEFENCES):
            if can >> d & 1 and (blk >> d & 1 or len(hand) - 1 >= need):
                for c in hand:
                    acts.append(cfg.row("negate", c, NUM_DEFENCES)[d])
        if not blk:
            acts.append(cfg.STRIKE)
        return acts

    def intelligence_options(self, p: int) -> list[Action]:
        """The Intelligence window: plant food from the bank for a card, or pass."""
        cfg = self.cfg
        acts = []
        for s, sp in enumerate(self.boards[p]):
            m = sp[MASK]
            if m & B_INTEL and not m & B_CARN and (sp[FOOD_] < sp[POP] or (m & B_FAT and sp[FAT] < sp[BODY])):
                for c in self.hands[p]:
                    acts.append(cfg.row("intelligence_food", c, MAX_SPECIES)[s])
        acts.append(cfg.PASS)
        return acts

    def replacement_options(self, p: int, s: int, i: int) -> list[Action]:
        """Course rules: the hand cards that can replace trait ``i`` of species ``s`` without duplicating a trait."""
        cfg = self.cfg
        ct = cfg.ctrait
        cards = self.boards[p][s][CARDS]
        others = {ct[x] for j, x in enumerate(cards) if j != i}
        return [cfg.row("trait", c, MAX_SPECIES)[s] for c in self.hands[p] if ct[c] not in others]

    # ------------------------------------------------------------------------------------------------ decisions
    def choose_food_card(self, p: int, c: int) -> None:
        self.hands[p].remove(c)
        self.foodcards[p] = c
        if self.log_events:
            self.emit("food_card", {"text": f"you chose {self._label(c)} as your food card", "player": p,
                                    "card": c}, to=(p,),
                      redacted={"text": f"player {p + 1} put a food card face down", "player": p})
        self._food_seek((p - self.first) % self.cfg.n + 1)

    def feed(self, p: int, kind: str, args: tuple) -> None:
        """Player ``p``'s feeding-turn action (the turn's step is already off the stack)."""
        if self.cfg.course:
            self._apply_course_feed(p, kind, args)
            return
        if kind == "feed":
            s = args[0]
            sp = self.boards[p][s]
            got = self._take(p, s, 1, False, False, 1 if sp[FOOD_] >= sp[POP] else 0)
            if got < 0:
                self.wait_for_decision(AfterFeed(p, s))
                return
            self.fed(p, s, got)
        elif kind == "attack":
            a, tp, t = args
            if self.boards[p][a][MASK] & B_INTEL and self.hands[p] and self._negatable(p, a, tp, t, 0):
                self.push(NegateDefences(p, a, tp, t, 0))
                return
            if self._resolve_attack(p, a, tp, t, 0):
                self._end_feed_turn(True)
        elif kind == "intelligence_food":
            self.passes = 0
            if self._intel_food(p, args[0], args[1], ()):
                self.push(FeedingTurn(p))
        else:  # pass
            if self.log_events:
                self.emit("pass", {"text": f"player {p + 1} passes", "player": p})
            self._end_feed_turn(False)

    def negate_or_strike(self, step: NegateDefences, kind: str, args: tuple) -> None:
        p, a, tp, t, neg = step.player, step.attacker, step.target_player, step.target, step.negated
        if kind == "negate":
            c, d = args
            self.hands[p].remove(c)
            self.discard.append(c)
            neg |= 1 << d
            if self.log_events:
                self.emit("negate", {"text": f"Intelligence: player {p + 1} discards {self._label(c)} to negate "
                                             f"{DEFENCE_NAMES[d]}", "player": p, "card": c, "defence": d})
            if self.hands[p] and self._negatable(p, a, tp, t, neg):
                self.push(NegateDefences(p, a, tp, t, neg))
                return
        if self._resolve_attack(p, a, tp, t, neg):
            self._end_feed_turn(True)

    def use_intelligence_window(self, players: tuple[int, ...], kind: str, args: tuple) -> None:
        q = players[0]
        if kind == "intelligence_food":
            self.passes = 0
            if not self._intel_food(q, args[0], args[1], players):
                return
            if self._intel_eligible(q):
                self.push(IntelligenceWindow(players))
                return
        self._intel_next(list(players))

    def replace_trait(self, p: int, c: int, s: int, i: int) -> None:
        """Course rules: card ``c`` replaces trait ``i`` of species ``s`` (face down)."""
        log = self.log_events
        self.hands[p].remove(c)
        sp = self.boards[p][s]
        old = sp[CARDS][i]
        sp[CARDS] = sp[CARDS][:i] + (c,) + sp[CARDS][i + 1:]
        sp[DOWN] = tuple(x for x in sp[DOWN] if x != old) + (c,)
        self._recompute_mask(sp)
        self._discard_card(p, old)
        self.stage = COURSE_REPLACED
        if log:
            self.emit("replace", {"text": f"you replaced {self._label(old)} on species {s + 1} by "
                                          f"{self._label(c)} (face down)", "player": p}, to=(p,),
                      redacted={"text": f"player {p + 1} replaced a trait"})

    def play(self, p: int, kind: str, args: tuple) -> None:
        """A play-turn action of player ``p`` (its step stays on top until the turn ends or a replacement begins)."""
        cfg = self.cfg
        log = self.log_events
        row = self.boards[p]
        hand = self.hands[p]
        quiet = cfg.quick  # others must not learn quick-play moves before the reveal
        if kind == "trait":
            c, s = args
            hand.remove(c)
            sp = row[s]
            sp[CARDS] = sp[CARDS] + (c,)
            sp[DOWN] = sp[DOWN] + (c,)
            if log:
                self.emit("trait", {"text": f"you played {self._label(c)} face down on species {s + 1}",
                                    "player": p, "card": c, "species": s}, to=(p,),
                          redacted={"text": f"player {p + 1} is playing cards"} if quiet else
                          {"text": f"player {p + 1} played a trait card face down on species {s + 1}", "player": p})
        elif kind == "new_species":
            c, side = args
            hand.remove(c)
            self._discard_card(p, c)
            if side == LEFT_END:
                row.insert(0, new_species(cfg.minbody))
            else:
                row.append(new_species(cfg.minbody))
            if log:
                end = "left" if side == 0 else "right"
                txt = f"player {p + 1} discards {self._label(c)} for a new species at the {end} end"
                if quiet:
                    self.emit("new_species", {"text": txt, "player": p}, to=(p,),
                              redacted={"text": f"player {p + 1} is playing cards"})
                else:
                    self.emit("new_species", {"text": txt, "player": p, "card": c, "side": side})
        elif kind == "grow_body" or kind == "grow_pop":
            c, s = args
            hand.remove(c)
            self._discard_card(p, c)
            f = BODY if kind == "grow_body" else POP
            row[s][f] += 1
            if cfg.course:
                self.stage = max(self.stage, COURSE_GREW_BODY if f == BODY else COURSE_GREW_POPULATION)
            if log:
                txt = (f"player {p + 1} discards {self._label(c)}: species {s + 1} "
                       f"{'body size' if f == BODY else 'population'} {row[s][f] - 1} → {row[s][f]}")
                if quiet:
                    self.emit(kind, {"text": txt, "player": p}, to=(p,),
                              redacted={"text": f"player {p + 1} is playing cards"})
                else:
                    self.emit(kind, {"text": txt, "player": p, "card": c, "species": s})
        elif kind == "discard_trait":
            c = args[0]
            for s, sp in enumerate(row):  # noqa: B007 - s names the species after the loop
                if c in sp[CARDS]:
                    break
            was_down = c in sp[DOWN]
            sp[CARDS] = tuple(x for x in sp[CARDS] if x != c)
            if was_down:
                sp[DOWN] = tuple(x for x in sp[DOWN] if x != c)
            else:
                self._recompute_mask(sp)
            if cfg.ctrait[c] == FAT_TISSUE and sp[FAT] and not sp[MASK] & B_FAT:  # Fat Tissue discarded: food to bag
                self.bags[p] += sp[FAT]
                sp[FAT] = 0
            self._discard_card(p, c)
            if log:
                txt = f"player {p + 1} discards the trait {self._label(c)} from species {s + 1}"
                if quiet or was_down:
                    self.emit("discard_trait", {"text": txt, "player": p}, to=(p,),
                              redacted={"text": f"player {p + 1} discarded a trait card"} if not quiet else
                              {"text": f"player {p + 1} is playing cards"})
                else:
                    self.emit("discard_trait", {"text": txt, "player": p, "card": c})
        elif kind == "replace_trait":
            s, i = args
            self.replace(ReplaceTrait(p, s, i))
            self.stage = COURSE_REPLACED
        else:  # end_turn
            if log:
                self.emit("end_turn", {"text": f"player {p + 1} ends their play turn", "player": p})
            self.pop()
            self._play_seek((p - self.first) % cfg.n + 1)
