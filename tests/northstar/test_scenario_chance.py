"""Northstar scenarios: every phase as a starting point, the draw pile pinned by ``chance``, food cards pinned.

North Star's *Evolution* rolls no dice: its chance is the order of the draw pile (and the reshuffled discard pile).
"""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, ScenarioError

from .helpers import make, pl, sp

RESUME = Action("resume")


def hand(st, seat: int) -> list[tuple[str, int]]:
    return [(card["trait"], card["food"]) for card in st.view(seat)["players"][seat]["hand"]]


def test_a_deal_scenario_deals_the_pinned_cards_to_the_first_player_first():
    # phase 1 (NOTES §4): each player gets 3 cards + 1 per species, the first player first; seat 2 has no species
    # and gets a new one before the deal
    st = make(pl(sp()), pl(sp(), sp()), pl(), phase="deal", first_player=1, hold_round_end=False,
              chance=[{"deck": "main", "cards": [["carnivore", 3], "horns", ["fertile", 2], {"trait": "climbing"},
                                                 ["long-neck", 4], ["fat-tissue", 3]]}])
    assert hand(st, 1)[:5] == [("carnivore", 3), ("horns", 1), ("fertile", 2), ("climbing", 0), ("long-neck", 4)]
    assert hand(st, 2)[0] == ("fat-tissue", 3)
    assert [len(player["species"]) for player in st.view(None)["players"]] == [1, 2, 1]
    assert [player["hand_count"] for player in st.view(None)["players"]] == [4, 5, 4]
    view = st.view(1)
    assert view["phase"] == "select-food" and st.current_player == 1  # the first player chooses a food card first


def test_a_pinned_draw_after_an_extinction_goes_to_the_species_owner():
    # seat 0's species with a Horns card starves to extinction at the end of feeding: its owner draws 1 card (R38)
    st = make(pl(sp(1, 1, 0, traits=(["horns", 1],))), pl(sp(1, 1, 1)), hold_round_end=False,
              chance=[{"deck": "main", "cards": [["ambush", 2]]}])
    draws = [event for event in st.events_for(0) if "goes extinct" in event["text"]]
    assert draws and "player 1's species 1" in draws[0]["text"]
    assert ("ambush", 2) in hand(st, 0) and ("ambush", 2) not in hand(st, 1)


@pytest.mark.parametrize("cards, before, after", [
    ([["carnivore", 3], ["horns", 1]], 2, 6),     # +4: added to the watering hole
    ([["carnivore", -1], ["fertile", -2]], 2, 0),  # -3: removed, never below 0 (R12)
])
def test_pinned_food_cards_decide_the_watering_hole_both_ways(cards, before, after):
    st = make(pl(sp(), food_card=cards[0]), pl(sp(), food_card=cards[1]), phase="food-reveal", wh=before,
              hold=["food_reveal"])
    view = st.view(None)
    assert view["held"] == "food_reveal" and view["watering_hole"] == before
    assert st.legal_actions() == [RESUME]
    st.apply(RESUME)
    assert st.view(None)["watering_hole"] == after
    shown = next(event for event in st.events_for(None) if event["text"].startswith("food cards:"))
    assert f"sum {after - before if after else -3:+d}" in shown["text"]


def test_a_food_reveal_scenario_skips_the_leaf_effects_already_resolved():
    # the species is Fertile and the watering hole holds food: starting at "reveal" it grows before the food cards
    # are turned up (NOTES §10); at "food-reveal" that leaf effect has already happened
    fertile = pl(sp(1, 2, 0, traits=("fertile",)), food_card=["horns", 2])
    other = pl(sp(), food_card=["horns", 1])
    grown = make(fertile, other, phase="reveal", wh=1, hold=["food_reveal"])
    same = make(fertile, other, phase="food-reveal", wh=1, hold=["food_reveal"])
    assert grown.view(None)["players"][0]["species"][0]["population"] == 3
    assert same.view(None)["players"][0]["species"][0]["population"] == 2
    same.apply(RESUME)
    assert same.view(None)["watering_hole"] == 4 and same.view(None)["phase"] == "feeding"


@pytest.mark.parametrize("phase, shown, actor", [
    ("deal", "select-food", 0),
    ("select-food", "select-food", 0),
    ("play-cards", "play-cards", 0),
    ("reveal", "feeding", 0),
    ("food-reveal", "feeding", 0),
    ("feeding", "feeding", 0),
])
def test_every_phase_is_a_starting_point_that_plays_on(phase, shown, actor):
    food = {"food_card": ["horns", 2]} if phase in ("play-cards", "reveal", "food-reveal") else {}
    players = [{"species": [{}], "hand": [["climbing", 1], ["horns", 3]], **food},
               {"species": [{}], "hand": [["horns", 1]], **food}]
    st = make(*players, phase=phase, wh=2 if phase == "feeding" else 0, hold_round_end=False)
    assert st.view(None)["phase"] == shown and st.current_player == actor
    for _ in range(200):  # the game plays on into the next rounds
        if st.is_terminal or st.view(None)["round"] == 3:
            break
        st.apply(st.legal_actions()[0])
    assert st.view(None)["round"] == 3 or st.is_terminal


@pytest.mark.parametrize("chance, message", [
    ([{"die": 4}], r"chance\[0\]\.die: northstar rolls no dice"),
    ([{"deck": "food", "cards": [3]}], r"chance\[0\]\.deck: northstar has no deck named 'food' \(known: main\)"),
    ([{"deck": "main", "cards": [["horns", 1], 0]}], r"chance\[0\]\.cards\[1\]: card 0 is not in the draw pile"),
    ([{"deck": "main", "cards": [["horns", 9]]}], r"chance\[0\]\.cards\[0\]: no horns card with food 9 is left"),
    ([{"deck": "main", "cards": ["wings"]}], r"chance\[0\]\.cards\[0\]: unknown trait 'wings'"),
])
def test_outcomes_the_rules_cannot_produce_are_refused_with_their_path(chance, message):
    with pytest.raises(ScenarioError, match=message):
        make(pl(sp(), hand=(0,)), pl(sp()), phase="select-food", chance=chance)


def test_food_cards_are_refused_where_none_can_lie():
    with pytest.raises(ScenarioError, match=r"players\[1\]\.food_card: there are no food cards on the watering "
                                            r"hole in the deal phase"):
        make(pl(sp()), pl(sp(), food_card=["horns", 1]), phase="deal")
