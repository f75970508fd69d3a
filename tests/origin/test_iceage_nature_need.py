"""Nature-change cards of the ``need`` family (Ice Age, reconstructed; NOTES §11.2): Early Frost, Freeze-Up, Blizzard,
Polar Night (cold) and Contagion, Carrion Fever, Fever (disease) act when the next feeding phase begins, on the
animals their filter names, and the change lasts until the end of that turn."""

from __future__ import annotations

from evolutio.kernel import Action

from .conftest import alive, scenario
from .iceage import ICE, at_food_roll, effect_of, need


def feeding_over(animals: list[list[dict]], nature: dict):
    """A 2-player feeding phase with an empty food base and no hands: nobody can act, so the feeding ends, then the
    extinction; ``nature`` is the scenario's nature field."""
    return scenario({"phase": "feeding", "first_player": 0, "food_base": 0,
                     "players": [{"animals": animals[0]}, {"animals": animals[1]}], "nature": nature}, **ICE)


def test_early_frost_hits_only_animals_without_trait_cards():
    s = at_food_roll([{"animals": [{"id": 0}, {"id": 1, "traits": ["running"]}]}, {"animals": [{"id": 5}]}],
                     "early_frost")
    assert (need(s, 0), need(s, 1), need(s, 5)) == (2, 1, 2)


def test_freeze_up_hits_swimmers_and_blizzard_hits_carnivores():
    players = [{"animals": [{"id": 0, "traits": ["swimming"]}, {"id": 1, "traits": ["carnivore"]}]},
               {"animals": [{"id": 5}]}]
    frozen = at_food_roll(players, "freeze_up")
    assert (need(frozen, 0), need(frozen, 1), need(frozen, 5)) == (2, 2, 1)
    blizzard = at_food_roll(players, "blizzard")
    assert (need(blizzard, 0), need(blizzard, 1), need(blizzard, 5)) == (1, 3, 1)


def test_the_change_acts_only_from_the_food_roll_on():
    s = scenario({"phase": "development", "first_player": 0, "to_act": 0,
                  "players": [{"hand": ["big"], "animals": [{"id": 0}]}, {"hand": ["big"], "animals": [{"id": 5}]}],
                  "nature": {"revealed": "polar_night"}}, **ICE)
    assert need(s, 0) == 1 and s.view(None)["nature"]["pending"] is True
    s.apply(Action("pass"))
    s.apply(Action("pass"))
    assert need(s, 0) == 2 and s.view(None)["nature"]["pending"] is False
    assert s.view(None)["nature"]["need_changes"] == {"0": 1, "5": 1}


def test_an_animal_whose_need_rose_starves_with_the_food_it_would_have_needed():
    # Polar Night acted when this feeding phase began (a scenario in the feeding phase with it revealed)
    s = feeding_over([[{"id": 0, "food": 1}, {"id": 1, "traits": ["insulation"], "food": 1}], [{"id": 5, "food": 1}]],
                     {"revealed": "polar_night"})
    assert effect_of(s, "polar_night")["affected"] == [0, 5]
    assert not alive(s, 0) and not alive(s, 5) and alive(s, 1)


def test_the_need_change_ends_with_the_turn():
    s = at_food_roll([{"animals": [{"id": 0}]}, {"animals": [{"id": 5}]}], "polar_night", deck=["thaw"])
    for animal in (0, 5, 0, 5):   # each animal takes the two red tokens it needs this turn
        s.apply(Action("take", animal))
    assert s.view(None)["turn"] == 2 and alive(s, 0) and alive(s, 5)
    assert need(s, 0) == 1 and s.view(None)["nature"]["need_changes"] == {}
