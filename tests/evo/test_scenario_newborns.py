"""Scenarios that start half-way through a birth phase can mark which dinos are newborns (``players[i].newborns``)."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, ScenarioError

from .helpers import card_action, hex_of, scenario

BIG = [[1, -2], [1, -1], [2, -2], [2, -1], [3, -1]]          # player 0: five dinos
AFTER_PLAYER_0 = [{"step": "round_end"}, {"step": "phase", "phase": 4},
                  {"step": "each_player", "part": "birth", "done": 1},
                  {"step": "card_window", "window": "after_opponent_birth_step", "subject": 0, "asked": 0,
                   "active": -1}]


def husband_scenario(newborns):
    return scenario([{"dinos": BIG, "newborns": newborns}, {"hand": ["not_my_husband"], "dinos": [[-3, 1]]},
                     {"dinos": [[-1, 3]]}], phase="birth", round_number=3, flow=AFTER_PLAYER_0)


def test_marked_newborns_are_what_youre_not_my_husband_may_replace():
    state = husband_scenario([[2, -1], [3, -1]])
    assert state.current_player == 1
    plays = {action.args[1] for action in state.legal_actions() if action.kind == "play"}
    assert plays == {hex_of(state, 2, -1), hex_of(state, 3, -1)}
    seen = state.view(None)["hexes"]
    assert [seen[hex_of(state, *spot)]["newborn"] for spot in BIG] == [False, False, False, True, True]
    state.apply(card_action(state, "not_my_husband", hex_of(state, 3, -1)))
    assert state.view(None)["hexes"][hex_of(state, 3, -1)]["owner"] == 1


def test_without_marks_there_is_no_newborn_to_replace():
    state = husband_scenario([])
    assert not [action for action in state.legal_actions() if action.kind == "play"]


def test_newborns_are_not_parents():
    flow = [{"step": "round_end"}, {"step": "phase", "phase": 4}, {"step": "each_player", "part": "birth", "done": 1},
            {"step": "birth_turn", "seat": 0, "placed": 1, "count": 2}]
    spec = [{"dinos": [[-3, 1], [-2, 1]]}, {"dinos": [[2, 0]]}, {"dinos": [[3, -2]]}]
    marked = scenario([{**spec[0], "newborns": [[-2, 1]]}, *spec[1:]], phase="birth", round_number=1, flow=flow)
    unmarked = scenario(spec, phase="birth", round_number=1, flow=flow)
    beyond = Action("birth", hex_of(marked, -1, 1))  # next to the newborn on (-2, 1), two steps from (-3, 1)
    assert marked.current_player == 0 and beyond not in marked.legal_actions()
    assert beyond in unmarked.legal_actions(), "the same dino, not a newborn, is a parent"


@pytest.mark.parametrize("players,extra,message", [
    ([{"dinos": [[2, 0]], "newborns": [[2, 0]]}, {}, {}], {"phase": "movement"},
     r"players\[0\].newborns: newborns are marked only in a birth phase under way"),
    ([{"dinos": [[2, 0]], "newborns": [[2, 0]]}, {}, {}], {"phase": "birth"},
     r"players\[0\].newborns: newborns are marked only in a birth phase under way"),
    ([{}, {"dinos": [[2, 0]], "newborns": [[3, -2]]}, {}], {"phase": "birth", "flow": AFTER_PLAYER_0},
     r"players\[1\].newborns\[0\]: hex \(3, -2\) holds no dino of this player"),
    ([{}, {"dinos": [[2, 0]], "newborns": [[2, 0], [2, 0]]}, {}], {"phase": "birth", "flow": AFTER_PLAYER_0},
     r"players\[1\].newborns\[1\]: hex \(2, 0\) is already marked"),
    ([{}, {"dinos": [[2, 0]], "newborns": [2, 0]}, {}], {"phase": "birth", "flow": AFTER_PLAYER_0},
     r"players\[1\].newborns\[0\]: a hex is written \[q, r\], got 2"),
    ([{}, {"dinos": [[2, 0]], "newborns": "all"}, {}], {"phase": "birth", "flow": AFTER_PLAYER_0},
     r"players\[1\].newborns"),
])
def test_bad_newborn_marks_name_the_json_path(players, extra, message):
    with pytest.raises(ScenarioError, match=message):
        scenario(players, round_number=3, **extra)
