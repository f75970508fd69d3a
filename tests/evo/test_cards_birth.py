"""Birth-phase cards (NOTES §7, rulings 18, 35, 36a): Egg Laying Muscles, Population Cap, Tough Babies,
You're Not My Husband!."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, IllegalAction

from .helpers import (
    HILLS_A,
    MOUNTAIN_A,
    card_action,
    events,
    hex_of,
    owner_at,
    play_when_offered,
    scenario,
    skip_windows,
)

OTHERS = [{"dinos": [[3, -2]]}, {"dinos": [[3, 0]]}]


def test_egg_laying_muscles_reaches_three_hexes_from_a_parent():
    state = scenario([{"hand": ["egg_laying_muscles"], "dinos": [list(HILLS_A)]}, *OTHERS], phase="birth",
                     round_number=3)
    play_when_offered(state, "egg_laying_muscles")
    skip_windows(state)
    targets = {a.args[0] for a in state.legal_actions()}
    assert hex_of(state, 0, 1) in targets and hex_of(state, -1, 1) in targets   # 3 and 2 hexes away
    assert hex_of(state, 1, 1) not in targets                                  # 4 hexes away


def test_population_cap_stops_every_birth():
    state = scenario([{"hand": ["population_cap"], "dinos": [list(HILLS_A)]}, *OTHERS], phase="birth",
                     round_number=3)
    play_when_offered(state, "population_cap")
    skip_windows(state)
    assert not events(state, "birth") and state.view(None)["phase"] != "birth"


def test_tough_babies_attack_with_one_extra_horn():
    for seed in range(10):
        state = scenario([{"hand": ["tough_babies"], "dinos": [list(HILLS_A)]}, {"dinos": [list(MOUNTAIN_A)]},
                          {"dinos": [[3, 0]]}], phase="birth", round_number=3, seed=seed)
        play_when_offered(state, "tough_babies")
        skip_windows(state)
        state.apply(Action("birth", hex_of(state, *MOUNTAIN_A)))
        (fight,) = events(state, "combat")
        assert fight["difference"] == 1 and fight["won"] == (fight["roll"] <= 4)
        assert owner_at(state, *MOUNTAIN_A) == (0 if fight["won"] else 1)


def test_tough_babies_cannot_attack_under_vegetarian_diet():
    state = scenario([{"hand": ["tough_babies"], "dinos": [list(HILLS_A)]}, {"dinos": [list(MOUNTAIN_A)]},
                      {"dinos": [[3, 0]]}], phase="birth", round_number=3, effects={"global": ["vegetarian_diet"]})
    play_when_offered(state, "tough_babies")
    skip_windows(state)
    assert Action("birth", hex_of(state, *MOUNTAIN_A)) not in state.legal_actions()


def test_not_my_husband_swaps_a_newborn_of_a_big_enough_species():
    big = [[1, -2], [1, -1], [2, -2], [2, -1], [3, -1]]
    state = scenario([{"dinos": big}, {"hand": ["not_my_husband"], "dinos": [[-3, 1]]}, {"dinos": [[-1, 3]]}],
                     phase="birth", round_number=3)
    skip_windows(state)
    while state.current_player == 0:
        state.apply(state.legal_actions()[0])
    babies = [e["hex"] for e in events(state, "birth") if e["seat"] == 0]
    assert state.current_player == 1 and state.view(None)["step"] == "card_window"
    state.apply(card_action(state, "not_my_husband", babies[0]))
    assert state.view(None)["hexes"][babies[0]]["owner"] == 1


def test_not_my_husband_refused_below_five_dinos():
    alone = scenario([{"dinos": [[1, -2]]}, {"hand": ["not_my_husband"], "dinos": [[-3, 1]]}, {"dinos": [[-1, 3]]}],
                     phase="birth", round_number=3, deck=[])  # Quiet Eon is out of the game
    skip_windows(alone)
    while alone.current_player == 0:
        alone.apply(alone.legal_actions()[0])
    assert alone.view(None)["step"] == "birth_turn", "player 0 has under 5 dinos: nobody could play the card"
    state = scenario([{"dinos": [[1, -2]]}, {"hand": ["not_my_husband", "quiet_eon"], "dinos": [[-3, 1]]},
                      {"dinos": [[-1, 3]]}], phase="birth", round_number=3)
    skip_windows(state)
    while state.current_player == 0:
        state.apply(state.legal_actions()[0])
    baby = events(state, "birth")[0]["hex"]
    with pytest.raises(IllegalAction, match="at least 5 dinos"):
        state.apply(card_action(state, "not_my_husband", baby))
