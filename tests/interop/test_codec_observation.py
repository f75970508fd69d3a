"""Action codec, masks and the generic observation encoding — on every ruleset plus the fixture ruleset."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from evolutio.bots import RandomBot
from evolutio.interop.actions import ActionCodec
from evolutio.interop.observation import DEFAULT_SIZE, ViewEncoder, canonical_json
from evolutio.kernel import Action, IllegalAction, Rng, load_game

from .conftest import RULESET_PLAYERS, RULESETS, options_for

pytestmark = pytest.mark.interop


def positions(name, players, seed=3, every=5, limit=400, extra=None):
    """States along one random game (every ``every``-th decision)."""
    game = load_game(name, **options_for(name, players, extra))
    state = game.new_state(seed)
    bot = RandomBot(seed=seed)
    n = 0
    while not state.is_terminal and n < limit:
        if n % every == 0:
            yield state.clone()
        state.apply_trusted(bot.choose(state))
        n += 1
    yield state


@pytest.mark.parametrize("name,players,extra", RULESET_PLAYERS)
def test_codec_roundtrip_and_mask(name, players, extra):
    game = load_game(name, **options_for(name, players, extra))
    codec = ActionCodec(game)
    assert codec.num_actions == game.action_schema().num_actions > 0
    for state in positions(name, players, extra=extra):
        legal = state.legal_actions()
        codes = codec.legal_codes(state)
        assert len(codes) == len(legal) and codes == sorted(set(codes))
        assert all(0 <= c < codec.num_actions for c in codes)
        assert sorted(codec.decode(c) for c in codes) == sorted(legal)
        m = codec.mask(state)
        assert m.shape == (codec.num_actions,) and m.dtype == np.int8
        assert np.flatnonzero(m).tolist() == codes
        assert sorted(codec.actions_from_mask(m)) == sorted(legal)
        for c in codes[:5]:
            assert codec.action(state, c) == codec.decode(c)
            assert codec.action(state, np.int64(c)) == codec.decode(c)


@pytest.mark.parametrize("name", RULESETS)
def test_illegal_integers_are_refused_with_reasons(name):
    game = load_game(name)
    codec = ActionCodec(game)
    state = game.new_state(1)
    legal = set(codec.legal_codes(state))
    for bad in (-1, codec.num_actions, codec.num_actions + 10**6):
        with pytest.raises(IllegalAction, match=r"out of range; actions are integers in \[0, \d+\)"):
            codec.action(state, bad)
    for bad in (1.5, "3", None, True, np.array([1, 2])):
        with pytest.raises(IllegalAction, match="must be an integer"):
            codec.action(state, bad)
    illegal = next(c for c in range(codec.num_actions) if c not in legal)
    with pytest.raises(IllegalAction, match=rf"action {illegal} \(.+\) is not legal for player \d+ now: .+"):
        codec.action(state, illegal)


@pytest.mark.parametrize("name", RULESETS)
def test_masks_out_of_range_are_refused(name):
    codec = ActionCodec(load_game(name))
    n = codec.num_actions
    with pytest.raises(ValueError, match=rf"shape \({n},\)"):
        codec.check_mask(np.ones(n + 1))
    with pytest.raises(ValueError, match=rf"shape \({n},\)"):
        codec.check_mask(np.ones((2, n)))
    bad = np.zeros(n)
    bad[n - 1] = 2
    with pytest.raises(ValueError, match=rf"only 0 and 1; entry {n - 1} is 2(\.0)?"):
        codec.check_mask(bad)
    with pytest.raises(ValueError, match="0/1 numbers"):
        codec.check_mask(np.array(["x"] * n))
    assert codec.check_mask(np.ones(n, dtype=bool)).dtype == np.int8


def test_unencodable_legal_action_is_reported_as_a_ruleset_bug():
    from .duel import NAME

    game = load_game(NAME)
    state = game.new_state(1)
    codec = ActionCodec(game)
    state._legal = [Action("play", 99)]  # simulate a ruleset whose legal action falls outside its schema
    with pytest.raises(IllegalAction, match="bug in the ruleset"):
        codec.legal_map(state)


@pytest.mark.parametrize("name,players,extra", RULESET_PLAYERS)
def test_observation_is_fixed_size_deterministic_and_hides_secrets(name, players, extra):
    enc = ViewEncoder()
    other = ViewEncoder()  # a fresh encoder (empty cache) must agree: the hash is not process-salted
    for n, state in enumerate(positions(name, players, every=9, extra=extra)):
        for p in range(players):
            v = enc.encode(state.view(p), p)
            assert v.shape == (DEFAULT_SIZE,) and v.dtype == np.float32 and np.isfinite(v).all()
            assert np.array_equal(v, other.encode(state.view(p), p))
            if not state.is_terminal and n % 3 == 0:
                # a state that differs only in what p cannot see gives p the same observation
                det = state.determinize(p, Rng(1234 + n))
                assert canonical_json(det.view(p)) == canonical_json(state.view(p)), \
                    f"{name}: determinize({p}) changed seat {p}'s view"
                assert np.array_equal(enc.encode(det.view(p), p), v)


def test_encoder_rule():
    enc = ViewEncoder(64)
    a = enc.encode({"x": 2, "flag": True, "name": "Carnivore", "none": None, "l": [1, 2]}, 0)
    b = enc.encode({"x": 2, "flag": True, "name": "Carnivore", "none": None, "l": [1, 2]}, 0)
    c = enc.encode({"x": 2, "flag": True, "name": "Swimming", "none": None, "l": [1, 2]}, 0)
    d = enc.encode({"x": 2, "flag": True, "name": "Carnivore", "none": None, "l": [1, 2]}, 1)
    assert a.shape == (64,) and np.array_equal(a, b)
    assert not np.array_equal(a, c) and not np.array_equal(a, d)
    with pytest.raises(ValueError):
        ViewEncoder(3)


def test_importing_evolutio_does_not_import_the_toolkits():
    code = (
        "import sys, evolutio, evolutio.interop, evolutio.bots, evolutio.sim\n"
        "evolutio.list_games()\n"
        "bad = [m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel', 'open_spiel') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
