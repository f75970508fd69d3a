"""Continents' locations (NOTES §10) on the position: where each animal lives, the food base of each location, the
location of the feeding turn, the traits that switch other traits off (Neoplasia, Toxic's paralysis) and the husks
of eaten Regeneration animals. The link of the state's chain between :class:`~.trait_support.TraitSupport` and the
turn (:class:`~.turn.OriginTurn`).

A game without locations (the base game, or ``continents_without_locations``) has an empty ``location`` list, and
every branch here is skipped by the rules' one ``if self.location`` test.

The feeding turn's location is chosen by its first action: the animal that action names fixes the location
(``feeding_location``), and the rest of the turn offers only the animals there; until then the choices of every
location are offered together (an action names one animal, so its location is never ambiguous). The red tokens of the
chosen location are moved into ``food_base`` for the turn (so every trait that takes from "the food base" takes from
its location's) and back into ``location_food`` when the turn ends. A Migration declaration makes the turn a
Migration turn (``MIGRATING``): only further migrations, then the end of the turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Callable, Self

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from . import actions as A
from .config import Config
from .geography import (
    LAURASIA,
    LOCATION_FOOD,
    LOCATION_IDS,
    LOCATION_NAMES,
    LOCATIONS,
    MIGRATED,
    MIGRATING,
    MIGRATION_ACTIONS,
    MIGRATION_KINDS,
    NOT_CHOSEN,
    OCEAN,
    PARALYSED,
    REGENERATED,
)
from .phases import mask_of
from .rules import BLOCKING_PLACEMENT, ON_OTHERS, ON_OWN, PLACEMENT_REFUSALS, SINGLE_COPY, OriginRules
from .trait_support import TraitSupport
from .traits import (
    ACCEPTS_TRAIT,
    EN,
    FAT,
    FOOD,
    LIMITING_ATTACKS,
    LIMITING_PLACEMENT,
    NEOPLASIA,
    PAIRED,
    PLACED_BY_RULE,
    PLACEMENT_RULES,
    PROTECTING,
    REFUSERS,
    SWIMMING,
    TRAIT_ACTION_KINDS,
)

NEOPLASIA_BIT = 1 << NEOPLASIA
#: an animal holding one of these traits may refuse a trait by ``rule_of_placement`` (Neoplasia, the traits with an
#: ``accepts_trait`` rule)
RULED_BY_HELD_TRAITS = NEOPLASIA_BIT | LIMITING_PLACEMENT
SWIMMING_BIT = 1 << SWIMMING
#: animals placed at once by a player dealt a full hand with no animals (Continents, ruling 58)
NEW_HERD = 2
NOT_INTO_THE_OCEAN = Refusal("a non-swimming animal never migrates into the Ocean (NOTES §10)")
SWIMMERS_GO_BY_SEA = Refusal("a swimming animal migrates only between the Ocean and a continent, never from continent "
                             "to continent (NOTES §10)")
NO_SWIMMING_CARD = Refusal("an animal leaving the Ocean takes a Swimming card from its owner's discard pile, and there "
                           "is none (NOTES §10, interpretation)")
#: per location: why an animal there does not move there
ALREADY_THERE = tuple(Refusal(f"the animal is already in {LOCATION_NAMES[x]}") for x in LOCATIONS)
TAKING_IS_COMPULSORY_HERE = Refusal("taking food is compulsory: a location has red tokens and one of your animals "
                                    "there can receive one; take a token, attack, convert fat or migrate (ruling 16)")
MIGRATION_TURN = Refusal("this is a Migration turn: no food is taken and no trait but Migration is used (ruling 74)")
#: the traits whose actions move an animal in a Migration turn (Migration, Flight), each with its moving kinds' rules
#: and cached actions, in the order of ``TRAIT_ACTION_KINDS`` (the order ``migration_choices`` offers them in)
MIGRATION_OFFERS: tuple[tuple[int, tuple[tuple[Callable[..., Refusal | None], tuple[Action, ...]], ...]], ...] = tuple(
    (trait, tuple((REFUSERS[kind][1], MIGRATION_ACTIONS[kind]) for kind in kinds if kind in MIGRATION_KINDS))
    for trait, kinds in TRAIT_ACTION_KINDS.items() if any(kind in MIGRATION_KINDS for kind in kinds))
#: the bit mask of those traits
MIGRATING_TRAITS = sum(1 << trait for trait, _ in MIGRATION_OFFERS)


def elsewhere(location: int) -> Refusal:
    return Refusal(f"this feeding turn takes place in {LOCATION_NAMES[location]}: its animals only (ruling 55)")


class Locations(TraitSupport):
    """Where the animals are, the food of each location and the feeding turn's location; switched-off traits."""

    __slots__ = ("location", "location_food", "feeding_location", "husks", "reborn", "shed", "shell_places")
    # what the flow above adds (``migration.ContinentsFlow``): the decision of a new animal's continent, the moves
    choose_location: Callable[[int, int], None]
    choose_gifts: Callable[[int, int], None]
    choose_regeneration_card: Callable[[], bool]
    move_animal: Callable[..., None]

    def _init_empty(self, cfg: Config) -> None:
        super()._init_empty(cfg)
        located = cfg.located
        #: per animal number: its location (``geography``), in games with locations; else empty
        self.location: list[int] = [0] * cfg.num_cards if located else []
        #: red tokens of each location, except the location of the feeding turn (whose tokens are in ``food_base``)
        self.location_food: list[int] = [0, 0, 0] if located else []
        self.feeding_location = NOT_CHOSEN
        #: animals eaten with Regeneration whose traits wait on the table for a new animal card (bit mask)
        self.husks = 0
        #: animals regenerated at this deal, until the new turn's births are given (ruling 84; at a decision, those
        #: marked ``regenerated``: between the Regeneration choices of one deal, else none)
        self.reborn = 0
        #: the old animal cards regenerated animals left in their owners' discard piles (bit mask by card id): unseen
        #: by the other players
        self.shed = 0
        #: Time to Fly with locations: the location of each loose Shell (card id -> location), where its animal died
        #: (NOTES §9.2 shell, engine convention)
        self.shell_places: dict[int, int] = {}

    def clone(self) -> Self:
        new = super().clone()
        new.location = self.location[:]
        new.location_food = self.location_food[:]
        new.feeding_location = self.feeding_location
        new.husks = self.husks
        new.reborn = self.reborn
        new.shed = self.shed
        new.shell_places = dict(self.shell_places) if self.shell_places else {}
        return new

    # ------------------------------------------------------------------------------------------------ traits off
    def _recalc(self, a: int) -> None:
        super()._recalc(a)
        if self.trait_mask[a] & NEOPLASIA_BIT or (self.husks >> a) & 1 or (
                self.marks and PARALYSED in self.marks and (self.marked(PARALYSED, a) or self.paralysed_partner(a))):
            self._switch_off(a)   # (counts the cards that work again, then what is not a card: a Hunter, Ice Age)
            if not (self.husks >> a) & 1:
                self.recalc_beyond_cards(a, not (self.marks and self.marked(PARALYSED, a)))

    def switched_off(self, a: int) -> list[int]:
        """The trait cards of ``a`` that do not work now: all of them on a husk or a paralysed animal, else the
        unpaired ones Neoplasia has passed (below it in the stack)."""
        cards = self.trait_cards[a]
        if (self.husks >> a) & 1 or (self.marks and self.marked(PARALYSED, a)):
            return list(cards)
        face = self.card_trait
        off = self.paralysed_partner(a) if self.marks and PARALYSED in self.marks else []
        for i, c in enumerate(cards):
            if face[c] == NEOPLASIA:
                return [x for x in cards[:i] if not PAIRED[face[x]]] + off
        return off

    def paralysed_partner(self, a: int) -> list[int]:
        """The paired cards of ``a`` whose other animal is paralysed: off as a whole (ruling 79: a paralysed
        Trematode host adds no need to its partner)."""
        first, second, face = self.first_animal, self.second_animal, self.card_trait
        return [c for c in self.trait_cards[a] if PAIRED[face[c]]
                and self.marked(PARALYSED, second[c] if first[c] == a else first[c])]

    def _switch_off(self, a: int) -> None:
        off = set(self.switched_off(a))
        face = self.card_trait
        mask, need, fat_cards = 0, 1, 0
        for c in self.trait_cards[a]:
            if c in off:
                continue
            t = face[c]
            mask |= 1 << t
            need += FOOD[t]
            fat_cards += t == FAT
        if (self.husks >> a) & 1:
            need = 0   # a husk needs no food (and so is never hungry, never fed more)
        self.trait_mask[a] = mask
        self.need[a] = need
        self.fat_tissue_count[a] = fat_cards

    def recalc_all(self) -> None:
        for animals in self.animals:
            for a in animals:
                self._recalc(a)

    # ------------------------------------------------------------------------------------------------ placement
    def rule_of_placement(self, p: int, t: int, a: int) -> Refusal | None:
        """The expansions' placement rules: those of trait ``t`` (``placement``) and those of the traits already on
        animal ``a`` (``accepts_trait``; Regeneration); a trait Neoplasia switched off still forbids a second copy."""
        if (self.husks >> a) & 1:
            return Refusal(f"A{a} is the traits of an eaten Regeneration animal: no card can be played on it")
        if (1 << t) & PLACED_BY_RULE:
            for handler in PLACEMENT_RULES[1 << t]:
                refusal = handler(self, p, t, a)
                if refusal is not None:
                    return refusal
        held = self.trait_mask[a]
        if held & NEOPLASIA_BIT:   # the traits it switched off count too
            held = self.all_traits(a)
            blocked = held & BLOCKING_PLACEMENT[t]
            if blocked:
                return PLACEMENT_REFUSALS[t][1 if blocked & SINGLE_COPY[t] else 2]
        mask = held & LIMITING_PLACEMENT
        if mask:
            for handler in ACCEPTS_TRAIT[mask]:
                refusal = handler(self, a, t)
                if refusal is not None:
                    return refusal
        return None

    def can_place_with_rules(self, p: int, t: int) -> bool:
        """``can_place_trait`` in a game with placement rules: ``placement_refusal`` (``pair_refusal`` for a paired
        trait, :meth:`can_pair_with_rules`) over the animals of the owners ``t`` may go to, the player's own first
        (``rule_of_placement`` asked only of an animal it could refuse)."""
        if PAIRED[t]:
            return self.can_pair_with_rules(p, t)
        trait_mask, blocking, husks = self.trait_mask, BLOCKING_PLACEMENT[t], self.husks
        by_rule = (1 << t) & PLACED_BY_RULE
        if ON_OWN[t]:
            for a in self.animals[p]:
                held = trait_mask[a]
                if not held & blocking and (not (by_rule or held & RULED_BY_HELD_TRAITS or (husks >> a) & 1)
                                            or self.rule_of_placement(p, t, a) is None):
                    return True
        if ON_OTHERS[t]:
            for q in range(self.player_count):
                if q != p:
                    for a in self.animals[q]:
                        held = trait_mask[a]
                        if not held & blocking and (not (by_rule or held & RULED_BY_HELD_TRAITS or (husks >> a) & 1)
                                                    or self.rule_of_placement(p, t, a) is None):
                            return True
        return False

    def can_pair_with_rules(self, p: int, t: int) -> bool:
        """May player ``p`` link two animals by the paired trait ``t`` (``pair_refusal`` is ``None`` for some pair):
        two animals of one owner ``t`` may go to, in one location, that ``rule_of_placement`` allows and ``t`` does not
        link yet. One pass over each owner's animals: each allowed animal is paired with those allowed before it in
        its location that ``t`` does not link it with (``linked``, read from its cards once; ``rule_of_placement``
        asked once per animal, and only of one it could refuse)."""
        trait_mask, husks, location = self.trait_mask, self.husks, self.location
        face, first, second, cards = self.card_trait, self.first_animal, self.second_animal, self.trait_cards
        by_rule = (1 << t) & PLACED_BY_RULE
        for q in range(self.player_count) if ON_OTHERS[t] else (p,):
            animals = self.animals[q]
            if (q == p) == ON_OWN[t] and len(animals) >= 2:
                allowed: list[int] = []   # the animals of q that t may go on, so far
                for a in animals:
                    if ((by_rule or trait_mask[a] & RULED_BY_HELD_TRAITS or (husks >> a) & 1)
                            and self.rule_of_placement(p, t, a) is not None):
                        continue
                    here = location[a] if location else NOT_CHOSEN
                    for b in allowed:
                        if not location or location[b] == here:
                            for c in cards[a]:   # (linked(a, b, t), inline)
                                if face[c] == t and (first[c] == b or second[c] == b):
                                    break
                            else:
                                return True
                    allowed.append(a)
        return False

    def first_targets_with_rules(self, p: int, t: int) -> list[Action]:
        """The ``target`` actions of the animals player ``p`` may name first for trait ``t`` in a game with placement
        rules (``first_target_refusal`` is ``None``), in seat and play order: ``placement_refusal`` for a single trait,
        the owner rule and :meth:`_has_partner` for a paired one — ``rule_of_placement`` asked once per animal, and
        only of one it could refuse (as in :meth:`can_place_with_rules`)."""
        trait_mask, husks, target, legal = self.trait_mask, self.husks, A.TARGET, []
        by_rule, paired = (1 << t) & PLACED_BY_RULE, PAIRED[t]
        blocking = 0 if paired else BLOCKING_PLACEMENT[t]
        for q in range(self.player_count) if ON_OTHERS[t] else (p,):
            if ON_OWN[t] if q == p else not ON_OWN[t] if paired else ON_OTHERS[t]:   # (the owner rules)
                allowed: list[int] = []   # the animals of q that t may go on, in play order
                for a in self.animals[q]:
                    held = trait_mask[a]
                    if not held & blocking and (not (by_rule or held & RULED_BY_HELD_TRAITS or (husks >> a) & 1)
                                                or self.rule_of_placement(p, t, a) is None):
                        allowed.append(a)
                if not paired:
                    for a in allowed:
                        legal.append(target[a])
                elif len(allowed) >= 2:
                    self.append_partnered(t, allowed, legal)
        return legal

    def append_partnered(self, t: int, allowed: list[int], legal: list[Action]) -> None:
        """Append to ``legal`` the ``target`` action of each of ``allowed`` (animals of one owner that the paired trait
        ``t`` may go on) that has a partner among them: another one in its location that ``t`` does not link it with."""
        location, linked, target = self.location, self.linked, A.TARGET
        for a in allowed:
            here = location[a] if location else NOT_CHOSEN
            for b in allowed:
                if b != a and (not location or location[b] == here) and not linked(a, b, t):
                    legal.append(target[a])
                    break

    def _has_partner(self, p: int, t: int, a: int) -> bool:
        """May player ``p`` link ``a`` with another animal of its owner by the paired trait ``t``: is
        ``pair_refusal(p, t, a, b)`` ``None`` for some ``b``? (Its tests of ``a`` alone are made once.)"""
        if not self.config.placement_rules:
            return OriginRules._has_partner(self, p, t, a)
        owner = self.owner[a]
        if (owner == p) != ON_OWN[t]:
            return False
        location, rule, linked = self.location, self.rule_of_placement, self.linked
        here = location[a] if location else NOT_CHOSEN
        a_placeable: bool | None = None   # rule_of_placement(p, t, a) is None, asked once a partner is found
        for b in self.animals[owner]:
            if b != a and (not location or location[b] == here) and not linked(a, b, t):
                if a_placeable is None:
                    a_placeable = rule(p, t, a) is None
                    if not a_placeable:
                        return False
                if rule(p, t, b) is None:
                    return True
        return False

    def all_traits(self, a: int) -> int:
        """The bit mask of every trait card on ``a``, switched off or not."""
        mask = 0
        for c in self.trait_cards[a]:
            mask |= 1 << self.card_trait[c]
        return mask

    # ------------------------------------------------------------------------------------------------ attacks
    def attack_targets(self, predator: int) -> list[int]:
        """As the core's (:meth:`attack_refusal` over every animal, in seat and play order); with locations, an animal
        elsewhere is refused without a call, and one that nothing protects is allowed without one when no husk or
        trait of the predator's limits its attacks."""
        if not self.location:
            return OriginRules.attack_targets(self, predator)
        return list(self.located_attack_targets(predator))

    def has_attack_target(self, predator: int) -> bool:
        """Is :meth:`attack_targets` not empty? (Asked with the same shortcuts, stopping at the first target.)"""
        if not self.location:
            return OriginRules.has_attack_target(self, predator)
        return next(self.located_attack_targets(predator), None) is not None

    def located_attack_targets(self, predator: int) -> Iterator[int]:
        """The animals ``predator`` may attack with locations in play, one at a time (the rule of both questions
        above, written once)."""
        location, traits, husks = self.location, self.trait_mask, self.husks
        here = location[predator]
        ask_each = husks or traits[predator] & LIMITING_ATTACKS
        refusal = self.attack_refusal
        for animals in self.animals:
            for prey in animals:
                if location[prey] == here and prey != predator and (not (ask_each or traits[prey] & PROTECTING)
                                                                    or refusal(predator, prey) is None):
                    yield prey

    # ------------------------------------------------------------------------------------------------ food
    def roll_locations(self) -> None:
        """The first player rolls the food base of each location (ruling 12)."""
        laurasia, gondwana, ocean = LOCATION_FOOD[self.player_count]
        rolls: list[int] = []
        amounts = []
        for dice, plus in (laurasia, gondwana):
            roll = [self.rng.die() for _ in range(dice)]
            rolls.extend(roll)
            amounts.append(sum(roll) + plus)
        amounts.append(ocean)
        self.location_food = amounts
        self.dice = tuple(rolls)
        self.food_base = 0
        self.feeding_location = NOT_CHOSEN
        if self.log_events:
            self.emit("food_base", {"text": f"{self.player_name(self.first)} rolls {' + '.join(map(str, rolls))}: "
                                    + ", ".join(f"{LOCATION_NAMES[x]} has {amounts[x]}" for x in LOCATIONS)
                                    + " red tokens", "dice": rolls, "food": sum(amounts),
                                    "locations": dict(zip(LOCATION_IDS, amounts))})

    def food_in(self, location: int) -> int:
        """The red tokens of ``location`` now."""
        return self.food_base if location == self.feeding_location else self.location_food[location]

    def add_food(self, location: int, tokens: int) -> None:
        """``tokens`` more red tokens in ``location`` (the single food base in a game without locations)."""
        if not self.location or location == self.feeding_location:
            self.food_base += tokens
        else:
            self.location_food[location] += tokens

    def enter_location(self, location: int) -> None:
        """The feeding turn takes place in ``location`` from now on (its red tokens move into ``food_base``)."""
        self.feeding_location = location
        self.food_base = self.location_food[location]

    def leave_location(self) -> None:
        """The feeding turn is over: its location's red tokens go back."""
        if 0 <= self.feeding_location < MIGRATING:
            self.location_food[self.feeding_location] = self.food_base
            self.food_base = 0
        self.feeding_location = NOT_CHOSEN

    def commit_location(self, action: Action) -> None:
        """The first action of a feeding turn (``action`` names an animal) fixes the turn's location."""
        if action.kind in MIGRATION_KINDS:
            self.feeding_location = MIGRATING
        else:
            self.enter_location(self.location[action.args[0]])

    # ------------------------------------------------------------------------------------------------ choices
    def located_feeding_choices(self, p: int) -> list[Action]:
        """``p``'s feeding choices before the turn chose its location (those of every location where ``p`` has an
        animal, together, in location order; ``pass`` only if no location makes taking compulsory), or in a
        Migration turn. Each location's choices are ``OriginRules.feeding_choices``' own, asked with the turn
        entered there for the time of the call (the offer rule is written once), then the migrations."""
        if self.feeding_location == MIGRATING:
            return self.migration_choices(p)
        location, location_food = self.location, self.location_food
        by_location: tuple[list[int], list[int], list[int]] = ([], [], [])
        trait_masks = self.trait_mask
        present = 0   # the traits of p's animals
        for a in self.animals[p]:
            by_location[location[a]].append(a)
            present |= trait_masks[a]
        choices: list[Action] = []
        can_pass = True
        for here in LOCATIONS:
            animals = by_location[here]
            if not animals:
                continue
            self.feeding_location = here   # enter_location(here)
            self.food_base = location_food[here]
            try:
                offers = self.feeding_choices(p, animals)
            finally:
                location_food[here] = self.food_base
                self.food_base = 0
                self.feeding_location = NOT_CHOSEN
            if offers[-1] is A.PASS:
                offers.pop()
            else:
                can_pass = False   # (taking is compulsory here)
            choices += offers
        if present & MIGRATING_TRAITS:
            self.offer_migrations(p, choices)   # a Migration turn instead of feeding in a location
        if can_pass:
            choices.append(A.PASS)
        return choices

    def migration_choices(self, p: int) -> list[Action]:
        """A Migration turn: the further migrations of ``p``'s animals, and the end of the turn."""
        choices: list[Action] = []
        self.offer_migrations(p, choices)
        choices.append(A.PASS)
        return choices

    def offer_migrations(self, p: int, choices: list[Action]) -> None:
        """The migrations ``p``'s animals may make now (by Migration or Flight), appended to ``choices``. Every move's
        refusal asks ``traits.migration.migration_turn_refusal`` (the turn is, or may become, a Migration turn; the
        animal has not moved this turn): asked here once for the turn and read from the mark for each animal."""
        here = self.feeding_location
        if (self.main_action_used and here != MIGRATING) or 0 <= here < MIGRATING:
            return
        trait_masks = self.trait_mask
        moved = self.marks.get(MIGRATED, 0) if self.marks else 0
        for a in self.animals[p]:
            if trait_masks[a] & MIGRATING_TRAITS and not (moved >> a) & 1:
                for trait, offers in MIGRATION_OFFERS:
                    if (trait_masks[a] >> trait) & 1:
                        for refuser, actions in offers:
                            if refuser(self, a) is None:
                                choices.append(actions[a])

    def take_anywhere_refusal(self, p: int) -> Refusal | None:
        """Before the feeding turn chose its location: taking is compulsory if a location has red tokens and an
        animal of ``p`` there can receive one (ruling 16)."""
        if self.main_action_used:
            return None
        for a in self.animals[p]:
            if self.location_food[self.location[a]] and self.can_receive(a):
                return TAKING_IS_COMPULSORY_HERE
        return None

    def feeding_location_refusal(self, kind: str, animal: int) -> Refusal | None:
        """Why the feeding turn may not use ``animal`` (for an action of ``kind``) because of its location."""
        here = self.feeding_location
        if here == MIGRATING:
            return None if kind in MIGRATION_KINDS else MIGRATION_TURN
        if here != NOT_CHOSEN and kind not in MIGRATION_KINDS and self.location[animal] != here:
            return elsewhere(here)
        return None

    def check_in_location(self, kind: str, animal: int, rule: Callable[[], Refusal | None]) -> Refusal | None:
        """``rule()`` (the check of a feeding action of ``kind`` naming ``animal``) as it reads once the turn is in
        that animal's location: before the turn chose one, the check is made as if it had (a migration's is made as
        it is: it chooses no location)."""
        if self.feeding_location != NOT_CHOSEN or kind in MIGRATION_KINDS:
            return rule()
        here = self.location[animal]
        self.enter_location(here)
        try:
            return rule()
        finally:
            self.location_food[here] = self.food_base
            self.food_base = 0
            self.feeding_location = NOT_CHOSEN

    # ------------------------------------------------------------------------------------------------ moves
    def swims(self, a: int) -> bool:
        """Is ``a`` a swimmer: in the Ocean, or with a Swimming card?"""
        return self.location[a] == OCEAN or bool(self.all_traits(a) & SWIMMING_BIT)

    def move_refusal(self, a: int, destination: int) -> Refusal | None:
        """Why ``a`` may not move to ``destination`` as a migrant (or a Remora following one) — NOTES §10."""
        here = self.location[a]
        if here == destination:
            return ALREADY_THERE[destination]
        if not self.swims(a):
            return NOT_INTO_THE_OCEAN if destination == OCEAN else None
        if here != OCEAN and destination != OCEAN:
            return SWIMMERS_GO_BY_SEA
        if here == OCEAN and not self.swimming_cards_in_discard(self.owner[a]):
            return NO_SWIMMING_CARD
        return None

    def swimming_cards_in_discard(self, p: int) -> list[int]:
        """The cards of ``p``'s discard pile that can be played as Swimming, in pile order."""
        faces = self.config.faces
        return [c for c in self.discard[p] if SWIMMING in faces[c]]

    def unseen_in_discard(self, c: int) -> bool:
        """Is the card ``c`` of a discard pile unseen by the other players: a dead animal's card, or the old card of a
        regenerated animal (not a card that was played face up as a trait)?"""
        return c in self.animal_card or bool(self.shed >> c & 1)

    def swimming_card_in_discard(self, p: int) -> int:
        """The Swimming card an animal of ``p`` leaving the Ocean takes when its owner is not asked (-1 if none): the
        first one in pile order among the cards that were traits (seen by all; they are alike for the rules), else the
        first one. The owner is asked (``migration.SwimmingCard``) when :meth:`swimming_card_matters`."""
        swimming = self.swimming_cards_in_discard(p)
        if not swimming:
            return -1
        return next((c for c in swimming if not self.unseen_in_discard(c)), swimming[0])

    def swimming_card_matters(self, p: int) -> bool:
        """Does the choice of the Swimming card ``p``'s animal takes from the discard pile matter: two cards or more,
        one of them unseen by the others (which card is shown, if any, is the owner's choice)? The cards played as
        traits are alike: a card's face is chosen when it is taken and never changes, its other face and its id play
        no part in the rules."""
        swimming = self.swimming_cards_in_discard(p)
        return len(swimming) > 1 and any(self.unseen_in_discard(c) for c in swimming)

    def trait_name(self, c: int) -> str:
        return EN[self.card_trait[c]]

    # ------------------------------------------------------------------------------------------------ loose Shells
    def loose_shells_in(self, location: int) -> list[int]:
        """The loose Shells lying in ``location`` (Time to Fly with locations), oldest first."""
        places = self.shell_places
        return [c for c in self.loose_shells if places.get(c, LAURASIA) == location]

    # ------------------------------------------------------------------------------------------------ regeneration
    def cards_withheld(self, player: int) -> int:
        """Before ``player``'s cards are counted for the deal, their husks get new animal cards (Regeneration)."""
        if self.husks:
            for a in self.animals[player]:
                if (self.husks >> a) & 1:
                    self.regenerate(a)
        return super().cards_withheld(player)

    def regenerate(self, a: int, slot: int = 0) -> bool:
        """Before the deal, the husk ``a`` gets a new animal card from its owner's hand (the card in ``slot``: their
        choice, ``choices.RegenerationCard``) or the deck's top card when the hand is empty; ``True`` if it did (its
        owner then draws no card for it)."""
        owner = self.owner[a]
        hand = self.hands[owner]
        if hand:
            card = hand.pop(slot)
        elif self.deck:
            card = self.deck.pop()
        else:
            return False
        old = self.animal_card[a]
        self.discard[owner].append(old)
        self.shed |= 1 << old
        self.animal_card[a] = card
        self.husks &= ~(1 << a)
        self.reborn |= 1 << a
        self._recalc(a)
        self.mark(REGENERATED, a)
        if self.log_events:
            text = f"Regeneration: {self.animal_text(a)} gets a new animal card"
            self.emit("regenerate", {"text": f"{text} ({self._card_text(card)}); the old one, "
                                     f"{self._card_text(old)}, goes to the discard pile", "animal": a, "card": card,
                                     "old_card": old}, to=(owner,), redacted={"text": text, "animal": a})
        return True

    # ------------------------------------------------------------------------------------------------ the deal
    def settle_new_animals(self, seats: list[int]) -> None:
        """Continents: a player dealt a full hand with no animals at once places 2 of its cards as animals (the two
        dealt first) — NOTES §10, ruling 58. With locations each player then chooses where each goes (``settle``,
        in seat order, before the development phase; until then they count as in Laurasia)."""
        unplaced: list[tuple[int, int]] = []
        for p in seats:
            for _ in range(min(NEW_HERD, len(self.hands[p]))):
                card = self.hands[p].pop(0)
                a = self.animal_card.index(-1)
                self.animal_card[a] = card
                self.animals[p].append(a)
                self.owner[a] = p
                if self.location:
                    self.location[a] = LAURASIA
                    unplaced.append((p, a))
                if self.log_events:
                    text = f"{self.player_name(p)} places a new animal A{a}"
                    self.emit("play_animal", {"text": f"{text} ({self._card_text(card)})", "player": p, "animal": a,
                                              "card": card}, to=(p,), redacted={"text": text, "player": p,
                                                                                "animal": a})
        for p, a in reversed(unplaced):   # the first one on top
            self.choose_location(p, a)

    # ------------------------------------------------------------------------------------------------ scoring
    def score_of(self, p: int) -> int:
        """The base score, +1 per animal in the Ocean (ruling 63); a husk scores its traits, not an animal."""
        score = super().score_of(p)
        if self.location:
            score += sum(1 for a in self.animals[p] if self.location[a] == OCEAN)
        if self.husks:
            score -= 2 * sum(1 for a in self.animals[p] if (self.husks >> a) & 1)
        return score

    # ------------------------------------------------------------------------------------------------ JSON
    def load_continents(self, data: Any, where: str) -> None:
        """The Continents part of a saved state (``None``: a game without it)."""
        if data is None:
            return
        if not isinstance(data, dict):
            raise ValueError(f"{where} must be an object")
        location = [int(x) for x in data.get("location", [])]
        if self.config.located and len(location) != self.config.num_cards:
            raise ValueError(f"{where}.location must have {self.config.num_cards} entries")
        self.location = location
        self.location_food = [int(x) for x in data.get("location_food", [])]
        self.feeding_location = int(data.get("feeding_location", NOT_CHOSEN))
        self.husks = mask_of(data.get("husks", []))
        self.shed = mask_of(data.get("shed_animal_cards", []))
        places = data.get("loose_shell_locations", {})
        if not isinstance(places, dict):
            raise ValueError(f"{where}.loose_shell_locations must be an object (card id -> location)")
        self.shell_places = {int(c): int(x) for c, x in places.items()}
        # the animals regenerated at this deal are marked until the turn ends (a deal between two husks' choices)
        self.reborn = self.marks.get(REGENERATED, 0)

    # ------------------------------------------------------------------------------------------------ words
    def feeding_location_id(self) -> str | None:
        """The feeding turn's location in views: a location id, ``"migration"`` or ``None`` (not chosen)."""
        here = self.feeding_location
        return None if here == NOT_CHOSEN else "migration" if here == MIGRATING else LOCATION_IDS[here]

    def where(self, a: int) -> str:
        """`` in Laurasia`` (with locations), else nothing."""
        return f" in {LOCATION_NAMES[self.location[a]]}" if self.location else ""
