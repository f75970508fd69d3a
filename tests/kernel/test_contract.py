"""The kernel contract, checked on every registered ruleset (so a new ruleset is covered the day it registers)."""

from __future__ import annotations

import json

import pytest

import evolutio
from evolutio.bots import RandomBot
from evolutio.kernel import Action, IllegalAction, Rng, load_game, make_record, replay
from evolutio.sim import derive_seed, play_game

from ..conftest import GAME_PLAYERS, GAMES


def random_game(name, players, seed, log_events=True):
    game = load_game(name, players=players)
    bots = [RandomBot(seed=derive_seed(seed, i)) for i in range(players)]
    return play_game(game, seed, bots, log_events=log_events)


def test_builtin_rulesets_are_registered():
    assert {"origin", "northstar"} <= set(GAMES)


def test_registry_lists_and_loads():
    for name in GAMES:
        g = load_game(name)
        assert g.name == name
        assert g.min_players <= g.num_players <= g.max_players
        assert g.title and g.rules_version


@pytest.mark.parametrize("name,players", GAME_PLAYERS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_game_terminates_with_scores(name, players, seed):
    s = random_game(name, players, seed)
    assert s.is_terminal and s.current_player is None
    assert s.legal_actions() == []
    scores = s.scores()
    assert len(scores) == players
    w = s.winners()
    assert w and all(0 <= i < players for i in w)
    assert all(scores[i] == max(scores) for i in w), "a winner must have the best score"


@pytest.mark.parametrize("name,players", GAME_PLAYERS)
def test_replay_is_identical(name, players):
    s = random_game(name, players, 7)
    rec = make_record(s, players=["random"] * players)
    rec = json.loads(json.dumps(rec))  # through JSON, as stored
    again = replay(rec)
    assert again.digest() == s.digest()
    assert again.scores() == s.scores()


@pytest.mark.parametrize("name,players", GAME_PLAYERS)
def test_same_seed_same_game_different_seed_different_game(name, players):
    a = random_game(name, players, 3, log_events=False)
    b = random_game(name, players, 3, log_events=False)
    c = random_game(name, players, 4, log_events=False)
    assert a.digest() == b.digest()
    assert a.history == b.history
    assert c.digest() != a.digest()


@pytest.mark.parametrize("name,players", GAME_PLAYERS)
def test_json_roundtrip_clone_and_determinize_along_a_game(name, players):
    game = load_game(name, players=players)
    state = game.new_state(11)
    bot = RandomBot(seed=5)
    rng = Rng(99)
    step = 0
    while not state.is_terminal:
        if step % 7 == 0:
            data = json.loads(json.dumps(state.to_json()))
            back = game.state_from_json(data)
            assert back.digest() == state.digest()
            assert back.legal_actions() == state.legal_actions()
            assert back.current_player == state.current_player
            c = state.clone()
            assert c.digest() == state.digest()
            p = state.current_player
            d = state.determinize(p, rng)
            assert d.view(p) == state.view(p), "determinize must keep everything the seat has seen"
            assert d.current_player == p
            assert sorted(d.legal_actions()) == sorted(state.legal_actions())
        a = bot.choose(state)
        state.apply(a)
        step += 1


@pytest.mark.parametrize("name,players", GAME_PLAYERS)
def test_clone_is_independent(name, players):
    game = load_game(name, players=players)
    s = game.new_state(21)
    bot = RandomBot(seed=1)
    for _ in range(30):
        if s.is_terminal:
            break
        s.apply(bot.choose(s))
    before = s.digest()
    c = s.clone()
    for _ in range(60):
        if c.is_terminal:
            break
        c.apply(bot.choose(c))
    assert s.digest() == before


@pytest.mark.parametrize("name", GAMES)
def test_illegal_actions_refused_and_state_unchanged(name):
    game = load_game(name)
    s = game.new_state(5)
    bot = RandomBot(seed=2)
    for _ in range(25):
        if s.is_terminal:
            break
        s.apply(bot.choose(s))
    before = s.digest()
    hist = s.history
    legal = set(s.legal_actions())
    schema = game.action_schema()
    tried = 0
    for code in range(0, schema.num_actions, max(1, schema.num_actions // 400)):
        a = schema.decode(code)
        if a in legal:
            continue
        with pytest.raises(IllegalAction) as ei:
            s.apply(a)
        assert str(ei.value).strip(), "an illegal action must come with a reason"
        tried += 1
    with pytest.raises(IllegalAction):
        s.apply(Action("no_such_action_kind", 1))
    with pytest.raises(IllegalAction):
        s.apply("pass")  # type: ignore[arg-type]
    assert tried > 0
    assert s.digest() == before and s.history == hist


@pytest.mark.parametrize("name,players", GAME_PLAYERS)
def test_every_legal_action_is_in_the_schema_and_applies(name, players):
    game = load_game(name, players=players)
    schema = game.action_schema()
    s = game.new_state(8)
    bot = RandomBot(seed=8)
    while not s.is_terminal:
        legal = s.legal_actions()
        assert legal, "a non-terminal state must offer at least one action"
        assert len(set(legal)) == len(legal), "legal actions must be distinct"
        words = [s.describe(a) for a in legal]
        assert len(set(words)) == len(words), f"two legal actions read the same: {sorted(words)}"
        for a in legal:
            code = schema.encode(a)
            assert schema.decode(code) == a
        probe = legal if len(legal) <= 12 else legal[:: max(1, len(legal) // 12)]
        for a in probe:
            c = s.clone()
            c.apply(a)  # must not raise
            assert s.describe(a)
        s.apply(bot.choose(s))


@pytest.mark.parametrize("name", GAMES)
def test_terminal_state_refuses_actions(name):
    s = random_game(name, load_game(name).num_players, 13)
    with pytest.raises(IllegalAction, match="game is over"):
        s.apply(Action("pass"))


@pytest.mark.parametrize("name", GAMES)
def test_views_are_json_and_events_have_text(name):
    game = load_game(name)
    s = random_game(name, game.num_players, 17)
    for p in [None, *range(game.num_players)]:
        v = s.view(p)
        json.dumps(v)
        for e in s.events_for(p):
            assert isinstance(e.get("text"), str) and e["text"], e


def test_top_level_import_does_not_import_toolkits():
    import subprocess
    import sys

    code = ("import sys, evolutio; evolutio.list_games(); "
            "bad=[m for m in ('pettingzoo','pyspiel','gymnasium','numpy','open_spiel') if m in sys.modules]; "
            "print(','.join(bad)); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, f"importing evolutio imported {r.stdout.strip()}"


def test_unknown_game_refused():
    with pytest.raises(evolutio.UnknownGame, match="unknown game 'chess'"):
        load_game("chess")


@pytest.mark.parametrize("name,players", GAME_PLAYERS)
def test_is_terminal_survives_clone_and_load(name, players):
    """``is_terminal`` is a field the kernel keeps (not a property): a clone and a loaded state, of a game in progress
    and of a finished one, say what the original says."""
    game = load_game(name, players=players)
    state = game.new_state(11)
    chooser = Rng(5)
    positions = []
    while not state.is_terminal:
        if len(positions) < 3 and state.num_actions_applied % 40 == 7:
            positions.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[chooser.randbelow(len(legal))])
    positions.append(state)
    for position in positions:
        over = position.current_player is None
        assert position.is_terminal is over
        assert position.clone().is_terminal is over
        assert game.state_from_json(json.loads(json.dumps(position.to_json()))).is_terminal is over
