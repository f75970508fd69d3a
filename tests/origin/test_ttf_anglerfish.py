"""The Hunter (Охотник / Anglerfish; Time to Fly, NOTES §9.2 anglerfish, rulings 4, 51, 52, 80): played only as an
animal; revealed when an animal without traits is attacked, it counterattacks the Carnivore."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, ScenarioError

from .conftest import acts, alive, animal, feeding, food, scenario, trait_card

TTF = {"sets": "time_to_fly"}
HUNTER = {"id": 1, "card": "anglerfish"}


def test_a_hunter_card_is_never_played_as_a_trait_ruling_4():
    s = scenario({"phase": "development", "first_player": 0, "to_act": 0,
                  "players": [{"hand": ["anglerfish"], "animals": [{"id": 0}]}, {"animals": [{"id": 10}]}]}, **TTF)
    card = s.view(0)["players"][0]["hand"][0]["id"]
    assert [a.kind for a in s.legal_actions()] == ["pass", "animal"]
    assert "can be played only as an animal, never as a trait (ruling 4)" in s.refusal(Action("trait", card, 0)).reason
    with pytest.raises(ScenarioError, match="played only as an animal"):
        feeding([[{"id": 0, "traits": ["anglerfish"]}], [{"id": 10}]], **TTF)


def test_attacking_a_traitless_animal_lets_its_owner_reveal_a_hidden_hunter_ruling_51():
    s = feeding([[{"id": 0}, HUNTER], [{"id": 10, "traits": ["carnivore"]}]], food_base=3, to_act=1, **TTF)
    s.apply(Action("attack", 10))
    s.apply(Action("target", 0))
    assert s.current_player == 0 and s.view(None)["decision"]["kind"] == "hunter"
    assert set(s.legal_actions()) == {Action("reveal", 1), Action("accept")}
    s.apply(Action("reveal", 1))
    # the Hunter eats the Carnivore (no defences), keeps its 2 blue tokens, and is a Carnivore from now on
    assert not alive(s, 10) and alive(s, 0)
    hunter = animal(s, 1)
    assert hunter["need"] == 2 and food(s, 1) == 2 and "hunter_revealed" in hunter["marks"]
    assert s.view(None)["players"][0]["score"] == 2 + 4   # a plain animal and a revealed Hunter (ruling 52)


def test_an_attacked_hunter_must_be_revealed():
    s = feeding([[HUNTER], [{"id": 10, "traits": ["carnivore"]}]], food_base=3, to_act=1, **TTF)
    s.apply(Action("attack", 10))
    s.apply(Action("target", 1))
    assert s.legal_actions() == [Action("reveal", 1)]
    assert "must be revealed (ruling 51)" in s.refusal(Action("accept")).reason


def test_declining_leaves_the_traitless_animal_to_be_eaten():
    s = feeding([[{"id": 0}, HUNTER], [{"id": 10, "traits": ["carnivore"]}]], food_base=3, to_act=1, **TTF)
    s.apply(Action("attack", 10))
    s.apply(Action("target", 0))
    s.apply(Action("accept"))
    assert not alive(s, 0) and food(s, 10) == 2


def test_no_hunter_for_an_attacked_animal_with_traits_nor_a_hunter_with_traits():
    s = feeding([[{"id": 0, "traits": ["fat_tissue"]}, HUNTER], [{"id": 10, "traits": ["carnivore"]}]], food_base=3,
                to_act=1, **TTF)
    s.apply(Action("attack", 10))
    s.apply(Action("target", 0))
    assert not alive(s, 0)   # no decision: eaten at once
    s2 = feeding([[{"id": 0}, {"id": 1, "card": "anglerfish", "traits": ["fat_tissue"]}],
                  [{"id": 10, "traits": ["carnivore"]}]], food_base=3, to_act=1, **TTF)
    s2.apply(Action("attack", 10))
    s2.apply(Action("target", 0))
    assert not alive(s2, 0)


def test_the_hunter_ignores_one_trait_of_the_carnivore_but_not_two():
    big = feeding([[{"id": 0}, HUNTER], [{"id": 10, "traits": ["carnivore", "big"]}]], food_base=3, to_act=1, **TTF)
    big.apply(Action("attack", 10))
    big.apply(Action("target", 0))
    big.apply(Action("reveal", 1))   # Big is ignored: it is the one protection in the Hunter's way
    assert not alive(big, 10)
    both = feeding([[{"id": 0}, HUNTER], [{"id": 10, "traits": ["carnivore", "big", "camouflage"]}]], food_base=3,
                   to_act=1, **TTF)
    both.apply(Action("attack", 10))
    both.apply(Action("target", 0))
    assert not alive(both, 0)   # no reveal possible against two protections


def test_a_failed_counterattack_ends_the_attack_and_the_carnivore_stays_hungry():
    s = feeding([[{"id": 0}, HUNTER], [{"id": 10, "traits": ["carnivore", "running"]}]], food_base=3, to_act=1,
                dice=[6], **TTF)
    s.apply(Action("attack", 10))
    s.apply(Action("target", 0))
    s.apply(Action("reveal", 1))
    assert s.view(None)["decision"]["kind"] == "intellect"   # the Hunter may ignore the Running
    s.apply(Action("pass"))
    s.apply(Action("run"))   # 6: the Carnivore escapes
    assert alive(s, 0) and alive(s, 10) and food(s, 10) == 0
    assert animal(s, 10)["attacked_this_turn"] and animal(s, 1)["attacked_this_turn"]


def test_mimicry_redirects_a_hunters_counterattack_ruling_80():
    s = feeding([[{"id": 0}, HUNTER], [{"id": 10, "traits": ["carnivore", "mimicry"]}, {"id": 11}]], food_base=3,
                to_act=1, **TTF)
    s.apply(Action("attack", 10))
    s.apply(Action("target", 0))
    s.apply(Action("reveal", 1))
    s.apply(Action("pass"))   # the Hunter keeps its choice: Mimicry acts
    assert s.legal_actions() == [Action("mimic", 11)]
    s.apply(Action("mimic", 11))
    assert alive(s, 10) and not alive(s, 11)


def test_a_hunter_that_ignores_mimicry_is_not_redirected_ruling_80():
    s = feeding([[{"id": 0}, HUNTER], [{"id": 10, "traits": ["carnivore", "mimicry"]}, {"id": 11}]], food_base=3,
                to_act=1, **TTF)
    s.apply(Action("attack", 10))
    s.apply(Action("target", 0))
    s.apply(Action("reveal", 1))
    s.apply(Action("ignore", trait_card(s, 10, "mimicry")))
    assert not alive(s, 10) and alive(s, 11)


def test_other_players_do_not_see_which_card_a_hidden_hunter_is():
    s = feeding([[{"id": 0}, HUNTER], [{"id": 10, "traits": ["carnivore"]}]], food_base=3, to_act=1, **TTF)
    assert "card" not in animal(s, 1, 1) and animal(s, 1, 0)["card"]["traits"] == ["anglerfish"]
    assert acts(s, "attack") == [Action("attack", 10)]
