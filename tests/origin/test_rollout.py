"""Origin's rollout policies: the default (``Game.plugins["rollout"]``, the search's model of every seat) and the one
imitating the heuristic bot (``"rollout_imitating"``, for pilots) are legal in whole games of every expansion mix; the
imitating one makes the heuristic bot's usual choices in telling positions, set up as scenarios."""

from __future__ import annotations

from collections import Counter

import pytest

from evolutio.bots.rollout import DEFAULT_POLICY, rollout_policy_for, uniform
from evolutio.kernel import Action, Rng, State, load_game, load_scenario

from ..bots.policy_draws import play_out_with_policy, policy_picks

#: the plug-in kind of the policy that imitates the heuristic
IMITATING = "rollout_imitating"
#: draws of the policy per position: enough that a choice made one time in twenty shows up
DRAWS = 200
#: the policy passes a development turn now and then whatever the position (``PASS_CHANCE``, 0.05)
PASSES_AT_MOST = 0.1 * DRAWS
PASS = "pass (play no more cards this phase)"


def origin(body: dict, players: int = 2) -> State:
    return load_scenario({"game": "origin", "options": {"players": players}, "seed": 1, **body})


def development(own: list[dict], hand: list[str], other: list[dict]) -> State:
    return origin({"phase": "development", "first_player": 0, "to_act": 0, "pairs": [], "deck_size": 30,
                   "players": [{"hand": hand, "animals": own}, {"hand": ["piracy"], "animals": other}]})


def feeding(own: list[dict], other: list[dict], food_base: int) -> State:
    return origin({"phase": "feeding", "first_player": 0, "to_act": 0, "food_base": food_base, "pairs": [],
                   "players": [{"animals": own, "hand": []}, {"animals": other, "hand": []}]})


def described(state: State, seed: int = 1) -> Counter[str]:
    """How often the imitating policy picks each action of ``state`` (in words) over :data:`DRAWS` draws."""
    return Counter({state.describe(action): count
                    for action, count in policy_picks("origin", state, DRAWS, Rng(seed, stream=3), IMITATING).items()})


def then_target(state: State, play: Action) -> Counter[str]:
    """Where the policy puts the trait of ``play`` (a card played as a trait): the target step's picks."""
    state = state.clone()
    state.apply(play)
    return described(state)


def trait_play(state: State, words: str) -> Action:
    """The legal action of ``state`` described as ``words``."""
    return next(action for action in state.legal_actions() if state.describe(action) == words)


def test_origin_registers_both_policies() -> None:
    default, imitating = rollout_policy_for("origin"), rollout_policy_for("origin", IMITATING)
    assert default is not uniform and imitating is not uniform and imitating is not default


@pytest.mark.parametrize("kind", [DEFAULT_POLICY, IMITATING])
@pytest.mark.parametrize("sets", ["base", "gift", "continents", "time_to_fly", "time_to_fly,continents,gift,ice_age"])
def test_the_policies_play_only_legal_actions_in_whole_games(sets: str, kind: str) -> None:
    seen: Counter[str] = Counter()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state = load_game("origin", players=players, sets=sets).new_state(seed)
        seen += play_out_with_policy("origin", state, Rng(seed, stream=3), kind, f"{sets}, seed {seed}")
    assert {"animal", "trait", "target", "take"} <= set(seen)


def test_with_carnivores_at_the_table_a_card_goes_on_as_a_protective_trait_on_the_naked_animal() -> None:
    own = [{"id": 0, "traits": ["swimming"]}, {"id": 1}]
    hand = ["camouflage/fat_tissue"]
    hunted = development(own, hand, [{"id": 10, "traits": ["carnivore"]}, {"id": 11, "traits": ["carnivore"]}])
    picks = described(hunted)
    play = "play Camouflage (from Camouflage/Fat Tissue card 40) on one of your animals"
    assert picks[play] >= DRAWS - PASSES_AT_MOST
    assert then_target(hunted, trait_play(hunted, play)) == Counter({"play Camouflage on your animal A1": DRAWS})
    # without a Carnivore of another seat the same card is rather a new animal: protection is worth less
    quiet = development(own, hand, [{"id": 10}, {"id": 11}])
    assert described(quiet)["play Camouflage/Fat Tissue card 40 (hand slot 0) as a new animal"] >= (
        DRAWS - PASSES_AT_MOST)


def test_a_new_animal_is_the_first_card_of_the_hand() -> None:
    state = development([], ["swimming", "mimicry", "running"], [{"id": 10}])
    picks = described(state)
    assert picks["play Swimming card 20 (hand slot 0) as a new animal"] >= DRAWS - PASSES_AT_MOST
    assert set(picks) <= {"play Swimming card 20 (hand slot 0) as a new animal", PASS}


def test_a_token_goes_to_the_hungry_animal_not_to_the_fat_tissue_of_a_fed_one() -> None:
    state = feeding([{"id": 0, "traits": ["fat_tissue"], "food": 1}, {"id": 1}], [{"id": 10}], food_base=3)
    assert described(state) == Counter({"take a red token for your animal A1": DRAWS})


def test_a_hungry_carnivore_attacks_the_prey_without_a_defence() -> None:
    state = feeding([{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["running"]}, {"id": 11}],
                    food_base=3)
    assert described(state) == Counter({"attack with your Carnivore A0": DRAWS})
    state.apply(trait_play(state, "attack with your Carnivore A0"))
    assert described(state) == Counter({"Carnivore A0 attacks Player 2's animal A11": DRAWS})


def test_fat_is_converted_for_a_hungry_animal_only() -> None:
    fed = feeding([{"id": 0, "traits": ["fat_tissue"], "food": 1, "fat": 1}], [{"id": 10}], food_base=0)
    hungry = feeding([{"id": 0, "traits": ["fat_tissue"], "fat": 1}], [{"id": 10}], food_base=0)
    assert set(described(fed)) == {"end your feeding turn"}
    assert set(described(hungry)) == {"convert 1 fat token(s) of your animal A0 into food"}
