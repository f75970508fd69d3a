"""Migration (Миграция; Continents): a main action. The player declares Migration: in that feeding turn they take no
food and use no trait but Migration (and Remoras following); any number of their Migration animals — each once per
turn, from any locations — move, one ``migrate_<location>`` action each (NOTES §10, rulings 18, 74). A non-swimming
animal moves between Laurasia and Gondwana, never into the Ocean; a swimming one (Swimming, or in the Ocean) moves
between the Ocean and a continent, never from continent to continent. The moves themselves, the Swimming card they
take or give up, the Remoras that follow and the paired cards a move separates are ``migration.ContinentsFlow``'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from ..card_data import MAX_CARDS
from ..geography import (
    CONTINENTS_ONLY,
    LOCATION_IDS,
    LOCATION_NAMES,
    MIGRATING,
    MIGRATION_ACTIONS,
    MIGRATION_KINDS,
    TAKE_SWIMMING,
)
from ..geography import MIGRATED as MIGRATED_MARK
from . import TRAIT_NUM, card_name, mark_kind, refuses, resolves, trait_action, trait_choice

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..migration import ContinentsFlow

#: the animals that have migrated this turn (each migrates at most once per turn, ruling 74)
MIGRATED = mark_kind(MIGRATED_MARK, "turn")
ALREADY_MIGRATED = Refusal("this animal has already migrated this turn (ruling 74)")
MAIN_ACTION_USED = Refusal("Migration is the feeding turn's main action, and it is used (ruling 18)")
FEEDING_HERE = Refusal("this feeding turn has already used a trait in its location: a Migration turn uses no trait "
                       "but Migration (ruling 74)")
#: the migration kinds: ``migrate_laurasia`` … by destination
KINDS = tuple(f"migrate_{name}" for name in LOCATION_IDS)
MIGRATION_KINDS.update(KINDS)
MIGRATION_ACTIONS.update((kind, tuple(Action(kind, a) for a in range(MAX_CARDS))) for kind in KINDS)


def migration_turn_refusal(state: ContinentsFlow, animal: int) -> Refusal | None:
    """Why ``animal`` may not move in this feeding turn at all: it has moved this turn, or the turn is not (or can no
    longer become) a Migration turn — the rule of every move of a Migration turn (Migration, Flight)."""
    if state.marked(MIGRATED, animal):
        return ALREADY_MIGRATED
    if state.main_action_used and state.feeding_location != MIGRATING:
        return MAIN_ACTION_USED
    if 0 <= state.feeding_location < MIGRATING:
        return FEEDING_HERE
    return None


def migration_refusal(state: ContinentsFlow, animal: int, destination: int) -> Refusal | None:
    """Why the feeding player's Migration ``animal`` may not migrate to ``destination`` now."""
    return migration_turn_refusal(state, animal) or state.move_refusal(animal, destination)


def _declare(destination: int) -> None:
    kind = KINDS[destination]

    @refuses(kind, "migration")
    def refusal(state: ContinentsFlow, animal: int) -> Refusal | None:
        return migration_refusal(state, animal, destination)

    def describe(state: ContinentsFlow, animal: int) -> str:
        return f"Migration: {state.animal_text(animal, state.actor)} migrates to {LOCATION_NAMES[destination]}"

    trait_action("migration", kind, describe)   # offered by ``locations.Locations.migration_choices``

    @resolves(kind)
    def migrate(state: ContinentsFlow, animal: int) -> None:
        state.mark(MIGRATED, animal)
        state.migrate(animal, destination)


for _destination in range(len(LOCATION_IDS)):
    _declare(_destination)


def describe_taking(state: ContinentsFlow, card: int) -> str:
    shown = " (an animal's card: the others see it now)" if state.unseen_in_discard(card) else ""
    return f"Swimming: take {card_name(state.config.faces[card])} card {card} from your discard pile{shown}"


trait_choice("migration", TAKE_SWIMMING, "card id", describe_taking)


def _declare_flight(destination: int) -> None:
    """Flight (Время летать): an animal with Flight and 1-2 trait cards may move from continent to continent in a
    Migration turn, bypassing the Ocean, a swimming one too (NOTES §10). Declared only when this evolutio has Flight's
    rules."""
    kind = f"fly_{LOCATION_IDS[destination]}"
    from_the_other_continent = Refusal(f"Flight carries an animal from the other continent to "
                                       f"{LOCATION_NAMES[destination]}")

    @refuses(kind, "flight")
    def refusal(state: ContinentsFlow, animal: int) -> Refusal | None:
        if not 1 <= len(state.trait_cards[animal]) <= FLIGHT_MOST_TRAITS:
            return FLIGHT_TRAIT_LIMIT
        if state.location[animal] not in CONTINENTS_ONLY or state.location[animal] == destination:
            return from_the_other_continent
        return migration_turn_refusal(state, animal)

    trait_action("flight", kind, lambda state, animal: f"Flight: {state.animal_text(animal, state.actor)} flies to "
                 f"{LOCATION_NAMES[destination]}")

    @resolves(kind)
    def fly(state: ContinentsFlow, animal: int) -> None:
        state.mark(MIGRATED, animal)
        state.migrate(animal, destination)

    MIGRATION_KINDS.add(kind)
    MIGRATION_ACTIONS[kind] = tuple(Action(kind, a) for a in range(MAX_CARDS))


#: the most trait cards a flying migrant may have
FLIGHT_MOST_TRAITS = 2
FLIGHT_TRAIT_LIMIT = Refusal(f"only an animal with Flight and 1-{FLIGHT_MOST_TRAITS} trait cards flies to another "
                             "continent (NOTES §10)")
if "flight" in TRAIT_NUM:
    for _destination in CONTINENTS_ONLY:
        _declare_flight(_destination)
