"""Risky card pairs: limits that cancel or override each other, horn bonuses on both sides, attacks under Truce."""

from __future__ import annotations

from evolutio.kernel import Action

from .helpers import HILLS_A, MOUNTAIN_A, card_action, events, hex_of, move, play_when_offered, scenario, skip_windows

COLD = [[-3, 1], [-3, 2], [-2, 0]]     # hills: one step too cold with plains favourable
HOT = [[-4, 3], [-3, 3], [-3, -1]]     # desert: one step too hot


def test_pterodactyl_overrides_its_freezing_for_its_player_only():
    state = scenario([{"hand": ["its_freezing", "pterodactyl"], "dinos": COLD},
                      {"dinos": [[0, 2], [1, 2]]}, {"dinos": [[3, 0]]}], phase="survival", round_number=3, climate=1)
    play_when_offered(state, "its_freezing")
    play_when_offered(state, "pterodactyl")
    skip_windows(state)
    players = state.view(None)["players"]
    assert players[0]["dinos"] == 3, "Pterodactyl: every one-step-cold dino survives"
    assert players[1]["dinos"] == 1, "plains favourable: (0,2) hills is cold, its limit 1 - 1 = 0; (1,2) plains lives"


def test_adaptable_skin_overrides_strong_sun():
    state = scenario([{"hand": ["strong_sun", "adaptable_skin"], "dinos": HOT},
                      {"dinos": [[3, 0]]}, {"dinos": [[2, 1]]}], phase="survival", round_number=3, climate=1)
    play_when_offered(state, "strong_sun")
    play_when_offered(state, "adaptable_skin")
    skip_windows(state)
    players = state.view(None)["players"]
    assert players[0]["dinos"] == 3 and players[2]["dinos"] == 0


def test_bulking_up_against_big_brother_cancels_out():
    state = scenario([{"hand": ["bulking_up"], "dinos": [list(HILLS_A)]}, {"hand": ["big_brother"],
                      "dinos": [list(MOUNTAIN_A)]}, {"dinos": [[3, -2]]}], phase="movement", round_number=3)
    play_when_offered(state, "bulking_up")
    play_when_offered(state, "big_brother")
    skip_windows(state)
    state.apply(move(state, HILLS_A, MOUNTAIN_A))
    assert events(state, "combat")[0]["difference"] == 0


def test_tough_babies_respect_a_truce():
    state = scenario([{"hand": ["truce", "tough_babies"], "dinos": [list(HILLS_A)]}, {"dinos": [list(MOUNTAIN_A)]},
                      {"dinos": [[-2, 0]]}], phase="movement", round_number=3)
    play_when_offered(state, "truce", 1)
    skip_windows(state)
    while state.view(None)["phase"] == "movement":
        state.apply(Action("done") if Action("done") in state.legal_actions() else state.legal_actions()[0])
    play_when_offered(state, "tough_babies")
    targets = {a.args[0] for a in state.legal_actions()}
    assert hex_of(state, *MOUNTAIN_A) not in targets and hex_of(state, -2, 0) in targets
    assert card_action(state, "truce", 1) not in state.legal_actions()
