"""Climate-phase cards (NOTES §5, §10.3; rulings 8, 9, 35, 36, 45)."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, IllegalAction

from .helpers import DESERT_EDGES, card_action, events, hex_of, owner_at, scenario

QUIET = [{"dinos": [[2, 0]]}, {"dinos": [[3, -2]]}]


def climate(hand, climate_index=0, seed=0, options=None, first=None, **body):
    first = first or {"hand": hand, "dinos": [[-3, 1]]}
    return scenario([first, *QUIET], phase="climate", round_number=3, climate=climate_index, seed=seed,
                    options=options, **body)


def test_no_card_in_rounds_one_and_two():
    state = scenario([{"hand": ["small_meteorite"], "dinos": [[-3, 1]]}, *QUIET], phase="climate", round_number=2)
    assert events(state, "climate"), "the climate was rolled without a card window"
    assert state.view(None)["phase"] == "movement"


def test_small_meteorite_moves_two_clockwise_instead_of_rolling():
    state = climate(["small_meteorite"])
    state.apply(card_action(state, "small_meteorite"))
    assert state.view(None)["climate"] == 2
    assert [e["roll"] for e in events(state, "climate")] == [0]


@pytest.mark.parametrize("target,expected", [(0, 5), (1, 0), (2, 1)])
def test_weather_gene_chooses_minus_one_zero_or_plus_one(target, expected):
    state = climate(["weather_gene"])
    state.apply(card_action(state, "weather_gene", target))
    assert state.view(None)["climate"] == expected


def test_unseasonal_weather_needs_green_or_brown_then_rolls():
    alone = climate(["unseasonal_weather"], deck=["again"])  # every other card (Quiet Eon too) is out of the game
    assert alone.view(None)["phase"] == "movement", "on the desert space nobody could play a card: nobody was asked"
    unknown = climate(["unseasonal_weather"])
    assert unknown.view(None)["step"] == "card_window", "Quiet Eon may be in any hand: the holder is asked"
    state = climate(["unseasonal_weather", "quiet_eon"])
    with pytest.raises(IllegalAction, match="green or brown"):
        state.apply(card_action(state, "unseasonal_weather"))
    state = climate(["unseasonal_weather"], climate_index=1)
    state.apply(card_action(state, "unseasonal_weather"))
    first, rolled = events(state, "climate")
    assert first["climate"] == 5 and rolled["roll"] > 0


def test_only_one_card_in_the_climate_phase_by_default():
    state = climate(["small_meteorite", "accident"])
    state.apply(card_action(state, "small_meteorite"))
    assert state.view(None)["phase"] == "movement", "the window closed after the one climate card"
    loose = climate(["small_meteorite", "deluge"], options={"climate_card_limit_scope": "climate_changing_only"})
    loose.apply(card_action(loose, "small_meteorite"))
    assert loose.view(None)["step"] == "card_window", "reaction window: Again! or Quiet Eon may be in any hand"
    assert loose.legal_actions() == [Action("done"), Action("done_round")]
    loose.apply(Action("done"))
    assert card_action(loose, "deluge") in loose.legal_actions()


def test_accident_needs_a_target_with_five_dinos():
    victims = [[2, 0], [2, -1], [2, -2], [3, -1], [3, 0]]
    alone = scenario([{"hand": ["accident"], "dinos": [[-3, 1]]}, {"dinos": victims[:4]},
                      {"dinos": victims[4:] + [[1, 2]]}], phase="climate", round_number=3, deck=[])
    assert alone.view(None)["phase"] == "movement", "no opponent has 5 dinos: nobody could play Accident"
    state = scenario([{"hand": ["accident", "quiet_eon"], "dinos": [[-3, 1]]}, {"dinos": victims[:4]},
                      {"dinos": victims[4:] + [[1, 2]]}], phase="climate", round_number=3)
    with pytest.raises(IllegalAction, match="at least 5 dinos"):
        state.apply(card_action(state, "accident", hex_of(state, 2, 0)))
    state = scenario([{"hand": ["accident"], "dinos": [[-3, 1]]}, {"dinos": victims}, {"dinos": [[1, 2]]}],
                     phase="climate", round_number=3)
    state.apply(card_action(state, "accident", hex_of(state, 2, 0)))
    assert owner_at(state, 2, 0) is None


def test_deluge_rolls_for_every_edge_dino_adding_the_owners_parasol_genes():
    for seed in range(6):
        state = scenario([{"hand": ["deluge"], "genes": {"parasol": 2}, "dinos": [list(DESERT_EDGES[0]), [-3, 1]]},
                          {"dinos": [list(DESERT_EDGES[1]), list(DESERT_EDGES[2])]}, {"dinos": [[1, 1]]}],
                         phase="climate", round_number=3, seed=seed)
        state.apply(card_action(state, "deluge"))
        rolls = events(state, "deluge")
        assert sorted(e["hex"] for e in rolls) == sorted(hex_of(state, *c) for c in DESERT_EDGES[:3])
        for event in rolls:
            parasols = 2 if event["seat"] == 0 else 0
            assert event["died"] == (event["roll"] + parasols <= 4)
            assert (state.view(None)["hexes"][event["hex"]]["owner"] is None) == event["died"]


def test_deluge_can_add_the_card_players_parasols_instead():
    for seed in range(6):
        state = scenario([{"hand": ["deluge"], "genes": {"parasol": 3}, "dinos": [[-3, 1]]},
                          {"dinos": [list(DESERT_EDGES[1])]}, {"dinos": [[1, 1]]}],
                         phase="climate", round_number=3, seed=seed,
                         options={"deluge_parasol_source": "card_player"})
        state.apply(card_action(state, "deluge"))
        (event,) = events(state, "deluge")
        assert event["seat"] == 1 and event["died"] == (event["roll"] + 3 <= 4)
