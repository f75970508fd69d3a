"""Passive prey checks and area access (rulings 22, 23, 29, 41–44; reconstructed Swimming, Massive, Flight, Shy,
Herding): an interaction matrix of predators against every protection."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action

from .helpers import play, scenario, slot

PREDATOR = "carnivorous"


def prey_allowed(predator_traits: list[str], prey_traits: list[str], **prey: object) -> bool:
    state = scenario([{"animals": [{"traits": [PREDATOR, *predator_traits]}]},
                      {"animals": [{"traits": prey_traits, **prey}]}], phase="feeding")
    return Action("attack", 0, 1) in state.legal_actions()


@pytest.mark.parametrize("predator, prey, allowed", [
    ([], [], True),
    ([], ["camouflage"], False), (["sharp_vision"], ["camouflage"], True),
    ([], ["nocturnal"], False), (["nocturnal"], ["nocturnal"], True), (["nocturnal"], [], True),
    ([], ["swimming"], False), (["swimming"], ["swimming"], True), (["swimming"], [], False),
    ([], ["massive"], False), (["massive"], ["massive"], True),
    ([], ["poisonous"], True), ([], ["horned"], True),
])
def test_prey_checks(predator, prey, allowed):
    assert prey_allowed(predator, prey) is allowed


def test_sheltered_animal_is_never_prey_ruling_29():
    assert not prey_allowed(["sharp_vision", "nocturnal", "swimming", "massive"], [], shelter=True)


def test_burrowing_protects_only_while_fed_ruling_43():
    assert not prey_allowed([], ["burrowing"], food=1)
    assert prey_allowed([], ["burrowing"], food=0)


def test_flight_needs_a_predator_with_fewer_cards():
    assert not prey_allowed([], ["flight"])  # 1 card against 1
    assert prey_allowed([], ["flight", "running"])  # 1 against 2
    assert not prey_allowed(["sharp_vision"], ["flight", "running"])  # 2 against 2


def test_herding_protects_while_the_herd_matches_the_predators():
    assert not prey_allowed([], ["herding"])  # one herding animal, one predator
    state = scenario([{"animals": [{"traits": [PREDATOR]}, {"traits": [PREDATOR], "rotated": [PREDATOR]}]},
                      {"animals": [{"traits": ["herding"]}]}], phase="feeding")
    assert Action("attack", 0, 2) in state.legal_actions()


def test_symbiosis_ward_protected_guardian_not_ruling_44():
    state = scenario([{"animals": [{"traits": [PREDATOR]}]},
                      {"animals": [{}, {}], "links": [{"trait": "symbiosis", "animals": [0, 1]}]}], phase="feeding")
    prey = {action.args[1] for action in state.legal_actions() if action.kind == "attack"}
    assert prey == {1}
    assert "Symbiosis guardian" in state.refusal(Action("attack", 0, 2)).reason


def test_symbiosis_ward_feeds_only_after_its_guardian():
    state = scenario([{"animals": [{}, {}], "links": [{"trait": "symbiosis", "animals": [0, 1]}]}, {}],
                     areas=[{"area": "taiga"}], phase="feeding")
    taiga = slot(state, "Taiga")
    assert Action("feed", 1, taiga) not in state.legal_actions()
    assert Action("feed", 0, taiga) in state.legal_actions()


def test_shy_animal_cannot_be_attacked_again_after_surviving():
    state = scenario([{"animals": [{"traits": [PREDATOR]}, {"traits": [PREDATOR]}]},
                      {"animals": [{"traits": ["shy", "tail_loss"]}]}], phase="feeding", to_act=0)
    play(state, Action("attack", 0, 2), Action("defend", 2, 17))
    shy_card = next(t["card"] for t in state.view(None)["players"][1]["animals"][0]["traits"] if t["trait"] == "shy")
    tail_card = next(t["card"] for t in state.view(None)["players"][1]["animals"][0]["traits"]
                     if t["trait"] == "tail_loss")
    assert shy_card != tail_card
    play(state, Action("drop_trait", 2, tail_card))
    assert state.view(None)["players"][1]["animals"][0]["survived_attack"] is True
    play(state, Action("pass"))  # seat 1 has nothing to do
    assert state.current_player == 0
    assert "Shy" in state.refusal(Action("attack", 1, 2)).reason


@pytest.mark.parametrize("traits, half, allowed", [
    ([], "Savanna", False), (["massive"], "Savanna", True), ([], "Desert", True),
    ([], "Lakes", False), (["swimming"], "Lakes", True), (["adaptable"], "Lakes", True),
    ([], "Caves", False), (["nocturnal"], "Caves", True),
    ([], "Glaciers", True), (["running"], "Glaciers", False), (["adaptable"], "Glaciers", True),
])
def test_area_access_rulings_22_23(traits, half, allowed):
    areas = [{"area": name} for name in ("savanna_desert", "lakes_meadows", "caves_mountains", "glaciers_tundra")]
    state = scenario([{"animals": [{"traits": traits}]}, {}], areas=areas, phase="feeding")
    assert (Action("feed", 0, slot(state, half)) in state.legal_actions()) is allowed
    if not allowed:
        assert "cannot use" in state.refusal(Action("feed", 0, slot(state, half))).reason


def test_glaciers_refuse_an_animal_with_only_a_paired_card():
    state = scenario([{"animals": [{}, {}], "links": [{"trait": "cooperation", "animals": [0, 1]}]}, {}],
                     areas=[{"area": "glaciers_tundra"}], phase="feeding")
    assert Action("feed", 0, slot(state, "Glaciers")) not in state.legal_actions()
    assert Action("shelter", 0, slot(state, "Glaciers")) not in state.legal_actions()
