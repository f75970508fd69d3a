"""The New World rollout policy (``Game.plugins["rollout"]``): legal in whole games, sensible in common positions."""

from __future__ import annotations

from collections import Counter

import pytest

from evolutio.bots.rollout import rollout_policy_for, uniform
from evolutio.kernel import Action, Rng, State, load_game

from ..bots.policy_draws import play_out_with_policy, policy_picks
from .helpers import scenario

#: food on the Taiga and a shelter token in the Mangrove Forest
FOOD_AND_SHELTER = [{"area": "taiga", "food": [2]}, {"area": "mangrove_forest", "food": [0], "shelter": [1]}]
#: draws of the policy per position: enough that a choice made a tenth of the time shows up
DRAWS = 200


def drawn(state: State, seed: int = 1) -> Counter[Action]:
    """How often the policy picks each action of ``state`` over :data:`DRAWS` draws."""
    return policy_picks("newworld", state, DRAWS, Rng(seed, stream=3))


def kinds_drawn(state: State) -> Counter[str]:
    kinds: Counter[str] = Counter()
    for action, count in drawn(state).items():
        kinds[action.kind] += count
    return kinds


def test_newworld_registers_its_own_policy() -> None:
    assert rollout_policy_for("newworld") is not uniform


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_policy_plays_only_legal_actions_to_the_end_of_whole_games(players: int) -> None:
    game = load_game("newworld", players=players)
    seen: Counter[str] = Counter()
    for seed in range(8):
        seen += play_out_with_policy("newworld", game.new_state(seed), Rng(seed, stream=3), where=f"seed {seed}")
    assert {"play_animal", "play_trait", "feed", "pass"} <= set(seen)


def test_a_hungry_animal_takes_food_before_an_empty_fat_tissue_fills_or_anyone_shelters() -> None:
    state = scenario([{"animals": [{"traits": ["fat_tissue"], "food": 1}, {}]}, {"animals": [{}]}],
                     areas=FOOD_AND_SHELTER, phase="feeding")
    legal_kinds = {action.kind for action in state.legal_actions()}
    fed_fat_tissue = {action for action in state.legal_actions() if action.kind == "feed" and action.args[0] == 0}
    assert fed_fat_tissue and "shelter" in legal_kinds
    picks = drawn(state)
    assert set(picks) == {action for action in state.legal_actions() if action.kind == "feed" and action.args[0] == 1}


def test_a_hungry_predator_without_food_attacks_another_seats_animal_but_not_a_poisonous_one() -> None:
    state = scenario([{"animals": [{"traits": ["carnivorous"]}, {"food": 1}]},
                      {"animals": [{"food": 1}, {"traits": ["poisonous"], "food": 1}]}],
                     areas=[{"area": "taiga", "food": [0]}], phase="feeding")
    attacks = {action.args[1] for action in state.legal_actions() if action.kind == "attack"}
    assert attacks == {1, 2, 3}  # its own animal 1, the other seat's 2, the poisonous 3
    assert set(drawn(state)) == {Action("attack", 0, 2)}


def test_a_hungry_predator_beside_food_mostly_eats_it_and_sometimes_hunts() -> None:
    state = scenario([{"animals": [{"traits": ["carnivorous"]}]}, {"animals": [{"food": 1}]}],
                     areas=[{"area": "taiga", "food": [2]}], phase="feeding")
    picks = kinds_drawn(state)
    assert picks["feed"] > picks["attack"] > 0
    assert set(picks) == {"feed", "attack"}


def test_an_animal_takes_shelter_only_when_another_seat_has_a_predator() -> None:
    def position(other_traits: list[str]) -> State:
        return scenario([{"animals": [{"traits": ["fat_tissue"], "food": 1}]},
                         {"animals": [{"traits": other_traits, "food": 2}]}],
                        areas=FOOD_AND_SHELTER, phase="feeding")

    assert set(kinds_drawn(position(["carnivorous"]))) == {"shelter"}
    assert set(kinds_drawn(position(["camouflage"]))) == {"feed"}


def test_piracy_robs_another_seat_rather_than_its_own() -> None:
    state = scenario([{"animals": [{"traits": ["piracy"]}, {"traits": ["massive"], "food": 1}]},
                      {"animals": [{"traits": ["massive"], "food": 1}]}],
                     areas=[{"area": "taiga", "food": [0]}], phase="feeding")
    assert {Action("piracy", 0, 1), Action("piracy", 0, 2)} <= set(state.legal_actions())
    assert set(drawn(state)) == {Action("piracy", 0, 2)}


def test_development_plays_cards_never_only_rearranges_and_seldom_passes() -> None:
    state = scenario([{"hand": ["camouflage", "running", "swimming"], "animals": [{}, {}, {}]}, {"animals": [{}]}],
                     area_deck=3)
    legal_kinds = {action.kind for action in state.legal_actions()}
    assert {"move", "pass"} <= legal_kinds
    picks = kinds_drawn(state)
    assert "move" not in picks
    assert 0 < picks["pass"] < DRAWS // 10
    assert picks["play_trait"] > picks["play_animal"] > 0


def test_the_last_development_phase_never_passes_with_cards_in_hand() -> None:
    state = scenario([{"hand": ["camouflage", "running", "swimming"], "animals": [{}, {}, {}]}, {"animals": [{}]}],
                     area_deck=1)
    assert Action("pass") in state.legal_actions()
    assert "pass" not in kinds_drawn(state)


def test_a_seat_with_few_animals_plays_its_card_as_an_animal_and_one_without_cards_passes() -> None:
    few = scenario([{"hand": ["camouflage"], "animals": [{}]}, {"animals": [{}]}], area_deck=1)
    assert set(kinds_drawn(few)) == {"play_animal"}
    empty_handed = scenario([{"animals": [{}, {}]}, {"hand": ["camouflage"], "animals": [{}]}], area_deck=3)
    assert "move" in {action.kind for action in empty_handed.legal_actions()}
    assert set(kinds_drawn(empty_handed)) == {"pass"}
