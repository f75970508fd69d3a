"""For every ruleset: a scenario that starts at a roll or reveal with it pinned and held there — every seat's view says
held, `resume` is the only legal action — and a record of the game started from it replays exactly."""

from __future__ import annotations

import json

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import Action, load_scenario, make_record, replay

RESUME = Action("resume")
EVO_PLAYERS = [{"dinos": [[-3, 1]]}, {"dinos": [[3, -1]]}, {"dinos": [[0, 2]]}]

#: ruleset -> (a scenario held before its first automatic step, that hold point)
HELD = {
    "origin": ({"game": "origin", "options": {"players": 2}, "seed": 3, "phase": "food_base",
                "chance": [{"die": 6}, {"deck": "main", "cards": ["carnivore"]}], "hold": ["food_roll"],
                "players": [{"animals": [{}]}, {"animals": [{}]}]}, "food_roll"),
    "northstar": ({"game": "northstar", "options": {"players": 2}, "seed": 3, "phase": "food-reveal",
                   "chance": [{"deck": "main", "cards": [["horns", 2]]}], "hold": ["food_reveal"],
                   "players": [{"species": [{}], "food_card": ["horns", 1]},
                               {"species": [{}], "food_card": ["climbing", 3]}]}, "food_reveal"),
    "newworld": ({"game": "newworld", "options": {"players": 2}, "seed": 3, "phase": "areas", "area_deck": 2,
                  "areas": [{"area": "steppe"}], "chance": [{"deck": "areas", "cards": ["oasis"]}, {"die": 4}],
                  "hold": ["areas_phase"], "players": [{"animals": [{}]}, {"animals": [{}]}]}, "areas_phase"),
    "evo": ({"game": "evo", "options": {"players": 3}, "seed": 3, "phase": "climate", "chance": [{"die": 1}],
             "hold": ["climate_roll"], "players": EVO_PLAYERS}, "climate_roll"),
}


@pytest.mark.parametrize("name", sorted(HELD))
def test_every_seat_sees_the_hold_and_only_resume_is_legal(name):
    scenario, point = HELD[name]
    state = load_scenario(scenario)
    for seat in [None, *range(state.num_players)]:
        assert state.view(seat)["held"] == point
    assert state.legal_actions() == [RESUME]
    state.apply(RESUME)
    assert all(state.view(seat)["held"] is None for seat in [None, *range(state.num_players)])


@pytest.mark.parametrize("name", sorted(HELD))
def test_a_record_started_from_a_pinned_held_scenario_replays_exactly(name):
    scenario, _ = HELD[name]
    state = load_scenario(scenario)
    bot = RandomBot(5)
    for _ in range(60):
        if state.is_terminal:
            break
        state.apply(bot.choose(state))
    record = json.loads(json.dumps(make_record(state, start=scenario)))
    assert record["scenario"]["chance"] == scenario["chance"]
    replayed = replay(record)
    assert replayed.position_digest() == state.position_digest()
    assert replayed.view(None) == state.view(None)
