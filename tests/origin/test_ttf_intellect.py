"""Intellect (Time to Fly, NOTES §9.2 intellect, rulings 50, 81): once per turn its Carnivore ignores one trait of
the animal it attacks — the one protection that alone forbids the attack (ignored at once), or a defence / Poisonous
its owner names (the ``intellect`` decision); spent only when a trait is really ignored."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action

from .conftest import acts, alive, animal, feeding, food, trait_card

TTF = {"sets": "time_to_fly"}
CARNIVORE = {"id": 0, "traits": ["carnivore", "intellect"]}


def attack(state, target: int) -> None:
    state.apply(Action("attack", 0))
    state.apply(Action("target", target))


@pytest.mark.parametrize("protection, extra", [
    (["big"], {}), (["camouflage"], {}), (["swimming"], {}), (["flight", "running"], {}),
    (["burrowing"], {"food": 1}), (["shy"], {"marks": ["shy_attacked"]}),
])
def test_intellect_ignores_the_one_static_protection_in_its_way(protection, extra):
    """Intellect vs each protective trait: Big, Camouflage, Swimming, Flight, a fed Burrowing animal, a Shy animal
    already attacked — each alone forbids the attack, and Intellect lifts it (ruling 50)."""
    prey = {"id": 10, "traits": protection, **extra}
    sets = {"sets": "time_to_fly,gift"} if "shy" in protection else TTF
    s = feeding([[CARNIVORE], [prey, {"id": 11}]], food_base=2, **sets)   # (the turn goes on after the attack)
    s.apply(Action("attack", 0))
    assert Action("target", 10) in acts(s, "target")
    s.apply(Action("target", 10))
    ignored = s.view(None)["ignores"][0]
    assert ignored["carnivore"] == 0 and ignored["target"] == 10 and ignored["trait"] == protection[0]


def test_two_protections_are_too_many_for_one_intellect():
    s = feeding([[CARNIVORE, {"id": 1}], [{"id": 10, "traits": ["big", "camouflage"]}]], food_base=2, **TTF)
    s.apply(Action("attack", 0))
    assert Action("target", 10) not in acts(s, "target")
    assert "Big" in s.refusal(Action("target", 10)).reason


def test_intellect_cannot_lift_its_own_swimming_restriction():
    s = feeding([[{"id": 0, "traits": ["carnivore", "intellect", "swimming"]}, {"id": 1, "traits": ["swimming"]}],
                 [{"id": 10}]], food_base=2, **TTF)
    s.apply(Action("attack", 0))
    assert [a.args[0] for a in acts(s, "target")] == [1]
    assert "can attack only Swimming animals" in s.refusal(Action("target", 10)).reason


def test_symbiosis_protection_is_ignored_like_any_other():
    s = feeding([[CARNIVORE], [{"id": 10}, {"id": 11}]], food_base=2,
                pairs=[{"trait": "symbiosis", "animals": [11, 10]}], **TTF)
    attack(s, 10)
    assert not alive(s, 10)


@pytest.mark.parametrize("defence", ["running", "tail_loss", "ink_cloud", "shell", "poisonous"])
def test_intellect_may_ignore_a_defence_or_poisonous_when_asked(defence):
    s = feeding([[CARNIVORE], [{"id": 10, "traits": [defence]}, {"id": 11}]], food_base=2, **TTF)
    attack(s, 10)
    assert s.view(None)["decision"]["kind"] == "intellect" and s.current_player == 0
    card = trait_card(s, 10, defence)
    assert set(s.legal_actions()) == {Action("ignore", card), Action("pass")}
    s.apply(Action("ignore", card))
    assert not alive(s, 10)   # no defence was offered: eaten
    if defence == "poisonous":
        assert not animal(s, 0)["poisoned"]   # Intellect ignored Poisonous (NOTES §9.1 poisonous)


def test_an_ignored_defence_is_neither_offered_nor_allowed():
    """A10 (Running, Mimicry; the unprotected A11 beside it) is attacked and Intellect ignores its Running: the defence
    decision offers Mimicry only, and the Running die is refused by the same rule (found by the full-mix property
    game, where a Hunter's counterattack ignored a Running)."""
    s = feeding([[CARNIVORE], [{"id": 10, "traits": ["running", "mimicry"]}, {"id": 11}]], food_base=2, **TTF)
    attack(s, 10)
    s.apply(Action("ignore", trait_card(s, 10, "running")))
    assert s.view(None)["decision"]["kind"] == "defence"
    assert Action("run") not in s.legal_actions() and Action("mimic", 11) in s.legal_actions()
    assert "ignores the Running of A10" in s.refusal(Action("run")).reason


def test_mimicry_is_ignored_and_the_attack_stays_on_its_target():
    s = feeding([[CARNIVORE], [{"id": 10, "traits": ["mimicry"]}, {"id": 11}]], food_base=2, **TTF)
    attack(s, 10)
    s.apply(Action("ignore", trait_card(s, 10, "mimicry")))
    assert not alive(s, 10) and alive(s, 11)


def test_keeping_the_choice_leaves_the_defences_and_intellect_unspent_ruling_81():
    s = feeding([[CARNIVORE], [{"id": 10, "traits": ["tail_loss"]}]], food_base=2, **TTF)
    attack(s, 10)
    s.apply(Action("pass"))
    assert s.current_player == 1 and s.view(None)["decision"]["kind"] == "defence"
    assert Action("tail", trait_card(s, 10, "tail_loss")) in s.legal_actions()
    assert "ignores" not in s.view(None)


def test_a_spent_intellect_no_longer_lifts_a_protection_ruling_81():
    """A10 (Running, Mimicry) is attacked; Intellect ignores its Running, so Mimicry could only send the attack to the
    Big A11 — which a spent Intellect no longer reaches: Mimicry does not trigger and A10 is eaten."""
    s = feeding([[CARNIVORE], [{"id": 10, "traits": ["running", "mimicry"]}, {"id": 11, "traits": ["big"]}]],
                food_base=2, **TTF)
    attack(s, 10)
    s.apply(Action("ignore", trait_card(s, 10, "running")))
    assert s.view(None)["ignores"] == [{"carnivore": 0, "target": 10, "trait": "running"}]
    assert not alive(s, 10) and alive(s, 11)


def test_an_unspent_intellect_follows_mimicry_to_a_protected_animal():
    """The same, keeping the choice: Mimicry must redirect to A11, and Intellect then ignores A11's Big."""
    s = feeding([[CARNIVORE], [{"id": 10, "traits": ["mimicry"]}, {"id": 11, "traits": ["big"]}]], food_base=2,
                **TTF)
    attack(s, 10)
    s.apply(Action("pass"))
    assert s.legal_actions() == [Action("mimic", 11)]
    s.apply(Action("mimic", 11))
    assert s.view(None)["ignores"] == [{"carnivore": 0, "target": 11, "trait": "big"}]
    assert alive(s, 10) and not alive(s, 11)


def test_intellect_adds_one_to_need_and_to_the_score():
    s = feeding([[CARNIVORE], [{"id": 10}]], food_base=2, **TTF)
    assert animal(s, 0)["need"] == 3
    assert s.view(None)["players"][0]["score"] == 2 + 1 + 1 + 1 + 1
    assert food(s, 10) == 0
