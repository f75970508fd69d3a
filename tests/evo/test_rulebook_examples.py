"""The worked examples of the Czech rulebook (and NOTES rulings 7, 29) as scenario tests."""

from __future__ import annotations

from evolutio.kernel import Action

from .helpers import card_action, events, hex_of, scenario, skip_windows

OTHERS = [{"dinos": [[3, 0]]}, {"dinos": [[3, -1]]}]   # plains and desert edge hexes on the 3p map


def survivors(climate_index, dinos):
    state = scenario([{"dinos": dinos}, *OTHERS], phase="survival", climate=climate_index)
    while state.current_player == 0 and state.view(None)["step"] == "remove_choice":
        state.apply(state.legal_actions()[0])
    return state


def test_example_1_marker_on_green():
    """Green favourable: brown cold, yellow hot, grey too cold to survive."""
    state = survivors(1, [[-2, 1], [-3, 1], [-3, 2], [-4, 3], [-3, 3], [-4, 1]])  # m, h, h, d, d, p
    dead = {e["hexes"][0] for e in events(state, "perish") if e["seat"] == 0 and len(e["hexes"]) == 1}
    lethal = events(state, "perish")[0]["hexes"]
    assert lethal == [hex_of(state, -2, 1)], "mountains are lethal"
    assert len(dead - set(lethal)) == 2, "one of two hills and one of two deserts die (1 + 0 fur / parasol)"
    assert state.view(None)["players"][0]["dinos"] == 3


def test_example_2_marker_on_grey():
    """Grey favourable: brown hot, green and yellow too hot to survive."""
    state = survivors(3, [[-2, 1], [-3, 1], [-4, 3], [-4, 1]])  # m, h, d, p
    seen = state.view(None)
    assert len([cell for cell in seen["hexes"] if cell["owner"] == 0]) == 2
    assert seen["hexes"][hex_of(state, -2, 1)]["owner"] == 0 and seen["hexes"][hex_of(state, -3, 1)]["owner"] == 0


def test_payment_example_bid_five_with_two_mutants_pays_three_bid_one_pays_nothing():
    for bid, paid in ((5, 3), (1, 0)):
        state = scenario([{"genes": {"mutant": 2}, "dinos": [[-3, 1]]}, {"dinos": [[0, 2]]}, {"dinos": [[2, 0]]}],
                         phase="meteor", meteor=0, bag={"leg": 3})
        state.apply(Action("bid", 0, bid))
        state.apply(Action("bid", 1, 0))
        state.apply(Action("bid", 2, 0))
        (payment,) = [e for e in events(state, "payment") if e["seat"] == 0]
        assert payment["paid"] == paid


def test_displaced_player_may_re_place_higher_in_the_same_row():
    state = scenario([{"dinos": [[-3, 1]]}, {"dinos": [[0, 2]]}, {"dinos": [[2, 0]]}], phase="meteor", meteor=0,
                     bag={"horn": 3})
    state.apply(Action("bid", 0, 1))
    state.apply(Action("bid", 0, 2))
    assert state.current_player == 0
    state.apply(Action("bid", 0, 3))           # back into the same row, displacing player 2 in turn
    assert state.current_player == 1
    state.apply(Action("bid", 1, 0))
    assert state.current_player == 2


def test_phase_windows_eight_offers_me_first_before_scoring():
    spec = [{"dinos": [[3, 0]]}, {"hand": ["me_first"], "dinos": [[3, -1]]}, {"dinos": [[2, 0]]}]
    six = scenario(spec, phase="survival", round_number=3, climate=1)
    eight = scenario(spec, phase="survival", round_number=3, climate=1, options={"phase_windows": "eight"})
    offered = []
    for state in (six, eight):
        seen = False
        while not state.is_terminal and state.view(None)["phase"] == "survival":
            if card_action(state, "me_first") in state.legal_actions() and "scoring" in state.view(None)["prompt"]:
                seen = True
            state.apply(Action("done") if Action("done") in state.legal_actions() else state.legal_actions()[0])
        offered.append(seen)
    assert offered == [False, True]
    skip_windows(eight)
