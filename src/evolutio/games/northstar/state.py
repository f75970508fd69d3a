"""The rules of North Star's *Evolution* (and of the CS 4500 course variant) over plain lists.

A species is a list ``[body, population, food, fat, mask, cards, down]``: ``mask`` has bit ``t`` set for every
revealed trait ``t`` (face-down traits are not in effect), ``cards`` is the tuple of trait card ids on the board in
order, ``down`` the tuple of those still face down. Decks are lists with the top card at the end.

Rulings cited as "R<n>" are the numbered rulings of the rules pack's NOTES.md §13; course rules cite SPEC.md §.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, Rng, State

from .cards import (
    B_AMBUSH, B_BURROW, B_CARN, B_CLIMB, B_COOP, B_FAT, B_FERTILE, B_FORAGE, B_HERD, B_HORNS, B_INTEL, B_LONG,
    B_PACK, B_SCAV, B_SHELL, B_SYMB, B_WARN, COURSE_NAME, TRAIT_IDS, TRAIT_NAMES,
)
from .config import (
    AF_FEED, AF_INTEL, AF_LEAF, AF_LEAFACT, AF_MEAT, AF_SCAV, BODY, CARDS, D_BURROW, D_CLIMB, D_HERD, D_HORNS,
    D_SHELL, D_SYMB, D_WARN_L, D_WARN_R, DEFENCE_NAMES, DOWN, FAT, FEED, FOOD, FOOD_, HELD, INTEL, LEAF, LEAF_NAMES,
    MASK, MAX_SPECIES, NEGATE, OVER, PHASE_NAMES, PLAY, POP, REPLACE, SIZE, STORE, Cfg,
)

_POPCOUNT = [bin(i).count("1") for i in range(1 << 9)]


def new_species(body: int) -> list:
    return [body, 1, 0, 0, 0, (), ()]


class NorthstarState(State):
    __slots__ = ("cfg", "deck", "discard", "removed", "hands", "boards", "bags", "foodcards", "wh", "phase", "rnd",
                 "first", "turn", "last_round", "passes", "pend", "queue", "stage", "nstart", "snap", "pdisc",
                 "window", "hold", "surplus", "after")

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
        self.phase = FOOD
        self.rnd = 1
        self.first = 0
        self.turn = 0
        self.last_round = 0
        self.passes = 0
        self.pend: Any = None
        self.queue: list[int] = []
        self.stage = 0
        self.nstart = 0
        self.snap: Any = None
        self.pdisc: list[list[int]] | None = None
        self.window: list[int] = []
        self.hold = False
        # a pending store-surplus decision (standard variant): the interrupted take
        # (owner, species, tokens, meat, bank, least, most, head) and what resumes after its chain (AF_* tuple)
        self.surplus: tuple | None = None
        self.after: tuple | None = None

    @property
    def num_players(self) -> int:
        return self.cfg.n

    @property
    def turn_number(self) -> int:
        """The round number (1-based)."""
        return self.rnd

    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph < INTEL:  # FOOD, PLAY, LEAF, FEED, NEGATE: the hot path
            return self.turn
        if ph == INTEL:
            return self.window[0]
        if ph == STORE:
            return self.surplus[0]
        if ph >= HELD:
            return None
        return self.turn

    @property
    def is_terminal(self) -> bool:
        return self.phase >= HELD

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

    def _recompute_mask(self, sp: list) -> None:
        ct = self.cfg.ctrait
        down = sp[DOWN]
        m = 0
        for c in sp[CARDS]:
            if c not in down:
                m |= 1 << ct[c]
        sp[MASK] = m

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
                self._cdraw(p, 3 + len(self.boards[p]))
        else:
            for k in range(n):  # R2
                p = (self.first + k) % n
                self._draw(p, 3 + len(self.boards[p]), True)
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
                self.stage = 0
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
        eff = []
        for s, sp in enumerate(self.boards[p]):
            m = sp[MASK]
            if m & B_FERTILE:
                eff.append((s, 0))
            if m & B_LONG and not m & B_CARN:
                eff.append((s, 1))
            if m & B_FAT and sp[FAT] > 0:
                eff.append((s, 2))
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

    def _log_long_neck(self, p: int, s: int, got: int) -> None:
        self.emit("long_neck", {"text": f"Long Neck: player {p + 1}'s species {s + 1} takes {got} plant food from the "
                                        f"bank", "player": p, "species": s})

    def _leaf_apply(self, p: int, s: int, e: int) -> bool:
        """One leaf effect; False when a Long Neck take waits for a store-surplus decision."""
        sp = self.boards[p][s]
        if e == 0:  # Fertile (R10)
            if self.wh > 0 and sp[POP] < 6:
                sp[POP] += 1
                if self.log_events:
                    self.emit("fertile", {"text": f"Fertile: player {p + 1}'s species {s + 1} grows to population "
                                                  f"{sp[POP]}", "player": p, "species": s})
            elif self.log_events:
                self.emit("fertile", {"text": f"Fertile of player {p + 1}'s species {s + 1} has no effect "
                                              f"({'the watering hole is empty' if self.wh <= 0 else 'population 6'})",
                                      "player": p, "species": s})
        elif e == 1:  # Long Neck (R11)
            got = self._take(p, s, 1, False, True)
            if got < 0:
                return False
            if self.log_events:
                self._log_long_neck(p, s, got)
        else:  # Fat Tissue: move stored food onto the board, not a take (R18)
            mv = min(sp[FAT], sp[POP] - sp[FOOD_])
            if mv > 0:
                sp[FOOD_] += mv
                sp[FAT] -= mv
            if self.log_events:
                self.emit("fat_tissue", {"text": f"Fat Tissue: player {p + 1}'s species {s + 1} moves {max(mv, 0)} "
                                                 f"stored food onto its board", "player": p, "species": s})
        return True

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

    # ------------------------------------------------------------------------------------------------ taking
    def _take(self, p: int, s: int, k: int, meat: bool, bank: bool, lo: int = 0, head: int = -1) -> int:
        """One take event of species ``s`` of player ``p`` and the Cooperation chain it fires (NOTES §5, R17, R19,
        R20): Foraging +1 on plant food, the watering hole's stock, the board's room; carnivores never take plant food
        (R14). A take that brings more tokens than the board holds, on a species whose Fat Tissue card has room,
        stops for its owner's store-surplus decision (R16) unless only one count is possible: then the state waits in
        STORE and -1 is returned (the caller records in ``after`` how its flow resumes). ``lo``: the least the head
        species must store (1 when the player deliberately fed a full species: choosing that action is the choice to
        store). Returns the tokens the head species took (``head``: already known when resuming a chain)."""
        row = self.boards[p]
        while True:
            sp = row[s]
            m = sp[MASK]
            if not meat:
                if m & B_CARN:
                    break
                if m & B_FORAGE:
                    k += 1
            if not bank and k > self.wh:
                k = self.wh
            room = sp[POP] - sp[FOOD_]
            if k > room:
                x = 0
                if m & B_FAT:
                    x = sp[BODY] - sp[FAT]
                    if x > k - room:
                        x = k - room
                    if x > lo:
                        self.surplus = (p, s, k, meat, bank, lo, x, head)
                        self.phase = STORE
                        return -1
                k = room + x
                if k <= 0:
                    break
                sp[FOOD_] = sp[POP]
                sp[FAT] += x
            elif k <= 0:
                break
            else:
                sp[FOOD_] += k
            if not bank:
                self.wh -= k
            if head < 0:
                head = k
            s += 1
            if not m & B_COOP or s >= len(row):
                break
            k = 1
            lo = 0
        return head if head > 0 else 0

    def _store(self, x: int) -> None:
        """The owner's store-surplus decision: the board fills up, ``x`` surplus tokens go on the Fat Tissue card, the
        rest stay in the watering hole or the bank; then the Cooperation chain and the interrupted flow resume."""
        p, s, k, meat, bank, lo, hi, head = self.surplus
        self.surplus = None
        row = self.boards[p]
        sp = row[s]
        room = sp[POP] - sp[FOOD_]
        sp[FOOD_] = sp[POP]
        sp[FAT] += x
        got = room + x
        if not bank:
            self.wh -= got
        if self.log_events:
            left = k - room - x
            where = "in the bank" if bank else f"in the watering hole ({self.wh} there)"
            self.emit("store", {"text": f"player {p + 1} stores {x} surplus {'meat' if meat else 'plant food'} on the "
                                        f"Fat Tissue of species {s + 1} (now {sp[FAT]})"
                                + (f"; {left} left {where}" if left else ""),
                                "player": p, "species": s, "stored": x, "declined": left})
        if head < 0:
            head = got
        if got > 0 and sp[MASK] & B_COOP and s + 1 < len(row):
            if self._take(p, s + 1, 1, meat, bank, 0, head) < 0:
                return  # the chain stopped again; ``after`` still holds the flow
        af = self.after
        self.after = None
        kind = af[0]
        log = self.log_events
        if kind == AF_FEED:
            self._fed(af[1], af[2], head)
        elif kind == AF_INTEL:
            _, q, c, t, win = af
            if log:
                self._log_intel(q, c, t, head)
            if win:
                self.phase = INTEL
                if not self._intel_eligible(q):
                    self._intel_next()
            else:
                self.phase = FEED
        elif kind == AF_LEAF:
            _, q, t, k = af
            if log:
                self._log_long_neck(q, t, head)
            self._leaf_next(k)
        elif kind == AF_LEAFACT:
            _, q, t = af
            if log:
                self._log_long_neck(q, t, head)
            self._leaf_rest(q)
        elif kind == AF_MEAT:
            if log:
                self.emit("meat", {"text": f"the attacker takes {head} meat from the bank"})
            if self._scavs(af[1], 0, 0, head):
                self._end_feed_turn(True)
        else:  # AF_SCAV
            _, q, k, t = af
            if log:
                self._log_scav((q + k) % self.cfg.n, t, head)
            if self._scavs(q, k, t + 1, 1):
                self._end_feed_turn(True)

    # --------------------------------------------------------------------------------------------- attacks
    def blockers(self, p: int, a: int, tp: int, t: int, neg: int = 0) -> int:
        """Bit mask of the defences that stop carnivore ``a`` of player ``p`` attacking species ``t`` of player ``tp``
        (SIZE: the basic size rule, which nothing negates). ``neg``: defences negated by Intelligence."""
        at = self.boards[p][a]
        drow = self.boards[tp]
        d = drow[t]
        am = at[MASK]
        dm = d[MASK]
        b = 0
        if self.cfg.course:  # SPEC §5.1: no size rule
            if dm & B_SHELL:
                if am & B_SHELL:
                    atk = at[BODY] + 4
                elif am & B_PACK and am & B_CARN:
                    atk = at[BODY] + at[POP]
                else:
                    atk = at[BODY]
                if atk <= d[BODY] + 4:
                    b |= 1 << D_SHELL
            if dm & B_HERD:
                pa = at[POP] + (at[BODY] if am & B_PACK else 0)
                pd = d[POP] + (d[BODY] if dm & B_PACK else 0)
                if pa <= pd:
                    b |= 1 << D_HERD
        else:
            atk = at[BODY] + (at[POP] if am & B_PACK else 0)  # R25
            dfn = d[BODY]
            if atk <= dfn:
                b |= SIZE
            elif dm & B_SHELL and not neg & (1 << D_SHELL) and atk <= dfn + 4:
                b |= 1 << D_SHELL
            if dm & B_HERD and at[POP] <= d[POP]:  # R27
                b |= 1 << D_HERD
            if dm & B_SYMB and t + 1 < len(drow) and drow[t + 1][BODY] > d[BODY]:  # R30
                b |= 1 << D_SYMB
        if dm & B_BURROW and d[FOOD_] >= d[POP]:  # R28
            b |= 1 << D_BURROW
        if dm & B_CLIMB and not am & B_CLIMB:  # R26
            b |= 1 << D_CLIMB
        if not am & B_AMBUSH:  # R29
            hu = self.cfg.wc_hu and dm & B_WARN
            if t > 0 and drow[t - 1][MASK] & B_WARN and not hu:
                b |= 1 << D_WARN_L
            if t + 1 < len(drow) and drow[t + 1][MASK] & B_WARN and not hu:
                b |= 1 << D_WARN_R
        return b & ~neg

    def block_reasons(self, p: int, a: int, tp: int, t: int, b: int) -> list[str]:
        at = self.boards[p][a]
        drow = self.boards[tp]
        d = drow[t]
        out = []
        atk = at[BODY] + (at[POP] if at[MASK] & B_PACK else 0)
        if b & SIZE:
            extra = f" (body {at[BODY]} + population {at[POP]} with Pack Hunting)" if at[MASK] & B_PACK else ""
            out.append(f"your Carnivore's attack size {atk}{extra} is not larger than the target's body size "
                       f"{d[BODY]}")
        if b & (1 << D_SHELL):
            out.append(f"the target has Hard Shell (size {d[BODY]} + 4 = {d[BODY] + 4}) and your Carnivore's attack "
                       f"size is only {atk}")
        if b & (1 << D_BURROW):
            out.append("the target has Burrowing and is fed (its food equals its population)")
        if b & (1 << D_CLIMB):
            out.append("the target has Climbing and your Carnivore lacks Climbing")
        if b & (1 << D_HERD):
            out.append(f"the target has Defensive Herding and your Carnivore's population {at[POP]} is not larger "
                       f"than its {d[POP]}")
        if b & (1 << D_SYMB):
            out.append(f"the target has Symbiosis and its right neighbour is larger (body {drow[t + 1][BODY]} > "
                       f"{d[BODY]})")
        if b & (1 << D_WARN_L):
            out.append("the target's left neighbour has Warning Call and your Carnivore lacks Ambush")
        if b & (1 << D_WARN_R):
            out.append("the target's right neighbour has Warning Call and your Carnivore lacks Ambush")
        return out

    def _negatable(self, p: int, a: int, tp: int, t: int, neg: int) -> int:
        """Defences Intelligence may negate in this attack: every active blocker plus Horns (R36)."""
        b = self.blockers(p, a, tp, t, neg) & 0xFF
        d = self.boards[tp][t]
        if d[MASK] & B_HORNS and not neg & (1 << D_HORNS):
            b |= 1 << D_HORNS
        return b

    def _resolve_attack(self, p: int, a: int, tp: int, t: int, neg: int) -> bool:
        """NOTES §6.2: Horns (R34), defender −1 population (R32/R33), meat = printed body size from the bank,
        Scavengers (R35) from the attacking player clockwise, left to right. False when a take waits for a
        store-surplus decision (the feeding turn ends when it is resolved)."""
        cfg = self.cfg
        log = self.log_events
        arow = self.boards[p]
        drow = self.boards[tp]
        at = arow[a]
        d = drow[t]
        dbody = d[BODY]
        if log:
            self.emit("attack", {"text": f"player {p + 1}'s species {a + 1} attacks player {tp + 1}'s species {t + 1}"
                                 + (f" (negated: {', '.join(DEFENCE_NAMES[i] for i in range(8) if neg >> i & 1)})"
                                    if neg else ""), "player": p, "attacker": a, "target_player": tp, "target": t})
        alive = True
        full = at[FOOD_] >= at[POP]  # a full carnivore attacked to fill its Fat Tissue card
        if d[MASK] & B_HORNS and not neg & (1 << D_HORNS):
            at[POP] -= 1
            if at[FOOD_] > at[POP]:
                self.bags[p] += at[FOOD_] - at[POP]
                at[FOOD_] = at[POP]
            if log:
                self.emit("horns", {"text": f"Horns: the attacker loses 1 population (now {at[POP]})"})
            if at[POP] == 0:
                alive = False
                self._extinct(p, a, False)
                if tp == p and t > a:
                    t -= 1
        d[POP] -= 1
        if d[FOOD_] > d[POP]:
            self.bags[tp] += d[FOOD_] - d[POP]
            d[FOOD_] = d[POP]
        if d[POP] == 0:
            self._extinct(tp, t, False)
            if alive and tp == p and a > t:
                a -= 1
        took = 0
        if alive:
            took = self._take(p, a, dbody, True, True, 1 if full else 0)
            if took < 0:
                self.after = (AF_MEAT, p, a)
                return False
            if log:
                self.emit("meat", {"text": f"the attacker takes {took} meat from the bank"})
        return self._scavs(p, 0, 0, took)

    def _scavs(self, p: int, k0: int, s0: int, took: int) -> bool:
        """Scavengers after player ``p``'s attack (R35), from the ``k0``-th player clockwise and their species ``s0``
        on; False when one waits for a store-surplus decision."""
        cfg = self.cfg
        if cfg.scav_meat and took <= 0:
            return True
        n = cfg.n
        log = self.log_events
        for k in range(k0, n):
            q = (p + k) % n
            row = self.boards[q]
            for s in range(s0, len(row)):
                if row[s][MASK] & B_SCAV:
                    got = self._take(q, s, 1, True, True)
                    if got < 0:
                        self.after = (AF_SCAV, p, k, s)
                        return False
                    if log:
                        self._log_scav(q, s, got)
            s0 = 0
        return True

    def _log_scav(self, q: int, s: int, got: int) -> None:
        self.emit("scavenger", {"text": f"Scavenger: player {q + 1}'s species {s + 1} takes {got} meat", "player": q,
                                "species": s})

    def _extinct(self, p: int, s: int, end_of_round: bool) -> None:
        """R38 (standard): discard the board and traits, draw one card per trait, food and fat to the bag.
        Course (SPEC §5.5): two cards from the front of the deck, in front of the hand; food is discarded."""
        sp = self.boards[p].pop(s)
        cards = sp[CARDS]
        self.discard.extend(cards)
        if self.cfg.course:
            got = self._cdraw(p, 2)
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

    # --------------------------------------------------------------------------------------------- feeding
    def _feed_legal(self, p: int) -> tuple[list[Action], bool]:
        """Standard feeding options of player ``p`` (without pass) and whether feeding is compulsory (R15)."""
        cfg = self.cfg
        row = self.boards[p]
        hand = self.hands[p]
        wh = self.wh
        acts: list[Action] = []
        comp = False
        boards = self.boards
        n = cfg.n
        for s, sp in enumerate(row):
            m = sp[MASK]
            hungry = sp[FOOD_] < sp[POP]
            if not hungry and not (m & B_FAT and sp[FAT] < sp[BODY]):
                continue
            if m & B_CARN:  # R24
                intel = m & B_INTEL and hand
                nh = len(hand)
                for tp in range(n):
                    drow = boards[tp]
                    for t in range(len(drow)):
                        if tp == p and t == s:
                            continue
                        b = self.blockers(p, s, tp, t)
                        if b == 0:
                            acts.append(cfg.attack(s, tp, t))
                            if hungry:
                                comp = True
                        elif intel and not b & SIZE and _POPCOUNT[b] <= nh:
                            acts.append(cfg.attack(s, tp, t))
            else:
                if wh > 0:
                    acts.append(cfg.one("feed", s))
                    if hungry:
                        comp = True
                if m & B_INTEL and hand:
                    for c in hand:
                        acts.append(cfg.row("intelligence_food", c, MAX_SPECIES)[s])
        return acts, comp

    def _intel_eligible(self, p: int) -> bool:
        if not self.hands[p]:
            return False
        for sp in self.boards[p]:
            m = sp[MASK]
            if m & B_INTEL and not m & B_CARN and (sp[FOOD_] < sp[POP] or (m & B_FAT and sp[FAT] < sp[BODY])):
                return True
        return False

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

    # ------------------------------------------------------------------------------------------ course feeding
    def _course_food_and_auto(self) -> None:
        """SPEC §5.6 step 6 (food cards one player at a time, clamping at 0), §5.7 automatic feeding."""
        cfg = self.cfg
        n = cfg.n
        shown = []
        for k in range(n):
            p = (self.first + k) % n
            c = self.foodcards[p]
            if c >= 0:
                self.wh = max(0, self.wh + cfg.cfood[c])
                self.discard.append(c)
                shown.append((p, c))
        self.foodcards = [-1] * n
        if self.log_events:
            self.emit("food_cards", {"text": "food cards: " + ", ".join(f"player {p + 1} {self._label(c)}"
                                                                        for p, c in shown)
                                     + f"; the watering hole now holds {self.wh}", "watering_hole": self.wh})
        order = [(self.first + k) % n for k in range(n)]
        for p in order:
            for sp in self.boards[p]:
                if sp[MASK] & B_FERTILE and sp[POP] < 7:
                    sp[POP] += 1
        for p in order:
            row = self.boards[p]
            for s in range(len(row)):
                if row[s][MASK] & B_LONG:
                    self._ceat(p, s)
        for p in order:
            for sp in self.boards[p]:
                if sp[MASK] & B_FAT:
                    mv = min(sp[FAT], sp[POP] - sp[FOOD_])
                    if mv > 0:
                        sp[FOOD_] += mv
                        sp[FAT] -= mv
        self.phase = FEED
        self.queue = order
        self._course_seek()

    def _cfeed_one(self, sp: list) -> bool:
        if self.wh <= 0 or sp[FOOD_] >= sp[POP]:
            return False
        self.wh -= 1
        sp[FOOD_] += 1
        return True

    def _ceat(self, p: int, s: int) -> None:
        """SPEC §5.3: one eating act from the watering hole with Foraging and Cooperation."""
        row = self.boards[p]
        sp = row[s]
        if not self._cfeed_one(sp):
            return
        m = sp[MASK]
        nb = s + 1 if m & B_COOP and s + 1 < len(row) else -1
        if m & B_FORAGE and self._cfeed_one(sp) and nb >= 0:
            self._ceat(p, nb)
        if nb >= 0:
            self._ceat(p, nb)

    def course_options(self, p: int) -> list[Action]:
        """SPEC §5.4, in its order: veg, fat, attack (attacks only on other players' species)."""
        cfg = self.cfg
        if self.wh <= 0:
            return []
        row = self.boards[p]
        acts = []
        for s, sp in enumerate(row):
            if sp[FOOD_] < sp[POP] and not sp[MASK] & B_CARN:
                acts.append(cfg.one("feed", s))
        for s, sp in enumerate(row):
            if sp[MASK] & B_FAT and sp[BODY] - sp[FAT] > 0:
                acts.append(cfg.one("store_fat", s))
        n = cfg.n
        for s, sp in enumerate(row):
            if sp[MASK] & B_CARN and sp[FOOD_] < sp[POP]:
                for k in range(1, n):
                    tp = (p + k) % n
                    for t in range(len(self.boards[tp])):
                        if not self.blockers(p, s, tp, t):
                            acts.append(cfg.attack(s, tp, t))
        return acts

    def _course_seek(self) -> None:
        """SPEC §5.5 step 1 / §5.8: players with no option (or an empty watering hole) leave the queue."""
        q = self.queue
        while q and self.wh > 0:
            p = q[0]
            acts = self.course_options(p)
            if acts:
                self.turn = p
                self.phase = FEED
                acts.append(self.cfg.PASS)
                self._legal = acts
                return
            q.pop(0)
        self._end_feeding()

    def _course_attack(self, p: int, a: int, tp: int, t: int) -> None:
        """SPEC §5.5 step 3."""
        drow = self.boards[tp]
        d = drow[t]
        horns = d[MASK] & B_HORNS
        if self.log_events:
            self.emit("attack", {"text": f"player {p + 1}'s species {a + 1} attacks player {tp + 1}'s species "
                                         f"{t + 1}", "player": p, "attacker": a, "target_player": tp, "target": t})
        d[POP] -= 1
        if d[FOOD_] > d[POP]:
            d[FOOD_] = d[POP]
        if d[POP] == 0:
            self._extinct(tp, t, False)
            if tp == p and a > t:
                a -= 1
        if horns:
            arow = self.boards[p]
            at = arow[a]
            at[POP] -= 1
            if at[FOOD_] > at[POP]:
                at[FOOD_] = at[POP]
            if at[POP] == 0:
                self._extinct(p, a, False)
                return
        self._ceat(p, a)
        n = self.cfg.n
        for k in range(n):
            q = (p + k) % n
            row = self.boards[q]
            for s in range(len(row)):
                if row[s][MASK] & B_SCAV:
                    self._ceat(q, s)

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
            st = self.stage
            if st == 0:
                for c in hand:
                    if ns < MAX_SPECIES:
                        acts.append(cfg.row("new_species", c, 2)[1])
                    if self.nstart < ns:
                        tr = cfg.row("trait", c, MAX_SPECIES)
                        t = ct[c]
                        for s in range(self.nstart, ns):
                            cards = row[s][CARDS]
                            if len(cards) < maxt and all(ct[x] != t for x in cards):
                                acts.append(tr[s])
            if st <= 1 and hand:
                for s, sp in enumerate(row):
                    cards = sp[CARDS]
                    for i in range(len(cards)):
                        others = {ct[x] for j, x in enumerate(cards) if j != i}
                        if any(ct[c] not in others for c in hand):
                            acts.append(cfg.row("replace_trait", s, 4)[i])
            if st <= 2:
                for c in hand:
                    gp = cfg.row("grow_pop", c, MAX_SPECIES)
                    for s, sp in enumerate(row):
                        if sp[POP] < maxv:
                            acts.append(gp[s])
            for c in hand:
                gb = cfg.row("grow_body", c, MAX_SPECIES)
                for s, sp in enumerate(row):
                    if sp[BODY] < maxv:
                        acts.append(gb[s])
            acts.append(cfg.END)
            return acts
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
                nw = cfg.row("new_species", c, 2)
                if ns:
                    acts.append(nw[0])
                acts.append(nw[1])
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
            return [cfg.row("leaf", s, 3)[e] for s, e in self.pend]
        if ph == NEGATE:
            a, tp, t, neg = self.pend
            p = self.turn
            hand = self.hands[p]
            blk = self.blockers(p, a, tp, t, neg)
            can = self._negatable(p, a, tp, t, neg)
            need = _POPCOUNT[blk & 0xFF]
            acts = []
            for d in range(8):
                if can >> d & 1 and (blk >> d & 1 or len(hand) - 1 >= need):
                    for c in hand:
                        acts.append(cfg.row("negate", c, 8)[d])
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

    def _fed(self, p: int, s: int, got: int) -> None:
        if self.log_events:
            self.emit("feed", {"text": f"player {p + 1}'s species {s + 1} takes {got} plant food from the watering "
                                       f"hole ({self.wh} left)", "player": p, "species": s})
        self._end_feed_turn(True)

    def _intel_next(self) -> None:
        """The Intelligence window moves on to the next eligible player, or the feeding turn begins."""
        cfg = self.cfg
        self.window.pop(0)
        while self.window and not self._intel_eligible(self.window[0]):
            self.window.pop(0)
        if self.window:
            return
        acts, comp = self._feed_legal(self.turn)
        if not acts:
            self.passes += 1
            self.phase = FEED
            self._feed_seek((self.turn + 1) % cfg.n)
            return
        self.phase = FEED

    def _intel_food(self, p: int, c: int, s: int, win: int) -> bool:
        """R37: discard a card, the herbivore takes 2 plant food from the bank (Foraging +1, Cooperation). False when
        the take waits for a store-surplus decision (``win``: used in the Intelligence window)."""
        self.hands[p].remove(c)
        self.discard.append(c)
        sp = self.boards[p][s]
        got = self._take(p, s, 2, False, True, 1 if sp[FOOD_] >= sp[POP] else 0)
        if got < 0:
            self.after = (AF_INTEL, p, c, s, win)
            return False
        if self.log_events:
            self._log_intel(p, c, s, got)
        return True

    def _log_intel(self, p: int, c: int, s: int, got: int) -> None:
        self.emit("intelligence", {"text": f"Intelligence: player {p + 1} discards {self._label(c)}; species {s + 1} "
                                           f"takes {got} plant food from the bank", "player": p, "card": c,
                                   "species": s})

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
                self.stage = 1
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
            if side == 0:
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
                self.stage = max(self.stage, 3 if f == BODY else 2)
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
            if cfg.ctrait[c] == 6 and sp[FAT] and not sp[MASK] & B_FAT:  # Fat Tissue discarded: food to the bag
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
            self.stage = 1
        else:  # end_turn
            if log:
                self.emit("end_turn", {"text": f"player {p + 1} ends their play turn", "player": p})
            self._play_seek((p - self.first) % cfg.n + 1)

    def _apply_course_feed(self, p: int, kind: str, args: tuple) -> None:
        log = self.log_events
        q = self.queue
        if kind == "pass":
            if log:
                self.emit("pass", {"text": f"player {p + 1} stops feeding", "player": p})
            q.pop(0)
        else:
            if kind == "feed":
                self._ceat(p, args[0])
                if log:
                    self.emit("feed", {"text": f"player {p + 1}'s species {args[0] + 1} eats ({self.wh} left)"})
            elif kind == "store_fat":
                sp = self.boards[p][args[0]]
                k = min(sp[BODY] - sp[FAT], self.wh)
                sp[FAT] += k
                self.wh -= k
                if log:
                    self.emit("store_fat", {"text": f"player {p + 1}'s species {args[0] + 1} stores {k} food on its "
                                                    f"Fat Tissue ({self.wh} left)"})
            else:
                self._course_attack(p, *args)
            q.append(q.pop(0))
        self._course_seek()

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
        new.phase = self.phase
        new.rnd = self.rnd
        new.first = self.first
        new.turn = self.turn
        new.last_round = self.last_round
        new.passes = self.passes
        pend = self.pend
        new.pend = pend[:] if isinstance(pend, list) else pend
        new.queue = self.queue[:]
        new.stage = self.stage
        new.nstart = self.nstart
        new.snap = self.snap
        new.pdisc = None if self.pdisc is None else [x[:] for x in self.pdisc]
        new.window = self.window[:]
        new.hold = self.hold
        new.surplus = self.surplus
        new.after = self.after
        return new

    # ------------------------------------------------------------------------------------------------ views
    def _species_json(self, sp: list, own: bool) -> dict[str, Any]:
        deck = self.cfg.deck
        down = sp[DOWN]
        traits = []
        for c in sp[CARDS]:
            if c in down:
                traits.append({**deck.card_json(c), "face_down": True} if own else {"face_down": True})
            else:
                traits.append(deck.card_json(c))
        return {"body": sp[BODY], "population": sp[POP], "food": sp[FOOD_], "fat": sp[FAT], "traits": traits}

    def _boards_json(self, player: int | None) -> list[list[dict]]:
        return [[self._species_json(sp, p == player) for sp in row] for p, row in enumerate(self.boards)]

    def view(self, player: int | None) -> dict[str, Any]:
        cfg = self.cfg
        deck = cfg.deck
        n = cfg.n
        hidden_play = self.snap is not None  # quick play: others' plays are hidden until the reveal
        players = []
        for p in range(n):
            own = p == player
            if hidden_play and not own:
                rows, counts, bags = self.snap
                species = [self._species_json(sp, False) for sp in rows[p]]
                hand_count = counts[p]
                bag = bags[p]
            else:
                species = [self._species_json(sp, own) for sp in self.boards[p]]
                hand_count = len(self.hands[p])
                bag = self.bags[p]
            fc = self.foodcards[p]
            d: dict[str, Any] = {
                "seat": p,
                "hand_count": hand_count,
                "bag": bag,
                "food_card_chosen": fc >= 0,
                "species": species,
            }
            if own:
                d["hand"] = [deck.card_json(c) for c in self.hands[p]]
                d["food_card"] = deck.card_json(fc) if fc >= 0 else None
                if self.pdisc is not None:
                    d["played_this_phase"] = [deck.card_json(c) for c in self.pdisc[p]]
            players.append(d)
        v: dict[str, Any] = {
            "game": "northstar",
            "variant": "cs4500" if cfg.course else "standard",
            "you": player,
            "round": self.rnd,
            "last_round": self.last_round or None,
            "phase": PHASE_NAMES[self.phase],
            "first_player": self.first,
            "current_player": self.current_player,
            "watering_hole": self.wh,
            "draw_pile": len(self.deck),
            "discard_pile": [deck.card_json(c) for c in self.discard],
            "removed_unseen": len(self.removed),
            "trait_limit": cfg.maxtraits,
            "quick_play": cfg.quick,
            "card_data": deck.note,
            "players": players,
        }
        if cfg.course and self.phase == FEED:
            v["queue"] = list(self.queue)
        if self.phase == STORE:  # public: everyone sees the take and who decides
            v["surplus_decision"] = self._surplus_json()
        if player is not None and player == self.current_player:
            v["pending"] = self._pending_json()
        if self.phase == OVER:
            v["scores"] = self.scores()
            v["winners"] = self.winners()
        return v

    def _pending_json(self) -> dict[str, Any] | None:
        ph = self.phase
        if ph == NEGATE:
            a, tp, t, neg = self.pend
            return {"attack": {"attacker": a, "target_player": tp, "target": t},
                    "negated": [DEFENCE_NAMES[d] for d in range(8) if neg >> d & 1],
                    "blocking": self.block_reasons(self.turn, a, tp, t, self.blockers(self.turn, a, tp, t, neg))}
        if ph == LEAF:
            return {"leaf_effects": [{"species": s, "effect": LEAF_NAMES[e]} for s, e in self.pend]}
        if ph == REPLACE:
            return {"replace": {"species": self.pend[0], "slot": self.pend[1]}}
        if ph == INTEL:
            return {"intelligence_window": {"turn_of": self.turn}}
        if ph == STORE:
            return {"store_surplus": self._surplus_json()}
        return None

    def _surplus_json(self) -> dict[str, Any]:
        p, s, k, meat, bank, lo, hi, _ = self.surplus
        sp = self.boards[p][s]
        room = sp[POP] - sp[FOOD_]
        return {"player": p, "species": s, "food": "meat" if meat else "plant", "source": "bank" if bank else
                "watering hole", "tokens": k, "board_room": room, "surplus": k - room,
                "fat_room": sp[BODY] - sp[FAT], "least": lo, "most": hi}

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
            "phase": self.phase,
            "round": self.rnd,
            "first": self.first,
            "turn": self.turn,
            "last_round": self.last_round,
            "passes": self.passes,
            "pend": None if self.pend is None else [list(x) if isinstance(x, tuple) else x for x in self.pend],
            "queue": list(self.queue),
            "stage": self.stage,
            "nstart": self.nstart,
            "snap": None if self.snap is None else [
                [[[sp[BODY], sp[POP], sp[FOOD_], sp[FAT], list(sp[CARDS]), list(sp[DOWN])] for sp in row]
                 for row in self.snap[0]], list(self.snap[1]), list(self.snap[2])],
            "pdisc": None if self.pdisc is None else [list(x) for x in self.pdisc],
            "window": list(self.window),
            "hold": self.hold,
        })
        if self.surplus is not None:
            d["surplus"] = list(self.surplus)
            d["after"] = list(self.after)
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
        self.phase = data["phase"]
        self.rnd = data["round"]
        self.first = data["first"]
        self.turn = data["turn"]
        self.last_round = data["last_round"]
        self.passes = data["passes"]
        pend = data["pend"]
        if pend is None:
            self.pend = None
        elif self.phase == LEAF or self.phase == STORE:  # STORE: a Long Neck take may interrupt the leaf effects
            self.pend = [tuple(x) for x in pend]
        else:
            self.pend = tuple(pend)
        self.queue = list(data["queue"])
        self.stage = data["stage"]
        self.nstart = data["nstart"]
        snap = data["snap"]
        self.snap = None if snap is None else ([[sp_of(x) for x in row] for row in snap[0]], list(snap[1]),
                                               list(snap[2]) if len(snap) > 2 else list(self.bags))
        self.pdisc = None if data["pdisc"] is None else [list(x) for x in data["pdisc"]]
        self.window = list(data["window"])
        self.hold = bool(data["hold"])
        sur = data.get("surplus")
        self.surplus = None if sur is None else tuple(sur)
        self.after = None if sur is None else tuple(data["after"])

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
