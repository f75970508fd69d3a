"""Migration (NOTES §10, rulings 18, 74): a main action; a Migration turn takes no food and uses no other trait;
several migrants at once, each once per turn; non-swimmers move between the continents only, swimmers between the
Ocean and a continent only, taking a Swimming card from the discard pile to leave the Ocean."""

from evolutio.kernel import Action

from .conftest import animal, discard, table, trait_ids
from .continents import food_of, legal, located, where


def test_migrants_move_from_different_locations_in_one_migration_turn_ruling_74():
    s = located([[{"id": 0, "traits": ["migration"], "location": "laurasia"},
                  {"id": 1, "traits": ["migration"], "location": "gondwana"}], [{"id": 10}]],
                locations={"laurasia": 3, "gondwana": 3, "ocean": 3})
    assert {Action("migrate_gondwana", 0), Action("migrate_laurasia", 1)} <= legal(s, "migrate_gondwana") | legal(
        s, "migrate_laurasia")
    s.apply(Action("migrate_gondwana", 0))
    assert where(s, 0) == "gondwana"
    # a Migration turn: the other migrant may still move, but no food is taken and no other trait is used
    assert {a.kind for a in s.legal_actions()} == {"migrate_laurasia", "pass"}
    assert "Migration turn" in s.explain_illegal(Action("take", 0))
    s.apply(Action("migrate_laurasia", 1))
    # nothing is left to do in a Migration turn: seat 0's turn is over, and no food was taken anywhere
    assert where(s, 1) == "laurasia" and table(s)["to_act"] == 1
    assert food_of(s, "laurasia") == food_of(s, "gondwana") == food_of(s, "ocean") == 3


def test_an_animal_migrates_once_per_turn_ruling_74():
    s = located([[{"id": 0, "traits": ["migration"], "location": "laurasia"},
                  {"id": 1, "traits": ["migration"], "location": "laurasia"}], [{"id": 10}]])
    s.apply(Action("migrate_gondwana", 0))
    assert legal(s, "migrate_gondwana") == {Action("migrate_gondwana", 1)} and not legal(s, "migrate_laurasia")
    assert "already migrated this turn" in s.explain_illegal(Action("migrate_laurasia", 0))


def test_migration_is_the_main_action_ruling_18():
    # seat 0 has taken its red token in Laurasia (main action used); Hibernation keeps its turn open
    s = located([[{"id": 0, "traits": ["migration"], "location": "laurasia"},
                  {"id": 1, "traits": ["hibernation"], "location": "laurasia"}], [{"id": 10}]],
                locations={"laurasia": 3}, feeding_flags={"main_action_used": True})
    assert legal(s, "hibernate") and not legal(s, "migrate_gondwana")
    assert "main action" in s.explain_illegal(Action("migrate_gondwana", 0))


def test_a_non_swimming_animal_never_migrates_into_the_ocean():
    s = located([[{"id": 0, "traits": ["migration"], "location": "laurasia"}], [{"id": 10}]])
    assert "never migrates into the Ocean" in s.explain_illegal(Action("migrate_ocean", 0))


def test_a_swimmer_moves_between_the_ocean_and_a_continent_only():
    s = located([[{"id": 0, "traits": ["migration", "swimming"], "location": "gondwana", "food": 1}], [{"id": 10}]])
    assert "never from continent to continent" in s.explain_illegal(Action("migrate_laurasia", 0))
    s.apply(Action("migrate_ocean", 0))
    # into the Ocean it gives up its Swimming card (it swims by location there)
    assert where(s, 0) == "ocean" and trait_ids(s, 0) == ["migration"]
    assert any("swimming" in c for c in [t["traits"] for t in s.view(0)["players"][0]["discard"]])


def test_leaving_the_ocean_takes_a_swimming_card_from_the_owners_discard_pile():
    s = located([[{"id": 0, "traits": ["migration"], "location": "ocean", "food": 1}], [{"id": 10}]],
                discards=[["remora/swimming"], []])
    card = discard(s, 0)[0]
    s.apply(Action("migrate_laurasia", 0))
    assert where(s, 0) == "laurasia" and trait_ids(s, 0) == ["migration", "swimming"]
    assert card not in discard(s, 0) and animal(s, 0)["traits"][1]["card"] == card


def test_without_a_swimming_card_in_the_discard_pile_the_ocean_cannot_be_left():
    s = located([[{"id": 0, "traits": ["migration"], "location": "ocean"}], [{"id": 10}]], locations={"ocean": 2})
    assert not legal(s, "migrate_gondwana") and legal(s, "take")
    assert "Swimming card from its owner's discard pile, and there is none" in s.explain_illegal(
        Action("migrate_gondwana", 0))


# -- Flight's migration (Time to Fly with Continents, NOTES §10): continent to continent, 1-2 trait cards
FLYING = {"sets": "time_to_fly,continents"}


def test_a_flying_animal_with_one_or_two_traits_flies_from_continent_to_continent():
    s = located([[{"id": 0, "traits": ["flight"], "location": "laurasia"},
                  {"id": 1, "traits": ["flight", "swimming"], "location": "gondwana"}], [{"id": 10}]],
                locations={"laurasia": 3, "gondwana": 3, "ocean": 3}, **FLYING)
    assert legal(s, "fly_gondwana") == {Action("fly_gondwana", 0)}
    assert legal(s, "fly_laurasia") == {Action("fly_laurasia", 1)}   # a swimmer flies too, bypassing the Ocean
    assert "from the other continent" in s.explain_illegal(Action("fly_laurasia", 0))
    s.apply(Action("fly_gondwana", 0))
    assert where(s, 0) == "gondwana"
    # a Migration turn: no food, no other trait; the other flyer may still fly, each animal once per turn
    assert {a.kind for a in s.legal_actions()} == {"fly_laurasia", "pass"}
    assert "already migrated this turn" in s.explain_illegal(Action("fly_laurasia", 0))
    s.apply(Action("fly_laurasia", 1))
    assert where(s, 1) == "laurasia" and trait_ids(s, 1) == ["flight", "swimming"]
    assert food_of(s, "laurasia") == food_of(s, "gondwana") == 3


def test_an_animal_with_three_trait_cards_does_not_fly_and_nothing_flies_into_the_ocean():
    s = located([[{"id": 0, "traits": ["flight", "running", "big"], "location": "laurasia"},
                  {"id": 1, "traits": ["flight"], "location": "ocean"}], [{"id": 10}]],
                locations={"laurasia": 3, "gondwana": 3, "ocean": 3}, **FLYING)
    assert not legal(s, "fly_gondwana") and not legal(s, "fly_laurasia")
    assert "1-2 trait cards" in s.explain_illegal(Action("fly_gondwana", 0))
    assert "from the other continent" in s.explain_illegal(Action("fly_gondwana", 1))
    assert "fly_ocean" not in {a.kind for a in s.legal_actions()}


def test_flying_is_the_main_action_and_not_in_a_turn_that_took_food():
    s = located([[{"id": 0, "traits": ["flight"], "location": "laurasia"},
                  {"id": 1, "traits": ["hibernation"], "location": "laurasia"}], [{"id": 10}]],
                locations={"laurasia": 3}, feeding_flags={"main_action_used": True}, **FLYING)
    assert legal(s, "hibernate") and not legal(s, "fly_gondwana")
    assert "main action" in s.explain_illegal(Action("fly_gondwana", 0))


def test_without_locations_there_is_no_flying_kind():
    s = located([[{"id": 0, "traits": ["flight"]}], [{"id": 10}]], phase="development",
                continents_without_locations=True, **FLYING)
    assert not {"fly_laurasia", "fly_gondwana"} & set(s.game.action_schema().kinds)
