"""Immunity (Иммунитет; Ice Age, reconstructed — NOTES §11.2, ruling 75): its animal ignores the nature-change cards
tagged ``disease``; a card row of food 0, played on own animals only, one copy per animal."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, IllegalAction

from .conftest import animal, in_hand, scenario, trait_ids
from .iceage import ICE, at_extinction, at_food_roll, nature_events, need


@pytest.mark.parametrize(("card", "traits"), [
    ("contagion", ["communication"]),
    ("carrion_fever", ["carnivore"]),
    ("fever", ["big"]),
])
def test_an_immune_animal_ignores_each_disease_need_card(card, traits):
    pairs = [{"trait": "communication", "animals": [0, 1]}] if traits == ["communication"] else []
    own = [{"id": 0, "traits": ["immunity"] + ([] if pairs else traits)},
           {"id": 1, "traits": [] if pairs else traits}]
    s = scenario({"phase": "food_base", "first_player": 0, "players": [{"animals": own}, {"animals": [{"id": 5}]}],
                  "pairs": pairs, "nature": {"revealed": card}, "chance": [{"die": 3}]}, **ICE)
    base = 1 + (1 if traits in (["carnivore"], ["big"]) else 0)
    assert need(s, 0) == base and need(s, 1) == base + 1 and need(s, 5) == 1
    assert nature_events(s)[-1]["ignored"] == [0]


def test_an_immune_animal_keeps_its_newest_trait_in_an_epidemic():
    s = at_extinction([{"animals": [{"id": 0, "traits": ["running", "camouflage", "immunity"], "food": 1},
                                    {"id": 1, "traits": ["running", "camouflage", "swimming"], "food": 1}]},
                       {"animals": [{"id": 5, "food": 1}]}], ["epidemic"])
    assert trait_ids(s, 0) == ["running", "camouflage", "immunity"]
    assert trait_ids(s, 1) == ["running", "camouflage"]


def test_immunity_does_not_shield_from_cold():
    s = at_food_roll([{"animals": [{"id": 0, "traits": ["immunity"]}]}, {"animals": [{"id": 5}]}], "polar_night")
    assert need(s, 0) == 2


def test_immunity_is_played_on_own_animals_only_and_once():
    s = scenario({"phase": "development", "first_player": 0, "to_act": 0,
                  "players": [{"hand": ["immunity"], "animals": [{"id": 0, "traits": ["immunity"]}, {"id": 1}]},
                              {"hand": ["big"], "animals": [{"id": 5}]}]}, **ICE)
    s.apply(Action("trait", in_hand(s, 0, "immunity"), 0))
    with pytest.raises(IllegalAction, match=r"Immunity can be played only on your own animals \(ruling 5\)"):
        s.apply(Action("target", 5))
    with pytest.raises(IllegalAction, match=r"already has Immunity"):
        s.apply(Action("target", 0))
    s.apply(Action("target", 1))
    assert animal(s, 1)["need"] == 1 and trait_ids(s, 1) == ["immunity"]
