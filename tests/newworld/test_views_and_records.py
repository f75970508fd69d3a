"""Views hide every unseen card; determinize resamples exactly those; records replay; scenario errors name paths."""

from __future__ import annotations

import json

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import Rng, ScenarioError, load_game, load_scenario, make_record, replay
from evolutio.sim import play_game


def test_view_shows_own_hand_and_animal_faces_only():
    state = load_game("newworld", players=3).new_state(2)
    bot = RandomBot(seed=3)
    while state.view(None)["phase"] == "development":
        state.apply(bot.choose(state))
    for seat in range(3):
        view = state.view(seat)
        for player in view["players"]:
            mine = player["seat"] == seat
            assert ("hand" in player) is mine
            assert all(("card" in animal) is mine for animal in player["animals"])
    spectator = json.dumps(state.view(None))
    assert '"hand":' not in spectator and '"large"' not in spectator


def test_determinize_keeps_the_seats_knowledge_and_resamples_the_rest():
    state = load_game("newworld", players=3).new_state(5)
    seat = state.current_player
    other = (seat + 1) % 3
    rng = Rng(1)
    samples = [state.determinize(seat, rng) for _ in range(5)]
    assert all(sample.view(seat) == state.view(seat) for sample in samples)
    hands = {tuple(card["card"] for card in sample.view(other)["players"][other]["hand"]) for sample in samples}
    assert len(hands) > 1


def test_record_replays_to_the_same_game():
    game = load_game("newworld", players=4)
    state = play_game(game, 12, [RandomBot(seed=i) for i in range(4)])
    again = replay(json.loads(json.dumps(make_record(state))))
    assert again.digest() == state.digest() and again.scores() == state.scores()


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["players"][0]["animals"][0].update(traits=["wings"]), r"players\[0\]\.animals\[0\]\.traits\[0\]"),
    (lambda d: d["players"][1].update(links=[{"trait": "symbiosis", "animals": [0, 5]}]),
     r"players\[1\]\.links\[0\]\.animals\[1\]"),
    (lambda d: d["areas"][0].update(food=[1, 2]), r"areas\[0\]\.food: taiga has 1 half"),
    (lambda d: d.update(area_deck=0), r"area_deck"),
    (lambda d: d["players"][0]["animals"][0].update(fat=1), r"players\[0\]\.animals\[0\]\.fat"),
    (lambda d: d.update(phase="night"), r"phase: must be one of development, areas, feeding, extinction"),
])
def test_scenario_errors_name_the_json_path(mutate, message):
    document = {"game": "newworld", "options": {"players": 2}, "phase": "feeding",
                "areas": [{"area": "taiga"}],
                "players": [{"animals": [{"traits": ["carnivorous"]}]}, {"animals": [{}, {}]}]}
    load_scenario(json.loads(json.dumps(document)))
    mutate(document)
    with pytest.raises(ScenarioError, match=message):
        load_scenario(document)
