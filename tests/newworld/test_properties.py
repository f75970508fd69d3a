"""Property tests along random games: cards conserved, nothing negative, scores add up from the public view, views
leak no hidden card."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evolutio.bots import RandomBot
from evolutio.kernel import load_game

CARDS = 96
BONUS = {"carnivorous": 1, "massive": 1, "adverse_mutation": 1, "stagnation": 1, "parasite": 2}


def counted_cards(view: dict, seat: int) -> int:
    """Every evolution card, counted through the public view plus the own hand: hands, animals, trait cards (paired
    cards once), deck and discard pile."""
    total = view["deck"] + view["discard"] + view["cards_boxed"]
    seen_pairs = set()
    for player in view["players"]:
        total += player["hand_size"] + len(player["animals"])
        for animal in player["animals"]:
            for trait in animal["traits"]:
                if "partner" in trait:
                    if trait["card"] in seen_pairs:
                        continue
                    seen_pairs.add(trait["card"])
                total += 1
    return total


def score_from_view(player: dict) -> int:
    seen = set()
    score = 0
    for animal in player["animals"]:
        score += 3
        for trait in animal["traits"]:
            if trait["card"] in seen:
                continue
            seen.add(trait["card"])
            score += 1 + BONUS.get(trait["trait"], 0)
    return score


def check_position(state) -> None:
    view = state.view(None)
    assert counted_cards(view, 0) == CARDS
    for player in view["players"]:
        for animal in player["animals"]:
            assert animal["food"] >= 0 and animal["fat"] >= 0
            assert animal["fat"] <= sum(1 for trait in animal["traits"] if trait["trait"] == "fat_tissue")
        assert "hand" not in player
        for animal in player["animals"]:
            assert "card" not in animal
    for area in view["areas"]:
        for half in area["halves"]:
            assert half["food"] >= 0 and half["shelter"] >= 0


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_random_games_keep_the_invariants(seed, players):
    game = load_game("newworld", players=players)
    state = game.new_state(seed)
    bot = RandomBot(seed=seed)
    while not state.is_terminal:
        check_position(state)
        seat = state.current_player
        own = state.view(seat)["players"][seat]
        assert len(own["hand"]) == own["hand_size"]
        for other in state.view(seat)["players"]:
            if other["seat"] != seat:
                assert "hand" not in other and all("card" not in animal for animal in other["animals"])
        state.apply(bot.choose(state))
    view = state.view(None)
    assert view["scores"] == [score_from_view(player) for player in view["players"]]
    assert state.scores() == view["scores"]


def test_events_for_other_seats_hide_drawn_cards():
    state = load_game("newworld", players=3).new_state(4)
    for event in state.events_for(1):
        if event["kind"] == "draw" and event["seat"] != 1:
            assert "cards" not in event and "count" in event


def test_catastrophe_game_conserves_cards_with_the_box():
    game = load_game("newworld", players=3, catastrophe=True)
    state = game.new_state(11)
    bot = RandomBot(seed=11)
    while not state.is_terminal:
        check_position(state)
        state.apply(bot.choose(state))
    check_position(state)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), options=st.sampled_from([{}, {"catastrophe": True}, {"random_mutations": True}]))
def test_a_clone_is_a_whole_and_separate_copy(seed, options):
    """A clone saves as the original does, and plays on alone: the original's record does not move while the
    clone plays to the end (the clone writes every field out, so a field it missed or shared would show here)."""
    game = load_game("newworld", players=3, **options)
    rng = random.Random(seed)
    state = game.new_state(seed)
    while not state.is_terminal:
        if rng.random() < 0.05:
            copy = state.clone()
            saved = state.to_json()
            assert copy.to_json() == saved
            while not copy.is_terminal:
                legal = copy.legal_actions()
                copy.apply(legal[rng.randrange(len(legal))])
            assert state.to_json() == saved
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
