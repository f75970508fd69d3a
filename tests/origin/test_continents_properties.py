"""Random games with Continents (with and without locations, 2-8 players): every card in exactly one place (read from
the views), nothing negative, every animal in one of the three locations, the location food bases adding up to the
food base, legal actions exactly the candidates the checks allow, JSON round trips."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evolutio.bots import RandomBot
from evolutio.kernel import load_game

from .conftest import census
from .continents import CONTINENTS
from .test_refusals import play_and_inspect

BASE_AND_CONTINENTS = 84 + 42
WITHOUT_LOCATIONS = 84 + 22
LOCATIONS = {"laurasia", "gondwana", "ocean"}


def check_position(state, total: int, located: bool) -> None:
    census(state, total=total)
    v = state.view(None)
    assert v["food_base"] >= 0 and v["deck_size"] >= 0
    if located:
        foods = [v["locations"][name]["food"] for name in sorted(LOCATIONS)]
        assert all(f >= 0 for f in foods) and sum(foods) == v["food_base"]
    for p in v["players"]:
        assert p["hand_size"] >= 0 and p["score"] >= 0
        for x in p["animals"]:
            assert x["food"] >= 0 and x["fat"] >= 0 and x["need"] >= 0
            assert (x["location"] in LOCATIONS) if located else ("location" not in x)


def play(players: int, seed: int, without: bool) -> None:
    game = load_game("origin", players=players, continents_without_locations=without, **CONTINENTS)
    total = WITHOUT_LOCATIONS if without else BASE_AND_CONTINENTS
    state = game.new_state(seed)
    bot = RandomBot(seed)
    rnd = random.Random(seed)
    steps = 0
    while not state.is_terminal:
        if rnd.random() < 0.1:
            check_position(state, total, not without)
            copy = game.state_from_json(state.to_json())
            assert copy.digest() == state.digest() and copy.legal_actions() == state.legal_actions()
        state.apply(bot.choose(state))
        steps += 1
        assert steps < 20000, "the game does not end"
    check_position(state, total, not without)
    assert len(state.view(None)["winners"]) >= 1


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**31 - 1), without=st.booleans())
def test_random_continents_games_conserve_cards_and_keep_counts_non_negative(players, seed, without):
    play(players, seed, without)


@pytest.mark.parametrize(("players", "seed", "without"), [(3, 11, False), (4, 12, True), (5, 13, False)])
def test_continents_actions_are_refused_by_the_same_checks_that_list_them(players, seed, without):
    seen: Counter = Counter()
    game = load_game("origin", players=players, continents_without_locations=without, **CONTINENTS)
    play_and_inspect(game, seed, seen)
    kinds = {kind for kind, _ in seen}
    assert "take" in kinds and "pass" in kinds
    if not without:
        assert {"settle_laurasia", "migrate_gondwana"} <= kinds


#: all four sets together (issue 9's full mix)
FULL_MIX = "time_to_fly,continents,gift,ice_age"


def test_the_full_mix_actions_are_refused_by_the_same_checks_that_list_them():
    """With Time to Fly, Continents, the gift cards and Ice Age together: Flight's moves and Migration in a Migration
    turn, paired traits within a location, defences a Hunter or Intellect ignores — legal actions are the candidates
    the checks allow (seed 1 reaches a defence whose Running a Hunter's counterattack ignores)."""
    seen: Counter = Counter()
    play_and_inspect(load_game("origin", players=4, sets=FULL_MIX), 1, seen)
    legal = {kind for kind, verdict in seen if verdict == "legal"}
    assert {"take", "settle_laurasia", "fly_gondwana"} <= legal


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 6)])
def test_the_choices_of_regeneration_and_recombination_are_refused_by_the_same_checks_that_list_them(players, seed):
    """Games (seeds picked to reach both) whose every ``regeneration_card`` and ``recombination_gift`` decision is
    inspected: legal actions are the candidates the checks allow, any action of the encoding is refused exactly when
    it is not legal."""
    seen: Counter = Counter()
    play_and_inspect(load_game("origin", players=players, **CONTINENTS), seed, seen)
    assert {"regenerate", "recombine_give"} <= {kind for kind, _ in seen}


@pytest.mark.parametrize(("players", "seed"), [(2, 51), (5, 52)])
def test_no_hidden_card_id_leaks_with_continents(players, seed):
    """Regeneration puts a hand or deck card under a husk and the empty-board draw places two cards as animals: only
    their owner may be told which (``test_hidden_info.py``'s definitions of hidden cards)."""
    from .test_hidden_info import _card_refs, _hidden_from, _private_cards

    state = load_game("origin", players=players, **CONTINENTS).new_state(seed)
    bot = RandomBot(seed)
    step = 0
    while not state.is_terminal:
        if step % 4 == 0:
            private = _private_cards(state)
            for seat in range(players):
                hidden = _hidden_from(state, seat, private)
                told = _card_refs(state.view(seat), set()) | _card_refs(state.events_for(seat), set())
                if state.current_player == seat:
                    told |= _card_refs([state.describe(action) for action in state.legal_actions()], set())
                assert not told & hidden, f"seat {seat} is told about hidden card(s) {sorted(told & hidden)}"
        state.apply(bot.choose(state))
        step += 1


def test_continents_games_replay_from_their_records_and_positions_round_trip():
    from evolutio.kernel import load_scenario, make_record, replay
    from evolutio.kernel.scenario import scenario_from_state

    game = load_game("origin", players=3, **CONTINENTS)
    state = game.new_state(8)
    bot = RandomBot(8)
    decisions = round_trips = 0
    while not state.is_terminal:
        decisions += 1
        if decisions % 17 == 0:
            again = load_scenario(scenario_from_state(state))
            assert again.position_digest() == state.position_digest()
            assert again.legal_actions() == state.legal_actions()
            round_trips += 1
        state.apply(bot.choose(state))
    assert round_trips
    record = make_record(state)
    assert record["options"]["sets"] == ["base", "continents"]
    assert replay(record).digest() == state.digest()
