"""Random Mutations (ruling 76): blind gene pools, harmful traits on own animals, the fall-through placement."""

from __future__ import annotations

import json

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import Action, OptionError, Rng, load_game

from .helpers import alive, kinds, play, scenario, traits_of

RM = {"random_mutations": True}


def test_nobody_sees_a_gene_pool_or_the_faces_of_its_animals():
    state = load_game("newworld", players=2, **RM).new_state(3)
    seat = state.current_player
    assert kinds(state) >= {"pass", "mutate_animal"}
    play(state, Action("mutate_animal"))
    for viewer in (0, 1, None):
        view = state.view(viewer)
        assert all("hand" not in player for player in view["players"])
        assert all("card" not in animal for player in view["players"] for animal in player["animals"])
    assert all("cards" not in event for event in state.events_for(seat) if event["kind"] == "draw")


def test_harmful_trait_goes_on_own_animal():
    state = scenario([{"hand": ["parasite/carnivorous"], "animals": [{}]}, {"animals": [{}]}], options=RM)
    play(state, Action("mutate_trait", 0))
    assert state.view(None)["decision"] == "mutation_placement"
    assert {action.args[0] for action in state.legal_actions()} == {0, 1}  # both sides fit animal 0
    play(state, Action("give_side", 0, 0))
    assert traits_of(state, 0) == ["parasite"]


def test_card_falls_to_the_right_neighbour_then_becomes_an_animal():
    state = scenario([{"hand": ["camouflage/fat_tissue"], "animals": [{"traits": ["stagnation"]}, {}]}, {}],
                     options=RM)
    play(state, Action("mutate_trait", 0))
    assert state.view(None)["decision"] == "mutation_placement"
    play(state, Action("give_side", 0, 0))
    assert traits_of(state, 1) == ["camouflage"]
    locked = scenario([{"hand": ["camouflage/fat_tissue"], "animals": [{"traits": ["stagnation"]}]}, {}], options=RM)
    play(locked, Action("mutate_trait", 0))
    assert alive(locked) == {0, 1} and traits_of(locked, 1) == []


def test_gene_pool_is_cut_blind_to_six():
    state = scenario([{"hand": ["carnivorous"] * 5, "animals": [{"food": 1}, {"food": 1}]}, {"passed": True}],
                     phase="feeding", options=RM)
    play(state, Action("pass"))
    assert state.view(0)["players"][0]["hand_size"] == 6
    assert state.view(None)["decision"] != "discard_to_limit"


def test_random_mutations_cannot_combine_with_catastrophe():
    with pytest.raises(OptionError, match="cannot be combined"):
        load_game("newworld", catastrophe=True, random_mutations=True)


@pytest.mark.parametrize("players", [2, 4])
def test_games_end_and_determinize_keeps_views(players):
    game = load_game("newworld", players=players, **RM)
    state = game.new_state(8)
    bot = RandomBot(seed=2)
    rng = Rng(4)
    steps = 0
    while not state.is_terminal:
        if steps % 11 == 0:
            seat = state.current_player
            sample = state.determinize(seat, rng)
            assert sample.view(seat) == state.view(seat)
            assert sorted(sample.legal_actions()) == sorted(state.legal_actions())
            again = game.state_from_json(json.loads(json.dumps(state.to_json())))
            assert again.digest() == state.digest()
        state.apply(bot.choose(state))
        steps += 1
    assert state.winners()
