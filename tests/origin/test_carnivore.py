"""Carnivore (Хищник): who may attack, targets, rewards — NOTES §6, rulings 31-34, 40, 48."""

import pytest

from evolutio.kernel import Action, IllegalAction

from .conftest import acts, alive, animal, animal_card, discard, fat, feeding, food, table


def test_attack_eats_and_gives_two_blue_tokens_ruling_40_48():
    s = feeding([[{"id": 0, "traits": ["carnivore", "fat_tissue"]}], [{"id": 10, "traits": ["running", "mimicry"]},
                                                                      {"id": 11, "traits": ["piracy"], "food": 0}]])
    card_under_11 = animal_card(s, 11)
    s.apply(Action("attack", 0))
    assert s.current_player == 0 and s.view(0)["decision"]["kind"] == "attack_target"
    s.apply(Action("target", 11))
    assert not alive(s, 11)
    assert food(s, 0) == 2 and fat(s, 0) == 0    # need 2: both blue tokens are food
    assert len(discard(s, 1)) == 2 and card_under_11 in discard(s, 1)   # the animal card and its Piracy card
    assert s.current_player == 1


def test_third_token_goes_into_fat_and_excess_is_lost():
    s = feeding([[{"id": 0, "traits": ["carnivore", "fat_tissue"], "food": 1}], [{"id": 10}, {"id": 11,
                 "traits": ["swimming"]}]])
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert food(s, 0) == 2 and fat(s, 0) == 1      # one token fed it, the second filled the fat


def test_may_attack_own_animals_and_other_carnivores_not_itself_ruling_33():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}], [{"id": 10, "traits": ["carnivore"]}]])
    s.apply(Action("attack", 0))
    targets = {a.args[0] for a in s.legal_actions()}
    assert targets == {1, 10}
    with pytest.raises(IllegalAction, match="cannot attack itself"):
        s.apply(Action("target", 0))


def test_fed_carnivore_without_fat_space_cannot_attack_ruling_32():
    s = feeding([[{"id": 0, "traits": ["carnivore"], "food": 2}, {"id": 1}], [{"id": 10}]])
    assert not acts(s, "attack")
    with pytest.raises(IllegalAction, match="ruling 32"):
        s.apply(Action("attack", 0))
    s2 = feeding([[{"id": 0, "traits": ["carnivore", "fat_tissue"], "food": 2}], [{"id": 10}]])
    assert acts(s2, "attack") == [Action("attack", 0)]


def test_attack_allowed_with_empty_food_base_ruling_34_and_not_compulsory_ruling_17():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10}]], food_base=0)
    assert set(s.legal_actions()) == {Action("attack", 0), Action("pass")}


def test_once_per_turn_per_carnivore_ruling_31():
    # a carnivore that has attacked this turn (scenario flag "attacked") cannot attack again
    s = feeding([[{"id": 0, "traits": ["carnivore", "fat_tissue"], "attacked": True}, {"id": 1}],
                 [{"id": 10}]], food_base=2)
    assert not acts(s, "attack")
    with pytest.raises(IllegalAction, match="already attacked this turn"):
        s.apply(Action("attack", 0))


def test_attack_is_the_main_action_no_take_after_it():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}], [{"id": 10}]], food_base=3)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    # the player's feeding turn ended (no free traits); taking again is for the next round
    assert s.current_player == 0 and table(s)["food_base"] == 3   # player 1 has no animals left -> skipped
    assert Action("take", 1) in s.legal_actions()


def test_hibernating_carnivore_cannot_attack():
    s = feeding([[{"id": 0, "traits": ["carnivore", "hibernation"]}], [{"id": 10}]], food_base=0)
    s.apply(Action("hibernate", 0))
    assert not acts(s, "attack")


def test_attack_need_counts_in_score():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}]], players=2)
    assert animal(s, 0)["need"] == 2
    assert s.scores() == [4, 0]
