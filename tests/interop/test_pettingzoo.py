"""PettingZoo's own conformance tests (api_test, seed_test) on every ruleset, plus our refusal rules."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from evolutio.interop.pettingzoo import env, raw_env  # noqa: E402
from evolutio.kernel import IllegalAction  # noqa: E402

from .conftest import RULESET_PLAYERS, RULESETS, options_for  # noqa: E402

pytestmark = pytest.mark.interop


@pytest.mark.parametrize("name,players,extra", RULESET_PLAYERS)
def test_api_test(name, players, extra):
    with warnings.catch_warnings():
        # PettingZoo warns that dict observations (observation + action_mask) are not plain arrays; its own
        # classic games do the same
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(name, **options_for(name, players, extra)), num_cycles=1000)


@pytest.mark.parametrize("name,players,extra", RULESET_PLAYERS)
def test_seed_test(name, players, extra):
    seed_test(lambda: env(name, **options_for(name, players, extra)), num_cycles=300)


@pytest.mark.parametrize("name", RULESETS)
def test_seeded_reset_is_the_engine_game_of_that_seed(name):
    from evolutio.kernel import load_game

    e = raw_env(name)
    e.reset(seed=77)
    assert e.engine_state.digest() == load_game(name).new_state(77).digest()


@pytest.mark.parametrize("name", RULESETS)
def test_observing_before_reset_says_to_reset(name):
    e = raw_env(name)
    with pytest.raises(RuntimeError, match=r"call reset\(\) first"):
        e.observe(e.possible_agents[0])


@pytest.mark.parametrize("name", RULESETS)
def test_illegal_and_out_of_range_actions(name):
    e = env(name)
    e.reset(seed=5)
    obs, *_ = e.last()
    mask = obs["action_mask"]
    n = mask.shape[0]
    illegal = int(np.flatnonzero(mask == 0)[0])
    agent = e.agent_selection
    with pytest.raises(IllegalAction, match=rf"{agent}: .*action {illegal} .*is not legal"):
        e.step(illegal)
    with pytest.raises(IllegalAction, match=r"out of range"):
        e.step(n)
    with pytest.raises(IllegalAction, match=r"must be an integer"):
        e.step(0.5)
    # the refused actions changed nothing
    obs2, *_ = e.last()
    assert e.agent_selection == agent and np.array_equal(obs2["observation"], obs["observation"])
    e.step(int(np.flatnonzero(mask)[0]))

    t = env(name, illegal_action="terminate")
    t.reset(seed=5)
    bad = t.agent_selection
    t.step(illegal)
    assert all(t.terminations.values())
    assert t.rewards[bad] == -1.0
    assert "not legal" in t.infos[bad]["illegal_action"]


@pytest.mark.parametrize("name", RULESETS)
def test_only_the_deciding_agent_has_a_mask_and_render_is_text(name):
    e = env(name, render_mode="ansi")
    e.reset(seed=9)
    sel = e.agent_selection
    for a in e.agents:
        m = e.observe(a)["action_mask"]
        assert (m.sum() > 0) == (a == sel)
    text = e.render()
    assert isinstance(text, str) and "to decide" in text
