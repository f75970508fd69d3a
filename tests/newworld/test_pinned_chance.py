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


def area_food(state) -> dict[str, list[int]]:
    return {area["area"]: [half["food"] for half in area["halves"]] for area in state.view(None)["areas"]}


@pytest.mark.parametrize("revealed, food", [("taiga", [3]), ("savanna_desert", [3, 1]), ("swamp_1", [1])])
def test_an_areas_scenario_reveals_the_pinned_area_and_fills_its_symbols(revealed, food):
    # NOTES §5: the top area card goes to the left end and every symbol gets a token (an empty Swamp gets 1, §9.3)
    state = scenario([{"animals": [{}]}, {"animals": [{}]}], phase="areas", area_deck=2,
                     chance=[{"deck": "areas", "cards": [revealed]}])
    view = state.view(None)
    assert view["areas"][0]["area"] == revealed and area_food(state) == {revealed: food, "steppe": [2]}
    assert view["area_deck"] == 1 and not view["final_period"]
    assert view["phase"] == "feeding" and state.current_player == 0


def test_the_last_pinned_area_starts_the_final_period():
    state = scenario([{"animals": [{}]}, {"animals": [{}]}], phase="areas",
                     chance=[{"deck": "areas", "cards": ["oasis"]}], hold=["areas_phase"])
    assert state.view(None)["held"] == "areas_phase" and state.view(None)["area_deck"] == 1
    state.apply(Action("resume"))
    assert state.view(None)["areas"][0]["area"] == "oasis" and state.view(None)["final_period"]


def hand_cards(state, seat: int) -> list[tuple[str, str]]:
    return [(card["large"], card["small"]) for card in state.view(seat)["players"][seat]["hand"]]


def test_an_extinction_scenario_deals_the_pinned_cards_to_the_first_player_first():
    # NOTES §7: survivors draw animals + 2 cards each, from the first player (seat 1 here)
    state = scenario([{"animals": [{"food": 1}]}, {"animals": [{"food": 1}]}], phase="extinction", first_player=1,
                     areas=[{"area": "steppe"}, {"area": "taiga"}],
                     chance=[{"deck": "main", "cards": ["piracy/carnivorous", "running/burrowing", "horned/massive",
                                                        "mimicry/swimming"]}])
    assert hand_cards(state, 1) == [("piracy", "carnivorous"), ("running", "burrowing"), ("horned", "massive")]
    assert hand_cards(state, 0)[0] == ("mimicry", "swimming")
    view = state.view(None)
    assert view["period"] == 2 and view["phase"] == "development" and state.current_player == 0


@pytest.mark.parametrize("phase, shown", [
    ("development", "development"), ("areas", "feeding"), ("feeding", "feeding"), ("extinction", "development")])
def test_every_phase_is_a_starting_point_that_plays_on(phase, shown):
    state = scenario([{"animals": [{}], "hand": ["running", "massive"]},
                      {"animals": [{"food": 1}], "hand": ["tail_loss"]}],
                     phase=phase, area_deck=2, areas=[{"area": "steppe"}, {"area": "taiga"}])
    assert state.view(None)["phase"] == shown
    for _ in range(300):
        if state.is_terminal or state.view(None)["period"] == 3:
            break
        state.apply(state.legal_actions()[-1])
    assert state.view(None)["period"] == 3 or state.is_terminal


@pytest.mark.parametrize("body, message", [
    ({"chance": [{"deck": "areas", "cards": ["steppe"]}]}, r"chance\[0\]\.cards\[0\]: 'steppe' is not an area card "
                                                           r"still unseen"),
    ({"chance": [{"deck": "areas", "cards": ["taiga", "taiga"]}]}, r"chance\[0\]\.cards\[1\]: 'taiga' is not an area"),
    ({"chance": [{"deck": "areas", "cards": ["taiga", "oasis"]}]}, r"chance\[0\]\.cards: 2 cards pinned, but the deck "
                                                                   r"holds only 1"),
    ({"chance": [{"deck": "main", "cards": ["teleport"]}]}, r"chance\[0\]\.cards\[0\]: unknown trait 'teleport'"),
    ({"chance": [{"deck": "main", "cards": ["running/running"]}]}, r"chance\[0\]\.cards\[0\]: no card in the draw "
                                                                   r"deck 'running/running' is left"),
    ({"chance": [{"deck": "box", "cards": ["taiga"]}]}, r"chance\[0\]\.deck: newworld has no deck named 'box'"),
    ({"phase": "areas", "final": True}, r"final: the final period begins with its areas phase"),
    ({"phase": "extinction", "to_act": 1}, r"to_act: seat 1 has no hungry animal that fat or Hibernation can save"),
])
def test_pinned_cards_and_phases_the_rules_cannot_produce_are_refused_with_their_path(body, message):
    with pytest.raises(ScenarioError, match=message):
        scenario([{"animals": [{}]}, {"animals": [{}]}], **{"phase": "development", **body})
