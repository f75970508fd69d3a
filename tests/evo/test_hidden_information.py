"""Card windows ask only what the table knows (rules version 2): who is asked, what every other seat sees, and the
``done_round`` declaration. See docs/evo.md, "Who is asked in a card window"."""

from __future__ import annotations

import json

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import Action, RecordError, load_game, make_record, replay
from evolutio.kernel.rng import Rng

from .helpers import card_action, scenario

DONE = Action("done")
DONE_ROUND = Action("done_round")
QUIET = [{"dinos": [[2, 0]]}, {"dinos": [[3, -2]]}]


def same_for_every_other_seat(state, seed):
    """Deal every hand the seat cannot see again: the decider and that seat's whole view must not change."""
    for seat in range(state.num_players):
        if seat == state.current_player:
            continue
        other = state.determinize(seat, Rng(seed + seat))
        assert other.current_player == state.current_player
        assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(state.view(seat), sort_keys=True)


@pytest.mark.parametrize("players,seed", [(3, 5), (4, 11), (5, 17)])
def test_who_is_asked_and_every_view_depend_on_no_hidden_hand(players, seed):
    state = load_game("evo", players=players).new_state(seed)
    bot = RandomBot(seed=seed)
    windows = 0
    while not state.is_terminal:
        if state.view(None)["step"] in ("card_window", "pay"):
            windows += state.view(None)["step"] == "card_window"
            same_for_every_other_seat(state, seed)
        state.apply(bot.choose(state))
    assert windows > 0


def test_a_hand_whose_cards_cannot_be_played_is_still_asked_while_the_table_cannot_tell():
    # Player 0 holds Truce only; Quiet Eon's place is unknown, so the table cannot tell it from a Quiet Eon holder
    state = scenario([{"hand": ["truce"], "dinos": [[-3, 1]]}, *QUIET], phase="survival", round_number=3)
    assert state.current_player == 0 and state.legal_actions() == [DONE, DONE_ROUND]
    # once every card but the hand is known to be out of the game, nobody is asked where Truce cannot be played
    known = scenario([{"hand": ["truce"], "dinos": [[-3, 1]]}, *QUIET], phase="survival", round_number=3, deck=[])
    assert known.view(None)["step"] != "card_window"
    assert "quiet_eon" in known.view(None)["out_of_game"] and "truce" not in known.view(None)["out_of_game"]


def test_done_round_skips_the_rest_of_the_round_then_the_next_round_asks_again():
    state = scenario([{"hand": ["pterodactyl"], "dinos": [[-3, 1]]}, *QUIET], phase="birth", round_number=3)
    assert state.current_player == 0 and state.view(None)["step"] == "card_window"
    state.apply(DONE_ROUND)
    assert state.view(None)["done_round"] == [0]
    assert any(event["kind"] == "done_round" for event in state.events_for(None))
    while not state.is_terminal and state.view(None)["round"] == 3:
        assert state.view(None)["step"] != "card_window", "no card window asks a seat that is done for the round"
        state.apply(state.legal_actions()[0])
    assert state.view(None)["done_round"] == []
    assert state.view(None)["step"] == "card_window" and state.current_player == 0, "round 4 asks again"


def test_done_is_for_one_window_only():
    state = scenario([{"hand": ["pterodactyl"], "dinos": [[-3, 1]]}, *QUIET], phase="survival", round_number=3)
    assert state.view(None)["prompt"].startswith("play an action card in the survival start window")
    state.apply(DONE)
    assert card_action(state, "pterodactyl") in state.legal_actions(), "asked again in the next window"


def test_done_round_also_ends_card_offers_in_bids_and_payments():
    spec = [{"hand": ["evolutionary_niche", "genetic_head_start"], "dinos": [[-3, 1]]}, *QUIET]
    state = scenario(spec, phase="meteor", round_number=3, meteor=0, bag={"leg": 3})
    state.apply(DONE_ROUND)
    while state.view(None)["step"] == "card_window":
        state.apply(DONE)
    assert state.view(None)["step"] == "bid" and state.current_player == 0
    assert not [action for action in state.legal_actions() if action.kind == "play"]
    state.apply(Action("bid", 0, 3))
    state.apply(Action("bid", 1, 0))
    state.apply(Action("bid", 2, 0))
    assert state.view(None)["step"] != "pay", "nobody is asked before paying"
    paid = [event["paid"] for event in state.events_for(None) if event["kind"] == "payment" and event["seat"] == 0]
    assert paid == [3]


def test_final_scoring_asks_even_after_done_round():
    state = scenario([{"hand": ["unexpected_gene"], "dinos": [[-3, 1]]}, *QUIET], phase="meteor", round_number=3,
                     meteor=13, seed=3)
    state.apply(DONE_ROUND)
    while not state.view(None)["ended"]:
        state.apply(DONE)
    assert state.view(None)["step"] == "card_window" and state.current_player == 0
    assert state.legal_actions() == [card_action(state, "unexpected_gene"), DONE]


def test_records_and_saved_states_of_rules_version_1_are_refused_clearly():
    game = load_game("evo", players=3)
    state = game.new_state(1)
    state.apply(state.legal_actions()[0])
    saved = state.to_json()
    saved["rules_version"] = "1"
    with pytest.raises(ValueError, match="rules version '1'.*reads '2'"):
        game.state_from_json(saved)
    record = make_record(state)
    record["rules_version"] = "1"
    with pytest.raises(RecordError, match="rules version '1'; this evolutio has '2'"):
        replay(record)

