"""Random games over the expansion mixes playable now with Ice Age (gift, ice_age; NOTES §11, ruling 75): every main
card stays in exactly one place (hands, animals, traits, discard piles, deck, box) and every nature card in the nature
deck or put aside; nothing a player sees is negative; nobody is told a hidden card; the CLI plays the mix
deterministically for 2-8 players. Time to Fly and Continents join ``MIX`` when they land."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evolutio.bots import RandomBot
from evolutio.cli.main import main
from evolutio.kernel import load_game
from evolutio.sim.runner import TIMING_FIELDS

#: the expansions the mixes draw from (the others join when they can be played)
MIX = ["gift", "ice_age"]
NATURE_CARDS = 14
MAX_DECISIONS = 6000
#: the view fields that count things (never negative)
COUNTS = ("food_base", "deck_size", "out_of_play")
PLAYER_COUNTS = ("hand_size", "discard_size", "score")
ANIMAL_COUNTS = ("food", "fat", "fat_slots", "need")


def check_position(state, size: int) -> None:
    census = state.card_census()
    assert census["total"] == size
    view = state.view(None)
    assert all(view[key] >= 0 for key in COUNTS)
    for player in view["players"]:
        assert all(player[key] >= 0 for key in PLAYER_COUNTS)
        for animal in player["animals"]:
            assert all(animal[key] >= 0 for key in ANIMAL_COUNTS) and animal["need"] >= 1
            assert animal["fat"] <= animal["fat_slots"]
    nature = view.get("nature")
    if nature is not None:
        assert nature["deck_size"] >= 0 and nature["put_aside"] >= 0
        assert nature["deck_size"] + nature["put_aside"] == NATURE_CARDS
        assert (nature["revealed"] is None) == (nature["put_aside"] == 0)


def play(options: dict, seed: int) -> str:
    game = load_game("origin", **options)
    state = game.new_state(seed)
    bot = RandomBot(seed)
    decisions = 0
    while not state.is_terminal:
        state.apply(bot.choose(state))
        decisions += 1
        check_position(state, game.config.num_cards)
        assert decisions < MAX_DECISIONS, "the game does not end"
    return state.digest()


@st.composite
def mixes(draw):
    expansions = draw(st.lists(st.sampled_from(MIX), unique=True, min_size=1))
    options = {"players": draw(st.integers(2, 8)), "sets": ",".join(expansions),
               "deck": draw(st.sampled_from(["default", "edition2"]))}
    return options, draw(st.integers(0, 10_000))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mixes())
def test_cards_are_conserved_and_nothing_is_negative_over_random_ice_age_mixes(mix):
    options, seed = mix
    assert play(options, seed) == play(options, seed)


@pytest.mark.parametrize("players", range(2, 9))
def test_simulate_the_gift_and_ice_age_mix_is_deterministic(capsys, players):
    argv = ["simulate", "origin", "-o", "sets=gift,ice_age", "-o", f"players={players}", "--games", "2", "--seed",
            "6", "--json"]
    runs = []
    for _ in range(2):
        assert main(argv) == 0
        result = json.loads(capsys.readouterr().out)
        for field in TIMING_FIELDS:
            result.pop(field)
        runs.append(result)
    assert runs[0] == runs[1] and runs[0]["games"] == 2 and runs[0]["decisions"] > 0
    assert runs[0]["options"]["sets"] == ["base", "gift", "ice_age"]


@pytest.mark.parametrize(("players", "seed"), [(2, 51), (5, 52), (8, 53)])
def test_no_hidden_card_id_leaks_with_ice_age(players, seed):
    """The Warm Spell deals cards and the Epidemic discards them: only their owner may be told which."""
    from .test_hidden_info import _card_refs, _hidden_from, _private_cards

    state = load_game("origin", players=players, sets="gift,ice_age").new_state(seed)
    bot = RandomBot(seed)
    step = 0
    while True:
        private = _private_cards(state) if step % 3 == 0 or state.is_terminal else []
        for seat in range(players if private else 0):
            hidden = _hidden_from(state, seat, private)
            told = _card_refs(state.view(seat), set()) | _card_refs(state.events_for(seat), set())
            assert not told & hidden, f"seat {seat} is told about hidden card(s) {sorted(told & hidden)}"
        if state.is_terminal:
            break
        state.apply(bot.choose(state))
        step += 1
