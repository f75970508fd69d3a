"""The CS 4500 (Northeastern, Spring 2016) course variant's own rules (``variant=cs4500``; SPEC.md §3 and §5).

A mixin of :class:`~evolutio.games.northstar.state.NorthstarState`: the course's draw from the front of the deck,
its food reveal and automatic feeding, one-token eating acts with Foraging and Cooperation, the feeding queue, its
attack sequence, its fixed card-play order and its Hard Shell / Herding comparisons. The published rules' versions
of these steps live in ``flow.py`` and ``feeding.py``; they call into this module where ``cfg.course`` is set.
"""

from __future__ import annotations

from evolutio.kernel import Action

from ..cards import B_CARN, B_COOP, B_FAT, B_FERTILE, B_FORAGE, B_HERD, B_HORNS, B_LONG, B_PACK, B_SCAV, B_SHELL
from ..config import (
    BODY,
    CARDS,
    COURSE_GREW_POPULATION,
    COURSE_NEW_BOARDS,
    COURSE_REPLACED,
    D_HERD,
    D_SHELL,
    FAT,
    FOOD_,
    MASK,
    MAX_SPECIES,
    MAX_TRAIT_SLOTS,
    POP,
    RIGHT_END,
    SIDES,
)
from ..steps import Extinction, FeedingTurn


class CourseRules:
    """Part of :class:`NorthstarState` (a mixin: it holds no data of its own)."""

    __slots__ = ()

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
                if sp[MASK] & B_FERTILE and sp[POP] < cfg.maxv:
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
                acts.append(self.cfg.PASS)
                self.push(FeedingTurn(p))
                self._legal = acts
                return
            q.pop(0)
        self.push(Extinction())

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

    def _course_play_legal(self, p: int) -> list[Action]:
        """SPEC §5.9: a play turn's actions in the course's fixed order BT, RT, GP, GB (``stage`` says how far)."""
        cfg = self.cfg
        ct = cfg.ctrait
        hand = self.hands[p]
        row = self.boards[p]
        ns = len(row)
        acts: list[Action] = []
        maxt = cfg.maxtraits
        maxv = cfg.maxv
        st = self.stage
        if st == COURSE_NEW_BOARDS:
            for c in hand:
                if ns < MAX_SPECIES:
                    acts.append(cfg.row("new_species", c, SIDES)[RIGHT_END])
                if self.nstart < ns:
                    tr = cfg.row("trait", c, MAX_SPECIES)
                    t = ct[c]
                    for s in range(self.nstart, ns):
                        cards = row[s][CARDS]
                        if len(cards) < maxt and all(ct[x] != t for x in cards):
                            acts.append(tr[s])
        if st <= COURSE_REPLACED and hand:
            for s, sp in enumerate(row):
                cards = sp[CARDS]
                for i in range(len(cards)):
                    others = {ct[x] for j, x in enumerate(cards) if j != i}
                    if any(ct[c] not in others for c in hand):
                        acts.append(cfg.row("replace_trait", s, MAX_TRAIT_SLOTS)[i])
        if st <= COURSE_GREW_POPULATION:
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

    def _course_defences(self, at: list, d: list) -> int:
        """SPEC §5.1: the course's Hard Shell and Herding comparisons (there is no size rule)."""
        am = at[MASK]
        dm = d[MASK]
        b = 0
        if dm & B_SHELL:
            if am & B_SHELL:
                atk = at[BODY] + self.cfg.shell_bonus
            elif am & B_PACK and am & B_CARN:
                atk = at[BODY] + at[POP]
            else:
                atk = at[BODY]
            if atk <= d[BODY] + self.cfg.shell_bonus:
                b |= 1 << D_SHELL
        if dm & B_HERD:
            pa = at[POP] + (at[BODY] if am & B_PACK else 0)
            pd = d[POP] + (d[BODY] if dm & B_PACK else 0)
            if pa <= pd:
                b |= 1 << D_HERD
        return b

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
