"""The New World position as plain data (int lists), and the rule functions every phase shares.

Numbering:

- evolution cards are ``0 .. len(cards)-1`` (the expanded card list of the data file);
- an animal has a number of its own (the smallest free one when it is created), never its card's id, so a number
  reveals nothing about the face-down card;
- an area **slot** is ``2 * area card + half`` (half 0: a single card or the upper half; 1: the lower half).

The turn structure lives in :mod:`.flow` as steps of the kernel's decision stack.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel.flow import FlowState

from .actions import SIDE_LARGE as SIDE_LARGE  # (re-exported: the trait modules take it from here)
from .actions import SIDE_SMALL as SIDE_SMALL
from .data import NO_TRAITS, TRAIT_INDEX, RulesData
from .tables import HotTables, tables_for
from .traits import HOOKS

NO_ANIMAL = -1
NO_CARD = -1
#: which neighbour a paired card links an animal to
RIGHT = 0
LEFT = 1

CARNIVORE = TRAIT_INDEX["carnivorous"]
FAT_TISSUE = TRAIT_INDEX["fat_tissue"]
SYMBIOSIS = TRAIT_INDEX["symbiosis"]
ADVERSE_MUTATION = TRAIT_INDEX["adverse_mutation"]
PIRACY = TRAIT_INDEX["piracy"]
METAMORPHOSIS = TRAIT_INDEX["metamorphosis"]
MIMICRY = TRAIT_INDEX["mimicry"]
HIBERNATION = TRAIT_INDEX["hibernation"]

BIT = HOOKS.bit
CARNIVORE_BIT = BIT["carnivorous"]
FAT_TISSUE_BIT = BIT["fat_tissue"]
SYMBIOSIS_BIT = BIT["symbiosis"]
ADAPTABLE_BIT = BIT["adaptable"]
SCAVENGER_BIT = BIT["scavenger"]
#: the traits that make :meth:`NewWorldState.can_take_food` more than the hunger test (a Symbiosis ward waits for its
#: guardian; an empty Fat Tissue takes food when its animal is fed)
TAKE_FOOD_BITS = SYMBIOSIS_BIT | FAT_TISSUE_BIT

PHASES = ("development", "areas", "feeding", "extinction", "over")

# the list fields of the position, saved and cloned as they are
FLAT_LISTS = ("hands", "rows", "passed", "played", "animal_card", "animal_owner", "food", "fat", "shelter",
              "poisoned", "used", "survived", "animal_cards", "card_trait", "card_host", "card_partner",
              "area_row", "area_deck", "area_box", "area_discard", "area_food", "area_shelter", "deck", "discard",
              "card_box", "turn_used")
SCALARS = ("period", "phase", "first_player", "final", "catastrophe")


class NewWorldState(FlowState):
    __slots__ = FLAT_LISTS + SCALARS + ("data", "needs", "tables", "trait_mask")

    # -- construction -----------------------------------------------------------------------------------------
    def init_empty(self, data: RulesData) -> None:
        players = self.num_players
        cards = len(data.card_large)
        self.data = data
        self.tables: HotTables = tables_for(data)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.rows: list[list[int]] = [[] for _ in range(players)]
        self.passed: list[int] = [0] * players
        self.played: list[int] = [0] * players  # cards played this development phase (Catastrophe's minimum)
        self.animal_card: list[int] = [NO_CARD] * cards
        self.animal_owner: list[int] = [-1] * cards
        self.food: list[int] = [0] * cards
        self.fat: list[int] = [0] * cards
        self.shelter: list[int] = [0] * cards
        self.poisoned: list[int] = [0] * cards
        self.used: list[int] = [0] * cards  # trait bits rotated this feeding phase (Carnivore, Piracy, ...)
        self.survived: list[int] = [0] * cards  # survived an attack this feeding phase (Shy)
        self.animal_cards: list[list[int]] = [[] for _ in range(cards)]
        self.trait_mask: list[int] = [0] * cards
        self.needs: list[int] = [data.base_food_requirement] * cards  # derived from the trait cards, kept current
        self.card_trait: list[int] = [-1] * cards
        self.card_host: list[int] = [NO_ANIMAL] * cards
        self.card_partner: list[int] = [NO_ANIMAL] * cards
        self.area_row: list[int] = []
        self.area_deck: list[int] = []
        self.area_box: list[int] = []
        self.area_discard: list[int] = []
        self.area_food: list[int] = [0] * (2 * len(data.areas))
        self.area_shelter: list[int] = [0] * (2 * len(data.areas))
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.card_box: list[int] = []  # Catastrophe: the evolution cards left undealt, out of the game unseen
        self.turn_used: list[int] = []  # trait cards that acted this turn (each acts at most once per turn)
        self.period = 1
        self.phase = "development"
        self.first_player = 0
        self.final = 0
        self.catastrophe = 0

    def clone(self) -> NewWorldState:
        other = type(self).__new__(type(self))
        self._copy_base(other)
        self._copy_flow(other)
        other.data = self.data
        other.tables = self.tables
        # (each field written out: a loop of getattr/setattr over the names cost a tenth of a search's clone)
        other.hands = list(map(list, self.hands))
        other.rows = list(map(list, self.rows))
        other.animal_cards = list(map(list, self.animal_cards))
        other.passed = list(self.passed)
        other.played = list(self.played)
        other.animal_card = list(self.animal_card)
        other.animal_owner = list(self.animal_owner)
        other.food = list(self.food)
        other.fat = list(self.fat)
        other.shelter = list(self.shelter)
        other.poisoned = list(self.poisoned)
        other.used = list(self.used)
        other.survived = list(self.survived)
        other.trait_mask = list(self.trait_mask)
        other.needs = list(self.needs)
        other.card_trait = list(self.card_trait)
        other.card_host = list(self.card_host)
        other.card_partner = list(self.card_partner)
        other.area_row = list(self.area_row)
        other.area_deck = list(self.area_deck)
        other.area_box = list(self.area_box)
        other.area_discard = list(self.area_discard)
        other.area_food = list(self.area_food)
        other.area_shelter = list(self.area_shelter)
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.card_box = list(self.card_box)
        other.turn_used = list(self.turn_used)
        other.period = self.period
        other.phase = self.phase
        other.first_player = self.first_player
        other.final = self.final
        other.catastrophe = self.catastrophe
        return other

    # -- reading the position ---------------------------------------------------------------------------------
    @property
    def options(self) -> dict[str, Any]:
        return self.game.options

    def alive(self, animal: int) -> bool:
        return self.animal_card[animal] != NO_CARD if 0 <= animal < len(self.animal_card) else False

    def has(self, animal: int, bit: int) -> bool:
        return bool(self.trait_mask[animal] & bit)

    def trait_count(self, animal: int) -> int:
        """Trait cards attached to the animal, paired cards touching it included."""
        return len(self.animal_cards[animal])

    def cards_with(self, animal: int, trait: int) -> list[int]:
        card_trait = self.card_trait
        return [card for card in self.animal_cards[animal] if card_trait[card] == trait]

    def need(self, animal: int) -> int:
        return self.needs[animal]

    def hungry(self, animal: int) -> bool:
        return self.food[animal] < self.needs[animal]

    def empty_fat_tissue(self, animal: int) -> bool:
        if not self.trait_mask[animal] & FAT_TISSUE_BIT:
            return False
        return self.fat[animal] < len(self.cards_with(animal, FAT_TISSUE))

    def guardian_of(self, animal: int) -> int:
        """The guardian of a Symbiosis ward (``NO_ANIMAL`` if the animal is no ward)."""
        if self.trait_mask[animal] & SYMBIOSIS_BIT:
            for card in self.animal_cards[animal]:
                if self.card_trait[card] == SYMBIOSIS and self.card_partner[card] == animal:
                    return self.card_host[card]
        return NO_ANIMAL

    def can_take_food(self, animal: int) -> bool:
        """The food pipeline's test (NOTES §6.9): could one more token be given to this animal now?"""
        if self.trait_mask[animal] & SYMBIOSIS_BIT and self.data.traits[SYMBIOSIS].params.get(
                "ward_feeds_only_after_guardian_fed", True):
            guardian = self.guardian_of(animal)
            if guardian != NO_ANIMAL and self.hungry(guardian):
                return False
        return self.hungry(animal) or self.empty_fat_tissue(animal)

    def slot_open_to(self, animal: int, slot: int) -> bool:
        """May this animal take food or shelter from the area half ``slot`` (NOTES §9.1)?"""
        half = self.data.areas[slot >> 1].halves[slot & 1]
        requires = half.requires
        if requires is None:
            return True
        mask = self.trait_mask[animal]
        if mask & ADAPTABLE_BIT:
            for handler in HOOKS.handlers("grants_access", mask):
                if handler(self, animal):
                    return True
        if requires == NO_TRAITS:
            return not self.animal_cards[animal]
        return bool(mask & BIT[requires])

    def slots(self) -> list[int]:
        """Every area half in play, left to right."""
        out = []
        areas = self.data.areas
        for area in self.area_row:
            out.append(2 * area)
            if len(areas[area].halves) == 2:
                out.append(2 * area + 1)
        return out

    def living_animals(self) -> list[int]:
        return [animal for row in self.rows for animal in row]

    def owner(self, animal: int) -> int:
        return self.animal_owner[animal]

    def neighbours(self, animal: int) -> tuple[int, int]:
        row = self.rows[self.animal_owner[animal]]
        index = row.index(animal)
        left = row[index - 1] if index > 0 else NO_ANIMAL
        right = row[index + 1] if index + 1 < len(row) else NO_ANIMAL
        return left, right

    def linked(self, first: int, second: int) -> bool:
        """Do these two animals share a paired card (their one link slot is taken)?"""
        trait_mask = self.trait_mask
        if not trait_mask[first] & trait_mask[second] & self.data.paired_mask:
            return False  # a shared paired card would give both animals its trait
        card_partner = self.card_partner
        card_host = self.card_host
        for card in self.animal_cards[first]:
            partner = card_partner[card]
            if partner == second and card_host[card] == first or partner == first and card_host[card] == second:
                return True
        return False

    def partner(self, card: int, animal: int) -> int:
        host = self.card_host[card]
        return self.card_partner[card] if host == animal else host

    @staticmethod
    def player_name(seat: int) -> str:
        """How texts name a seat: "Player 1" for seat 0, as in the other rulesets."""
        return f"Player {seat + 1}"

    def trait_name(self, trait: int) -> str:
        return self.data.traits[trait].en

    # -- changing the position --------------------------------------------------------------------------------
    def new_animal(self, player: int, card: int) -> int:
        animal = self.animal_card.index(NO_CARD)
        self.animal_card[animal] = card
        self.animal_owner[animal] = player
        self.food[animal] = self.fat[animal] = self.shelter[animal] = 0
        self.poisoned[animal] = self.used[animal] = self.survived[animal] = 0
        self.animal_cards[animal] = []
        self.trait_mask[animal] = 0
        self.needs[animal] = self.data.base_food_requirement
        self.rows[player].append(animal)
        return animal

    def _refresh_mask(self, animal: int) -> None:
        """Recompute the derived trait mask and food requirement of an animal from its trait cards."""
        mask = 0
        need = self.data.base_food_requirement
        card_trait = self.card_trait
        traits = self.data.traits
        for card in self.animal_cards[animal]:
            mask |= 1 << card_trait[card]
            need += traits[card_trait[card]].food
        self.trait_mask[animal] = mask
        self.needs[animal] = need

    def attach(self, card: int, trait: int, animal: int, partner: int = NO_ANIMAL) -> None:
        self.card_trait[card] = trait
        self.card_host[card] = animal
        self.card_partner[card] = partner
        for target in (animal, partner):
            if target != NO_ANIMAL:
                self.animal_cards[target].append(card)
                self.trait_mask[target] |= 1 << trait
                self.needs[target] += self.data.traits[trait].food

    def detach(self, card: int) -> None:
        """A trait card leaves play (to the discard pile): it leaves both animals of a pair."""
        for target in (self.card_host[card], self.card_partner[card]):
            if target != NO_ANIMAL and card in self.animal_cards[target]:
                self.animal_cards[target].remove(card)
                self._refresh_mask(target)
                if self.card_trait[card] == FAT_TISSUE:
                    self.fat[target] = min(self.fat[target], len(self.cards_with(target, FAT_TISSUE)))
        self.card_trait[card] = -1
        self.card_host[card] = self.card_partner[card] = NO_ANIMAL
        self.discard.append(card)

    def kill(self, animal: int) -> None:
        """The animal dies (NOTES §6.10): its cards go to the discard pile, tokens to the supply, Swamps gain red."""
        cards = self.animal_cards[animal]
        self.animal_cards[animal] = []  # (so that detach refreshes only the partners of paired cards)
        for card in cards:
            self.detach(card)
        self.needs[animal] = self.data.base_food_requirement
        self.discard.append(self.animal_card[animal])
        self.rows[self.animal_owner[animal]].remove(animal)
        self.animal_card[animal] = NO_CARD
        self.animal_owner[animal] = -1
        self.food[animal] = self.fat[animal] = self.shelter[animal] = 0
        self.poisoned[animal] = self.used[animal] = self.survived[animal] = 0
        self.trait_mask[animal] = 0
        self.swamps_gain()

    def swamps_gain(self) -> None:
        areas = self.data.areas
        for area in self.area_row:
            if areas[area].swamp:
                slot = 2 * area
                if self.area_food[slot] < areas[area].halves[0].food_cap:
                    self.area_food[slot] += 1

    def fill_areas(self) -> None:
        """The areas phase's filling (NOTES §5, §9.3): normal halves up to their symbols; an empty Swamp gets 1."""
        areas = self.data.areas
        for area in self.area_row:
            card = areas[area]
            for half_index, half in enumerate(card.halves):
                slot = 2 * area + half_index
                if card.swamp:
                    if self.area_food[slot] == 0:
                        self.area_food[slot] = min(half.food, half.food_cap)
                else:
                    self.area_food[slot] = max(self.area_food[slot], half.food)
                self.area_shelter[slot] = max(self.area_shelter[slot], half.shelter)

    def draw_card(self) -> int:
        """The top card of the evolution deck (reshuffling the discard pile when empty); ``NO_CARD`` if none."""
        if not self.deck:
            if not self.discard:
                return NO_CARD
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            if self.log_events:
                count = len(self.deck)
                self.emit("reshuffle", {"text": f"The discard pile is shuffled into a new deck of {count} cards",
                                        "cards": count})
        return self.deck.pop()
