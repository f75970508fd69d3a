"""Scenario controls on origin: pinned dice (``chance``) and hold points (``hold``), through the public contract."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, ScenarioError, load_game
from evolutio.kernel.errors import IllegalAction

from .conftest import scenario

RESUME = Action("resume")


def running_defence(die: int) -> object:
    """Seat 0's Carnivore A0 attacks seat 1's Running A10; the Running die is pinned to ``die``."""
    return scenario({"phase": "feeding", "food_base": 3, "chance": [{"die": die}], "players": [
        {"animals": [{"id": 0, "traits": ["carnivore"]}]},
        {"animals": [{"id": 10, "traits": ["running"]}, {"id": 11}]}],
        "pending": {"kind": "defence", "carnivore": 0, "target": 10}})


def alive_ids(state) -> set[int]:
    return {animal["id"] for player in state.view(None)["players"] for animal in player["animals"]}


@pytest.mark.parametrize("die, escapes", [(4, True), (3, False)])
def test_a_pinned_running_die_decides_the_escape_both_ways(die, escapes):
    state = running_defence(die)
    assert state.legal_actions() == [Action("run")]
    state.apply(Action("run"))
    texts = [event["text"] for event in state.events_for(None)]
    assert any(f"rolls {die}" in text for text in texts)
    assert (10 in alive_ids(state)) is escapes
    eaten = any("eats" in text for text in texts)
    assert eaten is not escapes


def test_pinned_food_dice_set_the_food_base():
    # two players: one die + 2 tokens (NOTES §4.2); both seats pass, the food roll comes next
    body = {"phase": "development", "chance": [{"die": 5}], "players": [
        {"hand": ["big"], "animals": [{"id": 0}]}, {"hand": ["big"], "animals": [{"id": 10}]}]}
    state = scenario(body)
    state.apply(Action("pass"))
    state.apply(Action("pass"))
    view = state.view(None)
    assert view["phase"] == "feeding" and view["dice"] == [5] and view["food_base"] == 7


def test_a_held_position_before_extinction_is_inspected_then_resumed():
    # seat 1's A10 gets no food; once both end their feeding turns the game holds before extinction
    state = scenario({"phase": "feeding", "food_base": 0, "hold": ["extinction"], "players": [
        {"animals": [{"id": 0, "food": 1}], "hand": ["big"]}, {"animals": [{"id": 10}], "hand": ["big"]}]})
    while state.view(None)["held"] is None:
        state.apply(Action("pass"))
    view = state.view(None)
    assert view["held"] == "extinction" and view["decision"]["kind"] == "hold"
    assert state.legal_actions() == [RESUME] and state.current_player == 0
    assert alive_ids(state) == {0, 10}                  # nobody has died yet: the position can be inspected
    with pytest.raises(IllegalAction, match="held before the extinction phase.*only choice is resume"):
        state.apply(Action("pass"))
    state.apply(RESUME)
    view = state.view(None)
    assert view["held"] is None and alive_ids(state) == {0}     # A10 starved; A0 was fed
    assert view["turn"] == 2 and view["phase"] == "development"


def test_a_hold_survives_saving_and_loading():
    state = scenario({"phase": "development", "hold": ["food_roll"], "players": [
        {"hand": ["big"], "animals": [{"id": 0}]}, {"hand": ["big"], "animals": [{"id": 10}]}]})
    state.apply(Action("pass"))
    state.apply(Action("pass"))
    assert state.view(None)["held"] == "food_roll" and state.view(None)["dice"] == []
    copy = state.game.state_from_json(state.to_json())
    assert copy.view(None) == state.view(None)
    copy.apply(RESUME)
    assert copy.view(None)["phase"] == "feeding" and len(copy.view(None)["dice"]) == 1


@pytest.mark.parametrize("body, message", [
    ({"chance": [{"die": 7}]}, "chance[0].die: 7 is not a face of a 6-sided die"),
    ({"hold": ["lunch"]}, "hold[0]: unknown hold point 'lunch' for origin (known: extinction, food_roll)"),
])
def test_bad_controls_are_refused_with_their_json_path(body, message):
    with pytest.raises(ScenarioError, match=message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
        scenario({"phase": "development", "players": [{"hand": ["big"]}, {"hand": ["big"]}], **body})


def test_the_game_lists_its_hold_points_and_die():
    game = load_game("origin", players=2)
    assert set(game.hold_points) == {"food_roll", "extinction"} and game.die_sides == 6
