"""Insulation (Утепление; Ice Age, reconstructed — NOTES §11.2, ruling 75): its animal ignores the nature-change cards
tagged ``cold``; a card row of food 0, played on own animals only, one copy per animal."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, IllegalAction, load_game

from .conftest import animal, fat, in_hand, scenario, table
from .iceage import ICE, at_extinction, at_food_roll, nature_events, need, user_file


def test_an_insulated_animal_ignores_a_cold_need_card_and_the_others_need_more():
    s = at_food_roll([{"animals": [{"id": 0, "traits": ["insulation"]}, {"id": 1}]},
                      {"animals": [{"id": 2, "traits": ["fat_tissue"]}, {"id": 3, "traits": ["immunity"]}]}],
                     "polar_night")
    assert (need(s, 0), need(s, 1), need(s, 2), need(s, 3)) == (1, 2, 1, 2)
    effect = nature_events(s)[-1]
    assert effect["card"] == "polar_night" and effect["affected"] == [1, 3] and effect["ignored"] == [0]
    assert "A0 ignores it (Insulation)" in effect["text"]


def test_an_insulated_animal_keeps_its_fat_in_the_icy_wind():
    s = at_extinction([{"animals": [{"id": 0, "traits": ["insulation", "fat_tissue"], "food": 1, "fat": 1},
                                    {"id": 1, "traits": ["fat_tissue"], "food": 1, "fat": 1}]},
                       {"animals": [{"id": 2, "food": 1}]}], ["icy_wind"])
    assert fat(s, 0) == 1 and fat(s, 1) == 0


def test_insulation_does_not_shield_from_disease():
    s = at_extinction([{"animals": [{"id": 0, "traits": ["insulation", "running", "camouflage"], "food": 1}]},
                       {"animals": [{"id": 2, "food": 1}]}], ["epidemic"])
    assert [t["trait"] for t in animal(s, 0)["traits"]] == ["insulation", "running"]


def test_insulation_needs_no_food_and_scores_one_point():
    s = scenario({"players": [{"animals": [{"id": 0, "traits": ["insulation"]}]}, {"animals": [{"id": 1}]}]}, **ICE)
    assert need(s, 0) == 1
    assert [p["score"] for p in table(s)["players"]] == [3, 2]


def test_insulation_is_played_on_own_animals_only_and_once():
    s = scenario({"phase": "development", "first_player": 0, "to_act": 0,
                  "players": [{"hand": ["insulation", "insulation"], "animals": [{"id": 0, "traits": ["insulation"]},
                                                                             {"id": 1}]},
                              {"hand": ["big"], "animals": [{"id": 5}]}]}, **ICE)
    card = in_hand(s, 0, "insulation")
    s.apply(Action("trait", card, 0))
    with pytest.raises(IllegalAction, match=r"Insulation can be played only on your own animals \(ruling 5\)"):
        s.apply(Action("target", 5))
    with pytest.raises(IllegalAction, match=r"already has Insulation; an animal cannot carry two copies"):
        s.apply(Action("target", 0))
    s.apply(Action("target", 1))
    assert [t["trait"] for t in animal(s, 1)["traits"]] == ["insulation"]


def test_the_tags_insulation_ignores_come_from_the_data_file(tmp_path):
    def warm_coat_against_disease(data):
        data["traits"]["insulation"]["ignores_tags"] = ["disease"]

    path = user_file(tmp_path, warm_coat_against_disease)
    s = at_extinction([{"animals": [{"id": 0, "traits": ["insulation", "running", "camouflage"], "food": 1}]},
                       {"animals": [{"id": 2, "food": 1}]}], ["epidemic"], ice_age_file=path)
    assert [t["trait"] for t in animal(s, 0)["traits"]] == ["insulation", "running", "camouflage"]
    assert nature_events(s)[-1]["ignored"] == [0]


def test_the_deck_has_four_insulation_cards_after_the_base_list():
    state = load_game("origin", players=2, **ICE).new_state(3)
    names = [state.card_info(c)["traits"] for c in range(84, 92)]
    assert names.count(["insulation"]) == 4 and names.count(["immunity"]) == 4
    assert all(state.card_info(c)["reconstructed"] for c in range(84, 92))
    assert "reconstructed" not in state.card_info(0)
