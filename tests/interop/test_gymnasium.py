"""Gymnasium's env_checker on every ruleset's single-agent environment, plus our refusal rules."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import evolutio.interop.gymnasium as eg  # noqa: E402
from evolutio.kernel import IllegalAction  # noqa: E402

from .conftest import RULESET_PLAYERS, RULESETS, options_for  # noqa: E402

pytestmark = pytest.mark.interop


@pytest.fixture(autouse=True, scope="module")
def _registered(_duel_registered):
    eg.register_envs()


def make(name, **kw):
    return gym.make(eg.env_id(name), **kw)


@pytest.mark.parametrize("name,players,extra", RULESET_PLAYERS)
def test_check_env(name, players, extra):
    for seat in sorted({0, players - 1}):
        e = make(name, seat=seat, **options_for(name, players, extra))
        check_env(e.unwrapped)
        e.close()


def test_every_ruleset_is_registered():
    import evolutio

    for name in evolutio.list_games():
        assert eg.env_id(name) in gym.registry


@pytest.mark.parametrize("name,players,extra", RULESET_PLAYERS)
def test_masked_episodes_end_with_win_share(name, players, extra):
    e = make(name, seat=players - 1, **options_for(name, players, extra))
    for seed in (1, 2):
        obs, info = e.reset(seed=seed)
        done, total, steps = False, 0.0, 0
        rng = np.random.default_rng(seed)
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            assert legal.size > 0
            obs, r, done, trunc, info = e.step(int(rng.choice(legal)))
            assert not trunc
            total += r
            steps += 1
        assert 0.0 <= total <= 1.0
        winners = info["winners"]
        assert total == (1.0 / len(winners) if players - 1 in winners else 0.0)


@pytest.mark.parametrize("name", RULESETS)
def test_illegal_actions(name):
    e = make(name).unwrapped
    obs, _ = e.reset(seed=4)
    before = e.engine_state.digest()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, r, term, trunc, info = e.step(illegal)
    assert term and not trunc and r == -1.0 and "not legal" in info["illegal_action"]
    assert e.engine_state.digest() == before  # refused: nothing happened
    with pytest.raises(RuntimeError, match="reset"):
        e.step(illegal)
    e.reset(seed=4)
    with pytest.raises(IllegalAction, match="out of range"):
        e.step(e.action_space.n)
    strict = make(name, illegal_action="raise").unwrapped
    strict.reset(seed=4)
    with pytest.raises(IllegalAction, match="is not legal"):
        strict.step(illegal)


def test_bad_arguments_are_refused():
    name = RULESETS[-1]
    with pytest.raises(ValueError, match="seat"):
        make(name, seat=7)
    with pytest.raises(ValueError, match="unknown bot"):
        make(name, opponents="nobody")
    with pytest.raises(ValueError, match="opponent bot name"):
        make(name, opponents=["random", "random", "random"])
