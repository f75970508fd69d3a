"""New World scenarios pin the defence dice and hold before the areas, feeding, extinction and period end."""

from __future__ import annotations

import pytest

from evolutio.games.newworld.data import TRAIT_IDS
from evolutio.kernel import Action, IllegalAction, ScenarioError

from .helpers import alive, animal, scenario

RUNNING = TRAIT_IDS.index("running")
HORNED = TRAIT_IDS.index("horned")


def attack_on(prey_trait: str, roll: int):
    state = scenario([{"animals": [{"traits": ["carnivorous"]}]}, {"animals": [{"traits": [prey_trait]}]}],
                     phase="feeding", chance=[{"die": roll}])
    state.apply(Action("attack", 0, 1))
    state.apply(Action("defend", 1, TRAIT_IDS.index(prey_trait)))
    return state


@pytest.mark.parametrize("roll, escapes", [(1, False), (3, False), (4, True), (6, True)])
def test_pinned_roll_decides_running_both_ways_ruling_51(roll, escapes):
    state = attack_on("running", roll)
    assert (1 in alive(state)) is escapes
    assert animal(state, 0)["food"] == (0 if escapes else 2)


@pytest.mark.parametrize("roll, predator_dies", [(4, False), (5, True)])
def test_pinned_roll_decides_horned_both_ways_ruling_51(roll, predator_dies):
    state = attack_on("horned", roll)
    assert (0 not in alive(state)) is predator_dies


def test_held_before_extinction_inspected_and_resumed():
    state = scenario([{"animals": [{}]}, {"animals": [{}], "passed": True}], phase="feeding",
                     hold=["extinction_phase"])
    for _ in range(20):  # play the rest of the feeding phase; the game must stop at the hold point
        if state.view(0)["held"] is not None:
            break
        state.apply(state.legal_actions()[-1])
    view = state.view(0)
    assert view["held"] == "extinction_phase" and view["decision"] == "hold"
    assert state.legal_actions() == [Action("resume")]
    with pytest.raises(IllegalAction, match="held before the extinction phase"):
        state.apply(Action("pass"))
    before = alive(state)
    state.apply(Action("resume"))
    assert state.view(0)["held"] is None and alive(state) <= before


@pytest.mark.parametrize("body, message", [
    ({"chance": [{"die": 0}]}, r"chance\[0\]\.die: 0 is not a face of a 6-sided die"),
    ({"hold": ["lunch"]}, r"hold\[0\]: unknown hold point 'lunch' for newworld"),
])
def test_impossible_outcomes_and_unknown_holds_are_refused_with_their_path(body, message):
    with pytest.raises(ScenarioError, match=message):
        scenario([{"animals": [{}]}, {"animals": [{}]}], phase="feeding", **body)
