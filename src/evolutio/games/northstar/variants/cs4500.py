"""The CS 4500 (Northeastern, Spring 2016) course variant's own rules (``variant=cs4500``; SPEC.md §3 and §5).

The course layer of a northstar position (see :mod:`..position`): the course's food reveal and automatic feeding,
one-token eating acts with Foraging and Cooperation, the feeding queue, its attack sequence and its fixed card-play
order, with their refusals. (Its draw is in ``position``; its Hard Shell / Herding comparisons are in those traits'
modules.) The published rules' versions of these steps live in ``flow.py``, ``play.py`` and ``feeding.py``; the turn
structure calls into this module where ``cfg.course`` is set.
"""

from __future__ import annotations

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from ..cards import B_COOP, B_FAT, B_FERTILE, B_FORAGE, B_HORNS, B_LONG, B_SCAV, TRAIT_NAMES
from ..config import (
    BODY,
    CARDS,
    COURSE_GREW_POPULATION,
    COURSE_NEW_BOARDS,
    COURSE_REPLACED,
    FAT,
    FOOD_,
    MASK,
    MAX_SPECIES,
    MAX_TRAIT_SLOTS,
    POP,
    RIGHT_END,
)
from ..play import CardPlay
from ..position import Species
from ..steps import FEEDING_TURNS, Extinction
from ..traits import FEEDS_BY_ATTACK, OVERCOMING_TRAITS


class CourseRules(CardPlay):
    """The course variant's rules of a northstar position."""

    __slots__ = ()

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

    def _cfeed_one(self, sp: Species) -> bool:
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

    # --------------------------------------------------------------------------------- course options and refusals
    def course_feeding_options(self, p: int) -> list[Action]:
        """SPEC §5.4, in its order: veg, fat, attack (attacks only on other players' species), then pass —
        :meth:`course_feeding_refusal`'s rules, generated directly: nothing but pass while the watering hole is
        empty; plant food for a hungry herbivore; storing on a Fat Tissue card with room; an attack by a hungry
        Carnivore on another player's species no defence blocks."""
        cfg = self.cfg
        acts: list[Action] = []
        if self.wh > 0:
            row = self.boards[p]
            feed = cfg.feed_actions
            acts += [feed[s] for s, sp in enumerate(row) if sp[FOOD_] < sp[POP] and not sp[MASK] & FEEDS_BY_ATTACK]
            acts += [cfg.one("store_fat", s) for s, sp in enumerate(row) if sp[MASK] & B_FAT and sp[BODY] > sp[FAT]]
            n = cfg.n
            for s, sp in enumerate(row):
                mask = sp[MASK]
                if mask & FEEDS_BY_ATTACK and sp[FOOD_] < sp[POP]:
                    for k in range(1, n):
                        tp = (p + k) % n
                        for t in range(len(self.boards[tp])):
                            blocks = self.attack_blocks(p, s, tp, t)
                            if not blocks or mask & OVERCOMING_TRAITS and self.overcomes(p, mask, blocks):
                                acts.append(cfg.attack(s, tp, t))
        acts.append(cfg.PASS)
        return acts

    def course_feeding_refusal(self, p: int, action: Action) -> Refusal | None:
        kind, args = action.kind, action.args
        if kind == "pass":
            return None
        if kind == "feed":
            return self.plant_food_refusal(p, args[0])
        if kind == "attack":
            return self.attack_refusal(p, args[0], args[1], args[2])
        s = args[0]  # store_fat
        refusal = self.species_refusal(p, s)
        if refusal is not None:
            return refusal
        if self.wh <= 0:
            return Refusal("the watering hole is empty")
        sp = self.boards[p][s]
        if not (sp[MASK] & B_FAT and sp[BODY] - sp[FAT] > 0):
            return Refusal(f"species {s + 1} has no Fat Tissue with room")
        return None

    def course_play_options(self, p: int) -> list[Action]:
        """SPEC §5.9: a play turn's actions in the course's fixed order BT, RT, GP, GB (``stage`` says how far): per
        hand card a new board at the right end and the card as a trait on each board bought this turn that has room
        for it; the replacements of each trait some hand card can replace; per hand card the population, then the
        body size of each species below the maximum — :meth:`course_play_refusal`'s rules, generated directly."""
        cfg = self.cfg
        hand = self.hands[p]
        row = self.boards[p]
        ns = len(row)
        stage = self.stage
        acts: list[Action] = []
        if not hand:
            acts.append(cfg.END)
            return acts
        if stage == COURSE_NEW_BOARDS:
            ct = cfg.ctrait
            limit = cfg.maxtraits
            room = [(s, {ct[x] for x in sp[CARDS]}) for s, sp in enumerate(row)
                    if s >= self.nstart and len(sp[CARDS]) < limit]
            board = ns < MAX_SPECIES
            trait_rows = cfg.card_rows("trait")
            for c in hand:
                if board:
                    acts.append(cfg.card_plays[c][RIGHT_END])
                if room:
                    trait_row = trait_rows[c] or cfg.card_row("trait", c)
                    trait = ct[c]
                    acts += [trait_row[s] for s, traits in room if trait not in traits]
        if stage <= COURSE_REPLACED:
            for s, sp in enumerate(row):
                slots = len(sp[CARDS])
                if slots:
                    replace_row = cfg.row("replace_trait", s, MAX_TRAIT_SLOTS)
                    acts += [replace_row[i] for i in range(slots) if self.replacement_cards(p, s, i)]
        most = cfg.maxv
        kinds = ("grow_pop", "grow_body") if stage <= COURSE_GREW_POPULATION else ("grow_body",)
        for kind in kinds:
            field = POP if kind == "grow_pop" else BODY
            grows = [s for s, sp in enumerate(row) if sp[field] < most]
            if grows:
                rows = cfg.card_rows(kind)
                if len(grows) == ns:  # (every species: the start of each card's row)
                    for c in hand:
                        acts += (rows[c] or cfg.card_row(kind, c))[:ns]
                else:
                    for c in hand:
                        grow_row = rows[c] or cfg.card_row(kind, c)
                        acts += [grow_row[s] for s in grows]
        acts.append(cfg.END)
        return acts

    def course_play_refusal(self, p: int, action: Action) -> Refusal | None:
        """SPEC §5.9: card actions come in the order new boards, trait cards on them, replacements, population, body
        size."""
        kind, args = action.kind, action.args
        stage = self.stage
        if kind == "end_turn":
            return None
        if kind == "replace_trait":
            s, i = args
            refusal = self.species_refusal(p, s)
            if refusal is not None:
                return refusal
            held = len(self.boards[p][s][CARDS])
            if i >= held:
                return Refusal(f"species {s + 1} has only {held} trait(s)")
            if stage > COURSE_REPLACED:
                return Refusal("course rules: replacements come before growth")
            if not self.replacement_cards(p, s, i):
                return Refusal("no card in your hand can replace that trait without duplicating one")
            return None
        c, where = args
        refusal = self.card_refusal(p, c)
        if refusal is not None:
            return refusal
        if kind == "new_species":
            if where != RIGHT_END:
                return Refusal("course rules: new boards are added at the right end only, before any other card "
                               "action")
            if stage != COURSE_NEW_BOARDS:
                return Refusal("course rules: new boards are bought before replacements and growth")
            return self.new_species_refusal(p, where)
        refusal = self.species_refusal(p, where)
        if refusal is not None:
            return refusal
        if kind == "trait":
            if stage > COURSE_NEW_BOARDS:
                return Refusal("course rules: traits are placed only on boards bought with new_species, before any "
                               "replacement or growth")
            if where < self.nstart:
                return Refusal("course rules: a trait card can only go on a board bought this turn (use "
                               "replace_trait)")
            return self.trait_slot_refusal(p, where, c)
        if kind == "grow_pop" and stage > COURSE_GREW_POPULATION:
            return Refusal("course rules: card actions come in the order new boards, replacements, population, body "
                           "size")
        return self.growth_refusal(p, where, BODY if kind == "grow_body" else POP)

    def replacement_cards(self, p: int, s: int, i: int) -> list[int]:
        """The hand cards that can replace trait ``i`` of species ``s`` without duplicating a trait (SPEC §5.9)."""
        ct = self.cfg.ctrait
        cards = self.boards[p][s][CARDS]
        others = {ct[x] for j, x in enumerate(cards) if j != i}
        return [c for c in self.hands[p] if ct[c] not in others]

    def replacement_options(self, p: int, s: int, i: int) -> list[Action]:
        """Course rules: the ``trait`` actions that replace trait ``i`` of species ``s``."""
        trait_row = self.cfg.row
        return [trait_row("trait", c, MAX_SPECIES)[s] for c in self.replacement_cards(p, s, i)]

    def replacement_refusal(self, p: int, s: int, i: int, c: int, where: int) -> Refusal | None:
        refusal = self.card_refusal(p, c)
        if refusal is not None:
            return refusal
        if where != s:
            return Refusal(f"you are replacing a trait of species {s + 1}, not species {where + 1}")
        if c not in self.replacement_cards(p, s, i):
            return Refusal(f"species {s + 1} already has {TRAIT_NAMES[self.cfg.ctrait[c]]}")
        return None

    def _course_seek(self) -> None:
        """SPEC §5.5 step 1 / §5.8: players with no option (or an empty watering hole) leave the queue."""
        q = self.queue
        while q and self.wh > 0:
            p = q[0]
            acts = self.course_feeding_options(p)
            if len(acts) > 1:  # more than pass
                self.turn = p
                self.offer(FEEDING_TURNS[p], acts)
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

    def _apply_course_feed(self, p: int, kind: str, args: tuple[int, ...]) -> None:
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
                self._course_attack(p, args[0], args[1], args[2])
            q.append(q.pop(0))
        self._course_seek()
