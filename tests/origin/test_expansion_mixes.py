"""Random games over random mixes of the playable expansions: every card stays in exactly one place (hands, animals,
traits, discard piles, deck, box), games end, and the same seed plays the same game."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evolutio.bots import RandomBot
from evolutio.cli.main import main
from evolutio.games.origin.deck import missing_traits
from evolutio.games.origin.options import HALF_DECK_PLAYERS, SET_CHOICES
from evolutio.kernel import load_game

from .conftest import play_through_the_codec, simulate_twice

#: the expansions whose every trait has rules (the others are refused by the ``sets`` option)
PLAYABLE = [name for name in SET_CHOICES if name != "base" and not missing_traits(name)]
MAX_DECISIONS = 6000
#: decisions between two checks of what every seat is told
LEAK_CHECK_STRIDE = 3
#: positions with marks saved and loaded again per game
#: every so many decisions a position is also round-tripped through its scenario
ROUND_TRIP_STRIDE = 15
MAX_ROUND_TRIPS = 15


def play(game, seed: int) -> tuple[str, int]:
    """Play ``game`` with random bots, checking the card census after every decision; the final digest and the
    number of decisions."""
    state = game.new_state(seed)
    bot = RandomBot(seed)
    size = game.config.num_cards
    decisions = 0
    while not state.is_terminal:
        state.apply(bot.choose(state))
        decisions += 1
        assert state.card_census()["total"] == size
        assert decisions < MAX_DECISIONS, "the game does not end"
    return state.digest(), decisions


@st.composite
def mixes(draw):
    expansions = draw(st.lists(st.sampled_from(PLAYABLE), unique=True)) if PLAYABLE else []
    players = draw(st.integers(2, 8))
    options = {"players": players, "sets": ",".join(["base", *expansions]),
               "deck": draw(st.sampled_from(["default", "edition2"]))}
    if expansions and players in HALF_DECK_PLAYERS and draw(st.booleans()):
        options["half_deck"] = "on"
    return options, draw(st.integers(0, 10_000))


def test_some_expansion_is_playable():
    assert "gift" in PLAYABLE and "ice_age" in PLAYABLE


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mixes())
def test_cards_are_conserved_and_games_end_over_random_expansion_mixes(mix):
    options, seed = mix
    game = load_game("origin", **options)
    digest, decisions = play(game, seed)
    assert decisions > 0
    assert play(load_game("origin", **options), seed)[0] == digest


@pytest.mark.parametrize("players", [2, 5, 8])
def test_simulate_with_the_gift_cards_is_deterministic(capsys, players):
    argv = ["simulate", "origin", "-o", "sets=gift", "-o", f"players={players}", "--games", "2", "--seed", "4",
            "--json"]
    runs = simulate_twice(capsys, argv)
    assert runs[0] == runs[1] and runs[0]["games"] == 2 and runs[0]["decisions"] > 0


@pytest.mark.parametrize("players", [2, 8])
def test_the_interop_codec_and_determinize_cover_the_gift_actions(players):
    assert "voracious" in play_through_the_codec(load_game("origin", players=players, sets="gift"), 11, 11)


def test_bench_reports_the_speed_of_an_option_mix(capsys):
    assert main(["bench", "origin", "-o", "sets=gift", "-p", "3", "--seconds", "0.2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["origin"]
    assert result["players"] == 3 and result["decisions_per_s"] > 0
    assert main(["bench", "origin", "-o", "sets=continents", "-p", "5", "--seconds", "0.2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["origin"]["decisions_per_s"] > 0
    assert main(["bench", "origin", "-o", "sets=gift,ice_age", "-p", "4", "--seconds", "0.2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["origin"]["decisions_per_s"] > 0
    # a conflicting mix is refused with the option's name, not benchmarked
    assert main(["bench", "origin", "-o", "sets=gift", "-o", "halve_each_kind=on", "-p", "4", "--seconds", "0.2"]) != 0
    assert "halve_each_kind" in capsys.readouterr().err


@pytest.mark.parametrize(("players", "seed"), [(2, 41), (4, 42), (8, 43)])
def test_no_hidden_card_id_leaks_with_the_gift_cards(players, seed):
    """r-Strategy births put deck cards under animals: only their owner may be told which (test_hidden_info.py)."""
    from .test_hidden_info import _card_refs, _hidden_from, _private_cards

    state = load_game("origin", players=players, sets="gift").new_state(seed)
    bot = RandomBot(seed)
    step = 0
    while True:
        private = _private_cards(state) if step % LEAK_CHECK_STRIDE == 0 or state.is_terminal else []
        for seat in range(players if private else 0):
            hidden = _hidden_from(state, seat, private)
            told = _card_refs(state.view(seat), set()) | _card_refs(state.events_for(seat), set())
            if state.current_player == seat:
                told |= _card_refs([state.describe(action) for action in state.legal_actions()], set())
            assert not told & hidden, f"seat {seat} is told about hidden card(s) {sorted(told & hidden)}"
        if state.is_terminal:
            break
        state.apply(bot.choose(state))
        step += 1
    births = sum(1 for event in state.events if event.kind == "birth")
    assert births, "no r-Strategy birth happened: pick another seed"


def test_gift_games_replay_from_their_records_and_positions_round_trip():
    from evolutio.kernel import load_scenario, make_record, replay
    from evolutio.kernel.scenario import scenario_from_state

    game = load_game("origin", players=3, sets="gift")
    state = game.new_state(8)
    bot = RandomBot(8)
    round_trips = 0
    decisions = 0
    while not state.is_terminal:
        decisions += 1
        # positions with a mark on the table, and others along the game (the position digest covers the marks)
        marked = any(x.get("marks") for p in state.view(None)["players"] for x in p["animals"])
        if (marked or decisions % ROUND_TRIP_STRIDE == 0) and round_trips < MAX_ROUND_TRIPS:
            again = load_scenario(scenario_from_state(state))
            assert again.position_digest() == state.position_digest()
            assert all(again.view(seat) == state.view(seat) for seat in (None, 0, 1, 2))
            assert again.legal_actions() == state.legal_actions()
            round_trips += 1
        state.apply(bot.choose(state))
    assert round_trips
    record = make_record(state)
    assert record["options"]["sets"] == ["base", "gift"]
    assert replay(record).digest() == state.digest()
