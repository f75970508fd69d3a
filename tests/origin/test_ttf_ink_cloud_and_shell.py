"""Ink Cloud and Shell (Time to Fly, NOTES §9.2 ink_cloud / shell, rulings 42, 43, 49, 68): two optional defences —
ink gives the Carnivore its attack back; a Shell hides the animal for the turn and outlives it."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, ScenarioError

from .conftest import acts, alive, animal, feeding, food, scenario, trait_card, trait_ids

TTF = {"sets": "time_to_fly"}


def attacked(prey: dict, **kwargs):
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}], [prey, {"id": 11}]], food_base=kwargs.pop("food", 4),
                **TTF, **kwargs)
    s.apply(Action("attack", 0))
    s.apply(Action("target", prey["id"]))
    return s


def test_ink_cloud_saves_the_animal_and_gives_the_carnivore_its_attack_back_ruling_43():
    s = attacked({"id": 10, "traits": ["ink_cloud"]})
    assert set(s.legal_actions()) == {Action("ink"), Action("accept")}
    s.apply(Action("ink"))
    assert alive(s, 10) and food(s, 0) == 0
    assert not animal(s, 0)["attacked_this_turn"]
    s.apply(Action("take", 11))        # seat 1's feeding turn
    assert Action("attack", 0) in acts(s, "attack")   # seat 0, later feeding turn of the same turn
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert not alive(s, 10) and food(s, 0) == 2   # the ink is spent (once per feeding phase): no defence left


def test_a_shell_hides_the_animal_for_the_turn_ruling_42():
    s = attacked({"id": 10, "traits": ["shell"]})
    assert set(s.legal_actions()) == {Action("hide"), Action("accept")}
    s.apply(Action("hide"))
    assert alive(s, 10) and food(s, 0) == 0 and animal(s, 0)["attacked_this_turn"]
    assert "in_shell" in animal(s, 10)["marks"]
    # seat 1's feeding turn: the hiding animal cannot receive food
    assert Action("take", 10) not in s.legal_actions()
    assert "receives no red or blue token" in s.refusal(Action("take", 10)).reason


def test_a_shell_stays_in_the_centre_and_is_picked_up_as_a_main_action_ruling_68():
    s = attacked({"id": 10, "traits": ["shell"]})
    shell = trait_card(s, 10, "shell")
    s.apply(Action("accept"))
    assert not alive(s, 10)
    assert s.view(None)["loose_shells"] == [shell]
    assert shell not in [c["id"] for c in s.view(1)["players"][1]["discard"]]
    assert s.card_census()["centre"] == 1
    # seat 1 picks it up for A11 instead of taking food
    assert Action("pick_shell", 11) in s.legal_actions()
    s.apply(Action("pick_shell", 11))
    assert trait_ids(s, 11) == ["shell"] and "loose_shells" not in s.view(None)
    assert s.card_census()["centre"] == 0


def test_a_loose_shell_follows_the_placement_rules():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}],
                 [{"id": 10, "traits": ["shell"]}, {"id": 11, "traits": ["shell"]}, {"id": 12}]], food_base=4, **TTF)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    s.apply(Action("accept"))
    assert Action("pick_shell", 12) in s.legal_actions() and Action("pick_shell", 11) not in s.legal_actions()
    assert "already has Shell" in s.refusal(Action("pick_shell", 11)).reason


def test_a_starving_animal_leaves_its_shell_in_the_centre_too():
    s = feeding([[{"id": 0, "traits": ["shell"]}], [{"id": 10}]], food_base=0, **TTF)
    # nobody can feed (the base is empty): the turn ends and A0 and A10 starve
    assert s.view(None)["turn"] == 2 and not alive(s, 0)
    [shell] = s.view(None)["loose_shells"]
    assert s.card_info(shell)["traits"] == ["shell"]
    assert shell not in [c["id"] for c in s.view(0)["players"][0]["discard"]]


def test_a_scenario_may_put_loose_shells_in_the_centre():
    body = {"phase": "feeding", "first_player": 0, "to_act": 0, "food_base": 3, "loose_shells": ["shell"],
            "players": [{"animals": [{"id": 0}]}, {"animals": [{"id": 10}]}]}
    t = scenario(body, **TTF)
    [shell] = t.view(None)["loose_shells"]
    assert t.card_info(shell)["traits"] == ["shell"]
    assert Action("pick_shell", 0) in t.legal_actions() and t.card_census()["centre"] == 1
    with pytest.raises(ScenarioError, match=r"loose_shells\[0\]: card 0 .* is not a Shell"):
        scenario({**body, "loose_shells": [0]}, **TTF)
