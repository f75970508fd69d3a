"""Active defences (rulings 48–54): Horned, Running, Tail Loss, Repellent, Mimicry; the owner orders them."""

from __future__ import annotations

import pytest

from evolutio.games.newworld.data import TRAIT_IDS
from evolutio.kernel import Action, IllegalAction

from .helpers import alive, animal, play, scenario, texts, traits_of

T = {name: TRAIT_IDS.index(name) for name in ("horned", "running", "tail_loss", "repellent", "mimicry")}


def attacked(prey_traits: list[str], seed: int = 1, **options: object) -> object:
    state = scenario([{"animals": [{"traits": ["carnivorous"]}]}, {"animals": [{"traits": prey_traits}]}],
                     phase="feeding", seed=seed, options=options)
    return play(state, Action("attack", 0, 1))


def test_compulsory_defence_must_be_resolved_before_the_attack_succeeds():
    state = attacked(["running"])
    assert state.current_player == 1
    with pytest.raises(IllegalAction, match="Running must be resolved"):
        state.apply(Action("accept_attack"))


def test_running_outcomes_follow_the_die_ruling_51():
    outcomes = set()
    for seed in range(1, 40):
        state = play(attacked(["running"], seed=seed), Action("defend", 1, T["running"]))
        face = int(next(text for text in texts(state) if text.startswith("Running")).split("rolls ")[1][0])
        escaped = 1 in alive(state)
        assert escaped is (face >= 4)
        assert animal(state, 0)["food"] == (0 if escaped else 2)
        outcomes.add(escaped)
    assert outcomes == {True, False}


def test_horned_kills_the_predator_on_5_or_6_ruling_51():
    outcomes = set()
    for seed in range(1, 40):
        state = play(attacked(["horned"], seed=seed), Action("defend", 1, T["horned"]))
        face = int(next(text for text in texts(state) if text.startswith("Horned")).split("rolls ")[1][0])
        predator_dead = 0 not in alive(state)
        assert predator_dead is (face >= 5)
        assert (1 in alive(state)) is predator_dead
        outcomes.add(predator_dead)
    assert outcomes == {True, False}


def test_running_and_horned_optional_by_option():
    state = attacked(["running"], running_horned_optional=True)
    assert Action("accept_attack") in state.legal_actions()


def test_tail_loss_may_discard_itself_and_feeds_the_predator_one_ruling_50():
    state = play(attacked(["tail_loss"]), Action("defend", 1, T["tail_loss"]))
    card = animal(state, 1)["traits"][0]["card"]
    play(state, Action("drop_trait", 1, card))
    assert traits_of(state, 1) == [] and animal(state, 0)["food"] == 1


def test_tail_loss_first_skips_the_dice_for_own_prey_ruling_49():
    state = scenario([{"animals": [{"traits": ["carnivorous"]}, {"traits": ["running", "tail_loss"]}]}, {}],
                     phase="feeding")
    play(state, Action("attack", 0, 1), Action("defend", 1, T["tail_loss"]))
    running = next(t["card"] for t in animal(state, 1)["traits"] if t["trait"] == "running")
    play(state, Action("drop_trait", 1, running))
    assert not any("rolls" in text for text in texts(state))
    assert animal(state, 0)["food"] == 1 and 1 in alive(state)


def test_repellent_is_optional_and_discards_itself():
    state = attacked(["repellent"])
    assert Action("accept_attack") in state.legal_actions()
    play(state, Action("defend", 1, T["repellent"]))
    assert 1 in alive(state) and traits_of(state, 1) == [] and animal(state, 0)["food"] == 0


def test_mimicry_redirects_to_another_legal_animal_once_ruling_54():
    state = scenario([{"animals": [{"traits": ["carnivorous"]}]},
                      {"animals": [{"traits": ["mimicry"]}, {"traits": ["camouflage"]}, {}]}], phase="feeding")
    play(state, Action("attack", 0, 1), Action("defend", 1, T["mimicry"]))
    targets = {action.args[1] for action in state.legal_actions()}
    assert targets == {3}  # the camouflaged animal is no legal target
    play(state, Action("redirect", 1, 3))
    assert 3 not in alive(state) and 1 in alive(state)
    assert animal(state, 1)["rotated"] == ["mimicry"]


def test_mimicry_without_another_target_does_nothing():
    state = attacked(["mimicry"])
    assert 1 not in alive(state)


def test_poisonous_prey_kills_its_eater_at_extinction_ruling_47():
    state = scenario([{"animals": [{"traits": ["carnivorous"]}]}, {"animals": [{"traits": ["poisonous"]}]}],
                     phase="feeding")
    play(state, Action("attack", 0, 1))
    assert animal(state, 0)["poisoned"] is True and animal(state, 0)["hungry"] is False
    while state.view(None)["phase"] == "feeding":
        play(state, Action("pass") if Action("pass") in state.legal_actions() else state.legal_actions()[0])
    assert alive(state) == set()
    assert [(event.data["animal"], event.data["cause"]) for event in state.events if event.kind == "death"] \
        == [(0, "poisoned")]


def test_scavenger_feeds_one_animal_per_death_even_after_passing_ruling_36_53():
    state = scenario([{"animals": [{"traits": ["carnivorous"]}]},
                      {"animals": [{}, {"traits": ["scavenger"]}, {"traits": ["scavenger"]}], "passed": True}],
                     phase="feeding")
    play(state, Action("attack", 0, 1))
    assert state.current_player == 1 and {a.kind for a in state.legal_actions()} == {"scavenge"}
    play(state, Action("scavenge", 3))
    assert animal(state, 3)["food"] == 1 and animal(state, 2)["food"] == 0


@pytest.mark.parametrize("first, second", [("horned", "tail_loss"), ("running", "tail_loss"),
                                           ("running", "horned"), ("tail_loss", "repellent"),
                                           ("running", "repellent")])
def test_owner_chooses_among_several_defences_ruling_48(first, second):
    state = scenario([{"animals": [{"traits": ["carnivorous"]}]},
                      {"animals": [{"traits": [first, second]}], "passed": True}], phase="feeding")
    play(state, Action("attack", 0, 1))
    assert state.current_player == 1  # a passed player's defences still act (ruling 36)
    offered = {action.args[1] for action in state.legal_actions() if action.kind == "defend"}
    assert offered == {T[first], T[second]}
    assert Action("accept_attack") not in state.legal_actions()  # a compulsory defence is left
