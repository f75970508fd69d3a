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


#: NOTES §4.2: (dice, extra tokens) of the food base by number of players, written out from the rulebook's table
FOOD_BASE_TABLE = {2: (1, 2), 3: (2, 0), 4: (2, 2), 5: (3, 2), 6: (3, 4), 7: (4, 2), 8: (4, 4)}
PINNED_FOOD_DICE = [6, 1, 3, 5]


@pytest.mark.parametrize("players", sorted(FOOD_BASE_TABLE))
def test_a_food_base_scenario_rolls_the_pinned_dice_by_the_rulebook_table(players):
    dice, extra = FOOD_BASE_TABLE[players]
    body = {"phase": "food_base", "first_player": players - 1, "chance": [{"dice": PINNED_FOOD_DICE}],
            "players": [{"animals": [{}]} for _ in range(players)]}
    state = scenario(body, players=players)
    view = state.view(None)
    assert view["phase"] == "feeding" and view["dice"] == PINNED_FOOD_DICE[:dice]
    assert view["food_base"] == sum(PINNED_FOOD_DICE[:dice]) + extra
    rolled = next(event for event in state.events_for(None) if event["kind"] == "food_base")
    assert rolled["text"].startswith(f"Player {players} rolls")       # the first player rolls
    assert state.current_player == players - 1 and Action("take", 0) not in state.legal_actions()
    own = state.view(players - 1)["players"][players - 1]["animals"][0]["id"]
    state.apply(Action("take", own))                                  # and feeds first
    assert state.view(None)["food_base"] == view["food_base"] - 1


def test_a_food_base_scenario_can_hold_before_the_roll():
    state = scenario({"phase": "food_base", "chance": [{"die": 2}], "hold": ["food_roll"],
                      "players": [{"animals": [{}]}, {"animals": [{}]}]})
    assert state.view(None)["held"] == "food_roll" and state.view(None)["dice"] == []
    state.apply(RESUME)
    assert state.view(None)["food_base"] == 4 and state.view(None)["phase"] == "feeding"


def hand_ids(state, seat: int) -> list[int]:
    return [card["id"] for card in state.view(seat)["players"][seat]["hand"]]


def test_an_extinction_scenario_deals_the_pinned_deck_top_one_at_a_time_from_the_first_player():
    # NOTES §7: deaths, then 1 + surviving animals each, one card at a time round-robin from the first player.
    # Seat 2 is first: its two fed animals entitle it to 3 cards; seat 0's animal starves (1 card: it keeps a hand
    # card, so it is not dealt a new hand of 6); seat 1: 2 cards
    pinned = [30, 31, 32, 33, 34, 35]
    state = scenario({"phase": "extinction", "first_player": 2, "chance": [{"deck": "main", "cards": pinned}],
                      "players": [{"animals": [{"id": 0}], "hand": [80]}, {"animals": [{"id": 10, "food": 1}]},
                                  {"animals": [{"id": 20, "food": 1}, {"id": 21, "food": 1}]}]}, players=3)
    assert alive_ids(state) == {10, 20, 21}
    assert hand_ids(state, 2) == [30, 33, 35] and hand_ids(state, 0) == [80, 31] and hand_ids(state, 1) == [32, 34]
    view = state.view(None)
    assert view["turn"] == 2 and view["phase"] == "development" and state.current_player == 0


def test_a_pinned_card_given_by_kind_is_the_next_one_drawn():
    state = scenario({"phase": "extinction", "chance": [{"deck": "main", "cards": ["poisonous/carnivore"]}],
                      "players": [{"animals": [{"id": 0, "food": 1}]}, {"animals": [{"id": 10, "food": 1}]}]})
    first = state.view(0)["players"][0]["hand"][0]
    assert first["traits"] == ["poisonous", "carnivore"]


def test_a_pinned_card_out_of_play_trades_places_with_the_bottom_card():
    # deck_size 3 puts the other unused cards out of play by chance; a pinned one of them is still drawn first
    body = {"phase": "extinction", "deck_size": 3, "players": [{"animals": [{"id": 0, "food": 1}]}, {}]}
    outside = next(card for card in range(84) if card not in (0, 10) and all(
        card not in hand_ids(scenario(body), seat) for seat in (0, 1)))
    state = scenario({**body, "chance": [{"deck": "main", "cards": [outside]}]})
    assert outside in hand_ids(state, 0)
    unpinned = scenario(body).view(None)
    assert (state.view(None)["deck_size"], state.view(None)["out_of_play"]) == (unpinned["deck_size"],
                                                                               unpinned["out_of_play"])


@pytest.mark.parametrize("phase, shown, actor", [
    ("development", "development", 1),
    ("food_base", "feeding", 1),
    ("feeding", "feeding", 1),
    ("extinction", "development", 0),   # the extinction runs at once: turn 2 begins with seat 0 first
])
def test_every_phase_is_a_starting_point_that_plays_on(phase, shown, actor):
    body = {"phase": phase, "first_player": 1, "food_base": 2 if phase == "feeding" else 0,
            "players": [{"hand": ["big", "carnivore"], "animals": [{"id": 0}]},
                        {"hand": ["big"], "animals": [{"id": 10}, {"id": 11}]}]}
    state = scenario(body)
    assert state.view(None)["phase"] == shown and state.current_player == actor
    for _ in range(300):
        if state.is_terminal or state.view(None)["turn"] == 3:
            break
        state.apply(state.legal_actions()[0])
    assert state.view(None)["turn"] == 3 or state.is_terminal


@pytest.mark.parametrize("body, message", [
    ({"phase": "food_base", "to_act": 1}, r"to_act: nobody acts in the food_base phase"),
    ({"phase": "extinction", "food_base": 3}, r"food_base: is set only in the feeding phase"),
    ({"chance": [{"deck": "discard", "cards": [3]}]}, r"chance\[0\]\.deck: origin has no deck named 'discard'"),
    ({"chance": [{"deck": "main", "cards": [5, 5]}]}, r"chance\[0\]\.cards\[1\]: card 5 is not in the deck"),
    ({"chance": [{"deck": "main", "cards": ["piracy", 0]}]}, r"chance\[0\]\.cards\[1\]: card 0 is not in the deck"),
    ({"chance": [{"deck": "main", "cards": ["wings"]}]}, r"chance\[0\]\.cards\[0\]: unknown trait 'wings'"),
])
def test_bad_phases_and_pinned_cards_are_refused_with_their_json_path(body, message):
    with pytest.raises(ScenarioError, match=message):
        scenario({"players": [{"hand": [0]}, {"hand": ["big"]}], **body})
