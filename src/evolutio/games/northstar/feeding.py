"""Taking food and attacks in the feeding phase of North Star's *Evolution* (NOTES §5, §6, R14–R37).

The feeding layer of a northstar position (see :mod:`.position`): the take event and the chain of takes it may fire,
with the owner's store-surplus decision (R16), the defences that block an attack and their reasons, the attack
sequence and the takes after it, and the feeding turns. What individual traits do (Foraging, Cooperation, Fat Tissue,
Horns, Scavenger, Intelligence, the defences) comes from their modules in ``traits/`` through the hook table. Each
rule is written once: the options of a decision and its refusals (``*_refusal``, the reason an action is not
allowed) call the same predicates.
"""

from __future__ import annotations

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from .config import (
    BODY,
    D_WARN_L,
    D_WARN_R,
    DEFENCE_NAMES,
    FAT,
    FOOD_,
    MASK,
    NUM_DEFENCES,
    POP,
    REASON_ORDER,
    SIZE,
)
from .position import NorthstarPosition, Species
from .steps import FEEDING_TURNS, AfterFeed, AfterMeat, AfterScavenger, Continuation, Extinction, StoreSurplus
from .traits import (
    ACTION_RULES,
    ATTACK_TAKING_TRAITS,
    BLOCK_REASONS,
    CHAINING_TRAITS,
    DEFENDING_TRAITS,
    FEEDING_OPTION_TRAITS,
    FEEDS_BY_ATTACK,
    LEAF_EFFECTS,
    NEIGHBOUR_DEFENDING_TRAITS,
    OVERCOMING_TRAITS,
    PLANT_TAKE_TRAITS,
    SCAVENGING_TRAITS,
    SIZE_TRAITS,
    SURPLUS_TRAITS,
    WOUNDING_TRAITS,
    handlers_in_play,
)
from .traits import hooks as HOOKS

#: the refusal of an attack on the attacker itself (a pseudo-defence bit above the defences and the size rule)
SELF_ATTACK = SIZE << 1
#: R15: the refusal of pass while a hungry species can take food
MUST_FEED = "you must feed: you have a hungry species that can take food (R15)"


def surplus_room(species: Species) -> int:
    """How much of a take's surplus the species' traits may store (Fat Tissue, R16); 0 without such a trait."""
    mask = species[MASK]
    if not mask & SURPLUS_TRAITS:
        return 0
    return sum(room(species) for room in HOOKS.handlers("surplus_room", mask))


def chains_take(species: Species) -> bool:
    """Whether a take of the species fires a take of 1 by its right neighbour (Cooperation, R20)."""
    mask = species[MASK]
    return bool(mask & CHAINING_TRAITS) and any(chain(species) for chain in HOOKS.handlers("chains_take", mask))


def can_eat(species: Species) -> bool:
    """R15/R16 (standard rules): a species takes food while it is hungry or its traits can store a surplus."""
    return species[FOOD_] < species[POP] or bool(species[MASK] & SURPLUS_TRAITS and surplus_room(species) > 0)


class FeedingRules(NorthstarPosition):
    """The feeding rules of a northstar position."""

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
                if m & FEEDS_BY_ATTACK:
                    break
                if m & PLANT_TAKE_TRAITS:
                    for bonus in HOOKS.handlers("plant_take_bonus", m):
                        k += bonus(sp)
            if not bank and k > self.wh:
                k = self.wh
            room = sp[POP] - sp[FOOD_]
            if k > room:
                x = 0
                if m & SURPLUS_TRAITS:
                    x = surplus_room(sp)
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
            if s >= len(row) or not chains_take(sp):
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
        if got > 0 and s + 1 < len(row) and chains_take(sp) and self._take(p, s + 1, 1, meat, bank, 0, head) < 0:
            return  # the chain stopped again: the continuation waits below the new decision
        continuation = self.pop()
        assert isinstance(continuation, Continuation)
        continuation.resume(self, head)

    def surplus_refusal(self, decision: StoreSurplus, x: int) -> Refusal | None:
        """R16: the owner stores ``least``..``most`` of the surplus (what the Fat Tissue card holds; at least 1 when
        the species was fed deliberately while full)."""
        lo, hi = decision.least, decision.most
        if lo <= x <= hi:
            return None
        sp = self.boards[decision.owner][decision.species]
        surplus = decision.tokens - (sp[POP] - sp[FOOD_])
        why = []
        if hi < surplus:
            why.append(f"the Fat Tissue card of species {decision.species + 1} has room for only {hi} (it holds "
                       f"{sp[FAT]} of body size {sp[BODY]})")
        if lo:
            why.append("the species was already full when you chose to feed it (by feeding, attacking or "
                       "Intelligence), which is the choice to store at least 1")
        return Refusal(f"store {lo}..{hi} of the {surplus} surplus {'meat' if decision.meat else 'plant food'} "
                       f"tokens, not {x}" + (": " + "; ".join(why) if why else ""))

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

    def attack_size(self, attacker: Species) -> int:
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
        size = attacker[BODY]
        if self.cfg.course:  # SPEC §5.1: no size rule
            b = 0
        else:
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
        mask = d[MASK]
        if mask & WOUNDING_TRAITS:
            for wound in HOOKS.handlers("on_attacked", mask):
                wound(self, p, at, neg)
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
                mask = row[s][MASK]
                if mask & SCAVENGING_TRAITS:
                    meat = sum(scavenge() for scavenge in HOOKS.handlers("scavenges", mask))
                    got = self._take(q, s, meat, True, True)
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

    # --------------------------------------------------------------------------------------------- feeding turns
    def _feed_seek(self, start: int) -> None:
        """Next feeding turn from seat ``start``: players with nothing to do are skipped (their turn passes). The
        feeding ends when a full round of turns passes in which nobody fed (NOTES §4 phase 5)."""
        cfg = self.cfg
        n = cfg.n
        for i in range(n):
            if self.passes >= n:
                break
            q = (start + i) % n
            acts, compulsory = self.standard_feeding_options(q)
            if acts:
                self.turn = q
                befores = cfg.before_feeding_turn
                if befores is None:  # (the first feeding turn of a game of this configuration)
                    befores = cfg.before_feeding_turn = handlers_in_play("before_feeding_turn", cfg)
                for before in befores:
                    if before(self, q):
                        return
                if not compulsory:
                    acts.append(cfg.PASS)
                self.offer(FEEDING_TURNS[q], acts)
                return
            self.passes += 1
        self.push(Extinction())

    def _end_feed_turn(self, fed: bool) -> None:
        if fed:
            self.passes = 0
        else:
            self.passes += 1
        self._feed_seek((self.turn + 1) % self.cfg.n)

    def standard_feeding_options(self, p: int) -> tuple[list[Action], bool]:
        """Standard feeding options of player ``p`` (without pass) and whether feeding is compulsory (R15): per
        species that can eat (:func:`can_eat`, written out here: the hot path), its attacks (a Carnivore) or plant
        food while the watering hole holds some, then its traits' own options."""
        cfg = self.cfg
        boards = self.boards
        acts: list[Action] = []
        compulsory = False
        plant = self.wh > 0
        feed = cfg.feed_actions
        for s, sp in enumerate(boards[p]):
            mask = sp[MASK]
            hungry = sp[FOOD_] < sp[POP]
            if not hungry and not (mask & SURPLUS_TRAITS and surplus_room(sp) > 0):
                continue
            if mask & FEEDS_BY_ATTACK:  # R24
                overcoming = mask & OVERCOMING_TRAITS
                for tp in range(cfg.n):
                    for t in range(len(boards[tp])):
                        blocks = self.attack_blocks(p, s, tp, t)
                        if not blocks:
                            acts.append(cfg.attack(s, tp, t))
                            if hungry:
                                compulsory = True
                        elif overcoming and self.overcomes(p, mask, blocks):  # allowed, never compulsory (R15)
                            acts.append(cfg.attack(s, tp, t))
            elif plant:
                acts.append(feed[s])
                if hungry:
                    compulsory = True
            if mask & FEEDING_OPTION_TRAITS:  # options of the species' own traits, never compulsory
                for options in HOOKS.handlers("feeding_options", mask):
                    options(self, p, s, acts)
        return acts, compulsory

    def standard_feeding_refusal(self, p: int, action: Action) -> Refusal | None:
        """Why a standard feeding-turn action is not allowed now (``None`` if it is)."""
        kind, args = action.kind, action.args
        if kind == "pass":
            return Refusal(MUST_FEED) if self.standard_feeding_options(p)[1] else None
        if kind == "feed":
            return self.plant_food_refusal(p, args[0])
        if kind == "attack":
            return self.attack_refusal(p, args[0], args[1], args[2])
        return ACTION_RULES[kind].refusal(self, p, args)

    def plant_food_refusal(self, p: int, s: int) -> Refusal | None:
        """Feeding a species from the watering hole: a herbivore (R14) that can eat, while the hole holds food."""
        refusal = self.species_refusal(p, s)
        if refusal is not None:
            return refusal
        sp = self.boards[p][s]
        if sp[MASK] & FEEDS_BY_ATTACK:
            return Refusal(f"species {s + 1} is a Carnivore: it never takes plant food, it feeds by attacking")
        if self.wh <= 0:
            return Refusal("the watering hole is empty")
        if self.cfg.course:
            if sp[FOOD_] >= sp[POP]:
                return Refusal(f"species {s + 1} is fed (food {sp[FOOD_]} = population {sp[POP]})")
        elif not can_eat(sp):
            return Refusal(f"species {s + 1} is fed (food {sp[FOOD_]} = population {sp[POP]}) and has no Fat Tissue "
                           f"room")
        return None

    def attack_blocks(self, p: int, a: int, tp: int, t: int) -> int:
        """What stops carnivore ``a`` of player ``p`` attacking species ``t`` of player ``tp``, as bits: the defences
        (SIZE: the size rule) or SELF_ATTACK; 0 when nothing does."""
        if tp == p and t == a:
            return SELF_ATTACK
        return self.blockers(p, a, tp, t)

    def overcomes(self, p: int, mask: int, blocks: int) -> bool:
        """Whether a Carnivore with the traits ``mask`` may attack though ``blocks`` stop it (Intelligence, R36)."""
        return any(overcome(self, p, blocks) for overcome in HOOKS.handlers("overcomes_blocks", mask))

    can_eat = staticmethod(can_eat)

    def attack_refusal(self, p: int, a: int, tp: int, t: int) -> Refusal | None:
        """Why an attack is not allowed now: the attacker, the target and the defences (R24–R30, R36; course rules
        SPEC §5.4)."""
        course = self.cfg.course
        refusal = self.species_refusal(p, a)
        if refusal is not None:
            return refusal
        if not 0 <= tp < self.cfg.n:
            return Refusal(f"there is no player {tp + 1}")
        refusal = self.species_refusal(tp, t, f"player {tp + 1} has")
        if refusal is not None:
            return Refusal(f"cannot attack: {refusal}")
        attacker = self.boards[p][a]
        if not attacker[MASK] & FEEDS_BY_ATTACK:
            return Refusal(f"cannot attack: your species {a + 1} is not a Carnivore")
        if course and tp == p:
            return Refusal("course rules: a Carnivore attacks only other players' species")
        if course and self.wh <= 0:
            return Refusal("course rules: feeding stops when the watering hole is empty")
        if not (attacker[FOOD_] < attacker[POP] if course else can_eat(attacker)):
            return Refusal(f"cannot attack: your Carnivore is fed (food {attacker[FOOD_]} = population "
                           f"{attacker[POP]})" + ("" if course else " and has no Fat Tissue room"))
        blocks = self.attack_blocks(p, a, tp, t)
        if blocks == SELF_ATTACK:
            return Refusal("cannot attack: a Carnivore cannot attack itself")
        if blocks and not self.overcomes(p, attacker[MASK], blocks):
            reason = "cannot attack: " + "; ".join(self.block_reasons(p, a, tp, t, blocks))
            for note in HOOKS.handlers("blocked_attack_note", attacker[MASK]):
                reason += note(self, p, blocks)
            return Refusal(reason)
        return None

    def fed(self, p: int, s: int, got: int) -> None:
        if self.log_events:
            self.emit("feed", {"text": f"player {p + 1}'s species {s + 1} takes {got} plant food from the watering "
                                       f"hole ({self.wh} left)", "player": p, "species": s})
        self._end_feed_turn(True)

    def feed_standard(self, p: int, kind: str, args: tuple[int, ...]) -> None:
        """Player ``p``'s standard feeding-turn action (the turn's step is already off the stack)."""
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
            mask = self.boards[p][a][MASK]
            if mask & ATTACK_TAKING_TRAITS:
                for begin in HOOKS.handlers("attack_begins", mask):
                    if begin(self, p, a, tp, t):
                        return
            if self._resolve_attack(p, a, tp, t, 0):
                self._end_feed_turn(True)
        elif kind == "pass":
            if self.log_events:
                self.emit("pass", {"text": f"player {p + 1} passes", "player": p})
            self._end_feed_turn(False)
        else:
            ACTION_RULES[kind].resolve(self, p, args)
