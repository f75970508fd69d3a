"""The position and rules of *Evolution: The Origin of Species* (``origin``): the base game and its expansions.

Representation (hot path = plain lists of ints and int bit masks, copied cheaply by :meth:`OriginState.clone`):

- every physical card has an id 0 .. ``config.num_cards`` - 1 (the deck of the chosen sets, ``deck.py``). An animal
  has its own **animal number** in the same range, given in order of appearance (the lowest number never used yet),
  never the id of the card it was played from: the animal card's trait side is hidden from the other players, and
  card ids map to card kinds publicly. ``animal_card[a]`` is the card under animal
  ``a`` (kept after the animal dies; -1 for a number not used yet); only the owner's view and events show it;
- per animal number: ``owner`` (seat, -1 if not (or no longer) on the table), ``food`` (red + blue tokens; above
  ``need`` only after converting more fat than needed — the extra blue tokens stay until the end of the turn),
  ``fat`` (yellow tokens), ``need``, ``fat_tissue_count`` (Fat Tissue cards on it), ``trait_mask`` (bit mask of its
  trait kinds), ``trait_cards`` (tuple of the trait card ids under it, paired cards included);
- per card id: ``card_trait`` (trait kind a card was played as, -1 otherwise), ``first_animal``/``second_animal``
  (the two animal numbers of a paired card; for Symbiosis ``first_animal`` is the symbiont);
- per-turn marks are int bit masks over animal numbers (``hibernating``, ``attacked``, ``received_food`` …) or trait
  card ids (``mimicry_used``, ``fired``). ``received_food`` marks the animals that have received a red or blue token
  this turn (any real receipt: food base, Communication, Cooperation, attack, Scavenger, Piracy — never the conversion
  of fat, ruling 24); Piracy robs only such animals (ruling 29).

Flow: the turn structure and every interrupt are steps on the kernel's decision stack (``flow.py``); what they do to
the position is in ``turn.py`` and ``flow.OriginFlow``. The rules here answer what is allowed now: the choices each
step offers and, for any other action, the refusal that says why not (one function per rule, used by both).
"""

from __future__ import annotations

from typing import Callable, Iterable, Self

from evolutio.kernel import Action, rank_winners
from evolutio.kernel.flow import FlowState, Refusal

from . import actions as A
from .census import card_census
from .config import Config
from .geography import MIGRATING, NOT_CHOSEN
from .phases import DEV
from .traits import (
    BECOMING_FED,
    BLOCKING_TRIGGERS,
    CAN_ATTACK,
    CAN_BE_ATTACKED,
    CAN_RECEIVE,
    DEFENDING,
    EN,
    FAT,
    FOOD,
    LIMITING_ATTACKS,
    LIMITING_FOOD,
    OFFER_DEFENCES,
    OFFER_FREE_ACTIONS,
    OFFER_MAIN_ACTIONS,
    OFFERING_FREE_ACTIONS,
    OFFERING_MAIN_ACTIONS,
    ON_RECEIVE,
    PAIRED,
    PROTECTING,
    REACTING_TO_FOOD,
    TRAITS,
    TRIGGER_BLOCKED,
    card_name,
)

INCOMPATIBLE = tuple(sum(1 << x for x in t.incompatible) for t in TRAITS)
#: per trait: may go on the player's own animals / on other players' animals; its own bit if an animal carries at most
#: one; the bits that keep it off
ON_OWN = tuple(t.target in ("own", "any", "own_pair") for t in TRAITS)
ON_OTHERS = tuple(t.target in ("opponent", "any", "opponent_pair") for t in TRAITS)
SINGLE_COPY = tuple(0 if t.multiple else 1 << t.num for t in TRAITS)
BLOCKING_PLACEMENT = tuple(single | incompatible for single, incompatible in zip(SINGLE_COPY, INCOMPATIBLE))
#: per trait played on one of the player's own animals only (not paired): the bits that keep it off an animal, which
#: are its whole placement rule without placement rules (:meth:`OriginRules.can_place_trait`); else -1
OWN_ONLY_BLOCKING = tuple(BLOCKING_PLACEMENT[t.num] if ON_OWN[t.num] and not ON_OTHERS[t.num] and not t.paired else -1
                          for t in TRAITS)
#: per trait played on two of the player's own animals (paired): its bit, which an animal that is not yet linked by
#: it lacks (:meth:`OriginRules._has_partner` without placement rules); else 0
OWN_PAIR_BIT = tuple(1 << t.num if t.paired and ON_OWN[t.num] and not ON_OTHERS[t.num] else 0 for t in TRAITS)
#: per trait played on other players' animals only (not paired): the bits that keep it off an animal; else -1
OTHERS_ONLY_BLOCKING = tuple(BLOCKING_PLACEMENT[t.num] if ON_OTHERS[t.num] and not ON_OWN[t.num] and not t.paired
                             else -1 for t in TRAITS)
#: per trait: why it cannot go on an animal (wrong owner, a second copy, an incompatible trait), in player terms
PLACEMENT_REFUSALS = tuple(
    (Refusal(f"{t.en} can be played only on another player's animal (ruling 5)" if ON_OTHERS[t.num]
             else f"{t.en} can be played only on your own animals (ruling 5)"),
     Refusal(f"the animal already has {t.en}; an animal cannot carry two copies of a trait (ruling 6)"),
     Refusal(f"{t.en} and {' / '.join(EN[x] for x in t.incompatible)} cannot share an animal (ruling 8)"))
    for t in TRAITS)

#: per trait: why no card of it can be played now (no animal can take it)
NO_PLACEMENT = tuple(
    Refusal(f"{t.en} can be played only as an animal, never as a trait (ruling 4)") if t.target == "animal_only"
    else Refusal(f"{t.en} needs two animals of one other player not yet linked by {t.en} (rulings 5, 7)")
    if t.target == "opponent_pair"
    else Refusal(f"{t.en} needs two of your animals that are not yet linked by {t.en} (ruling 7)") if t.paired
    else Refusal(f"{t.en} needs another player's animal without {t.en} (ruling 5)") if t.target == "opponent"
    else Refusal(f"no animal on the table can take {t.en}: each one already has it (ruling 6)") if t.target == "any"
    else Refusal(f"none of your animals can take {t.en} (no animals, duplicates (ruling 6) or Carnivore/Scavenger "
                 "conflict (ruling 8))")
    for t in TRAITS)
#: per paired trait: it links two animals of the player who plays it
PAIRED_ON_OWN = tuple(Refusal(f"{t.en} is played on two animals of one other player (ruling 5)") if ON_OTHERS[t.num]
                      else Refusal(f"{t.en} is played on two of your own animals (ruling 5)") for t in TRAITS)

NO_SELF_ATTACK = Refusal("a carnivore cannot attack itself")
EMPTY_FOOD_BASE = Refusal("the food base is empty")
TAKING_IS_COMPULSORY = Refusal("taking food is compulsory: the food base has red tokens and one of your animals can "
                               "receive one; take a token, attack or convert fat (ruling 16)")
NO_SELF_ROBBERY = Refusal("a Piracy animal cannot rob itself")
VICTIM_RECEIVED_NOTHING = Refusal("Piracy takes only from an animal that has received food this turn (converting its "
                                  "own fat is not receiving food, ruling 24) (ruling 29)")
VICTIM_FED = Refusal("Piracy cannot take from an animal that is already fed (ruling 29)")
VICTIM_HAS_NO_FOOD = Refusal("this animal has no food token left to take (ruling 29)")
HIBERNATING_EATS_NOTHING = Refusal("a hibernating animal cannot receive tokens (ruling 26)")
ALREADY_FULL = Refusal("this animal is fed and its Fat Tissue (if any) is full (ruling 15)")
ELSEWHERE = Refusal("it is in another location: attacks and every trait use of a feeding turn take place in one "
                    "location (ruling 55)")
HUSK = Refusal("it is the traits of an eaten Regeneration animal, waiting for a new animal card (NOTES §9.3)")


class OriginRules(FlowState):
    """The position of a game and the rules that read it: what may be done now and why not (the refusals), food,
    scoring. The turn's effects (``turn.py``), the steps that push decisions (``flow.py``) and the words
    (``present.py``) build on it, in that order; ``state.OriginState`` is the whole."""

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
        "decided_winners",
        "dice",
    )
    # the Continents machinery (``locations.Locations``): its position and the rules it adds
    location: list[int]
    feeding_location: int
    husks: int
    rule_of_placement: Callable[[int, int, int], Refusal | None]
    can_place_with_rules: Callable[[int, int], bool]
    take_anywhere_refusal: Callable[[int], Refusal | None]
    located_feeding_choices: Callable[[int], list[Action]]

    # ------------------------------------------------------------------------------------------------ setup
    def _init_empty(self, cfg: Config) -> None:
        n = cfg.player_count
        size = cfg.num_cards
        self.config: Config = cfg
        self.player_count: int = n
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.animals: list[list[int]] = [[] for _ in range(n)]
        self.discard: list[list[int]] = [[] for _ in range(n)]
        self.out_of_play: list[int] = []
        self.animal_card: list[int] = [-1] * size
        self.owner: list[int] = [-1] * size
        self.food: list[int] = [0] * size
        self.fat: list[int] = [0] * size
        self.need: list[int] = [1] * size
        self.fat_tissue_count: list[int] = [0] * size
        self.trait_mask: list[int] = [0] * size
        self.trait_cards: list[tuple[int, ...]] = [()] * size
        self.card_trait: list[int] = [-1] * size
        self.first_animal: list[int] = [-1] * size
        self.second_animal: list[int] = [-1] * size
        self.hibernating = self.hibernated_last_turn = self.attacked = self.poisoned = self.received_food = 0
        self.piracy_used = self.mimicry_used = self.tramp_used = self.fired = 0
        self.phase: int = DEV
        self.turn: int = 1
        self.first: int = 0
        self.actor: int = 0
        self.passed: int = 0
        self.food_base: int = 0
        self.main_action_used: bool = False
        self.round_had_actions: bool = False
        self.decided_winners: list[int] | None = None
        self.dice: tuple[int, ...] = ()

    # ------------------------------------------------------------------------------------------------ kernel API
    @property
    def turn_number(self) -> int:
        return self.turn

    def clone(self) -> Self:
        cls = type(self)
        new = cls.__new__(cls)
        self._copy_base(new)
        self._copy_flow(new)
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
        new.decided_winners = self.decided_winners
        new.dice = self.dice
        return new

    # ------------------------------------------------------------------------------------------------ helpers
    @staticmethod
    def player_name(p: int) -> str:
        return f"Player {p + 1}"

    def _card_text(self, c: int) -> str:
        return f"{card_name(self.config.faces[c])} (card {c})"

    def _cards_text(self, cards: Iterable[int]) -> str:
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

    def can_receive(self, a: int) -> bool:
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

    def attack_refusal(self, carnivore: int, target: int, skip: int = 0) -> Refusal | None:
        """Why ``carnivore`` may not attack ``target`` (``None`` if it may): the traits of both (§6.2) but ``skip``."""
        if carnivore == target:
            return NO_SELF_ATTACK
        if self.husks and (self.husks >> target) & 1:
            return HUSK
        if self.location and self.location[carnivore] != self.location[target]:
            return ELSEWHERE
        mask = self.trait_mask[target] & PROTECTING
        if mask:
            if skip or self.ignores:   # (Intellect's choices: a cheap test first, this is the hot path)
                mask &= ~(skip | self.ignored_traits(carnivore, target))
            for handler in CAN_BE_ATTACKED[mask]:
                refusal = handler(self, carnivore, target)
                if refusal is not None:
                    if self.config.decision_kinds and self.protection_to_ignore(carnivore, target, mask) >= 0:
                        break   # one trait protects it, and the carnivore may still ignore one (Intellect)
                    return refusal
        mask = self.trait_mask[carnivore] & LIMITING_ATTACKS
        if mask:
            for handler in CAN_ATTACK[mask]:
                refusal = handler(self, carnivore, target)
                if refusal is not None:
                    return refusal
        return None

    ignores: dict[int, tuple[int, int]]   # (these: answered in trait_support)
    def ignored_traits(self, carnivore: int, target: int) -> int: return 0
    def became_fed(self, a: int) -> None: return None
    def protection_to_ignore(self, carnivore: int, target: int, mask: int) -> int: return -1
    def loose_cards(self) -> list[int]: return []

    def attack_targets(self, predator: int) -> list[int]:
        """The animals ``predator`` may attack now (:meth:`attack_refusal`), in seat and play order."""
        traits, refusal, targets = self.trait_mask, self.attack_refusal, []
        # attack_refusal without husks, locations or traits of the carnivore's that limit it: only the target's
        # protecting traits are left to ask (loops: comprehensions would make three closure cells per call)
        ask_each = self.husks or self.location or traits[predator] & LIMITING_ATTACKS
        for animals in self.animals:
            for prey in animals:
                if prey != predator and (not (ask_each or traits[prey] & PROTECTING)
                                         or refusal(predator, prey) is None):
                    targets.append(prey)
        return targets

    def has_attack_target(self, predator: int) -> bool:
        """May ``predator`` attack some animal now (:meth:`attack_targets` is not empty)?"""
        traits = self.trait_mask
        if not (self.husks or self.location or traits[predator] & LIMITING_ATTACKS):
            for animals in self.animals:   # (as in attack_targets: an unprotected animal answers without a call)
                for prey in animals:
                    if prey != predator and not traits[prey] & PROTECTING:
                        return True
        refusal = self.attack_refusal
        for animals in self.animals:
            for prey in animals:
                if prey != predator and refusal(predator, prey) is None:
                    return True
        return False

    def piracy_refusal(self, pirate: int, victim: int) -> Refusal | None:
        """Why Piracy ``pirate`` may not rob ``victim`` (on the table): only an unfed animal with food left that has
        received a red or blue token this turn (converting its own fat does not count, ruling 24) (ruling 29)."""
        if victim == pirate:
            return NO_SELF_ROBBERY
        if self.location and self.location[pirate] != self.location[victim]:
            return ELSEWHERE
        if not (self.received_food >> victim) & 1:
            return VICTIM_RECEIVED_NOTHING
        if (self.hibernating >> victim) & 1 or self.food[victim] >= self.need[victim]:   # is_fed
            return VICTIM_FED
        if not self.food[victim]:
            return VICTIM_HAS_NO_FOOD
        return None

    def piracy_victims(self, pirate: int) -> list[int]:
        """The animals the Piracy animal ``pirate`` may rob (:meth:`piracy_refusal`)."""
        received = self.received_food & ~self.hibernating   # the first rules of piracy_refusal, as a bit mask
        if not received:
            return []
        refusal = self.piracy_refusal
        return [victim for animals in self.animals for victim in animals
                if (received >> victim) & 1 and refusal(pirate, victim) is None]

    def has_piracy_victim(self, pirate: int) -> bool:
        """May the Piracy animal ``pirate`` rob some animal now (:meth:`piracy_victims` is not empty)?"""
        received = self.received_food & ~self.hibernating   # (as in piracy_victims)
        if received:
            refusal = self.piracy_refusal
            for animals in self.animals:
                for victim in animals:
                    if (received >> victim) & 1 and refusal(pirate, victim) is None:
                        return True
        return False

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

    def linked(self, a: int, b: int, t: int) -> bool:
        face, firsts, seconds = self.card_trait, self.first_animal, self.second_animal
        for c in self.trait_cards[a]:
            if face[c] == t and (firsts[c] == b or seconds[c] == b):
                return True
        return False

    # -- placement (development) -----------------------------------------------------------------------------
    def placement_refusal(self, p: int, t: int, a: int) -> Refusal | None:
        """Why player ``p`` may not play the single-animal trait ``t`` on animal ``a`` now (``None`` if they may)."""
        o = self.owner[a]
        if o < 0:
            return Refusal(f"A{a} is not an animal on the table")
        if not (ON_OWN[t] if o == p else ON_OTHERS[t]):
            return PLACEMENT_REFUSALS[t][0]
        mask = self.trait_mask[a] & BLOCKING_PLACEMENT[t]
        if mask:
            return PLACEMENT_REFUSALS[t][1 if mask & SINGLE_COPY[t] else 2]
        return self.rule_of_placement(p, t, a) if self.config.placement_rules else None

    def pair_refusal(self, p: int, t: int, a: int, b: int) -> Refusal | None:
        """Why player ``p`` may not link animals ``a`` and ``b`` with the paired trait ``t`` (rulings 5, 7)."""
        if self.owner[a] != self.owner[b] or (self.owner[a] == p) != ON_OWN[t]:
            return PAIRED_ON_OWN[t]
        if a == b:
            return Refusal(f"{EN[t]} needs two different animals")
        if self.linked(a, b, t):
            return Refusal(f"these two animals are already linked by {EN[t]} (ruling 7)")
        if self.config.placement_rules:
            if self.location and self.location[a] != self.location[b]:
                return Refusal(f"{EN[t]} links only two animals in the same location (NOTES §10)")
            return self.rule_of_placement(p, t, a) or self.rule_of_placement(p, t, b)
        return None

    def first_target_refusal(self, p: int, t: int, a: int) -> Refusal | None:
        """Why player ``p`` may not name animal ``a`` (the first one, for a paired trait) for trait ``t``."""
        if not PAIRED[t]:
            return self.placement_refusal(p, t, a)
        if (self.owner[a] == p) != ON_OWN[t]:
            return PAIRED_ON_OWN[t]
        if not self._has_partner(p, t, a):
            return Refusal(f"animal A{a} has no partner left for another {EN[t]} (ruling 7)")
        return None

    def trait_play_refusal(self, p: int, t: int) -> Refusal | None:
        """Why player ``p`` may not play a card as trait ``t`` now: no animal can take it."""
        return None if self.can_place_trait(p, t) else NO_PLACEMENT[t]

    def take_refusal(self, a: int) -> Refusal | None:
        """Why the feeding player may not take a red token for their animal ``a`` (main action unused)."""
        return EMPTY_FOOD_BASE if not self.food_base else self.receive_refusal(a)

    def end_turn_refusal(self, p: int) -> Refusal | None:
        """Why player ``p`` may not end the feeding turn: taking a red token is compulsory when possible (16)."""
        if self.location and self.feeding_location == NOT_CHOSEN:
            return self.take_anywhere_refusal(p)
        if not self.main_action_used and self.food_base:
            for a in self.animals[p]:
                if self.can_receive(a) and (not self.location or self.location[a] == self.feeding_location):
                    return TAKING_IS_COMPULSORY
        return None


    def _has_partner(self, p: int, t: int, a: int) -> bool:
        """May player ``p`` link ``a`` with another animal of its owner by the paired trait ``t``?"""
        rules = self.config.placement_rules   # (a loop, not any(): a generator would make four cells per call)
        for b in self.animals[self.owner[a]]:
            if b != a and (self.pair_refusal(p, t, a, b) is None if rules else not self.linked(a, b, t)):
                return True
        return False

    def can_place_trait(self, p: int, t: int) -> bool:
        """May player ``p`` play a card as trait ``t`` now: can some animal take it (:meth:`trait_play_refusal`)?"""
        if PAIRED[t]:
            for q in range(self.player_count) if ON_OTHERS[t] else (p,):
                if (q == p) == ON_OWN[t] and len(self.animals[q]) >= 2:
                    for a in self.animals[q]:
                        if self._has_partner(p, t, a):
                            return True
            return False
        if self.config.placement_rules:
            return self.can_place_with_rules(p, t)
        # placement_refusal over the animals of the right owners: only its trait-mask rule is left to test
        trait_mask, blocking = self.trait_mask, BLOCKING_PLACEMENT[t]
        if ON_OTHERS[t]:
            own = ON_OWN[t]
            for q in range(self.player_count):
                if q != p or own:
                    for a in self.animals[q]:
                        if trait_mask[a] & blocking == 0:
                            return True
            return False
        if ON_OWN[t]:   # (else never: a Hunter is played only as an animal)
            for a in self.animals[p]:
                if trait_mask[a] & blocking == 0:
                    return True
        return False

    # ------------------------------------------------------------------------------------------------ legal actions
    def development_choices(self, p: int) -> list[Action]:
        """Pass, then each card of the hand as an animal followed by its traits that some animal can take."""
        hand = self.hands[p]
        if not (self.animals[p] or any(self.animals)):   # no animal on the table: no trait can be played
            return [A.PASS, *A.ANIMAL[:len(hand)]]
        L = [A.PASS]
        trait_plays, animal = self.config.trait_plays, A.ANIMAL
        # (with placement rules, locations.py's one answer for single and paired traits; the same as can_place_trait)
        rules = self.config.placement_rules
        can_place = self.can_place_with_rules if rules else self.can_place_trait
        # can_place_trait's first tests, asked here: the player's first animal can take an own-animal trait, or it
        # and the second can be linked by a paired one (it has none yet); the next player's first animal can take a
        # trait for the others' animals
        own, others = self.animals[p], self.animals[(p + 1) % self.player_count]
        first_traits = -1 if rules or not own else self.trait_mask[own[0]]
        pair_traits = first_traits if len(own) >= 2 else -1
        next_traits = -1 if rules or not others else self.trait_mask[others[0]]
        asked = playable = 0   # bit masks: the traits asked about so far, those that can be played
        slot = 0   # (L.append, not a bound method kept in a local: Python 3.11 runs it without a call)
        for card in hand:
            L.append(animal[slot])
            slot += 1   # noqa: SIM113 — enumerate makes a tuple per card on this hot path
            for trait, bit, play in trait_plays[card]:
                if asked & bit == 0:
                    asked |= bit
                    blocking = OWN_ONLY_BLOCKING[trait]
                    if (blocking >= 0 and first_traits >= 0 and first_traits & blocking == 0
                            or pair_traits >= 0 and OWN_PAIR_BIT[trait] != 0 and pair_traits & OWN_PAIR_BIT[trait] == 0
                            or next_traits >= 0 and OTHERS_ONLY_BLOCKING[trait] >= 0
                            and next_traits & OTHERS_ONLY_BLOCKING[trait] == 0
                            or can_place(p, trait)):   # the rule of trait_play_refusal
                        playable |= bit
                if playable & bit != 0:
                    L.append(play)
        return L

    def feeding_choices(self, p: int, group: list[int] | None = None) -> list[Action]:
        """``p``'s feeding choices now, or those of the animals ``group`` of ``p`` (Continents: the offers of one
        location, asked by ``located_feeding_choices`` with the turn entered there): ``pass`` last unless taking is
        compulsory."""
        offered: list[Action] = []
        anims = self.animals[p]
        if not anims:
            return [A.PASS]
        if self.location:   # Continents: only the animals of the feeding turn's location (``locations.py``)
            if group is not None:
                anims = group
            elif not 0 <= self.feeding_location < MIGRATING:   # not chosen yet, or a Migration turn
                return self.located_feeding_choices(p)
            else:
                anims = self.animals_in_location(anims, self.feeding_location)
        compulsory = False
        trait_masks = self.trait_mask
        present = 0   # the traits of the player's animals, to skip the loops of the traits nobody has
        if not self.main_action_used:
            if self.food_base:
                # can_receive, inline (the rule of take_refusal and end_turn_refusal)
                hibernating, food, need = self.hibernating, self.food, self.need
                fat, fat_tissue, take = self.fat, self.fat_tissue_count, A.TAKE
                for a in anims:
                    mask = trait_masks[a]
                    present |= mask
                    if ((food[a] < need[a] or fat[a] < fat_tissue[a]) and not (hibernating >> a) & 1
                            and (not mask & LIMITING_FOOD or self.receive_refusal(a) is None)):
                        offered.append(take[a])
                compulsory = bool(offered)
            else:
                for a in anims:
                    present |= trait_masks[a]
            offering = present & OFFERING_MAIN_ACTIONS
            if offering:
                for handler in OFFER_MAIN_ACTIONS[offering]:   # each trait once, over all the animals
                    handler(self, anims, offered)
            table_actions = self.config.table_actions
            if table_actions:
                for table_action in table_actions:
                    table_action(self, p, offered)
        else:
            present = OFFERING_FREE_ACTIONS   # (the main action is used: only the free actions' loop below)
        if present & OFFERING_FREE_ACTIONS:
            for a in anims:
                mask = trait_masks[a] & OFFERING_FREE_ACTIONS
                if mask:
                    for handler in OFFER_FREE_ACTIONS[mask]:
                        handler(self, a, offered)
        if not compulsory:
            offered.append(A.PASS)
        return offered

    def animals_in_location(self, animals: list[int], here: int) -> list[int]:
        """Those of ``animals`` in location ``here`` (apart: the comprehension would give feeding_choices cells)."""
        location = self.location
        return [a for a in animals if location[a] == here]

    def defence_choices(self, carnivore: int, target: int, rolled: bool, targeted: int) -> list[Action]:
        choices: list[Action] = []
        compulsory = False
        mask = self.trait_mask[target] & DEFENDING
        if mask and self.ignores:   # (Intellect's choices: a cheap test first)
            mask &= ~self.ignored_traits(carnivore, target)
        if mask:
            for handler in OFFER_DEFENCES[mask]:
                if handler(self, carnivore, target, rolled, targeted, choices):
                    compulsory = True
        if not compulsory:
            choices.append(A.ACCEPT)
        return choices

    # ------------------------------------------------------------------------------------------------ triggers
    def trigger_can_fire(self, x: int) -> bool:
        c = x >> 1
        if (self.fired >> c) & 1:
            return False
        trait = self.card_trait[c]
        if trait < 0:
            return False   # the card left play
        r = self.second_animal[c] if x & 1 else self.first_animal[c]
        if r < 0 or not self.can_receive(r):
            return False
        if (1 << trait) & BLOCKING_TRIGGERS:
            for handler in TRIGGER_BLOCKED[1 << trait]:
                if handler(self, c, r) is not None:
                    return False
        return True

    def valid_triggers(self, triggers: tuple[int, ...]) -> list[int]:
        valid = []   # (a loop: filter would call trigger_can_fire from C, a comprehension make closure cells)
        for x in triggers:
            if self.trigger_can_fire(x):
                valid.append(x)
        return valid

    def receive(self, a: int, red: bool) -> None:
        """``a`` (which can receive) gets one token (red: from the food base); runs the ``on_receive`` hooks. Each real
        receipt (take, Communication, Cooperation, attack, Scavenger, Piracy) marks ``received_food``, not fat (24)"""
        self.received_food |= 1 << a
        food = self.food
        if food[a] < self.need[a]:
            food[a] += 1
            if food[a] == self.need[a] and self.trait_mask[a] & BECOMING_FED:
                self.became_fed(a)
        else:
            self.fat[a] += 1
        mask = self.trait_mask[a] & REACTING_TO_FOOD
        if mask:
            for handler in ON_RECEIVE[mask]:
                handler(self, a, red)

    def poison(self, carnivore: int) -> None:
        """``carnivore`` ate a Poisonous animal: it dies in the next extinction phase."""
        self.poisoned |= 1 << carnivore

    # ------------------------------------------------------------------------------------------------ scoring
    def score_of(self, p: int) -> int:
        per = self.config.paired_per_animal
        face, firsts = self.card_trait, self.first_animal
        s = 0
        for a in self.animals[p]:
            s += 2
            for c in self.trait_cards[a]:
                t = face[c]
                s += FOOD[t]   # on each animal it raises (Trematode: on both hosts, ruling 63)
                if not (PAIRED[t] and not per and firsts[c] != a):
                    s += 1
        return s

    def scores(self) -> list[int]:
        return [self.score_of(p) for p in range(self.player_count)]

    def winners(self) -> list[int]:
        if self.decided_winners is not None:
            return list(self.decided_winners)
        return rank_winners(self.scores(), [len(d) for d in self.discard])

    # ------------------------------------------------------------------------------------------------ census
    def card_census(self) -> dict[str, int]:
        """Where the cards are (``census.py``): each card id must be in exactly one place."""
        return card_census(self)
