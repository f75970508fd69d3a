"""Hold points of the northstar decision stack: a scenario stops the game before a named automatic step."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, IllegalAction, ScenarioError, load_game

from .helpers import A, board, make, pl, sp

RESUME = Action("resume")


def test_game_declares_its_hold_points():
    game = load_game("northstar", players=2)
    assert set(game.hold_points) == {"food_reveal", "extinction"}
    assert game.die_sides == 0


def test_held_before_extinction_then_resumed():
    # player 1's hungry species (population 2, food 0) cannot eat: the feeding ends at once and the game holds
    st = make(pl(sp(1, 2, 0)), pl(sp(1, 1, 1)), wh=0, hold_round_end=False, hold=["extinction"],
              deck=list(range(30)))
    view = st.view(0)
    assert view["held"] == "extinction"
    assert view["phase"] == "feeding"
    assert st.legal_actions() == [RESUME]
    assert board(st, 0) == [(1, 2, 0, 0)]  # nothing has starved yet
    with pytest.raises(IllegalAction, match="held at the end of feeding"):
        st.apply(A("pass"))
    st.apply(RESUME)
    assert st.view(0)["held"] is None
    texts = [e["text"] for e in st.events_for(None)]
    assert any("goes extinct" in t for t in texts)  # population 2 with no food: extinct, replaced next round
    assert any("round 2 begins" in t for t in texts)


def test_held_before_food_reveal():
    st = make(pl(sp(1, 1, 0), food_card=("long-neck", 3)), pl(sp(1, 1, 0), food_card=("long-neck", 2)),
              phase="reveal", wh=1, hold=["food_reveal"], deck=list(range(30)))
    assert st.view(None)["held"] == "food_reveal"
    assert st.view(None)["watering_hole"] == 1
    st.apply(RESUME)
    assert st.view(None)["held"] is None
    assert st.view(None)["watering_hole"] == 6


def test_unknown_hold_point_names_its_path():
    with pytest.raises(ScenarioError, match=r"hold\[0\]: unknown hold point 'lunch' for northstar"):
        make(pl(sp()), pl(sp()), hold=["lunch"])
