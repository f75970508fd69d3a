"""Auction cards and cards of any phase (NOTES §9, §10.3, §12; rulings 37-47): Missing Link, Evolutionary Niche,
Genetic Head Start, Unexpected Gene, Quiet Eon, Me First, Again!."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, IllegalAction

from .helpers import card_action, events, play_when_offered, scenario, skip_windows

SPOTS = [[-3, 1], [0, 2], [2, 0]]


def phase6(hands, meteor=0, bag=None, mutants=(0, 0, 0)):
    spec = [{"hand": hands[i], "genes": {"mutant": mutants[i]}, "dinos": [SPOTS[i]]} for i in range(3)]
    return scenario(spec, phase="meteor", round_number=3, meteor=meteor, bag=bag or {"leg": 5})


def test_missing_link_draws_one_fewer_and_allows_one_pass():
    state = phase6([["missing_link"], [], []])
    play_when_offered(state, "missing_link")
    skip_windows(state)
    assert len(state.view(None)["auction"]) == 2
    assert Action("pass") in state.legal_actions()
    state.apply(Action("pass"))
    assert Action("pass") not in state.legal_actions()


def test_missing_link_is_wasted_when_the_meteor_ends_the_game():
    state = phase6([["missing_link"], [], []], meteor=13)
    play_when_offered(state, "missing_link")
    skip_windows(state)
    assert state.is_terminal and not events(state, "auction")


def test_evolutionary_niche_needs_an_outbid_of_three():
    state = phase6([["evolutionary_niche"], [], []])
    skip_windows(state)
    state.apply(card_action(state, "evolutionary_niche"))
    skip_windows(state)
    state.apply(Action("bid", 0, 1))
    with pytest.raises(IllegalAction, match="bid at least 4"):
        state.apply(Action("bid", 0, 3))
    state.apply(Action("bid", 0, 4))
    assert state.current_player == 0


def test_genetic_head_start_pays_up_to_three_less():
    state = phase6([["genetic_head_start"], [], []])
    skip_windows(state)
    state.apply(Action("bid", 0, 5))
    state.apply(Action("bid", 1, 0))
    state.apply(Action("bid", 2, 0))
    assert state.current_player == 0 and Action("pay") in state.legal_actions()
    state.apply(card_action(state, "genetic_head_start"))
    skip_windows(state)
    if state.view(None)["step"] == "pay":
        state.apply(Action("pay"))
    assert state.view(None)["players"][0]["score"] == 10 - (5 - 3)


def test_unexpected_gene_adds_two_at_final_scoring_even_after_quiet_eon():
    state = scenario([{"hand": ["unexpected_gene"], "dinos": [SPOTS[0]], "score": 10},
                      {"hand": [], "dinos": [SPOTS[1]], "score": 11}, {"dinos": [SPOTS[2]], "score": 3}],
                     phase="meteor", round_number=3, meteor=13, effects={"global": ["quiet_eon"]})
    assert state.view(None)["step"] == "card_window"
    state.apply(card_action(state, "unexpected_gene"))
    assert state.is_terminal and state.scores() == [12, 11, 3] and state.winners() == [0]


def test_quiet_eon_stops_every_later_card_this_round():
    spec = [{"hand": ["quiet_eon"], "dinos": [SPOTS[0]]}, {"hand": ["small_meteorite"], "dinos": [SPOTS[1]]},
            {"dinos": [SPOTS[2]]}]
    state = scenario(spec, phase="climate", round_number=3)
    state.apply(card_action(state, "quiet_eon"))
    assert all(a.kind != "play" for a in state.legal_actions()) or state.view(None)["step"] != "card_window"
    assert events(state, "climate")[0]["roll"] > 0, "nobody could play Small Meteorite: the die was rolled"


def test_me_first_puts_its_player_first_for_the_rest_of_the_round():
    spec = [{"dinos": [SPOTS[0]]}, {"dinos": [SPOTS[1]]}, {"hand": ["me_first"], "dinos": [SPOTS[2]]}]
    state = scenario(spec, phase="movement", round_number=3, order=[0, 1, 2])
    play_when_offered(state, "me_first")
    skip_windows(state)
    assert state.view(None)["order"] == [2, 0, 1] and state.current_player == 2


def test_again_takes_the_card_just_played_and_it_waits_for_the_next_round():
    spec = [{"hand": ["vegetarian_diet"], "dinos": [SPOTS[0]]}, {"hand": ["again"], "dinos": [SPOTS[1]]},
            {"dinos": [SPOTS[2]]}]
    state = scenario(spec, phase="movement", round_number=3)
    state.apply(card_action(state, "vegetarian_diet"))
    assert state.current_player == 1
    state.apply(card_action(state, "again"))
    seen = state.view(0)
    assert seen["players"][1]["known_cards"] == ["vegetarian_diet"], "everyone saw which card was taken"
    mine = state.view(1)["players"][1]
    assert mine["hand"] == ["vegetarian_diet"] and mine["hand_locked"] == ["vegetarian_diet"]


def test_again_cannot_take_quiet_eon():
    spec = [{"hand": ["quiet_eon"], "dinos": [SPOTS[0]]}, {"hand": ["again"], "dinos": [SPOTS[1]]},
            {"dinos": [SPOTS[2]]}]
    state = scenario(spec, phase="movement", round_number=3)
    state.apply(card_action(state, "quiet_eon"))
    assert state.view(None)["step"] != "card_window" or card_action(state, "again") not in state.legal_actions()


def test_quiet_eon_in_a_bid_stops_evolutionary_niche_later_in_the_auction():
    state = phase6([["quiet_eon"], ["evolutionary_niche"], []])
    skip_windows(state)
    assert state.current_player == 0 and card_action(state, "quiet_eon") in state.legal_actions()
    state.apply(card_action(state, "quiet_eon"))
    state.apply(Action("bid", 0, 0))
    assert state.current_player == 1
    assert card_action(state, "evolutionary_niche") not in state.legal_actions()
