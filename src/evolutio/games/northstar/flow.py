"""The turn structure of North Star's *Evolution*: rounds, phases and whose decision it is (NOTES §4).

A mixin of :class:`~evolutio.games.northstar.state.NorthstarState`: deal, food-card choice, card play (quick play's
hidden commitments), the reveal, leaf effects, the food reveal, feeding turns, the end of the round and of the game;
``_legal_actions`` and ``_apply`` dispatch on the phase.
"""

from __future__ import annotations

from evolutio.kernel import Action

from .cards import B_CARN, B_FAT, B_INTEL, FAT_TISSUE
from .config import (
    AF_FEED, AF_LEAF, AF_LEAFACT, BODY, CARDS, COURSE_GREW_BODY, COURSE_GREW_POPULATION, COURSE_NEW_BOARDS,
    COURSE_REPLACED, DEFENCE_BITS, DEFENCE_NAMES, DOWN, FAT, FEED, FOOD, FOOD_, HELD, INTEL, LEAF, LEAF_NAMES,
    LEFT_END, MASK, MAX_SPECIES, NEGATE, NUM_DEFENCES, OVER, PLAY, POP, POPCOUNT, REPLACE, RIGHT_END, SIDES, STORE,
    new_species,
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
        self.phase = FOOD
        self._food_seek(0)

    def _food_seek(self, k: int) -> None:
        n = self.cfg.n
        while k < n:
            q = (self.first + k) % n
            if self.hands[q]:
                self.turn = q
                self.phase = FOOD
                return
            k += 1
        self._begin_play()

    def _begin_play(self) -> None:
        cfg = self.cfg
        self.phase = PLAY
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
                self.phase = PLAY
                self.stage = COURSE_NEW_BOARDS
                self.nstart = len(self.boards[q])
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
            self._course_food_and_auto()
            return
        self._leaf_next(0)

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

    def _leaf_next(self, k: int) -> None:
        n = self.cfg.n
        while k < n:
            p = (self.first + k) % n
            eff = self._leaf_effects(p)
            if len(eff) >= 2:  # the owner chooses the order (R9); Engine convention: players in turn order
                self.phase = LEAF
                self.turn = p
                self.pend = eff
                return
            if eff:
                s, e = eff[0]
                if not self._leaf_apply(p, s, e):
                    self.after = (AF_LEAF, p, s, k + 1)
                    return
            k += 1
        self.pend = None
        self._reveal_food()

    def _leaf_rest(self, p: int) -> None:
        """After a leaf effect player ``p`` chose: they choose again, or their last effect resolves by itself and the
        next players' effects follow."""
        if len(self.pend) >= 2:
            self.phase = LEAF
            self.turn = p
            return
        s, e = self.pend[0]
        self.pend = None
        k = (p - self.first) % self.cfg.n + 1
        if not self._leaf_apply(p, s, e):
            self.after = (AF_LEAF, p, s, k)
            return
        self._leaf_next(k)

    def _leaf_apply(self, p: int, s: int, e: int) -> bool:
        """One leaf effect; False when a take waits for a store-surplus decision."""
        return LEAF_EFFECTS[e].resolve(self, p, s)

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
        self.phase = FEED
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
                        self.window = w
                        self.phase = INTEL
                        return
                self.phase = FEED
                if not comp:
                    acts.append(self.cfg.PASS)
                self._legal = acts
                return
            self.passes += 1
        self._end_feeding()

    def _end_feed_turn(self, fed: bool) -> None:
        if fed:
            self.passes = 0
        else:
            self.passes += 1
        self._feed_seek((self.turn + 1) % self.cfg.n)

    def _end_feeding(self) -> None:
        """End of feeding (R21–R23), then the end of the round or of the game (R39)."""
        cfg = self.cfg
        n = cfg.n
        self.phase = FEED
        self.pend = None
        self.window = []
        if self.hold:  # conformance hook: stop before the end-of-round steps (SPEC §6.4)
            self.phase = HELD
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
        self.phase = OVER
        self.pend = None
        if self.log_events:
            sc = self.scores()
            self.emit("game_over", {"text": "game over: " + ", ".join(f"player {i + 1} {s} points"
                                                                       for i, s in enumerate(sc))
                                    + "; winner(s): " + ", ".join(f"player {w + 1}" for w in self.winners()),
                                    "scores": sc, "winners": self.winners()})

    # ------------------------------------------------------------------------------------------- legal actions
    def _play_legal(self, p: int) -> list[Action]:
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
        for c in hand:
            bit = 1 << ct[c]
            tr = cfg.row("trait", c, MAX_SPECIES)
            gb = cfg.row("grow_body", c, MAX_SPECIES)
            gp = cfg.row("grow_pop", c, MAX_SPECIES)
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
                nw = cfg.row("new_species", c, SIDES)
                if ns:
                    acts.append(nw[LEFT_END])
                acts.append(nw[RIGHT_END])
        for sp in row:
            for x in sp[CARDS]:
                acts.append(cfg.one("discard_trait", x))
        acts.append(cfg.END)
        return acts

    def _legal_actions(self) -> list[Action]:
        ph = self.phase
        cfg = self.cfg
        if ph == FOOD:
            return [cfg.one("food_card", c) for c in self.hands[self.turn]]
        if ph == PLAY:
            return self._play_legal(self.turn)
        if ph == FEED:
            if cfg.course:
                acts = self.course_options(self.turn)
                acts.append(cfg.PASS)
                return acts
            acts, comp = self._feed_legal(self.turn)
            if not comp:
                acts.append(cfg.PASS)
            return acts
        if ph == STORE:  # the most first: storing everything is what the engine did before R16 was applied
            lo, hi = self.surplus[5], self.surplus[6]
            return [cfg.one("store_surplus", x) for x in range(hi, lo - 1, -1)]
        if ph == LEAF:
            return [cfg.row("leaf", s, len(LEAF_NAMES))[e] for s, e in self.pend]
        if ph == NEGATE:
            a, tp, t, neg = self.pend
            p = self.turn
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
        if ph == INTEL:
            p = self.window[0]
            acts = []
            for s, sp in enumerate(self.boards[p]):
                m = sp[MASK]
                if m & B_INTEL and not m & B_CARN and (sp[FOOD_] < sp[POP] or (m & B_FAT and sp[FAT] < sp[BODY])):
                    for c in self.hands[p]:
                        acts.append(cfg.row("intelligence_food", c, MAX_SPECIES)[s])
            acts.append(cfg.PASS)
            return acts
        if ph == REPLACE:
            s, i = self.pend
            ct = cfg.ctrait
            cards = self.boards[self.turn][s][CARDS]
            others = {ct[x] for j, x in enumerate(cards) if j != i}
            return [cfg.row("trait", c, MAX_SPECIES)[s] for c in self.hands[self.turn] if ct[c] not in others]
        return []

    # ------------------------------------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        kind = action.kind
        args = action.args
        ph = self.phase
        cfg = self.cfg
        p = self.turn
        log = self.log_events
        if ph == FOOD:
            c = args[0]
            self.hands[p].remove(c)
            self.foodcards[p] = c
            if log:
                self.emit("food_card", {"text": f"you chose {self._label(c)} as your food card", "player": p,
                                        "card": c}, to=(p,),
                          redacted={"text": f"player {p + 1} put a food card face down", "player": p})
            self._food_seek((p - self.first) % cfg.n + 1)
            return
        if ph == PLAY or ph == REPLACE:
            self._apply_play(p, kind, args)
            return
        if ph == FEED:
            if cfg.course:
                self._apply_course_feed(p, kind, args)
                return
            if kind == "feed":
                s = args[0]
                sp = self.boards[p][s]
                got = self._take(p, s, 1, False, False, 1 if sp[FOOD_] >= sp[POP] else 0)
                if got < 0:
                    self.after = (AF_FEED, p, s)
                    return
                self._fed(p, s, got)
            elif kind == "attack":
                a, tp, t = args
                if self.boards[p][a][MASK] & B_INTEL and self.hands[p] and self._negatable(p, a, tp, t, 0):
                    self.phase = NEGATE
                    self.pend = (a, tp, t, 0)
                    return
                if self._resolve_attack(p, a, tp, t, 0):
                    self._end_feed_turn(True)
            elif kind == "intelligence_food":
                self.passes = 0
                self._intel_food(p, args[0], args[1], 0)
            else:  # pass
                if log:
                    self.emit("pass", {"text": f"player {p + 1} passes", "player": p})
                self._end_feed_turn(False)
            return
        if ph == STORE:
            self._store(args[0])
            return
        if ph == LEAF:
            s, e = args
            self.pend = [x for x in self.pend if x != (s, e)]
            if not self._leaf_apply(p, s, e):
                self.after = (AF_LEAFACT, p, s)
                return
            self._leaf_rest(p)
            return
        if ph == NEGATE:
            a, tp, t, neg = self.pend
            if kind == "negate":
                c, d = args
                self.hands[p].remove(c)
                self.discard.append(c)
                neg |= 1 << d
                self.pend = (a, tp, t, neg)
                if log:
                    self.emit("negate", {"text": f"Intelligence: player {p + 1} discards {self._label(c)} to negate "
                                                 f"{DEFENCE_NAMES[d]}", "player": p, "card": c, "defence": d})
                if self.hands[p] and self._negatable(p, a, tp, t, neg):
                    return
            self.phase = FEED
            self.pend = None
            if self._resolve_attack(p, a, tp, t, neg):
                self._end_feed_turn(True)
            return
        if ph == INTEL:
            q = self.window[0]
            if kind == "intelligence_food":
                self.passes = 0
                if not self._intel_food(q, args[0], args[1], 1) or self._intel_eligible(q):
                    return
            self._intel_next()
            return
        raise AssertionError(f"no action expected in phase {ph}")  # pragma: no cover

    def _apply_play(self, p: int, kind: str, args: tuple) -> None:
        cfg = self.cfg
        log = self.log_events
        row = self.boards[p]
        hand = self.hands[p]
        quiet = cfg.quick  # others must not learn quick-play moves before the reveal
        if kind == "trait":
            c, s = args
            hand.remove(c)
            sp = row[s]
            if self.phase == REPLACE:
                _, i = self.pend
                old = sp[CARDS][i]
                sp[CARDS] = sp[CARDS][:i] + (c,) + sp[CARDS][i + 1:]
                sp[DOWN] = tuple(x for x in sp[DOWN] if x != old) + (c,)
                self._recompute_mask(sp)
                self._discard_card(p, old)
                self.phase = PLAY
                self.pend = None
                self.stage = COURSE_REPLACED
                if log:
                    self.emit("replace", {"text": f"you replaced {self._label(old)} on species {s + 1} by "
                                                  f"{self._label(c)} (face down)", "player": p}, to=(p,),
                              redacted={"text": f"player {p + 1} replaced a trait"})
                return
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
                txt = f"player {p + 1} discards {self._label(c)} for a new species at the {'left' if side == 0 else 'right'} end"
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
            for s, sp in enumerate(row):
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
            self.phase = REPLACE
            self.pend = (s, i)
            self.stage = COURSE_REPLACED
        else:  # end_turn
            if log:
                self.emit("end_turn", {"text": f"player {p + 1} ends their play turn", "player": p})
            self._play_seek((p - self.first) % cfg.n + 1)
