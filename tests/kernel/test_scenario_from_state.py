"""A scenario written from any position of any ruleset plays on exactly as the game did (issue 16, item 5)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evolutio.kernel import Rng, ScenarioError, load_game, load_scenario
from evolutio.kernel.scenario import scenario_from_state

from ..conftest import GAMES, player_counts


def random_actions(name: str, players: int, seed: int) -> list:
    state = load_game(name, players=players).new_state(seed)
    rng = Rng(seed + 1)
    actions = []
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply(action)
    return actions


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), cut=st.floats(0, 1))
def test_scenario_from_any_position_reproduces_it_and_the_rest_of_the_game(name, seed, cut):
    players = player_counts(name)[-1]
    actions = random_actions(name, players, seed)
    at = int(cut * len(actions))
    replayed = load_game(name, players=players).new_state(seed)
    for action in actions[:at]:
        replayed.apply(action)
    scenario = json.loads(json.dumps(scenario_from_state(replayed)))
    loaded = load_scenario(scenario)
    assert loaded.position_digest() == replayed.position_digest()
    assert loaded.current_player == replayed.current_player
    assert loaded.legal_actions() == replayed.legal_actions()
    for seat in [None, *range(players)]:
        assert loaded.view(seat) == replayed.view(seat)
    for action in actions[at:]:
        loaded.apply(action)
        replayed.apply(action)
    assert loaded.is_terminal and loaded.scores() == replayed.scores() and loaded.winners() == replayed.winners()


@pytest.mark.parametrize("name", GAMES)
def test_saved_position_of_another_rules_version_or_garbage_is_refused_with_its_path(name):
    players = player_counts(name)[-1]
    scenario = scenario_from_state(load_game(name, players=players).new_state(1))
    with pytest.raises(ScenarioError, match=r"position.rules_version: the position was saved with"):
        load_scenario({**scenario, "position": {**scenario["position"], "rules_version": "0-old"}})
    with pytest.raises(ScenarioError, match=r"^position: expected an object"):
        load_scenario({**scenario, "position": [1, 2]})
    with pytest.raises(ScenarioError, match=r"^position: not a valid saved"):
        load_scenario({**scenario, "position": {k: v for k, v in scenario["position"].items() if k != "rng"}})
