"""Communication, Cooperation and Grazing (rulings 55–58, 61); the food pipeline into Fat Tissue (ruling 60)."""

from __future__ import annotations

from evolutio.kernel import Action

from .helpers import animal, play, scenario, slot


def test_cooperation_does_not_bounce_back_ruling_55():
    state = scenario([{"animals": [{}, {}], "links": [{"trait": "cooperation", "animals": [0, 1]}]}, {}],
                     areas=[{"area": "taiga"}], phase="feeding")
    play(state, Action("feed", 0, slot(state, "Taiga")))
    assert animal(state, 0)["food"] == 1 and animal(state, 1)["food"] == 1


def test_cooperation_trigger_that_moves_nothing_is_not_used_ruling_61():
    state = scenario([{"animals": [{}, {"food": 1}, {}],
                       "links": [{"trait": "cooperation", "animals": [0, 1]},
                                 {"trait": "cooperation", "animals": [1, 2]}]}, {}],
                     areas=[{"area": "taiga"}], phase="feeding")
    play(state, Action("feed", 0, slot(state, "Taiga")))
    assert [animal(state, n)["food"] for n in range(3)] == [1, 1, 0]


def test_communication_needs_partner_access_ruling_56():
    state = scenario([{"animals": [{"traits": ["massive"]}, {}],
                       "links": [{"trait": "communication", "animals": [0, 1]}]}, {}],
                     areas=[{"area": "savanna_desert"}], phase="feeding")
    play(state, Action("feed", 0, slot(state, "Savanna")))
    assert animal(state, 0)["food"] == 1 and animal(state, 1)["food"] == 0


def test_grazing_is_optional_ruling_58():
    state = scenario([{"animals": [{"traits": ["grazing"]}]}, {}], areas=[{"area": "taiga"}], phase="feeding")
    taiga = slot(state, "Taiga")
    play(state, Action("feed", 0, taiga), Action("skip_grazing", 0))
    assert state.view(None)["areas"][0]["halves"][0]["food"] == 2


def test_food_into_empty_fat_tissue_then_refused_ruling_60():
    state = scenario([{"animals": [{"traits": ["fat_tissue"], "food": 1}]}, {}],
                     areas=[{"area": "taiga"}], phase="feeding")
    taiga = slot(state, "Taiga")
    play(state, Action("feed", 0, taiga))
    assert animal(state, 0)["fat"] == 1
    play(state, Action("pass"))  # seat 1
    assert Action("feed", 0, taiga) not in state.legal_actions()
    assert "fed" in state.refusal(Action("feed", 0, taiga)).reason


def test_fat_tissue_stacks_one_fat_per_card():
    state = scenario([{"animals": [{"traits": ["fat_tissue", "fat_tissue"], "food": 1, "fat": 2}]}, {}],
                     areas=[{"area": "taiga"}], phase="feeding")
    assert animal(state, 0)["fat"] == 2
    assert Action("feed", 0, slot(state, "Taiga")) not in state.legal_actions()
