"""The position and rules of the base game of *Evolution: The Origin of Species* (``origin``).

Representation (hot path = plain lists of ints and int bit masks, copied cheaply by :meth:`OriginState.clone`):

- every physical card has an id 0..83. An animal has its own **animal number** 0..83, given in order of appearance
  (the lowest number never used yet), never the id of the card it was played from: the animal card's trait side is
  hidden from the other players, and card ids map to card kinds publicly. ``acard[a]`` is the card under animal
  ``a`` (kept after the animal dies; -1 for a number not used yet); only the owner's view and events show it;
- per animal number: ``owner`` (seat, -1 if not (or no longer) on the table), ``food`` (red + blue tokens; above
  ``need`` only after converting more fat than needed — the extra blue tokens stay until the end of the turn),
  ``fat`` (yellow tokens), ``need``, ``nfat`` (Fat Tissue cards on it), ``tm`` (bit mask of its trait kinds),
  ``tr`` (tuple of the trait card ids under it, paired cards included);
- per card id: ``face`` (trait kind a card was played as, -1 otherwise), ``pa``/``pb`` (the two animal numbers of a
  paired card; for Symbiosis ``pa`` is the symbiont);
- per-turn marks are int bit masks over animal numbers (``hib``, ``attacked``, ``recv`` …) or trait card ids
  (``mim_used``, ``fired``). ``recv`` marks the animals that have received a red or blue token this turn (any real
  receipt: food base, Communication, Cooperation, attack, Scavenger, Piracy — never the conversion of fat, ruling 24);
  Piracy robs only such animals (ruling 29).

Flow: the state always rests at a decision. ``_resume`` runs the game forward from the last action until some seat
must choose: first the pool of simultaneous paired-card triggers (a choice only when two or more can fire), then a
pending multi-part choice (``pend``: trait targets, attack target, piracy victim, the defender's reaction, which
Scavenger), then queued effects (``todo``: a carnivore's blue tokens, the Scavenger search), then the turn structure
(development slots, feeding slots, extinction). A slot in which a player can do nothing but pass is skipped.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, Rng, State, rank_winners

from . import actions as A
from .present import OriginPresentation
from .traits import (
    BIG, BURROWING, CAMOUFLAGE, CARNIVORE, COMMUNICATION, COOPERATION, EN, FAT, FOOD, HIBERNATION, MIMICRY,
    PAIRED, PARASITE, PIRACY, POISONOUS, RU, RUNNING, SCAVENGER, SHARP_VISION, SWIMMING, SYMBIOSIS, TAIL_LOSS,
    TRAITS, TRAIT_IDS, TRAMP, card_name,
)

N = 84

# phases
DEV, FEED, EXT, OVER = range(4)
PHASE_NAMES = ("development", "feeding", "extinction", "over")
# decision kinds
D_DEV, D_FEED, D_T1, D_T2, D_ATK, D_PIR, D_DEF, D_SCAV, D_FIRE, D_NONE = range(10)
DECISION_NAMES = ("development", "feeding", "trait_target", "trait_second_target", "attack_target",
                  "piracy_victim", "defence", "scavenger", "trigger_order", "none")
# queued effects
T_BLUE, T_SCAV = 0, 1

B_CARN = 1 << CARNIVORE
B_FAT = 1 << FAT
B_BIG = 1 << BIG
B_SWIM = 1 << SWIMMING
B_CAMO = 1 << CAMOUFLAGE
B_SHARP = 1 << SHARP_VISION
B_BURROW = 1 << BURROWING
B_RUN = 1 << RUNNING
B_MIMIC = 1 << MIMICRY
B_TAIL = 1 << TAIL_LOSS
B_SCAV = 1 << SCAVENGER
B_SYMB = 1 << SYMBIOSIS
B_PIRACY = 1 << PIRACY
B_HIB = 1 << HIBERNATION
B_POISON = 1 << POISONOUS
B_COMM = 1 << COMMUNICATION
B_COOP = 1 << COOPERATION
B_TRAMP = 1 << TRAMP
B_PAIRFOOD = B_COMM | B_COOP
B_FREE = B_PIRACY | B_TRAMP | B_HIB
B_PROTECT = B_BIG | B_SWIM | B_CAMO | B_BURROW | B_SYMB
B_DEFENCE = B_RUN | B_MIMIC | B_TAIL
INCOMPAT = tuple(sum(1 << x for x in t.incompatible) for t in TRAITS)

# food base: (dice, extra tokens) by number of players (NOTES §4.2, ruling 11)
FOOD_TABLE = {2: (1, 2), 3: (2, 0), 4: (2, 2), 5: (3, 2), 6: (3, 4), 7: (4, 2), 8: (4, 4)}

# why a carnivore may not attack an animal (codes returned by _protection)
P_OK, P_SELF, P_BIG, P_SWIM_T, P_SWIM_C, P_CAMO, P_BURROW, P_SYMB = range(8)
PROTECTION_TEXT = {
    P_SELF: "a carnivore cannot attack itself",
    P_BIG: "it is Big and your Carnivore is not Big",
    P_SWIM_T: "it is Swimming and your Carnivore is not Swimming",
    P_SWIM_C: "your Carnivore is Swimming and can attack only Swimming animals",
    P_CAMO: "it is Camouflaged and your Carnivore lacks Sharp Vision",
    P_BURROW: "it is Burrowing and fed (yellow fat tokens do not count as fed, but its food does)",
    P_SYMB: "it is protected by Symbiosis while its symbiont is alive",
}


def bits(mask: int) -> list[int]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def mask_of(ids) -> int:
    m = 0
    for i in ids:
        m |= 1 << int(i)
    return m


class Config:
    """Per-game constants shared (never copied) by every state of one game."""

    __slots__ = ("n", "faces", "deck_option", "max_fat", "dice", "plus", "mimicry_unlimited", "paired_per_animal",
                 "tiebreak_dice")

    def __init__(self, n: int, deck, options: dict[str, Any]) -> None:
        self.n = n
        self.faces = deck.faces
        self.deck_option = deck.name
        self.max_fat = deck.max_fat_per_animal
        self.dice, self.plus = FOOD_TABLE[n]
        self.mimicry_unlimited = bool(options.get("mimicry_unlimited", False))
        self.paired_per_animal = bool(options.get("paired_scores_per_animal", False))
        self.tiebreak_dice = bool(options.get("tiebreak_dice", False))


class OriginState(OriginPresentation, State):
    __slots__ = (
        "cfg", "n", "deck", "hands", "animals", "disc", "box", "acard",
        "owner", "food", "fat", "need", "nfat", "tm", "tr", "face", "pa", "pb",
        "hib", "hib_last", "attacked", "pois", "recv", "pir_used", "mim_used", "tramp_used", "fired",
        "phase", "turn", "first", "actor", "dev_passed", "base", "main_used", "acted",
        "pool", "pool_owner", "todo", "pend", "cp", "dk", "win", "roll",
    )

    # ------------------------------------------------------------------------------------------------ setup
    def _init_empty(self, cfg: Config) -> None:
        n = cfg.n
        self.cfg = cfg
        self.n = n
        self.deck = []
        self.hands = [[] for _ in range(n)]
        self.animals = [[] for _ in range(n)]
        self.disc = [[] for _ in range(n)]
        self.box = []
        self.acard = [-1] * N
        self.owner = [-1] * N
        self.food = [0] * N
        self.fat = [0] * N
        self.need = [1] * N
        self.nfat = [0] * N
        self.tm = [0] * N
        self.tr = [()] * N
        self.face = [-1] * N
        self.pa = [-1] * N
        self.pb = [-1] * N
        self.hib = self.hib_last = self.attacked = self.pois = self.recv = 0
        self.pir_used = self.mim_used = self.tramp_used = self.fired = 0
        self.phase = DEV
        self.turn = 1
        self.first = 0
        self.actor = 0
        self.dev_passed = 0
        self.base = 0
        self.main_used = False
        self.acted = False
        self.pool = []
        self.pool_owner = -1
        self.todo = []
        self.pend = None
        self.cp = None
        self.dk = D_NONE
        self.win = None
        self.roll = ()

    def _setup_new(self) -> None:
        """Shuffle, choose the first player at random and deal 6 cards each (one at a time from the first player)."""
        n = self.n
        deck = list(range(N))
        self.rng.shuffle(deck)
        self.deck = deck
        self.first = self.rng.randbelow(n)
        for _ in range(6):
            for i in range(n):
                self.hands[(self.first + i) % n].append(deck.pop())
        self.actor = self.first
        if self.log_events:
            self.emit("setup", {"text": f"{n} players; {self._pn(self.first)} is the first player; 6 cards each",
                                "first_player": self.first})
            for p in range(n):
                self.emit("draw", {"text": f"{self._pn(p)} draws {self._cards_text(self.hands[p])}", "player": p,
                                   "cards": list(self.hands[p])}, to=(p,),
                          redacted={"text": f"{self._pn(p)} draws 6 cards", "player": p, "count": 6})
        self._resume()

    # ------------------------------------------------------------------------------------------------ kernel API
    @property
    def current_player(self) -> int | None:
        return self.cp

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def turn_number(self) -> int:
        return self.turn

    def _legal_actions(self) -> list[Action]:
        return self._gen()

    def clone(self) -> "OriginState":
        new = OriginState.__new__(OriginState)
        self._copy_base(new)
        new.cfg = self.cfg
        new.n = self.n
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.animals = [a[:] for a in self.animals]
        new.disc = [d[:] for d in self.disc]
        new.box = self.box[:]
        new.acard = self.acard[:]
        new.owner = self.owner[:]
        new.food = self.food[:]
        new.fat = self.fat[:]
        new.need = self.need[:]
        new.nfat = self.nfat[:]
        new.tm = self.tm[:]
        new.tr = self.tr[:]
        new.face = self.face[:]
        new.pa = self.pa[:]
        new.pb = self.pb[:]
        new.hib = self.hib
        new.hib_last = self.hib_last
        new.attacked = self.attacked
        new.pois = self.pois
        new.recv = self.recv
        new.pir_used = self.pir_used
        new.mim_used = self.mim_used
        new.tramp_used = self.tramp_used
        new.fired = self.fired
        new.phase = self.phase
        new.turn = self.turn
        new.first = self.first
        new.actor = self.actor
        new.dev_passed = self.dev_passed
        new.base = self.base
        new.main_used = self.main_used
        new.acted = self.acted
        new.pool = self.pool[:]
        new.pool_owner = self.pool_owner
        new.todo = self.todo[:]
        new.pend = self.pend
        new.cp = self.cp
        new.dk = self.dk
        new.win = self.win
        new.roll = self.roll
        return new

    # ------------------------------------------------------------------------------------------------ helpers
    @staticmethod
    def _pn(p: int) -> str:
        return f"Player {p + 1}"

    def _card_text(self, c: int) -> str:
        return f"{card_name(self.cfg.faces[c])} (card {c})"

    def _cards_text(self, cards) -> str:
        return ", ".join(self._card_text(c) for c in cards) if cards else "no cards"

    def _an(self, a: int, viewer: int | None = None) -> str:
        """Animal ``a`` in words with its (public) traits — never its animal card, which only its owner may see."""
        o = self.owner[a]
        if o < 0:
            return f"animal A{a}"
        whose = "your" if viewer == o else f"{self._pn(o)}'s"
        traits = ", ".join(EN[self.face[c]] for c in self.tr[a])
        return f"{whose} animal A{a}" + (f" ({traits})" if traits else "")

    def _fed(self, a: int) -> bool:
        return bool((self.hib >> a) & 1) or self.food[a] >= self.need[a]

    def _symb_blocked(self, a: int) -> bool:
        """``a`` is the protected partner of a Symbiosis whose symbiont is not fed (ruling 25)."""
        face, pa, pb = self.face, self.pa, self.pb
        for c in self.tr[a]:
            if face[c] == SYMBIOSIS and pb[c] == a:
                s = pa[c]
                if not ((self.hib >> s) & 1 or self.food[s] >= self.need[s]):
                    return True
        return False

    def _can_receive(self, a: int) -> bool:
        """May ``a`` receive a red or blue token now? (NOTES §2 "can receive food")."""
        if (self.hib >> a) & 1:
            return False
        if self.food[a] >= self.need[a] and self.fat[a] >= self.nfat[a]:
            return False
        if self.tm[a] & B_SYMB and self._symb_blocked(a):
            return False
        return True

    def _sym_protected(self, t: int) -> bool:
        face, pb = self.face, self.pb
        for c in self.tr[t]:
            if face[c] == SYMBIOSIS and pb[c] == t:
                return True
        return False

    def _protection(self, c: int, t: int) -> int:
        """Why carnivore ``c`` may not attack ``t`` (P_OK if it may). Static protections only (§6.2)."""
        if c == t:
            return P_SELF
        mt = self.tm[t]
        mc = self.tm[c]
        if not (mt & B_PROTECT) and not (mc & B_SWIM):
            return P_OK
        if mt & B_BIG and not mc & B_BIG:
            return P_BIG
        if (mt ^ mc) & B_SWIM:
            return P_SWIM_T if mt & B_SWIM else P_SWIM_C
        if mt & B_CAMO and not mc & B_SHARP:
            return P_CAMO
        if mt & B_BURROW and self._fed(t):
            return P_BURROW
        if mt & B_SYMB and self._sym_protected(t):
            return P_SYMB
        return P_OK

    def _carn_ready(self, c: int) -> bool:
        """Carnivore ``c`` may attack this turn (ignoring targets): not used, not hibernating, can eat (§6.1)."""
        return not ((self.attacked | self.hib) >> c) & 1 and self._can_receive(c)

    def _targets(self, c: int) -> list[int]:
        out = []
        prot = self._protection
        for anims in self.animals:
            for t in anims:
                if t != c and prot(c, t) == P_OK:
                    out.append(t)
        return out

    def _has_target(self, c: int) -> bool:
        prot = self._protection
        for anims in self.animals:
            for t in anims:
                if t != c and prot(c, t) == P_OK:
                    return True
        return False

    def _victims(self, a: int) -> list[int]:
        """Animals a Piracy animal may rob: received a red or blue token this turn (converting its own fat does not
        count, ruling 24), still has food to take, and is not fed (ruling 29)."""
        out = []
        food, need = self.food, self.need
        m = self.recv & ~self.hib
        if not m:
            return out
        for anims in self.animals:
            for v in anims:
                if v != a and (m >> v) & 1 and food[v] and food[v] < need[v]:
                    out.append(v)
        return out

    def _recalc(self, a: int) -> None:
        m = 0
        need = 1
        nf = 0
        face = self.face
        for c in self.tr[a]:
            t = face[c]
            m |= 1 << t
            need += FOOD[t]
            if t == FAT:
                nf += 1
        self.tm[a] = m
        self.need[a] = need
        self.nfat[a] = nf
        if self.fat[a] > nf:
            self.fat[a] = nf

    def _linked(self, a: int, b: int, t: int) -> bool:
        face, pa, pb = self.face, self.pa, self.pb
        for c in self.tr[a]:
            if face[c] == t and (pa[c] == b or pb[c] == b):
                return True
        return False

    # -- placement (development) -----------------------------------------------------------------------------
    def _place_reason(self, p: int, t: int, a: int) -> str | None:
        """Why trait ``t`` cannot go on animal ``a`` for player ``p`` (single-animal traits), or None."""
        o = self.owner[a]
        if o < 0:
            return f"A{a} is not an animal on the table"
        tr = TRAITS[t]
        if tr.target == "opponent":
            if o == p:
                return f"{tr.en} can be played only on another player's animal (ruling 5)"
        elif o != p:
            return f"{tr.en} can be played only on your own animals (ruling 5)"
        if not tr.multiple and (self.tm[a] >> t) & 1:
            return f"the animal already has {tr.en}; an animal cannot carry two copies of a trait (ruling 6)"
        if self.tm[a] & INCOMPAT[t]:
            return f"{tr.en} and {' / '.join(EN[x] for x in tr.incompatible)} cannot share an animal (ruling 8)"
        return None

    def _can_place(self, p: int, t: int, a: int) -> bool:
        o = self.owner[a]
        if TRAITS[t].target == "opponent":
            if o == p or o < 0:
                return False
        elif o != p:
            return False
        m = self.tm[a]
        if t != FAT and (m >> t) & 1:
            return False
        return not (m & INCOMPAT[t])

    def _pair_reason(self, p: int, t: int, a: int, b: int) -> str | None:
        if self.owner[a] != p or self.owner[b] != p:
            return f"{EN[t]} is played on two of your own animals (ruling 5)"
        if a == b:
            return f"{EN[t]} needs two different animals"
        if self._linked(a, b, t):
            return f"these two animals are already linked by {EN[t]} (ruling 7)"
        return None

    def _has_partner(self, p: int, t: int, a: int) -> bool:
        for b in self.animals[p]:
            if b != a and not self._linked(a, b, t):
                return True
        return False

    def _has_placement(self, p: int, t: int) -> bool:
        if PAIRED[t]:
            anims = self.animals[p]
            if len(anims) < 2:
                return False
            for a in anims:
                if self._has_partner(p, t, a):
                    return True
            return False
        if TRAITS[t].target == "opponent":
            for q in range(self.n):
                if q != p:
                    for a in self.animals[q]:
                        if not (self.tm[a] >> t) & 1:
                            return True
            return False
        for a in self.animals[p]:
            if self._can_place(p, t, a):
                return True
        return False

    # ------------------------------------------------------------------------------------------------ legal actions
    def _gen(self) -> list[Action]:
        dk = self.dk
        if dk == D_FEED:
            return self._gen_feed(self.actor)
        if dk == D_DEV:
            return self._gen_dev(self.actor)
        if dk == D_FIRE:
            return [A.FIRE[x] for x in sorted(set(self._valid_pool()))]
        if dk == D_NONE:
            return []
        pend = self.pend
        if dk == D_T1:
            _, p, c, f = pend
            t = self.cfg.faces[c][f]
            if PAIRED[t]:
                return [A.TARGET[a] for a in self.animals[p] if self._has_partner(p, t, a)]
            if TRAITS[t].target == "opponent":
                return [A.TARGET[a] for q in range(self.n) if q != p for a in self.animals[q]
                        if self._can_place(p, t, a)]
            return [A.TARGET[a] for a in self.animals[p] if self._can_place(p, t, a)]
        if dk == D_T2:
            _, p, c, f, a = pend
            t = self.cfg.faces[c][f]
            return [A.TARGET[b] for b in self.animals[p] if b != a and not self._linked(a, b, t)]
        if dk == D_ATK:
            return [A.TARGET[t] for t in self._targets(pend[2])]
        if dk == D_PIR:
            return [A.TARGET[v] for v in self._victims(pend[2])]
        if dk == D_DEF:
            return self._gen_def()
        if dk == D_SCAV:
            p = pend[1]
            return [A.SCAVENGE[a] for a in self.animals[p] if self.tm[a] & B_SCAV and self._can_receive(a)]
        raise AssertionError(dk)

    def _gen_dev(self, p: int) -> list[Action]:
        L = [A.PASS]
        faces = self.cfg.faces
        ok: dict[int, bool] = {}
        has_animals = bool(self.animals[p]) or any(self.animals)
        ANIMAL = A.ANIMAL
        for i, c in enumerate(self.hands[p]):
            L.append(ANIMAL[i])
            if not has_animals:
                continue
            fs = faces[c]
            for fi in range(len(fs)):
                t = fs[fi]
                v = ok.get(t)
                if v is None:
                    v = ok[t] = self._has_placement(p, t)
                if v:
                    L.append(A.TRAIT[c][fi])
        return L

    def _gen_feed(self, p: int) -> list[Action]:
        L: list[Action] = []
        anims = self.animals[p]
        if not anims:
            return [A.PASS]
        base = self.base
        compulsory = False
        tm = self.tm
        hib = self.hib
        if not self.main_used:
            if base:
                for a in anims:
                    if self._can_receive(a):
                        L.append(A.TAKE[a])
                compulsory = bool(L)
            for a in anims:
                if tm[a] & B_CARN and self._carn_ready(a) and self._has_target(a):
                    L.append(A.ATTACK[a])
            fat = self.fat
            for a in anims:
                y = fat[a]
                if y:
                    # any number of its yellow tokens (rulebook), also on a fed or hibernating animal: conversion is
                    # not receiving food (ruling 24), the blue tokens beyond its need simply stay on it this turn
                    L.extend(A.CONVERT[a][:y])
        for a in anims:
            m = tm[a]
            if m & B_FREE:
                if (m & B_PIRACY and not (self.pir_used >> a) & 1 and not self._fed(a) and self._can_receive(a)
                        and self._victims(a)):
                    L.append(A.PIRATE[a])
                if m & B_TRAMP and base and not (self.tramp_used >> a) & 1:
                    L.append(A.TRAMP_A[a])
                if m & B_HIB and not ((hib | self.hib_last) >> a) & 1 and self.deck:
                    L.append(A.HIBERNATE[a])
        if not compulsory:
            L.append(A.PASS)
        return L

    def _mimic_card(self, t: int) -> int:
        for c in self.tr[t]:
            if self.face[c] == MIMICRY:
                return c
        return -1

    def _gen_def(self) -> list[Action]:
        _, o, c, t, ran, seen = self.pend
        L: list[Action] = []
        m = self.tm[t]
        compulsory = False
        if m & B_RUN and not ran:
            L.append(A.RUN)
            compulsory = True
        if m & B_MIMIC:
            mc = self._mimic_card(t)
            unlimited = self.cfg.mimicry_unlimited
            if unlimited or not (self.mim_used >> mc) & 1:
                # ruling 44: any other own animal this carnivore could attack — including one targeted earlier in
                # this attack (its Mimicry is spent, so chains end). Only without the once-per-turn limit are
                # animals already targeted in this attack excluded, or redirects could loop forever.
                excl = seen if unlimited else 0
                for x in self.animals[o]:
                    if x != t and x != c and not (excl >> x) & 1 and self._protection(c, x) == P_OK:
                        L.append(A.MIMIC[x])
                        compulsory = True
        if m & B_TAIL:
            for card in self.tr[t]:
                L.append(A.TAIL[card])
        if not compulsory:
            L.append(A.ACCEPT)
        return L

    # ------------------------------------------------------------------------------------------------ triggers
    def _trig_ok(self, x: int) -> bool:
        c = x >> 1
        if (self.fired >> c) & 1:
            return False
        t = self.face[c]
        if t != COMMUNICATION and t != COOPERATION:
            return False   # the card left play
        r = self.pb[c] if x & 1 else self.pa[c]
        if r < 0 or not self._can_receive(r):
            return False
        if t == COMMUNICATION and not self.base:
            return False
        return True

    def _valid_pool(self) -> list[int]:
        return [x for x in self.pool if self._trig_ok(x)]

    def _receive(self, a: int, red: bool) -> None:
        """``a`` (which can receive) gets one token; a red one came from the food base. Queues paired triggers.

        Every real receipt of food passes here (take, Communication, Cooperation, attack, Scavenger, Piracy) and marks
        ``recv``; converting fat does not (ruling 24)."""
        self.recv |= 1 << a
        if self.food[a] < self.need[a]:
            self.food[a] += 1
        else:
            self.fat[a] += 1
        if self.tm[a] & B_PAIRFOOD:
            face, pa, fired = self.face, self.pa, self.fired
            for c in self.tr[a]:
                t = face[c]
                if (t == COOPERATION or (red and t == COMMUNICATION)) and not (fired >> c) & 1:
                    self.pool.append(2 * c + (1 if pa[c] == a else 0))
                    self.pool_owner = self.owner[a]

    def _fire(self, x: int) -> None:
        c = x >> 1
        r = self.pb[c] if x & 1 else self.pa[c]
        self.fired |= 1 << c
        self.pool = [y for y in self.pool if (y >> 1) != c]
        if self.face[c] == COMMUNICATION:
            self.base -= 1
            if self.log_events:
                self.emit("communication", {"text": f"Communication (card {c}): {self._an(r)} takes a red token "
                                            f"({self.base} left)", "card": c, "animal": r})
            self._receive(r, True)
        else:
            if self.log_events:
                self.emit("cooperation", {"text": f"Cooperation (card {c}): {self._an(r)} gets a blue token",
                                          "card": c, "animal": r})
            self._receive(r, False)

    # ------------------------------------------------------------------------------------------------ flow
    def _resume(self) -> None:
        while True:
            if self.pool:
                v = self._valid_pool()
                if not v:
                    self.pool = []
                    continue
                first = v[0]
                if all(x == first for x in v):
                    self._fire(first)
                    continue
                self.cp = self.pool_owner
                self.dk = D_FIRE
                self._legal = [A.FIRE[x] for x in sorted(set(v))]
                return
            if self.pend is not None:
                self.dk = self.pend[0]
                self.cp = self.pend[1]
                self._legal = self._gen()
                return
            if self.todo:
                task = self.todo.pop()
                if task[0] == T_BLUE:
                    a = task[1]
                    if self.owner[a] >= 0 and self._can_receive(a):
                        if self.log_events:
                            self.emit("blue", {"text": f"{self._an(a)} gets a blue token", "animal": a})
                        self._receive(a, False)
                else:
                    self._scavenge(task[1])
                continue
            ph = self.phase
            if ph == FEED:
                L = self._gen_feed(self.actor)
                if len(L) == 1 and L[0] is A.PASS:
                    self._end_feed_slot()
                    continue
                self.cp = self.actor
                self.dk = D_FEED
                self._legal = L
                return
            if ph == DEV:
                a = self._next_dev(self.actor)
                if a < 0:
                    self._food_phase()
                    continue
                self.actor = a
                self.cp = a
                self.dk = D_DEV
                self._legal = self._gen_dev(a)
                return
            if ph == EXT:
                self._extinction()
                continue
            self.cp = None
            self.dk = D_NONE
            self._legal = []
            return

    def _next_dev(self, start: int) -> int:
        n = self.n
        for i in range(n):
            p = (start + i) % n
            if (self.dev_passed >> p) & 1:
                continue
            if not self.hands[p]:
                self.dev_passed |= 1 << p
                if self.log_events:
                    self.emit("pass", {"text": f"{self._pn(p)} has no cards and passes", "player": p})
                continue
            return p
        return -1

    def _food_phase(self) -> None:
        cfg = self.cfg
        rolls = tuple(self.rng.die() for _ in range(cfg.dice))
        self.roll = rolls
        self.base = sum(rolls) + cfg.plus
        self.phase = FEED
        self.actor = self.first
        self.main_used = False
        self.acted = False
        self.tramp_used = 0
        self.fired = 0
        if self.log_events:
            dice = " + ".join(map(str, rolls)) + (f" + {cfg.plus}" if cfg.plus else "")
            self.emit("food_base", {"text": f"{self._pn(self.first)} rolls {dice}: the food base has {self.base} "
                                    f"red tokens", "dice": list(rolls), "food": self.base})

    def _end_feed_slot(self) -> None:
        nxt = (self.actor + 1) % self.n
        self.main_used = False
        self.tramp_used = 0
        if nxt == self.first:
            if not self.acted:
                if self.log_events:
                    self.emit("feeding_end", {"text": "a whole feeding round passed without actions: the feeding "
                                              f"phase ends ({self.base} red tokens left are discarded)"})
                self.base = 0
                self.phase = EXT
                return
            self.acted = False
            self.fired = 0
        self.actor = nxt

    def _scavenge(self, p0: int) -> None:
        """Exactly one Scavenger gets a blue token, searched from the carnivore's owner clockwise (ruling 47)."""
        n = self.n
        for i in range(n):
            p = (p0 + i) % n
            cands = [a for a in self.animals[p] if self.tm[a] & B_SCAV and self._can_receive(a)]
            if not cands:
                continue
            if len(cands) == 1:
                a = cands[0]
                if self.log_events:
                    self.emit("scavenger", {"text": f"Scavenger: {self._an(a)} gets a blue token", "animal": a})
                self._receive(a, False)
            else:
                self.pend = (D_SCAV, p)
            return

    def _remove_animal(self, a: int) -> None:
        """Animal ``a`` leaves play: it, its traits and its paired cards go to its owner's discard pile (48)."""
        o = self.owner[a]
        d = self.disc[o]
        face, pa, pb, tr = self.face, self.pa, self.pb, self.tr
        for c in tr[a]:
            t = face[c]
            if PAIRED[t]:
                b = pb[c] if pa[c] == a else pa[c]
                tr[b] = tuple(x for x in tr[b] if x != c)
                self._recalc(b)
                pa[c] = pb[c] = -1
            face[c] = -1
            d.append(c)
        d.append(self.acard[a])
        self.animals[o].remove(a)
        self.owner[a] = -1
        tr[a] = ()
        self.food[a] = self.fat[a] = self.nfat[a] = self.tm[a] = 0
        self.need[a] = 1
        keep = ~(1 << a)
        self.hib &= keep
        self.hib_last &= keep
        self.attacked &= keep
        self.pois &= keep
        self.recv &= keep
        self.pir_used &= keep
        self.tramp_used &= keep

    def _discard_trait(self, a: int, c: int) -> None:
        """Trait card ``c`` leaves animal ``a`` (Tail Loss) and goes to the owner's discard pile."""
        o = self.owner[a]
        t = self.face[c]
        if PAIRED[t]:
            for x in (self.pa[c], self.pb[c]):
                self.tr[x] = tuple(y for y in self.tr[x] if y != c)
                self._recalc(x)
            self.pa[c] = self.pb[c] = -1
        else:
            self.tr[a] = tuple(y for y in self.tr[a] if y != c)
            self._recalc(a)
        self.face[c] = -1
        self.disc[o].append(c)

    def _extinction(self) -> None:
        """NOTES §7: deaths, end check, dealing, clean-up, first player moves left."""
        n = self.n
        last = not self.deck
        food, need, hib, pois = self.food, self.need, self.hib, self.pois
        dead = []
        for p in range(n):
            for a in self.animals[p]:
                fed = food[a] >= need[a] or ((hib >> a) & 1 and not last)
                if not fed or (pois >> a) & 1:
                    dead.append(a)
        if self.log_events:
            for a in dead:
                why = "is poisoned" if (pois >> a) & 1 else "starves"
                o = self.owner[a]
                text = f"{self._an(a)} {why} and dies"
                self.emit("death", {"text": f"{text}; its animal card {self._card_text(self.acard[a])} goes to "
                                    f"{self._pn(o)}'s discard pile", "animal": a, "owner": o, "card": self.acard[a]},
                          to=(o,), redacted={"text": text, "animal": a, "owner": o})
        for a in dead:
            self._remove_animal(a)
        if not self.deck:
            self._game_over()
            return
        # dealing: 1 + surviving animals, or 6 with no animals and no hand; one at a time from the first player
        want = []
        for p in range(n):
            k = len(self.animals[p])
            want.append(6 if k == 0 and not self.hands[p] else k + 1)
        got: list[list[int]] = [[] for _ in range(n)]
        deck = self.deck
        i = self.first
        while deck and any(want):
            if want[i]:
                c = deck.pop()
                self.hands[i].append(c)
                got[i].append(c)
                want[i] -= 1
            i = (i + 1) % n
        if self.log_events:
            for k in range(n):
                p = (self.first + k) % n
                self.emit("draw", {"text": f"{self._pn(p)} draws {self._cards_text(got[p])}", "player": p,
                                   "cards": got[p]}, to=(p,),
                          redacted={"text": f"{self._pn(p)} draws {len(got[p])} card(s)", "player": p,
                                    "count": len(got[p])})
            if not deck:
                self.emit("last_turn", {"text": "the deck is empty: the next turn is the last one"})
        # clean-up
        self.food = [0] * N
        self.hib_last = self.hib
        self.hib = self.attacked = self.pois = self.recv = self.pir_used = self.mim_used = self.tramp_used = 0
        self.fired = 0
        self.first = (self.first + 1) % n
        self.turn += 1
        self.phase = DEV
        self.dev_passed = 0
        self.actor = self.first
        self.base = 0
        self.roll = ()
        if self.log_events:
            self.emit("turn", {"text": f"turn {self.turn} begins; {self._pn(self.first)} is the first player",
                               "turn": self.turn, "first_player": self.first})

    def _game_over(self) -> None:
        self.phase = OVER
        scores = self.scores()
        tb = [len(d) for d in self.disc]
        win = rank_winners(scores, tb)
        if self.cfg.tiebreak_dice and len(win) > 1:
            rolls: dict[int, list[int]] = {p: [] for p in win}
            while len(win) > 1:
                r = {p: self.rng.die() for p in win}
                for p in win:
                    rolls[p].append(r[p])
                best = max(r.values())
                win = [p for p in win if r[p] == best]
            if self.log_events:
                self.emit("tiebreak", {"text": "tie-break dice: " + "; ".join(
                    f"{self._pn(p)} rolls {', '.join(map(str, v))}" for p, v in rolls.items()),
                    "rolls": {str(p): v for p, v in rolls.items()}})
        self.win = win
        if self.log_events:
            self.emit("game_over", {"text": "game over: " + ", ".join(
                f"{self._pn(p)} {s} points ({tb[p]} cards discarded)" for p, s in enumerate(scores))
                + "; winner(s): " + ", ".join(self._pn(p) for p in win), "scores": scores, "winners": win})

    # ------------------------------------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        getattr(self, "_do_" + action.kind)(*action.args)
        self._resume()

    def _do_pass(self) -> None:
        p = self.cp
        if self.dk == D_DEV:
            self.dev_passed |= 1 << p
            self.actor = (p + 1) % self.n
            if self.log_events:
                self.emit("pass", {"text": f"{self._pn(p)} passes (development)", "player": p})
        else:
            if self.log_events:
                self.emit("end_feeding_turn", {"text": f"{self._pn(p)} ends the feeding turn", "player": p})
            self._end_feed_slot()

    def _do_animal(self, i: int) -> None:
        """Play the card in hand slot ``i`` as a new animal, numbered with the lowest number never used."""
        p = self.cp
        c = self.hands[p].pop(i)
        acard = self.acard
        a = acard.index(-1)
        acard[a] = c
        self.animals[p].append(a)
        self.owner[a] = p
        self.actor = (p + 1) % self.n
        if self.log_events:
            self.emit("play_animal", {"text": f"{self._pn(p)} plays {self._card_text(c)} as a new animal A{a}",
                                      "player": p, "animal": a, "card": c},
                      to=(p,), redacted={"text": f"{self._pn(p)} plays a new animal A{a}", "player": p, "animal": a})

    def _do_trait(self, c: int, f: int) -> None:
        self.pend = (D_T1, self.cp, c, f)

    def _do_target(self, x: int) -> None:
        pend = self.pend
        k = pend[0]
        if k == D_T1:
            _, p, c, f = pend
            t = self.cfg.faces[c][f]
            if PAIRED[t]:
                self.pend = (D_T2, p, c, f, x)
                return
            self.pend = None
            self._place(p, c, t, x, -1)
        elif k == D_T2:
            _, p, c, f, a = pend
            self.pend = None
            self._place(p, c, self.cfg.faces[c][f], a, x)
        elif k == D_ATK:
            self.pend = None
            self._start_attack(pend[2], x)
        else:  # D_PIR
            self.pend = None
            a = pend[2]
            self.pir_used |= 1 << a
            self.acted = True
            self.food[x] -= 1
            if self.log_events:
                self.emit("piracy", {"text": f"Piracy: {self._an(a)} steals a token from {self._an(x)}",
                                     "animal": a, "victim": x})
            self._receive(a, False)

    def _place(self, p: int, c: int, t: int, a: int, b: int) -> None:
        self.hands[p].remove(c)
        self.face[c] = t
        tr = self.tr
        if b >= 0:
            self.pa[c] = a
            self.pb[c] = b
            tr[a] = tr[a] + (c,)
            tr[b] = tr[b] + (c,)
            self._recalc(a)
            self._recalc(b)
        else:
            tr[a] = tr[a] + (c,)
            self._recalc(a)
        self.actor = (p + 1) % self.n
        if self.log_events:
            if b >= 0:
                extra = f" (animal A{a} is the symbiont)" if t == SYMBIOSIS else ""
                where = f"animals A{a} and A{b}{extra}"
            else:
                where = self._an(a)
            self.emit("play_trait", {"text": f"{self._pn(p)} plays {EN[t]} on {where}", "player": p, "card": c,
                                     "trait": TRAIT_IDS[t], "animals": [a] if b < 0 else [a, b]})

    def _do_take(self, a: int) -> None:
        self.main_used = True
        self.acted = True
        self.base -= 1
        if self.log_events:
            self.emit("take", {"text": f"{self._pn(self.cp)} takes a red token for animal A{a} ({self.base} left)",
                               "player": self.cp, "animal": a})
        self._receive(a, True)

    def _do_attack(self, c: int) -> None:
        self.pend = (D_ATK, self.cp, c)

    def _start_attack(self, c: int, t: int) -> None:
        self.main_used = True
        self.acted = True
        self.attacked |= 1 << c
        if self.log_events:
            self.emit("attack", {"text": f"{self._an(c)} attacks {self._an(t)}", "carnivore": c, "target": t})
        self._defend(c, t, False, 1 << t)

    def _defend(self, c: int, t: int, ran: bool, seen: int) -> None:
        self.pend = (D_DEF, self.owner[t], c, t, ran, seen)
        L = self._gen_def()
        if len(L) == 1 and L[0] is A.ACCEPT:
            self.pend = None
            self._eaten(c, t)

    def _do_run(self) -> None:
        _, o, c, t, ran, seen = self.pend
        r = self.rng.die()
        if r >= 4:
            self.pend = None
            if self.log_events:
                self.emit("running", {"text": f"Running: {self._an(t)} rolls {r} and escapes", "roll": r,
                                      "animal": t})
        else:
            if self.log_events:
                self.emit("running", {"text": f"Running: {self._an(t)} rolls {r} and does not escape", "roll": r,
                                      "animal": t})
            self._defend(c, t, True, seen)

    def _do_mimic(self, x: int) -> None:
        _, o, c, t, ran, seen = self.pend
        self.mim_used |= 1 << self._mimic_card(t)
        if self.log_events:
            self.emit("mimicry", {"text": f"Mimicry: the attack on A{t} is redirected to {self._an(x)}",
                                  "from": t, "to": x})
        self._defend(c, x, False, seen | (1 << x))

    def _do_tail(self, card: int) -> None:
        _, o, c, t, ran, seen = self.pend
        self.pend = None
        if self.log_events:
            self.emit("tail_loss", {"text": f"Tail Loss: {self._an(t)} drops {EN[self.face[card]]} (card {card}) "
                                    "and survives", "animal": t, "card": card})
        self._discard_trait(t, card)
        self.todo.append((T_BLUE, c))

    def _do_accept(self) -> None:
        _, o, c, t, ran, seen = self.pend
        self.pend = None
        self._eaten(c, t)

    def _eaten(self, c: int, t: int) -> None:
        poison = self.tm[t] & B_POISON
        if self.log_events:
            text = f"{self._an(c)} eats {self._an(t)}" + (" and is poisoned" if poison else "")
            o = self.owner[t]
            self.emit("eaten", {"text": f"{text}; its animal card {self._card_text(self.acard[t])} goes to "
                                f"{self._pn(o)}'s discard pile", "carnivore": c, "animal": t, "card": self.acard[t]},
                      to=(o,), redacted={"text": text, "carnivore": c, "animal": t})
        self._remove_animal(t)
        if poison:
            self.pois |= 1 << c
        self.todo.append((T_SCAV, self.owner[c]))
        self.todo.append((T_BLUE, c))
        self.todo.append((T_BLUE, c))

    def _do_convert(self, a: int, k: int) -> None:
        self.main_used = True
        self.acted = True
        self.fat[a] -= k
        self.food[a] += k
        if self.log_events:
            self.emit("convert", {"text": f"{self._pn(self.cp)} converts {k} fat token(s) into food on animal A{a}",
                                  "animal": a, "tokens": k})

    def _do_pirate(self, a: int) -> None:
        self.pend = (D_PIR, self.cp, a)

    def _do_tramp(self, a: int) -> None:
        self.tramp_used |= 1 << a
        self.acted = True
        self.base -= 1
        if self.log_events:
            self.emit("tramp", {"text": f"Tramp: animal A{a} destroys a red token ({self.base} left)", "animal": a})

    def _do_hibernate(self, a: int) -> None:
        self.hib |= 1 << a
        self.acted = True
        if self.log_events:
            self.emit("hibernation", {"text": f"{self._an(a)} hibernates", "animal": a})

    def _do_fire(self, c: int, side: int) -> None:
        self._fire(2 * c + side)

    def _do_scavenge(self, a: int) -> None:
        self.pend = None
        if self.log_events:
            self.emit("scavenger", {"text": f"Scavenger: {self._an(a)} gets a blue token", "animal": a})
        self._receive(a, False)

    # ------------------------------------------------------------------------------------------------ scoring
    def score_of(self, p: int) -> int:
        per = self.cfg.paired_per_animal
        face, pa = self.face, self.pa
        s = 0
        for a in self.animals[p]:
            s += 2
            for c in self.tr[a]:
                t = face[c]
                if PAIRED[t] and not per and pa[c] != a:
                    continue
                s += 1 + FOOD[t]
        return s

    def scores(self) -> list[int]:
        return [self.score_of(p) for p in range(self.n)]

    def winners(self) -> list[int]:
        if self.win is not None:
            return list(self.win)
        return rank_winners(self.scores(), [len(d) for d in self.disc])

    # ------------------------------------------------------------------------------------------------ census
    def card_census(self) -> dict[str, int]:
        """Where the 84 cards are: each card id must be in exactly one place."""
        seen: dict[int, str] = {}
        out = {"deck": len(self.deck), "hands": 0, "animals": 0, "traits": 0, "discard": 0, "box": len(self.box)}

        def put(c: int, where: str) -> None:
            if c in seen and not (where == "traits" and seen[c] == "traits"):
                raise AssertionError(f"card {c} is both in {seen[c]} and {where}")
            seen[c] = where

        for c in self.deck:
            put(c, "deck")
        for c in self.box:
            put(c, "box")
        for p in range(self.n):
            for c in self.hands[p]:
                put(c, "hands")
            out["hands"] += len(self.hands[p])
            for c in self.disc[p]:
                put(c, "discard")
            out["discard"] += len(self.disc[p])
            for a in self.animals[p]:
                put(self.acard[a], "animals")
                out["animals"] += 1
        traits = set()
        for p in range(self.n):
            for a in self.animals[p]:
                for c in self.tr[a]:
                    if c not in traits:
                        put(c, "traits")
                        traits.add(c)
        out["traits"] = len(traits)
        missing = set(range(N)) - set(seen)
        if missing:
            raise AssertionError(f"cards {sorted(missing)} are nowhere")
        out["total"] = len(seen)
        return out
