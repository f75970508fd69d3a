"""The three locations of Continents (NOTES §10): their numbers, names, food table and the action kinds that name
them, and the names the location machinery (``locations.py``, ``migration.py``) shares with Continents' trait modules.
Plain data, read by the rules (``rules.py``) too."""

from __future__ import annotations

from evolutio.kernel import Action

LAURASIA, GONDWANA, OCEAN = range(3)
LOCATIONS = (LAURASIA, GONDWANA, OCEAN)
LOCATION_IDS = ("laurasia", "gondwana", "ocean")
LOCATION_NAMES = ("Laurasia", "Gondwana", "the Ocean")
CONTINENTS_ONLY = (LAURASIA, GONDWANA)
#: the feeding turn has not chosen its location yet (``feeding_location``)
NOT_CHOSEN = -1
#: the feeding turn is a Migration turn: it takes no food and uses no trait but Migration (ruling 74)
MIGRATING = 3

#: food base per location by number of players (NOTES §10, ruling 12): (dice, extra tokens) for Laurasia and
#: Gondwana, a fixed number of tokens for the Ocean
LOCATION_FOOD: dict[int, tuple[tuple[int, int], tuple[int, int], int]] = {
    2: ((1, 0), (1, 2), 3),
    3: ((1, 0), (2, 0), 4),
    4: ((1, 2), (2, 0), 5),
    5: ((1, 3), (2, 2), 6),
    6: ((1, 5), (2, 3), 7),
    7: ((2, 2), (3, 2), 8),
    8: ((3, 2), (3, 4), 9),
}

#: the decision after a new animal is played: the continent it goes to (argument: the new animal)
SETTLE_KINDS = ("settle_laurasia", "settle_gondwana")
#: a Remora follows a migrant (argument: the Remora); declining is ``pass``
FOLLOW = "follow"
#: the action kinds of a game with locations beyond the traits' own, each with one animal number
LOCATION_KINDS = (*SETTLE_KINDS, FOLLOW)
#: every action kind that moves an animal in a Migration turn, and their cached actions by kind and animal (filled by
#: ``traits.migration``: Migration's kinds, and Flight's when this evolutio has Flight)
MIGRATION_KINDS: set[str] = set()
MIGRATION_ACTIONS: dict[str, tuple[Action, ...]] = {}
#: the decision of the Swimming card an animal leaving the Ocean takes from its owner's discard pile (argument: the
#: card; ``migration.SwimmingCard``, declared by ``traits.migration``)
TAKE_SWIMMING = "take_swimming"
#: the mark of a carnivore paralysed by Toxic until the next turn (declared by ``traits.toxic``)
PARALYSED = "paralysed"
#: the mark of an animal that got a new animal card through Regeneration at this deal (declared by
#: ``traits.regeneration``)
REGENERATED = "regenerated"
#: the mark of an animal that has migrated this turn (declared by ``traits.migration``)
MIGRATED = "migrated"
