"""Whole games with Time to Fly (``sets=time_to_fly``): random games over seeds and 2-8 players keep every card in
exactly one place and nothing negative; legal actions are the candidates the checks allow; saved states, the interop
codec and determinization cover the new actions; ``evolutio simulate`` is deterministic; the heuristic bot plays."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evolutio.bots import RandomBot
from evolutio.cli.main import main
from evolutio.kernel import load_game

from .conftest import play_through_the_codec, simulate_twice
from .test_refusals import play_and_inspect

TTF_CARDS = 84 + 42
MAX_DECISIONS = 6000
ROUND_TRIP_STRIDE = 20


def nothing_negative(state) -> None:
    view = state.view(None)
    assert view["food_base"] >= 0 and view["deck_size"] >= 0
    for player in view["players"]:
        assert player["hand_size"] >= 0 and player["discard_size"] >= 0 and player["score"] >= 0
        for animal in player["animals"]:
            assert animal["food"] >= 0 and 0 <= animal["fat"] <= animal["fat_slots"] and animal["need"] >= 1


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), seed=st.integers(0, 10_000))
def test_cards_are_conserved_and_nothing_goes_negative(players, seed):
    game = load_game("origin", players=players, sets="time_to_fly")
    state = game.new_state(seed)
    bot = RandomBot(seed)
    decisions = 0
    while not state.is_terminal:
        state.apply(bot.choose(state))
        decisions += 1
        census = state.card_census()
        assert census["total"] == TTF_CARDS
        nothing_negative(state)
        if decisions % ROUND_TRIP_STRIDE == 0:
            copy = game.state_from_json(json.loads(json.dumps(state.to_json())))
            assert copy.digest() == state.digest() and copy.legal_actions() == state.legal_actions()
        assert decisions < MAX_DECISIONS, "the game does not end"


def test_legal_actions_are_the_candidates_the_checks_allow_with_time_to_fly():
    seen: Counter = Counter()
    for seed, players in ((3, 3), (8, 2)):
        play_and_inspect(load_game("origin", players=players, sets="time_to_fly"), seed, seen)
    legal = {kind for kind, verdict in seen if verdict == "legal"}
    assert {"ambush", "reveal", "metamorphosis", "pick_shell", "synthesis_a"} & legal


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_interop_codec_and_determinize_cover_the_time_to_fly_actions(players):
    play_through_the_codec(load_game("origin", players=players, sets="time_to_fly"), 17 + players, 17)


@pytest.mark.parametrize("players", range(2, 9))
def test_simulate_with_time_to_fly_is_deterministic(capsys, players):
    argv = ["simulate", "origin", "-o", "sets=time_to_fly", "-o", f"players={players}", "--games", "2", "--seed",
            "5", "--json"]
    runs = simulate_twice(capsys, argv)
    assert runs[0] == runs[1] and runs[0]["games"] == 2 and runs[0]["decisions"] > 0


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_heuristic_bot_plays_time_to_fly(capsys, players):
    argv = ["simulate", "origin", "-o", "sets=time_to_fly", "-o", f"players={players}", "--games", "3", "--seed",
            "2", "--bots", "heuristic,random", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3


def test_no_hidden_card_id_leaks_with_time_to_fly():
    """Viviparous births and hidden Hunters put cards under animals: only their owner may be told which — until a
    Hunter is revealed (its card is then shown to everyone)."""
    from .test_hidden_info import _card_refs, _hidden_from, _private_cards

    for players, seed in ((3, 5), (5, 6)):
        state = load_game("origin", players=players, sets="time_to_fly").new_state(seed)
        bot = RandomBot(seed)
        step = 0
        while True:
            private = _private_cards(state) if step % 3 == 0 or state.is_terminal else []
            revealed = {e["card"] for e in state.events_for(None) if e["kind"] == "hunter"}   # shown to all
            for seat in range(players if private else 0):
                hidden = _hidden_from(state, seat, private) - revealed
                told = _card_refs(state.view(seat), set()) | _card_refs(state.events_for(seat), set())
                if state.current_player == seat:
                    told |= _card_refs([state.describe(action) for action in state.legal_actions()], set())
                assert not told & hidden, f"seat {seat} is told about hidden card(s) {sorted(told & hidden)}"
            if state.is_terminal:
                break
            state.apply(bot.choose(state))
            step += 1


def test_a_random_ttf_game_is_reproducible():
    game = load_game("origin", players=4, sets="time_to_fly")
    digests = []
    for _ in range(2):
        state = game.new_state(99)
        bot = RandomBot(99)
        while not state.is_terminal:
            state.apply(bot.choose(state))
        digests.append(state.digest())
    assert digests[0] == digests[1]


@pytest.mark.parametrize("players", [2, 6])
def test_openspiel_and_pettingzoo_play_time_to_fly(players):
    """The interop toolkits take the option set (``sets=time_to_fly``) and encode its actions."""
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    import warnings

    from pettingzoo.test import api_test

    import evolutio.interop.openspiel as eos
    from evolutio.interop.pettingzoo import env

    eos.register_all()
    game = pyspiel.load_game(eos.short_name("origin"), {"players": players, "sets": "time_to_fly"})
    assert eos.engine_state(game.new_initial_state()).game.options["sets"] == ("base", "time_to_fly")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env("origin", players=players, sets="time_to_fly"), num_cycles=400)
