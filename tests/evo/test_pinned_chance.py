"""Evo scenarios pin chance (climate and meteor dice, the next action cards and gene tiles) and hold before a step."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, IllegalAction, ScenarioError

from .helpers import scenario

THREE = [{"dinos": [[-3, 1]]}, {"dinos": [[3, -1]]}, {"dinos": [[0, 2]]}]


def climate_after(roll: int) -> tuple[int, int]:
    held = scenario(THREE, phase="climate", round_number=1, chance=[{"die": roll}], hold=["climate_roll"])
    before = held.view(None)["climate"]
    held.apply(Action("resume"))
    return before, held.view(None)["climate"]


def test_pinned_climate_roll_decides_the_move_both_ways():
    # ruling 5: a 1 moves the climate marker one space counter-clockwise, 2 leaves it, 3-6 one space clockwise
    start, after_one = climate_after(1)
    ring = len(scenario(THREE, phase="climate").view(None)["climate_ring"])
    assert after_one == (start - 1) % ring
    assert climate_after(2)[1] == start
    for roll in (3, 6):
        assert climate_after(roll)[1] == (start + 1) % ring


def test_held_position_is_inspected_then_resumed():
    state = scenario(THREE, phase="climate", chance=[{"die": 4}], hold=["climate_roll"])
    view = state.view(1)
    assert view["held"] == "climate_roll" and view["step"] == "hold"
    assert state.legal_actions() == [Action("resume")]
    with pytest.raises(IllegalAction, match="held before the climate roll; the only choice is resume"):
        state.apply(Action("pass"))
    state.apply(Action("resume"))
    assert state.view(1)["held"] is None
    assert any(event["kind"] == "climate" and event["roll"] == 4 for event in state.events_for(None))


def test_pinned_gene_tiles_are_laid_out_first():
    state = scenario(THREE, phase="meteor", round_number=3,
                     chance=[{"deck": "genes", "cards": ["horn", "fur", "egg"]}], hold=["auction_start"])
    state.apply(Action("resume"))
    genes = [row["gene"] for row in state.view(None)["auction"]]
    assert genes[:3] == ["horn", "fur", "egg"]


@pytest.mark.parametrize("chance, message", [
    ([{"die": 7}], r"chance\[0\]\.die: 7 is not a face of a 6-sided die"),
    ([{"deck": "genes", "cards": ["wings"]}], r"chance\[0\]\.cards\[0\]: unknown gene 'wings'"),
    ([{"deck": "cards", "cards": ["teleport"]}], r"chance\[0\]\.cards\[0\]: unknown action card 'teleport'"),
    ([{"deck": "dice", "cards": ["x"]}], r"chance\[0\]\.deck: evo has no deck named 'dice' \(known: cards, genes\)"),
])
def test_outcomes_the_rules_cannot_produce_are_refused_with_their_path(chance, message):
    with pytest.raises(ScenarioError, match=message):
        scenario(THREE, phase="climate", chance=chance)


PHASES = ["initiative", "climate", "movement", "birth", "survival", "meteor"]


@pytest.mark.parametrize("phase", PHASES)
def test_every_phase_is_a_starting_point_that_plays_on_in_order(phase):
    # NOTES §3: the six phases in order, then the next round's initiative; round 3 allows action cards
    state = scenario(THREE, phase=phase, round_number=3, meteor=1, seed=2)
    for _ in range(300):
        if state.is_terminal or state.view(None)["round"] == 4 and state.view(None)["phase"] == "movement":
            break
        state.apply(state.legal_actions()[0])
    seen = [event["phase"] for event in state.events_for(None) if event["kind"] == "phase"]
    assert seen == PHASES[PHASES.index(phase):] + PHASES[:3]


def test_a_pinned_action_card_is_drawn_by_the_first_winner_of_a_card_gene():
    # NOTES §9: winners take their genes in turn order; a card gene draws the top action card instead
    spec = [{"dinos": [[-3, 1]]}, {"dinos": [[3, -1]]}, {"dinos": [[0, 2]]}]
    state = scenario(spec, phase="meteor", meteor=0, order=[2, 0, 1], bag={"card": 3},
                     chance=[{"deck": "cards", "cards": ["truce", "again"]}])
    for _ in range(3):
        bids = [action for action in state.legal_actions() if action.kind == "bid" and action.args[1] == 0]
        state.apply(bids[0])
    hands = {seat: state.view(seat)["players"][seat]["hand"] for seat in range(3)}
    assert hands[2] == ["truce"] and hands[0] == ["again"] and len(hands[1]) == 1


@pytest.mark.parametrize("roll, strikes", [(2, True), (5, False)])
def test_held_before_the_meteor_then_a_pinned_roll_decides_the_extinction_both_ways(roll, strikes):
    # meteor space 13 (reconstructed track) hits on 1-3: the game ends
    state = scenario(THREE, phase="meteor", meteor=12, chance=[{"die": roll}], hold=["meteor"])
    view = state.view(None)
    assert view["held"] == "meteor" and view["meteor"] == 12 and state.legal_actions() == [Action("resume")]
    state.apply(Action("resume"))
    (event,) = [event for event in state.events_for(None) if event["kind"] == "meteor"]
    assert event["roll"] == roll and event["hit"] is strikes and state.is_terminal is strikes
