"""Edificator (NOTES §9.3, ruling 13): at the start of the feeding phase, 2 more red tokens in its location per
Edificator animal there; one switched off by Neoplasia adds nothing."""

from .continents import events, food_of, located


def test_each_edificator_adds_two_tokens_to_its_own_location_ruling_13():
    # 2 players: Laurasia 1d6, Gondwana 1d6 + 2, Ocean 3; dice 4 (Laurasia) then 3 (Gondwana)
    s = located([[{"id": 0, "traits": ["edificator"], "location": "gondwana"},
                  {"id": 1, "traits": ["edificator"], "location": "gondwana"}],
                 [{"id": 10, "traits": ["edificator"], "location": "ocean"}]], phase="food_base", dice=[4, 3])
    assert food_of(s, "laurasia") == 4
    assert food_of(s, "gondwana") == 3 + 2 + 2 * 2
    assert food_of(s, "ocean") == 3 + 2
    assert len(events(s, "edificator")) == 3


def test_an_edificator_switched_off_by_neoplasia_in_the_same_phase_adds_nothing_ruling_13():
    s = located([[{"id": 0, "traits": ["neoplasia", "edificator", "running"], "location": "laurasia"}],
                 [{"id": 10}]], phase="food_base", dice=[4, 3])
    assert food_of(s, "laurasia") == 4 and not events(s, "edificator")


def test_without_locations_the_tokens_go_to_the_one_food_base():
    # 2 players without locations: the base game's 1d6 + 2
    s = located([[{"id": 0, "traits": ["edificator"]}], [{"id": 10}]], phase="food_base", dice=[3],
                continents_without_locations=True)
    assert s.view(None)["food_base"] == 3 + 2 + 2 and "locations" not in s.view(None)
