"""Taking food, attacks and Intelligence in the feeding phase of North Star's *Evolution* (NOTES §5, §6, R14–R37).

A mixin of :class:`~evolutio.games.northstar.state.NorthstarState`: the take event and its Cooperation chain with
the owner's store-surplus decision (R16), the defences that block an attack and their reasons, the attack sequence
with Horns and Scavengers, the feeding options of a player and Intelligence.
"""

from __future__ import annotations

from evolutio.kernel import Action

from .cards import B_CARN, B_COOP, B_FAT, B_FORAGE, B_HORNS, B_INTEL, B_SCAV
from .config import (
    BODY,
    D_HORNS,
    D_WARN_L,
    D_WARN_R,
    DEFENCE_BITS,
    DEFENCE_NAMES,
    FAT,
    FOOD_,
    MASK,
    MAX_SPECIES,
    NUM_DEFENCES,
    POP,
    POPCOUNT,
    REASON_ORDER,
    SIZE,
)
from .steps import AfterIntelligence, AfterMeat, AfterScavenger, FeedingTurn, IntelligenceWindow, StoreSurplus
from .traits import (
    BLOCK_REASONS,
    DEFENDING_TRAITS,
    LEAF_EFFECTS,
    NEGATABLE_TRAITS,
    NEIGHBOUR_DEFENDING_TRAITS,
    SIZE_TRAITS,
)
from .traits import hooks as HOOKS


class FeedingRules:
    """Part of :class:`NorthstarState` (a mixin: it holds no data of its own)."""

    __slots__ = ()

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
                        self.push(StoreSurplus(p, s, k, meat, bank, lo, x, head))
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

    def store(self, decision: StoreSurplus, x: int) -> None:
        """The owner's store-surplus decision: the board fills up, ``x`` surplus tokens go on the Fat Tissue card, the
        rest stay in the watering hole or the bank; then the Cooperation chain and the interrupted flow resume."""
        p, s, k, meat, bank, head = (decision.owner, decision.species, decision.tokens, decision.meat, decision.bank,
                                     decision.head)
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
        if got > 0 and sp[MASK] & B_COOP and s + 1 < len(row) and self._take(p, s + 1, 1, meat, bank, 0, head) < 0:
            return  # the chain stopped again: the continuation waits below the new decision
        continuation = self.pop()
        continuation.resume(self, head)

    def after_intelligence(self, step: AfterIntelligence, head: int) -> None:
        """After an Intelligence take that waited for a store-surplus decision."""
        q = step.player
        if self.log_events:
            self._log_intel(q, step.card, step.species, head)
        if not step.window:
            self.push(FeedingTurn(q))
        elif self._intel_eligible(q):
            self.push(IntelligenceWindow(step.window))
        else:
            self._intel_next(list(step.window))

    def after_meat(self, p: int, head: int) -> None:
        """After the attacker's meat take that waited for a store-surplus decision: the Scavengers."""
        if self.log_events:
            self.emit("meat", {"text": f"the attacker takes {head} meat from the bank"})
        if self._scavs(p, 0, 0, head):
            self._end_feed_turn(True)

    def after_scavenger(self, step: AfterScavenger, head: int) -> None:
        """After a Scavenger's take that waited for a store-surplus decision: the next Scavengers."""
        p, k, t = step.player, step.offset, step.species
        if self.log_events:
            self._log_scav((p + k) % self.cfg.n, t, head)
        if self._scavs(p, k, t + 1, 1):
            self._end_feed_turn(True)

    # --------------------------------------------------------------------------------------------- attacks
    def finish_leaf_take(self, p: int, s: int, got: int) -> None:
        """The log of a leaf effect's take that waited for a store-surplus decision (Long Neck is the only one)."""
        for leaf in LEAF_EFFECTS.values():
            if leaf.finish is not None:
                leaf.finish(self, p, s, got)

    def attack_size(self, attacker: list) -> int:
        """A Carnivore's attack size: its body size plus what its traits add (Pack Hunting, R25)."""
        size: int = attacker[BODY]
        mask = attacker[MASK]
        if mask & SIZE_TRAITS:
            for extra in HOOKS.handlers("attack_size", mask):
                size += extra(attacker)
        return size

    def blockers(self, p: int, a: int, tp: int, t: int, neg: int = 0) -> int:
        """Bit mask of the defences that stop carnivore ``a`` of player ``p`` attacking species ``t`` of player ``tp``
        (SIZE: the basic size rule, which nothing negates). ``neg``: defences negated by Intelligence. The defences
        are the ``defends`` hooks of the target's traits and the ``defends_neighbour`` hooks of its neighbours'."""
        attacker = self.boards[p][a]
        row = self.boards[tp]
        target = row[t]
        handlers = HOOKS.handlers
        if self.cfg.course:  # SPEC §5.1: no size rule
            size = attacker[BODY]
            b = self._course_defences(attacker, target)
        else:
            size = attacker[BODY]
            if attacker[MASK] & SIZE_TRAITS:
                size = self.attack_size(attacker)
            b = SIZE if size <= target[BODY] else 0
        mask = target[MASK]
        if mask & DEFENDING_TRAITS:
            for defend in handlers("defends", mask):
                b |= defend(self, attacker, size, row, t, neg)
        if t > 0:
            mask = row[t - 1][MASK]
            if mask & NEIGHBOUR_DEFENDING_TRAITS:
                for warn in handlers("defends_neighbour", mask):
                    b |= warn(self, attacker, row, t, D_WARN_L)
        if t + 1 < len(row):
            mask = row[t + 1][MASK]
            if mask & NEIGHBOUR_DEFENDING_TRAITS:
                for warn in handlers("defends_neighbour", mask):
                    b |= warn(self, attacker, row, t, D_WARN_R)
        return b & ~neg

    def block_reasons(self, p: int, a: int, tp: int, t: int, b: int) -> list[str]:
        """The reasons, in player terms, of the defences in ``b`` (each written beside its check, in its trait's
        module)."""
        attacker = self.boards[p][a]
        row = self.boards[tp]
        size = self.attack_size(attacker)
        return [BLOCK_REASONS[bit](self, attacker, size, row, t) for bit in REASON_ORDER if b & bit]

    def _negatable(self, p: int, a: int, tp: int, t: int, neg: int) -> int:
        """Defences Intelligence may negate in this attack: every active blocker plus Horns (R36)."""
        b = self.blockers(p, a, tp, t, neg) & DEFENCE_BITS
        mask = self.boards[tp][t][MASK]
        if mask & NEGATABLE_TRAITS:
            for also in HOOKS.handlers("negatable", mask):
                b |= also(neg)
        return b

    def _resolve_attack(self, p: int, a: int, tp: int, t: int, neg: int) -> bool:
        """NOTES §6.2: Horns (R34), defender −1 population (R32/R33), meat = printed body size from the bank,
        Scavengers (R35) from the attacking player clockwise, left to right. False when a take waits for a
        store-surplus decision (the feeding turn ends when it is resolved)."""
        log = self.log_events
        arow = self.boards[p]
        drow = self.boards[tp]
        at = arow[a]
        d = drow[t]
        dbody = d[BODY]
        if log:
            negated = ", ".join(DEFENCE_NAMES[i] for i in range(NUM_DEFENCES) if neg >> i & 1)
            self.emit("attack", {"text": f"player {p + 1}'s species {a + 1} attacks player {tp + 1}'s species {t + 1}"
                                 + (f" (negated: {negated})" if neg else ""),
                                 "player": p, "attacker": a, "target_player": tp, "target": t})
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
                self.wait_for_decision(AfterMeat(p, a))
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
                        self.wait_for_decision(AfterScavenger(p, k, s))
                        return False
                    if log:
                        self._log_scav(q, s, got)
            s0 = 0
        return True

    def _log_scav(self, q: int, s: int, got: int) -> None:
        self.emit("scavenger", {"text": f"Scavenger: player {q + 1}'s species {s + 1} takes {got} meat", "player": q,
                                "species": s})

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
                        elif intel and not b & SIZE and POPCOUNT[b] <= nh:
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

    def fed(self, p: int, s: int, got: int) -> None:
        if self.log_events:
            self.emit("feed", {"text": f"player {p + 1}'s species {s + 1} takes {got} plant food from the watering "
                                       f"hole ({self.wh} left)", "player": p, "species": s})
        self._end_feed_turn(True)

    def _intel_next(self, window: list[int]) -> None:
        """The Intelligence window (its first player done) moves on to the next eligible player, or the feeding turn
        begins."""
        cfg = self.cfg
        window.pop(0)
        while window and not self._intel_eligible(window[0]):
            window.pop(0)
        if window:
            self.push(IntelligenceWindow(tuple(window)))
            return
        acts, comp = self._feed_legal(self.turn)
        if not acts:
            self.passes += 1
            self._feed_seek((self.turn + 1) % cfg.n)
            return
        self.push(FeedingTurn(self.turn))

    def _intel_food(self, p: int, c: int, s: int, window: tuple[int, ...]) -> bool:
        """R37: discard a card, the herbivore takes 2 plant food from the bank (Foraging +1, Cooperation). False when
        the take waits for a store-surplus decision (``window``: the Intelligence window it is used in, if any)."""
        self.hands[p].remove(c)
        self.discard.append(c)
        sp = self.boards[p][s]
        got = self._take(p, s, self.cfg.intelligence_food, False, True, 1 if sp[FOOD_] >= sp[POP] else 0)
        if got < 0:
            self.wait_for_decision(AfterIntelligence(p, c, s, window))
            return False
        if self.log_events:
            self._log_intel(p, c, s, got)
        return True

    def _log_intel(self, p: int, c: int, s: int, got: int) -> None:
        self.emit("intelligence", {"text": f"Intelligence: player {p + 1} discards {self._label(c)}; species {s + 1} "
                                           f"takes {got} plant food from the bank", "player": p, "card": c,
                                   "species": s})
