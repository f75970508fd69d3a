"""Piracy and Metamorphosis, the additional actions (rulings 27, 37, 38, 59; reconstructed R1)."""

from __future__ import annotations

from evolutio.kernel import Action

from .helpers import animal, hand_card, kinds, play, scenario, traits_of


def test_piracy_steals_from_a_hungry_animal_even_in_shelter_ruling_59():
    state = scenario([{"animals": [{"traits": ["piracy"]}]},
                      {"animals": [{"traits": ["massive"], "food": 1, "shelter": True}, {"food": 1}]}],
                     phase="feeding")
    legal = state.legal_actions()
    assert Action("piracy", 0, 1) in legal
    assert "fed" in state.refusal(Action("piracy", 0, 2)).reason
    play(state, Action("piracy", 0, 1))
    assert animal(state, 0)["food"] == 1 and animal(state, 1)["food"] == 0


def test_additional_action_instead_of_passing_is_not_a_pass_ruling_37():
    state = scenario([{"animals": [{"traits": ["piracy"]}]}, {"animals": [{"traits": ["massive"], "food": 1}]}],
                     phase="feeding")
    assert kinds(state) == {"pass", "piracy"}
    play(state, Action("piracy", 0, 1))
    assert state.view(None)["players"][0]["passed"] is False
    assert animal(state, 0)["rotated"] == ["piracy"]


def test_piracy_once_per_feeding_phase_ruling_38():
    state = scenario([{"animals": [{"traits": ["piracy"], "rotated": ["piracy"]}]},
                      {"animals": [{"traits": ["massive"], "food": 1}]}], phase="feeding")
    assert "piracy" not in kinds(state)


def test_metamorphosis_discards_a_free_trait_then_takes_a_hand_card():
    state = scenario([{"animals": [{"traits": ["metamorphosis", "camouflage", "massive"]}],
                       "hand": ["sharp_vision"]}, {}], phase="feeding")
    cards = {t["trait"]: t["card"] for t in animal(state, 0)["traits"]}
    assert "raises the food" in state.refusal(Action("metamorphosis", 0, cards["massive"])).reason
    assert "itself" in state.refusal(Action("metamorphosis", 0, cards["metamorphosis"])).reason
    play(state, Action("metamorphosis", 0, cards["camouflage"]))
    card, side = hand_card(state, 0, "sharp_vision")
    play(state, Action("morph_trait", card, side))
    assert traits_of(state, 0) == ["metamorphosis", "massive", "sharp_vision"]


def test_metamorphosis_may_take_food_instead():
    state = scenario([{"animals": [{"traits": ["metamorphosis", "camouflage"]}]}, {}], phase="feeding")
    camouflage = next(t["card"] for t in animal(state, 0)["traits"] if t["trait"] == "camouflage")
    play(state, Action("metamorphosis", 0, camouflage), Action("morph_food"))
    assert animal(state, 0)["food"] == 1


def test_metamorphosis_option_a_gives_no_food_and_b_takes_no_card():
    body = {"players": [{"animals": [{"traits": ["metamorphosis", "camouflage"]}], "hand": ["sharp_vision"]}, {}],
                "phase": "feeding"}
    only_cards = scenario(**body, options={"metamorphosis": "a"})
    camouflage = next(t["card"] for t in animal(only_cards, 0)["traits"] if t["trait"] == "camouflage")
    play(only_cards, Action("metamorphosis", 0, camouflage))
    assert kinds(only_cards) == {"morph_trait"}
    assert "metamorphosis=a" in only_cards.refusal(Action("morph_food")).reason
    only_food = scenario(**body, options={"metamorphosis": "b"})
    play(only_food, Action("metamorphosis", 0, camouflage))
    assert kinds(only_food) == {"morph_food"}


def test_metamorphosis_places_a_paired_trait_linking_a_neighbour_r1():
    state = scenario([{"animals": [{"traits": ["camouflage"]}, {"traits": ["metamorphosis", "camouflage"]}, {}],
                       "hand": ["cooperation"]}, {}], phase="feeding", options={"metamorphosis": "a"})
    camouflage = next(t["card"] for t in animal(state, 1)["traits"] if t["trait"] == "camouflage")
    play(state, Action("metamorphosis", 1, camouflage))
    card, side = hand_card(state, 0, "cooperation")
    paired = {action for action in state.legal_actions() if action.kind == "morph_paired"}
    assert paired == {Action("morph_paired", card, side, 0), Action("morph_paired", card, side, 1)}
    assert "paired" in state.refusal(Action("morph_trait", card, side)).reason
    play(state, Action("morph_paired", card, side, 1))  # the left neighbour, animal 0
    link = next(t for t in animal(state, 1)["traits"] if t["trait"] == "cooperation")
    assert link["partner"] == 0 and traits_of(state, 0) == ["camouflage", "cooperation"]


def test_metamorphosis_paired_trait_obeys_the_link_rules_r1():
    state = scenario([{"animals": [{"traits": ["metamorphosis", "camouflage"]}, {}],
                       "links": [{"trait": "communication", "animals": [0, 1]}], "hand": ["symbiosis"]}, {}],
                     phase="feeding")
    camouflage = next(t["card"] for t in animal(state, 0)["traits"] if t["trait"] == "camouflage")
    play(state, Action("metamorphosis", 0, camouflage))
    card, side = hand_card(state, 0, "symbiosis")
    assert "already linked" in state.refusal(Action("morph_paired", card, side, 0)).reason
    assert "no neighbour" in state.refusal(Action("morph_paired", card, side, 1)).reason
    assert "morph_paired" not in kinds(state)
