"""Random games over the expansion mixes (gift, Ice Age, Time to Fly, Continents; NOTES §9-§11, ruling 75), and over
the full mix of all four: every main card stays in exactly one place (hands, animals, traits, discard piles, deck,
box, loose Shells in the centre) — counted by the state and again from the views alone — and every nature card in the
nature deck or put aside; nothing a player sees is negative; nobody is told a hidden card; the CLI plays the mixes
deterministically for 2-8 players."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evolutio.bots import RandomBot
from evolutio.kernel import load_game

from .conftest import census, simulate_twice

#: the expansions the mixes draw from, and all of them at once
MIX = ["gift", "ice_age", "time_to_fly", "continents"]
FULL_MIX = "time_to_fly,continents,gift,ice_age"
NATURE_CARDS = 14
MAX_DECISIONS = 6000
#: the view fields that count things (never negative)
COUNTS = ("food_base", "deck_size", "out_of_play")
PLAYER_COUNTS = ("hand_size", "discard_size", "score")
ANIMAL_COUNTS = ("food", "fat", "fat_slots", "need")


def check_position(state, size: int) -> None:
    assert state.card_census()["total"] == size
    census(state, total=size)
    view = state.view(None)
    assert all(view[key] >= 0 for key in COUNTS)
    for player in view["players"]:
        assert all(player[key] >= 0 for key in PLAYER_COUNTS)
        for animal in player["animals"]:
            assert all(animal[key] >= 0 for key in ANIMAL_COUNTS)
            assert animal["need"] >= 1 or animal.get("regenerating")   # (a husk of Continents needs nothing)
            # (a Fat Tissue card Neoplasia or paralysis switched off keeps its tokens: no slot now, still its card)
            assert animal["fat"] <= sum(1 for t in animal["traits"] if t["trait"] == "fat_tissue")
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


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), seed=st.integers(0, 10_000), deck=st.sampled_from(["default", "edition2"]))
def test_cards_are_conserved_and_nothing_is_negative_over_random_full_mixes(players, seed, deck):
    options = {"players": players, "sets": FULL_MIX, "deck": deck}
    assert play(options, seed) == play(options, seed)


@pytest.mark.parametrize("sets", ["gift,ice_age", FULL_MIX])
@pytest.mark.parametrize("players", range(2, 9))
def test_simulate_the_mixes_is_deterministic(capsys, players, sets):
    argv = ["simulate", "origin", "-o", f"sets={sets}", "-o", f"players={players}", "--games", "2", "--seed",
            "6", "--json"]
    runs = simulate_twice(capsys, argv)
    assert runs[0] == runs[1] and runs[0]["games"] == 2 and runs[0]["decisions"] > 0
    assert runs[0]["options"]["sets"] == ["base", *sets.split(",")]


@pytest.mark.parametrize(("players", "seed", "sets"), [(2, 51, "gift,ice_age"), (5, 52, "gift,ice_age"),
                                                      (8, 53, "gift,ice_age"), (4, 54, FULL_MIX)])
def test_no_hidden_card_id_leaks_with_ice_age(players, seed, sets):
    """The Warm Spell deals cards and the Epidemic discards them: only their owner may be told which (alone, and with
    the Hunters, births and regenerations of the other expansions; a revealed Hunter's card is shown to all)."""
    from .test_hidden_info import _card_refs, _hidden_from, _private_cards

    state = load_game("origin", players=players, sets=sets).new_state(seed)
    bot = RandomBot(seed)
    step = 0
    while True:
        private = _private_cards(state) if step % 3 == 0 or state.is_terminal else []
        revealed = {e["card"] for e in state.events_for(None) if e["kind"] == "hunter"} if private else set()
        for seat in range(players if private else 0):
            hidden = _hidden_from(state, seat, private) - revealed
            told = _card_refs(state.view(seat), set()) | _card_refs(state.events_for(seat), set())
            assert not told & hidden, f"seat {seat} is told about hidden card(s) {sorted(told & hidden)}"
        if state.is_terminal:
            break
        state.apply(bot.choose(state))
        step += 1
