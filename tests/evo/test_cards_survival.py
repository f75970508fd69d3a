"""Survival-phase cards (NOTES §8, rulings 20-22): Strong Sun, It's Freezing!, Pterodactyl, Adaptable Skin,
Survivalist Gene."""

from __future__ import annotations

from evolutio.kernel import Action

from .helpers import DESERT_EDGES, card_action, scenario

# climate index 1 = plains favourable: desert one step too hot, hills one step too cold
HOT = [list(c) for c in DESERT_EDGES[:3]]
COLD = [[-3, 1], [-3, 2], [-2, 0]]


def survival(hand, dinos, options=None, others=None):
    others = others or [{"dinos": [[2, -1]]}, {"dinos": [[3, 0]]}]
    return scenario([{"hand": hand, "dinos": dinos, "score": 10}, *others], phase="survival", round_number=3,
                    climate=1, options=options)


def finish_windows(state):
    while state.view(None)["step"] == "card_window":
        state.apply(Action("done"))


def test_strong_sun_lowers_the_hot_limit_to_zero():
    state = survival(["strong_sun"], HOT)
    state.apply(card_action(state, "strong_sun"))
    finish_windows(state)
    assert state.view(None)["players"][0]["dinos"] == 0


def test_its_freezing_lowers_the_cold_limit():
    state = survival(["its_freezing"], COLD)
    state.apply(card_action(state, "its_freezing"))
    finish_windows(state)
    assert state.view(None)["players"][0]["dinos"] == 0


def test_pterodactyl_saves_every_cold_dino_but_not_the_hot_ones():
    state = survival(["pterodactyl"], COLD + HOT[:2])
    finish_windows_until_card(state, "pterodactyl")
    finish_windows(state)
    assert state.current_player == 0 and state.view(None)["step"] == "remove_choice"
    state.apply(state.legal_actions()[0])
    assert state.view(None)["players"][0]["dinos"] == 4


def test_adaptable_skin_saves_every_hot_dino():
    state = survival(["adaptable_skin"], HOT)
    finish_windows_until_card(state, "adaptable_skin")
    finish_windows(state)
    assert state.view(None)["players"][0]["dinos"] == 3


def finish_windows_until_card(state, card):
    while card_action(state, card) not in state.legal_actions():
        state.apply(Action("done"))
    state.apply(card_action(state, card))


def test_survivalist_gene_costs_opponents_a_point_per_climate_loss():
    others = [{"score": 10, "dinos": [[-2, 1], [-2, 2]]}, {"score": 10, "dinos": [[3, 0]]}]  # two on mountains
    state = survival(["survivalist_gene"], [[2, -1]], others=others)
    finish_windows_until_card(state, "survivalist_gene")
    finish_windows(state)
    scores = [p["score"] for p in state.view(None)["players"]]
    assert scores == [11, 8, 11]


def test_survivalist_gene_one_opponent_option():
    others = [{"score": 10, "dinos": [[-2, 1], [-2, 2]]}, {"score": 10, "dinos": [[3, 0], [-1, 0]]}]
    state = survival(["survivalist_gene"], [[2, -1]], others=others,
                     options={"survivalist_targets": "one_opponent"})
    while card_action(state, "survivalist_gene", 2) not in state.legal_actions():
        state.apply(Action("done"))
    state.apply(card_action(state, "survivalist_gene", 2))
    finish_windows(state)
    assert [p["score"] for p in state.view(None)["players"]] == [11, 10, 10]  # seat 2: +1 then -1
