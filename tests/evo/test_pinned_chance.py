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
