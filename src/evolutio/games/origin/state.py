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

from evolutio.kernel import Action, State, rank_winners
from evolutio.kernel.flow import Refusal

from . import actions as A
from .card_data import HAND_SIZE, NUM_CARDS
from .phases import (
    BLUE_TOKEN, D_ATK, D_DEF, D_DEV, D_FEED, D_FIRE, D_NONE, D_PIR, D_SCAV, D_T1, D_T2, DEV, EXT, FEED, OVER, mask_of,
)
from .present import OriginPresentation
from .traits import (
    AFTER_KILL, CAN_ATTACK, CAN_BE_ATTACKED, CAN_RECEIVE, DEFENDING, EFFECTS, EN, FAT, FOOD, HOOKS, LIMITING_ATTACKS,
    LIMITING_FOOD, MAIN_ACTION_ORDER, OFFERING_FREE_ACTIONS, OFFER_DEFENCES, OFFER_FREE_ACTIONS, ON_EATEN, ON_RECEIVE,
    PAIRED, PROTECTING, REACTING_TO_EATEN, REACTING_TO_FOOD, RESOLVERS, SYMBIOSIS, TRAITS, TRAIT_IDS, card_name,
)

N = NUM_CARDS


INCOMPATIBLE = tuple(sum(1 << x for x in t.incompatible) for t in TRAITS)
#: per trait: played on another player's animal; its own bit if an animal carries at most one; the bits that keep it off
FOR_OPPONENTS = tuple(t.target == "opponent" for t in TRAITS)
SINGLE_COPY = tuple(0 if t.multiple else 1 << t.num for t in TRAITS)
BLOCKING_PLACEMENT = tuple(single | incompatible for single, incompatible in zip(SINGLE_COPY, INCOMPATIBLE))
#: per trait: why it cannot go on an animal (wrong owner, a second copy, an incompatible trait), in player terms
PLACEMENT_REFUSALS = tuple(
    (Refusal(f"{t.en} can be played only on another player's animal (ruling 5)" if t.target == "opponent"
             else f"{t.en} can be played only on your own animals (ruling 5)"),
     Refusal(f"the animal already has {t.en}; an animal cannot carry two copies of a trait (ruling 6)"),
     Refusal(f"{t.en} and {' / '.join(EN[x] for x in t.incompatible)} cannot share an animal (ruling 8)"))
    for t in TRAITS)

# food base: (dice, extra tokens) by number of players (NOTES §4.2, ruling 11)
FOOD_TABLE = {2: (1, 2), 3: (2, 0), 4: (2, 2), 5: (3, 2), 6: (3, 4), 7: (4, 2), 8: (4, 4)}

NO_SELF_ATTACK = Refusal("a carnivore cannot attack itself")
HIBERNATING_EATS_NOTHING = Refusal("a hibernating animal cannot receive tokens (ruling 26)")
ALREADY_FULL = Refusal("this animal is fed and its Fat Tissue (if any) is full (ruling 15)")


class Config:
    """Per-game constants shared (never copied) by every state of one game."""

    __slots__ = (
        "player_count",
        "faces",
        "deck_option",
        "max_fat",
        "dice",
        "plus",
        "mimicry_unlimited",
        "paired_per_animal",
        "tiebreak_dice",
    )

    def __init__(self, n: int, deck, options: dict[str, Any]) -> None:
        self.player_count = n
        self.faces = deck.faces
        self.deck_option = deck.name
        self.max_fat = deck.max_fat_per_animal
        self.dice, self.plus = FOOD_TABLE[n]
        self.mimicry_unlimited = bool(options.get("mimicry_unlimited", False))
        self.paired_per_animal = bool(options.get("paired_scores_per_animal", False))
        self.tiebreak_dice = bool(options.get("tiebreak_dice", False))


class OriginState(OriginPresentation, State):
    __slots__ = (
        "config",
        "player_count",
        "deck",
        "hands",
        "animals",
        "discard",
        "out_of_play",
        "animal_card",
        "owner",
        "food",
        "fat",
        "need",
        "fat_tissue_count",
        "trait_mask",
        "trait_cards",
        "card_trait",
        "first_animal",
        "second_animal",
        "hibernating",
        "hibernated_last_turn",
        "attacked",
        "poisoned",
        "received_food",
        "piracy_used",
        "mimicry_used",
        "tramp_used",
        "fired",
        "phase",
        "turn",
        "first",
        "actor",
        "passed",
        "food_base",
        "main_action_used",
        "round_had_actions",
        "triggers",
        "triggers_owner",
        "queued_effects",
        "pending",
        "to_act",
        "decision",
        "decided_winners",
        "dice",
    )

    # ------------------------------------------------------------------------------------------------ setup
    def _init_empty(self, cfg: Config) -> None:
        n = cfg.player_count
        self.config = cfg
        self.player_count = n
        self.deck = []
        self.hands = [[] for _ in range(n)]
        self.animals = [[] for _ in range(n)]
        self.discard = [[] for _ in range(n)]
        self.out_of_play = []
        self.animal_card = [-1] * N
        self.owner = [-1] * N
        self.food = [0] * N
        self.fat = [0] * N
        self.need = [1] * N
        self.fat_tissue_count = [0] * N
        self.trait_mask = [0] * N
        self.trait_cards = [()] * N
        self.card_trait = [-1] * N
        self.first_animal = [-1] * N
        self.second_animal = [-1] * N
        self.hibernating = self.hibernated_last_turn = self.attacked = self.poisoned = self.received_food = 0
        self.piracy_used = self.mimicry_used = self.tramp_used = self.fired = 0
        self.phase = DEV
        self.turn = 1
        self.first = 0
        self.actor = 0
        self.passed = 0
        self.food_base = 0
        self.main_action_used = False
        self.round_had_actions = False
        self.triggers = []
        self.triggers_owner = -1
        self.queued_effects = []
        self.pending = None
        self.to_act = None
        self.decision = D_NONE
        self.decided_winners = None
        self.dice = ()

    def _setup_new(self) -> None:
        """Shuffle, choose the first player at random and deal HAND_SIZE cards each, one at a time from the first."""
        n = self.player_count
        deck = list(range(N))
        self.rng.shuffle(deck)
        self.deck = deck
        self.first = self.rng.randbelow(n)
        for _ in range(HAND_SIZE):
            for i in range(n):
                self.hands[(self.first + i) % n].append(deck.pop())
        self.actor = self.first
        if self.log_events:
            self.emit(
                "setup",
                {
                    "text": f"{n} players; {self.player_name(self.first)} is the first player; {HAND_SIZE} cards each",
                    "first_player": self.first,
                },
            )
            for p in range(n):
                self.emit(
                    "draw",
                    {
                        "text": f"{self.player_name(p)} draws {self._cards_text(self.hands[p])}",
                        "player": p,
                        "cards": list(self.hands[p]),
                    },
                    to=(p,),
                    redacted={"text": f"{self.player_name(p)} draws {HAND_SIZE} cards", "player": p,
                              "count": HAND_SIZE},
                )
        self._resume()

    # ------------------------------------------------------------------------------------------------ kernel API
    @property
    def current_player(self) -> int | None:
        return self.to_act

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
        new.config = self.config
        new.player_count = self.player_count
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.animals = [a[:] for a in self.animals]
        new.discard = [d[:] for d in self.discard]
        new.out_of_play = self.out_of_play[:]
        new.animal_card = self.animal_card[:]
        new.owner = self.owner[:]
        new.food = self.food[:]
        new.fat = self.fat[:]
        new.need = self.need[:]
        new.fat_tissue_count = self.fat_tissue_count[:]
        new.trait_mask = self.trait_mask[:]
        new.trait_cards = self.trait_cards[:]
        new.card_trait = self.card_trait[:]
        new.first_animal = self.first_animal[:]
        new.second_animal = self.second_animal[:]
        new.hibernating = self.hibernating
        new.hibernated_last_turn = self.hibernated_last_turn
        new.attacked = self.attacked
        new.poisoned = self.poisoned
        new.received_food = self.received_food
        new.piracy_used = self.piracy_used
        new.mimicry_used = self.mimicry_used
        new.tramp_used = self.tramp_used
        new.fired = self.fired
        new.phase = self.phase
        new.turn = self.turn
        new.first = self.first
        new.actor = self.actor
        new.passed = self.passed
        new.food_base = self.food_base
        new.main_action_used = self.main_action_used
        new.round_had_actions = self.round_had_actions
        new.triggers = self.triggers[:]
        new.triggers_owner = self.triggers_owner
        new.queued_effects = self.queued_effects[:]
        new.pending = self.pending
        new.to_act = self.to_act
        new.decision = self.decision
        new.decided_winners = self.decided_winners
        new.dice = self.dice
        return new

    # ------------------------------------------------------------------------------------------------ helpers
    @staticmethod
    def player_name(p: int) -> str:
        return f"Player {p + 1}"

    def _card_text(self, c: int) -> str:
        return f"{card_name(self.config.faces[c])} (card {c})"

    def _cards_text(self, cards) -> str:
        return ", ".join(self._card_text(c) for c in cards) if cards else "no cards"

    def animal_text(self, a: int, viewer: int | None = None) -> str:
        """Animal ``a`` in words with its (public) traits — never its animal card, which only its owner may see."""
        o = self.owner[a]
        if o < 0:
            return f"animal A{a}"
        whose = "your" if viewer == o else f"{self.player_name(o)}'s"
        traits = ", ".join(EN[self.card_trait[c]] for c in self.trait_cards[a])
        return f"{whose} animal A{a}" + (f" ({traits})" if traits else "")

    def is_fed(self, a: int) -> bool:
        return bool((self.hibernating >> a) & 1) or self.food[a] >= self.need[a]

    def _can_receive(self, a: int) -> bool:
        """May ``a`` receive a red or blue token now? (NOTES §2; :meth:`receive_refusal` says why not)."""
        if (self.hibernating >> a) & 1:
            return False
        if self.food[a] >= self.need[a] and self.fat[a] >= self.fat_tissue_count[a]:
            return False
        mask = self.trait_mask[a] & LIMITING_FOOD
        return not mask or self.receive_refusal(a) is None

    def receive_refusal(self, a: int) -> Refusal | None:
        """Why ``a`` cannot receive a red or blue token now, or ``None`` (NOTES §2 "can receive food")."""
        if (self.hibernating >> a) & 1:
            return HIBERNATING_EATS_NOTHING
        if self.food[a] >= self.need[a] and self.fat[a] >= self.fat_tissue_count[a]:
            return ALREADY_FULL
        mask = self.trait_mask[a] & LIMITING_FOOD
        if mask:
            for handler in CAN_RECEIVE[mask]:
                refusal = handler(self, a)
                if refusal is not None:
                    return refusal
        return None

    def attack_refusal(self, carnivore: int, target: int) -> Refusal | None:
        """Why ``carnivore`` may not attack ``target`` (``None`` if it may): the traits of both (§6.2)."""
        if carnivore == target:
            return NO_SELF_ATTACK
        mask = self.trait_mask[target] & PROTECTING
        if mask:
            for handler in CAN_BE_ATTACKED[mask]:
                refusal = handler(self, carnivore, target)
                if refusal is not None:
                    return refusal
        mask = self.trait_mask[carnivore] & LIMITING_ATTACKS
        if mask:
            for handler in CAN_ATTACK[mask]:
                refusal = handler(self, carnivore, target)
                if refusal is not None:
                    return refusal
        return None

    def carnivore_ready(self, c: int) -> bool:
        """Carnivore ``c`` may attack this turn (ignoring targets): not used, not hibernating, can eat (§6.1)."""
        return not ((self.attacked | self.hibernating) >> c) & 1 and self._can_receive(c)

    def _targets(self, c: int) -> list[int]:
        out = []
        refusal = self.attack_refusal
        for anims in self.animals:
            for t in anims:
                if t != c and refusal(c, t) is None:
                    out.append(t)
        return out

    def has_attack_target(self, c: int) -> bool:
        refusal = self.attack_refusal
        for anims in self.animals:
            for t in anims:
                if t != c and refusal(c, t) is None:
                    return True
        return False

    def piracy_victims(self, a: int) -> list[int]:
        """Animals a Piracy animal may rob: received a red or blue token this turn (converting its own fat does not
        count, ruling 24), still has food to take, and is not fed (ruling 29)."""
        out = []
        food, need = self.food, self.need
        m = self.received_food & ~self.hibernating
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
        face = self.card_trait
        for c in self.trait_cards[a]:
            t = face[c]
            m |= 1 << t
            need += FOOD[t]
            if t == FAT:
                nf += 1
        self.trait_mask[a] = m
        self.need[a] = need
        self.fat_tissue_count[a] = nf
        if self.fat[a] > nf:
            self.fat[a] = nf

    def _linked(self, a: int, b: int, t: int) -> bool:
        face, pa, pb = self.card_trait, self.first_animal, self.second_animal
        for c in self.trait_cards[a]:
            if face[c] == t and (pa[c] == b or pb[c] == b):
                return True
        return False

    # -- placement (development) -----------------------------------------------------------------------------
    def placement_refusal(self, p: int, t: int, a: int) -> Refusal | None:
        """Why player ``p`` may not play the single-animal trait ``t`` on animal ``a`` now (``None`` if they may)."""
        o = self.owner[a]
        if o < 0:
            return Refusal(f"A{a} is not an animal on the table")
        if (o == p) is FOR_OPPONENTS[t]:
            return PLACEMENT_REFUSALS[t][0]
        mask = self.trait_mask[a] & BLOCKING_PLACEMENT[t]
        if mask:
            return PLACEMENT_REFUSALS[t][1 if mask & SINGLE_COPY[t] else 2]
        return None

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
            for q in range(self.player_count):
                if q != p:
                    for a in self.animals[q]:
                        if not (self.trait_mask[a] >> t) & 1:
                            return True
            return False
        for a in self.animals[p]:
            if self.placement_refusal(p, t, a) is None:
                return True
        return False

    # ------------------------------------------------------------------------------------------------ legal actions
    def _gen(self) -> list[Action]:
        dk = self.decision
        if dk == D_FEED:
            return self._gen_feed(self.actor)
        if dk == D_DEV:
            return self._gen_dev(self.actor)
        if dk == D_FIRE:
            return [A.FIRE[x] for x in sorted(set(self._valid_pool()))]
        if dk == D_NONE:
            return []
        pend = self.pending
        if dk == D_T1:
            _, p, c, f = pend
            t = self.config.faces[c][f]
            if PAIRED[t]:
                return [A.TARGET[a] for a in self.animals[p] if self._has_partner(p, t, a)]
            if TRAITS[t].target == "opponent":
                return [A.TARGET[a] for q in range(self.player_count) if q != p for a in self.animals[q]
                        if self.placement_refusal(p, t, a) is None]
            return [A.TARGET[a] for a in self.animals[p] if self.placement_refusal(p, t, a) is None]
        if dk == D_T2:
            _, p, c, f, a = pend
            t = self.config.faces[c][f]
            return [A.TARGET[b] for b in self.animals[p] if b != a and not self._linked(a, b, t)]
        if dk == D_ATK:
            return [A.TARGET[t] for t in self._targets(pend[2])]
        if dk == D_PIR:
            return [A.TARGET[v] for v in self.piracy_victims(pend[2])]
        if dk == D_DEF:
            return self._gen_def()
        if dk == D_SCAV:
            p = pend[1]
            offered = pend[2]
            return [A.SCAVENGE[a] for a in self.animals[p] if (offered >> a) & 1]
        raise AssertionError(dk)

    def _gen_dev(self, p: int) -> list[Action]:
        L = [A.PASS]
        faces = self.config.faces
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
        base = self.food_base
        compulsory = False
        tm = self.trait_mask
        if not self.main_action_used:
            if base:
                for a in anims:
                    if self._can_receive(a):
                        L.append(A.TAKE[a])
                compulsory = bool(L)
            for trait_bit, handlers in MAIN_ACTION_ORDER:
                for a in anims:
                    if tm[a] & trait_bit:
                        for handler in handlers:
                            handler(self, a, L)
        for a in anims:
            mask = tm[a] & OFFERING_FREE_ACTIONS
            if mask:
                for handler in OFFER_FREE_ACTIONS[mask]:
                    handler(self, a, L)
        if not compulsory:
            L.append(A.PASS)
        return L

    def _gen_def(self) -> list[Action]:
        _, _, carnivore, target, rolled, targeted = self.pending
        choices: list[Action] = []
        compulsory = False
        mask = self.trait_mask[target] & DEFENDING
        if mask:
            for handler in OFFER_DEFENCES[mask]:
                if handler(self, carnivore, target, rolled, targeted, choices):
                    compulsory = True
        if not compulsory:
            choices.append(A.ACCEPT)
        return choices

    # ------------------------------------------------------------------------------------------------ triggers
    def _trig_ok(self, x: int) -> bool:
        c = x >> 1
        if (self.fired >> c) & 1:
            return False
        trait = self.card_trait[c]
        if trait < 0:
            return False   # the card left play
        r = self.second_animal[c] if x & 1 else self.first_animal[c]
        if r < 0 or not self._can_receive(r):
            return False
        for handler in HOOKS.handlers("trigger_blocked", 1 << trait):
            if handler(self, c, r) is not None:
                return False
        return True

    def _valid_pool(self) -> list[int]:
        return [x for x in self.triggers if self._trig_ok(x)]

    def receive(self, a: int, red: bool) -> None:
        """``a`` (which can receive) gets one token; a red one came from the food base. Runs the ``on_receive`` hooks.

        Every real receipt of food passes here (take, Communication, Cooperation, attack, Scavenger, Piracy) and marks
        ``received_food``; converting fat does not (ruling 24)."""
        self.received_food |= 1 << a
        if self.food[a] < self.need[a]:
            self.food[a] += 1
        else:
            self.fat[a] += 1
        mask = self.trait_mask[a] & REACTING_TO_FOOD
        if mask:
            for handler in ON_RECEIVE[mask]:
                handler(self, a, red)

    def queue_paired_triggers(self, a: int, trait: int) -> None:
        """Queue the triggers of ``a``'s paired ``trait`` cards that have not fired this round, towards their other
        animal (a trigger is ``2 * card + side``; side 1 = the card's second animal)."""
        face, first, fired = self.card_trait, self.first_animal, self.fired
        for c in self.trait_cards[a]:
            if face[c] == trait and not (fired >> c) & 1:
                self.triggers.append(2 * c + (1 if first[c] == a else 0))
                self.triggers_owner = self.owner[a]

    def _fire(self, x: int) -> None:
        c = x >> 1
        r = self.second_animal[c] if x & 1 else self.first_animal[c]
        self.fired |= 1 << c
        self.triggers = [y for y in self.triggers if (y >> 1) != c]
        for handler in HOOKS.handlers("fire_trigger", 1 << self.card_trait[c]):
            handler(self, c, r)

    def poison(self, carnivore: int) -> None:
        """``carnivore`` ate a Poisonous animal: it dies in the next extinction phase."""
        self.poisoned |= 1 << carnivore

    # ------------------------------------------------------------------------------------------------ flow
    def _resume(self) -> None:
        while True:
            if self.triggers:
                v = self._valid_pool()
                if not v:
                    self.triggers = []
                    continue
                first = v[0]
                if all(x == first for x in v):
                    self._fire(first)
                    continue
                self.to_act = self.triggers_owner
                self.decision = D_FIRE
                self._legal = [A.FIRE[x] for x in sorted(set(v))]
                return
            if self.pending is not None:
                self.decision = self.pending[0]
                self.to_act = self.pending[1]
                self._legal = self._gen()
                return
            if self.queued_effects:
                name, argument = self.queued_effects.pop()
                if name == BLUE_TOKEN:
                    self._blue_token(argument)
                else:
                    EFFECTS[name](self, argument)
                continue
            ph = self.phase
            if ph == FEED:
                L = self._gen_feed(self.actor)
                if len(L) == 1 and L[0] is A.PASS:
                    self._end_feed_slot()
                    continue
                self.to_act = self.actor
                self.decision = D_FEED
                self._legal = L
                return
            if ph == DEV:
                a = self._next_dev(self.actor)
                if a < 0:
                    self._food_phase()
                    continue
                self.actor = a
                self.to_act = a
                self.decision = D_DEV
                self._legal = self._gen_dev(a)
                return
            if ph == EXT:
                self._extinction()
                continue
            self.to_act = None
            self.decision = D_NONE
            self._legal = []
            return

    def _next_dev(self, start: int) -> int:
        n = self.player_count
        for i in range(n):
            p = (start + i) % n
            if (self.passed >> p) & 1:
                continue
            if not self.hands[p]:
                self.passed |= 1 << p
                if self.log_events:
                    self.emit("pass", {"text": f"{self.player_name(p)} has no cards and passes", "player": p})
                continue
            return p
        return -1

    def _food_phase(self) -> None:
        cfg = self.config
        rolls = tuple(self.rng.die() for _ in range(cfg.dice))
        self.dice = rolls
        self.food_base = sum(rolls) + cfg.plus
        self.phase = FEED
        self.actor = self.first
        self.main_action_used = False
        self.round_had_actions = False
        self.tramp_used = 0
        self.fired = 0
        if self.log_events:
            dice = " + ".join(map(str, rolls)) + (f" + {cfg.plus}" if cfg.plus else "")
            self.emit(
                "food_base",
                {
                    "text": f"{self.player_name(self.first)} rolls {dice}: the food base has {self.food_base} "
                    f"red tokens",
                    "dice": list(rolls),
                    "food": self.food_base,
                },
            )

    def _end_feed_slot(self) -> None:
        nxt = (self.actor + 1) % self.player_count
        self.main_action_used = False
        self.tramp_used = 0
        if nxt == self.first:
            if not self.round_had_actions:
                if self.log_events:
                    self.emit("feeding_end", {"text": "a whole feeding round passed without actions: the feeding "
                                              f"phase ends ({self.food_base} red tokens left are discarded)"})
                self.food_base = 0
                self.phase = EXT
                return
            self.round_had_actions = False
            self.fired = 0
        self.actor = nxt

    def _blue_token(self, a: int) -> None:
        """A carnivore's blue token from its prey (if it is still alive and can eat)."""
        if self.owner[a] >= 0 and self._can_receive(a):
            if self.log_events:
                self.emit("blue", {"text": f"{self.animal_text(a)} gets a blue token", "animal": a})
            self.receive(a, False)

    def choose_animal_to_feed(self, seat: int, animals: list[int]) -> None:
        """``seat`` chooses which of ``animals`` (its own) gets the token on offer (a ``scavenge``; ruling 47)."""
        self.pending = (D_SCAV, seat, mask_of(animals))

    def queue_effect(self, name: str, argument: int) -> None:
        """Run the queued effect ``name`` (``traits.EFFECTS``) once the current effects are over."""
        self.queued_effects.append((name, argument))

    def _remove_animal(self, a: int) -> None:
        """Animal ``a`` leaves play: it, its traits and its paired cards go to its owner's discard pile (48)."""
        o = self.owner[a]
        d = self.discard[o]
        face, pa, pb, tr = self.card_trait, self.first_animal, self.second_animal, self.trait_cards
        for c in tr[a]:
            t = face[c]
            if PAIRED[t]:
                b = pb[c] if pa[c] == a else pa[c]
                tr[b] = tuple(x for x in tr[b] if x != c)
                self._recalc(b)
                pa[c] = pb[c] = -1
            face[c] = -1
            d.append(c)
        d.append(self.animal_card[a])
        self.animals[o].remove(a)
        self.owner[a] = -1
        tr[a] = ()
        self.food[a] = self.fat[a] = self.fat_tissue_count[a] = self.trait_mask[a] = 0
        self.need[a] = 1
        keep = ~(1 << a)
        self.hibernating &= keep
        self.hibernated_last_turn &= keep
        self.attacked &= keep
        self.poisoned &= keep
        self.received_food &= keep
        self.piracy_used &= keep
        self.tramp_used &= keep

    def discard_trait(self, a: int, c: int) -> None:
        """Trait card ``c`` leaves animal ``a`` (Tail Loss) and goes to the owner's discard pile."""
        o = self.owner[a]
        t = self.card_trait[c]
        if PAIRED[t]:
            for x in (self.first_animal[c], self.second_animal[c]):
                self.trait_cards[x] = tuple(y for y in self.trait_cards[x] if y != c)
                self._recalc(x)
            self.first_animal[c] = self.second_animal[c] = -1
        else:
            self.trait_cards[a] = tuple(y for y in self.trait_cards[a] if y != c)
            self._recalc(a)
        self.card_trait[c] = -1
        self.discard[o].append(c)

    def _extinction(self) -> None:
        """NOTES §7: deaths, end check, dealing, clean-up, first player moves left."""
        n = self.player_count
        last = not self.deck
        food, need, hib, pois = self.food, self.need, self.hibernating, self.poisoned
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
                text = f"{self.animal_text(a)} {why} and dies"
                self.emit(
                    "death",
                    {
                        "text": f"{text}; its animal card {self._card_text(self.animal_card[a])} goes to "
                        f"{self.player_name(o)}'s discard pile",
                        "animal": a,
                        "owner": o,
                        "card": self.animal_card[a],
                    },
                    to=(o,),
                    redacted={"text": text, "animal": a, "owner": o},
                )
        for a in dead:
            self._remove_animal(a)
        if not self.deck:
            self._game_over()
            return
        # dealing: 1 + surviving animals, or a full hand with no animals and no hand; one at a time from the first
        want = []
        for p in range(n):
            k = len(self.animals[p])
            want.append(HAND_SIZE if k == 0 and not self.hands[p] else k + 1)
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
                self.emit("draw", {"text": f"{self.player_name(p)} draws {self._cards_text(got[p])}", "player": p,
                                   "cards": got[p]}, to=(p,),
                          redacted={"text": f"{self.player_name(p)} draws {len(got[p])} card(s)", "player": p,
                                    "count": len(got[p])})
            if not deck:
                self.emit("last_turn", {"text": "the deck is empty: the next turn is the last one"})
        # clean-up
        self.food = [0] * N
        self.hibernated_last_turn = self.hibernating
        self.hibernating = self.attacked = self.poisoned = self.received_food = self.piracy_used = self.mimicry_used = (
            self.tramp_used
        ) = 0
        self.fired = 0
        self.first = (self.first + 1) % n
        self.turn += 1
        self.phase = DEV
        self.passed = 0
        self.actor = self.first
        self.food_base = 0
        self.dice = ()
        if self.log_events:
            self.emit("turn", {"text": f"turn {self.turn} begins; {self.player_name(self.first)} is the first player",
                               "turn": self.turn, "first_player": self.first})

    def _game_over(self) -> None:
        self.phase = OVER
        scores = self.scores()
        tb = [len(d) for d in self.discard]
        win = rank_winners(scores, tb)
        if self.config.tiebreak_dice and len(win) > 1:
            rolls: dict[int, list[int]] = {p: [] for p in win}
            while len(win) > 1:
                r = {p: self.rng.die() for p in win}
                for p in win:
                    rolls[p].append(r[p])
                best = max(r.values())
                win = [p for p in win if r[p] == best]
            if self.log_events:
                self.emit("tiebreak", {"text": "tie-break dice: " + "; ".join(
                    f"{self.player_name(p)} rolls {', '.join(map(str, v))}" for p, v in rolls.items()),
                    "rolls": {str(p): v for p, v in rolls.items()}})
        self.decided_winners = win
        if self.log_events:
            self.emit("game_over", {"text": "game over: " + ", ".join(
                f"{self.player_name(p)} {s} points ({tb[p]} cards discarded)" for p, s in enumerate(scores))
                + "; winner(s): " + ", ".join(self.player_name(p) for p in win), "scores": scores, "winners": win})

    # ------------------------------------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        ACTION_RESOLVERS[action.kind](self, *action.args)
        self._resume()

    def _do_pass(self) -> None:
        p = self.to_act
        if self.decision == D_DEV:
            self.passed |= 1 << p
            self.actor = (p + 1) % self.player_count
            if self.log_events:
                self.emit("pass", {"text": f"{self.player_name(p)} passes (development)", "player": p})
        else:
            if self.log_events:
                self.emit("end_feeding_turn", {"text": f"{self.player_name(p)} ends the feeding turn", "player": p})
            self._end_feed_slot()

    def _do_animal(self, i: int) -> None:
        """Play the card in hand slot ``i`` as a new animal, numbered with the lowest number never used."""
        p = self.to_act
        c = self.hands[p].pop(i)
        acard = self.animal_card
        a = acard.index(-1)
        acard[a] = c
        self.animals[p].append(a)
        self.owner[a] = p
        self.actor = (p + 1) % self.player_count
        if self.log_events:
            self.emit(
                "play_animal",
                {
                    "text": f"{self.player_name(p)} plays {self._card_text(c)} as a new animal A{a}",
                    "player": p,
                    "animal": a,
                    "card": c,
                },
                to=(p,),
                redacted={"text": f"{self.player_name(p)} plays a new animal A{a}", "player": p, "animal": a},
            )

    def _do_trait(self, c: int, f: int) -> None:
        self.pending = (D_T1, self.to_act, c, f)

    def _do_target(self, x: int) -> None:
        pend = self.pending
        k = pend[0]
        if k == D_T1:
            _, p, c, f = pend
            t = self.config.faces[c][f]
            if PAIRED[t]:
                self.pending = (D_T2, p, c, f, x)
                return
            self.pending = None
            self._place(p, c, t, x, -1)
        elif k == D_T2:
            _, p, c, f, a = pend
            self.pending = None
            self._place(p, c, self.config.faces[c][f], a, x)
        elif k == D_ATK:
            self.pending = None
            self._start_attack(pend[2], x)
        else:  # D_PIR
            self.pending = None
            a = pend[2]
            self.piracy_used |= 1 << a
            self.round_had_actions = True
            self.food[x] -= 1
            if self.log_events:
                self.emit("piracy", {"text": f"Piracy: {self.animal_text(a)} steals a token from {self.animal_text(x)}",
                                     "animal": a, "victim": x})
            self.receive(a, False)

    def _place(self, p: int, c: int, t: int, a: int, b: int) -> None:
        self.hands[p].remove(c)
        self.card_trait[c] = t
        tr = self.trait_cards
        if b >= 0:
            self.first_animal[c] = a
            self.second_animal[c] = b
            tr[a] = tr[a] + (c,)
            tr[b] = tr[b] + (c,)
            self._recalc(a)
            self._recalc(b)
        else:
            tr[a] = tr[a] + (c,)
            self._recalc(a)
        self.actor = (p + 1) % self.player_count
        if self.log_events:
            if b >= 0:
                extra = f" (animal A{a} is the symbiont)" if t == SYMBIOSIS else ""
                where = f"animals A{a} and A{b}{extra}"
            else:
                where = self.animal_text(a)
            self.emit("play_trait", {"text": f"{self.player_name(p)} plays {EN[t]} on {where}", "player": p, "card": c,
                                     "trait": TRAIT_IDS[t], "animals": [a] if b < 0 else [a, b]})

    def _do_take(self, a: int) -> None:
        self.main_action_used = True
        self.round_had_actions = True
        self.food_base -= 1
        if self.log_events:
            self.emit(
                "take",
                {
                    "text": f"{self.player_name(self.to_act)} takes a red token for animal A{a} "
                    f"({self.food_base} left)",
                    "player": self.to_act,
                    "animal": a,
                },
            )
        self.receive(a, True)

    def choose_attack_target(self, c: int) -> None:
        """The player of Carnivore ``c`` now chooses the animal it attacks (a ``target``)."""
        self.pending = (D_ATK, self.to_act, c)

    def _start_attack(self, c: int, t: int) -> None:
        self.main_action_used = True
        self.round_had_actions = True
        self.attacked |= 1 << c
        if self.log_events:
            self.emit(
                "attack", {"text": f"{self.animal_text(c)} attacks {self.animal_text(t)}", "carnivore": c, "target": t}
            )
        self.defend(c, t, False, 1 << t)

    def defend(self, c: int, t: int, ran: bool, seen: int) -> None:
        """Carnivore ``c`` attacks ``t`` (``ran``: its Running die was rolled; ``seen``: animals targeted so far in this
        attack): its owner chooses a defence, or it is eaten at once when it has none."""
        self.pending = (D_DEF, self.owner[t], c, t, ran, seen)
        L = self._gen_def()
        if len(L) == 1 and L[0] is A.ACCEPT:
            self.pending = None
            self._eaten(c, t)

    def queue_blue_token(self, carnivore: int) -> None:
        """``carnivore`` gets a blue token once the current effects are over (if it is alive and can still eat)."""
        self.queued_effects.append((BLUE_TOKEN, carnivore))

    def _do_accept(self) -> None:
        _, o, c, t, ran, seen = self.pending
        self.pending = None
        self._eaten(c, t)

    def _eaten(self, c: int, t: int) -> None:
        text = f"{self.animal_text(c)} eats {self.animal_text(t)}" if self.log_events else ""
        mask = self.trait_mask[t] & REACTING_TO_EATEN
        if mask:
            for handler in ON_EATEN[mask]:
                effect = handler(self, c, t)
                if effect:
                    text += " " + effect
        if self.log_events:
            o = self.owner[t]
            self.emit(
                "eaten",
                {
                    "text": f"{text}; its animal card {self._card_text(self.animal_card[t])} goes to "
                    f"{self.player_name(o)}'s discard pile",
                    "carnivore": c,
                    "animal": t,
                    "card": self.animal_card[t],
                },
                to=(o,),
                redacted={"text": text, "carnivore": c, "animal": t},
            )
        self._remove_animal(t)
        for handler in AFTER_KILL:
            handler(self, c)
        self.queued_effects.append((BLUE_TOKEN, c))
        self.queued_effects.append((BLUE_TOKEN, c))

    def choose_piracy_victim(self, pirate: int) -> None:
        """The player of Piracy animal ``pirate`` now chooses the victim (a ``target``)."""
        self.pending = (D_PIR, self.to_act, pirate)

    def _do_fire(self, c: int, side: int) -> None:
        self._fire(2 * c + side)

    # ------------------------------------------------------------------------------------------------ scoring
    def score_of(self, p: int) -> int:
        per = self.config.paired_per_animal
        face, pa = self.card_trait, self.first_animal
        s = 0
        for a in self.animals[p]:
            s += 2
            for c in self.trait_cards[a]:
                t = face[c]
                if PAIRED[t] and not per and pa[c] != a:
                    continue
                s += 1 + FOOD[t]
        return s

    def scores(self) -> list[int]:
        return [self.score_of(p) for p in range(self.player_count)]

    def winners(self) -> list[int]:
        if self.decided_winners is not None:
            return list(self.decided_winners)
        return rank_winners(self.scores(), [len(d) for d in self.discard])

    # ------------------------------------------------------------------------------------------------ census
    def card_census(self) -> dict[str, int]:
        """Where the cards are: each card id must be in exactly one place."""
        seen: dict[int, str] = {}
        out = {
            "deck": len(self.deck),
            "hands": 0,
            "animals": 0,
            "traits": 0,
            "discard": 0,
            "box": len(self.out_of_play),
        }

        def put(c: int, where: str) -> None:
            if c in seen and not (where == "traits" and seen[c] == "traits"):
                raise AssertionError(f"card {c} is both in {seen[c]} and {where}")
            seen[c] = where

        for c in self.deck:
            put(c, "deck")
        for c in self.out_of_play:
            put(c, "box")
        for p in range(self.player_count):
            for c in self.hands[p]:
                put(c, "hands")
            out["hands"] += len(self.hands[p])
            for c in self.discard[p]:
                put(c, "discard")
            out["discard"] += len(self.discard[p])
            for a in self.animals[p]:
                put(self.animal_card[a], "animals")
                out["animals"] += 1
        traits = set()
        for p in range(self.player_count):
            for a in self.animals[p]:
                for c in self.trait_cards[a]:
                    if c not in traits:
                        put(c, "traits")
                        traits.add(c)
        out["traits"] = len(traits)
        missing = set(range(N)) - set(seen)
        if missing:
            raise AssertionError(f"cards {sorted(missing)} are nowhere")
        out["total"] = len(seen)
        return out


#: what each action kind does: the core's ``_do_<kind>`` methods and the trait modules' resolvers (``traits.RESOLVERS``)
ACTION_RESOLVERS: dict[str, Any] = {
    **{name[len("_do_"):]: method for name, method in vars(OriginState).items() if name.startswith("_do_")},
    **RESOLVERS,
}
