"""Movement-phase cards (NOTES §6, rulings 14, 36a): Vegetarian Diet, Truce, Big Brother, Bulking Up, Motivation."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, IllegalAction

from .helpers import HILLS_A, MOUNTAIN_A, card_action, events, move, scenario


def fight_setup(hand, defender_hand=(), seed=0):
    return scenario([{"hand": list(hand), "dinos": [list(HILLS_A)]},
                     {"hand": list(defender_hand), "dinos": [list(MOUNTAIN_A)]},
                     {"dinos": [[3, -2]]}], phase="movement", round_number=3, seed=seed)


def test_vegetarian_diet_forbids_every_attack():
    state = fight_setup(["vegetarian_diet"])
    state.apply(card_action(state, "vegetarian_diet"))
    while state.view(None)["step"] == "card_window":
        state.apply(Action("done"))
    with pytest.raises(IllegalAction, match="Vegetarian Diet"):
        state.apply(move(state, HILLS_A, MOUNTAIN_A))


def test_truce_forbids_attacks_between_the_two_only():
    state = scenario([{"hand": ["truce"], "dinos": [list(HILLS_A)]}, {"dinos": [list(MOUNTAIN_A)]},
                      {"dinos": [[-2, 0]]}], phase="movement", round_number=3)
    state.apply(card_action(state, "truce", 1))
    while state.view(None)["step"] == "card_window":
        state.apply(Action("done"))
    with pytest.raises(IllegalAction, match="under a Truce"):
        state.apply(move(state, HILLS_A, MOUNTAIN_A))
    assert move(state, HILLS_A, (-2, 0)) in state.legal_actions()


@pytest.mark.parametrize("card,owner,expected", [("bulking_up", 0, 2), ("big_brother", 1, -2),
                                                  ("big_brother", 0, 0), ("bulking_up", 1, 0)])
def test_horn_cards_count_only_in_their_role(card, owner, expected):
    hands = ([card], []) if owner == 0 else ([], [card])
    state = fight_setup(*hands)
    state.apply(card_action(state, card))
    while state.view(None)["step"] == "card_window":
        state.apply(Action("done"))
    state.apply(move(state, HILLS_A, MOUNTAIN_A))
    assert events(state, "combat")[0]["difference"] == expected


def test_motivation_gives_one_point_per_dino_on_the_board():
    dinos = [[-3, 1], [0, 2], [1, 1], [-1, -2]]
    state = scenario([{"hand": ["motivation"], "dinos": dinos}, {"dinos": [[3, -2]]}, {"dinos": [[3, 0]]}],
                     phase="movement", round_number=3)
    state.apply(card_action(state, "motivation"))
    while state.view(None)["step"] == "card_window":
        state.apply(Action("done"))
    assert "4 movement points" in state.view(0)["prompt"]
