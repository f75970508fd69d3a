"""Feeding: compulsory taking (16, 17), Fat Tissue (15, 24), Piracy (29), Tramp (28), Hibernation (26, 27, 57),
Scavenger (47)."""

import pytest

from evolutio.kernel import Action, IllegalAction

from .conftest import acts, alive, animal, fat, feeding, food, owner, table, trait_cards


# -- compulsory feeding ----------------------------------------------------------------------------------------------
def test_cannot_pass_while_a_token_can_be_taken_ruling_16():
    s = feeding([[{"id": 0}], [{"id": 10}]], food_base=2)
    assert Action("pass") not in s.legal_actions()
    with pytest.raises(IllegalAction, match="compulsory.*ruling 16"):
        s.apply(Action("pass"))


def test_attack_satisfies_the_obligation_ruling_16_17():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10}]], food_base=2)
    assert set(s.legal_actions()) == {Action("take", 0), Action("attack", 0)}


def test_pass_allowed_when_everything_is_fed_and_full():
    s = feeding([[{"id": 0, "food": 1}, {"id": 1, "traits": ["tramp"], "food": 1}], [{"id": 10}]], food_base=2)
    assert set(s.legal_actions()) == {Action("tramp", 1), Action("pass")}


def test_slot_skipped_when_nothing_is_possible_and_phase_ends_after_a_silent_round_ruling_20():
    s = feeding([[{"id": 0, "food": 1}], [{"id": 10, "food": 1}]], food_base=4)
    # nobody can do anything: the phase ends at once, the remaining red tokens are discarded, next turn starts
    assert table(s)["turn"] == 2 and s.view(None)["phase"] == "development"


def test_one_token_per_feeding_turn_ruling_14():
    s = feeding([[{"id": 0, "traits": ["big"]}], [{"id": 10, "traits": ["big"]}]], food_base=5)
    s.apply(Action("take", 0))
    assert s.current_player == 1 and food(s, 0) == 1


# -- Fat Tissue ------------------------------------------------------------------------------------------------------
def test_fed_animal_fills_fat_then_cannot_receive_ruling_15():
    s = feeding([[{"id": 0, "traits": ["fat_tissue", "fat_tissue"], "food": 1}, {"id": 1, "traits": ["big"]}],
                 [{"id": 10, "traits": ["big"]}]], food_base=8)
    s.apply(Action("take", 0))
    assert fat(s, 0) == 1 and food(s, 0) == 1
    s.apply(Action("take", 10))
    s.apply(Action("take", 0))
    assert fat(s, 0) == 2
    s.apply(Action("take", 10))
    assert Action("take", 0) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="Fat Tissue.*full"):
        s.apply(Action("take", 0))


def test_convert_fat_is_a_main_action_and_triggers_nothing_ruling_18_24():
    s = feeding([[{"id": 0, "traits": ["big", "fat_tissue", "fat_tissue"], "fat": 2}, {"id": 1}],
                 [{"id": 10, "traits": ["big"]}]], food_base=2,
                pairs=[{"trait": "cooperation", "animals": [0, 1]}])
    legal = set(s.legal_actions())
    assert {Action("convert", 0, 1), Action("convert", 0, 2)} <= legal
    s.apply(Action("convert", 0, 2))
    assert s.current_player == 1
    assert food(s, 0) == 2 and fat(s, 0) == 0
    assert food(s, 1) == 0                 # converting is not receiving: Cooperation does not fire


def test_convert_any_number_of_yellow_tokens_up_to_those_on_the_animal():
    # rulebook: "любое количество жёлтых фишек" — also more than the animal still needs (see test_fat_and_piracy.py)
    s = feeding([[{"id": 0, "traits": ["fat_tissue", "fat_tissue"], "fat": 2}], [{"id": 10}]], food_base=0)
    assert acts(s, "convert") == [Action("convert", 0, 1), Action("convert", 0, 2)]
    with pytest.raises(IllegalAction, match="1..2"):
        s.apply(Action("convert", 0, 3))


def test_yellow_tokens_survive_the_turn_and_are_not_converted_automatically_ruling_56_60():
    s = feeding([[{"id": 0, "traits": ["fat_tissue"], "fat": 1}], [{"id": 10, "food": 1}]], food_base=0)
    s.apply(Action("pass"))
    assert not alive(s, 0)               # it had fat but did not convert it: it starved
    s = feeding([[{"id": 0, "traits": ["fat_tissue"], "food": 1, "fat": 1}], [{"id": 10, "food": 1}]], food_base=0)
    assert set(s.legal_actions()) == {Action("convert", 0, 1), Action("pass")}   # converting is a choice
    s.apply(Action("pass"))
    assert table(s)["turn"] == 2 and fat(s, 0) == 1 and food(s, 0) == 0


# -- Piracy ----------------------------------------------------------------------------------------------------------
def test_piracy_steals_from_an_unfed_animal_that_ate_this_turn_ruling_29():
    s = feeding([[{"id": 0, "traits": ["piracy", "big"]}],
                 [{"id": 10, "traits": ["big"], "food": 1}, {"id": 11, "food": 1}, {"id": 12}]], food_base=3)
    s.apply(Action("pirate", 0))
    assert {a.args[0] for a in s.legal_actions()} == {10}      # 11 is fed, 12 has received nothing
    with pytest.raises(IllegalAction, match="already fed"):
        s.apply(Action("target", 11))
    with pytest.raises(IllegalAction, match="received food"):
        s.apply(Action("target", 12))
    s.apply(Action("target", 10))
    assert food(s, 10) == 0 and food(s, 0) == 1
    # free action: the main action is still available, Piracy is not (once per turn)
    assert s.current_player == 0 and not acts(s, "pirate")
    assert table(s)["feeding"]["main_action_used"] is False


def test_piracy_requires_unfed_pirate_ruling_29():
    s = feeding([[{"id": 0, "traits": ["piracy", "fat_tissue"], "food": 1}],
                 [{"id": 10, "traits": ["big"], "food": 1}]], food_base=3)
    assert not acts(s, "pirate")
    with pytest.raises(IllegalAction, match="unfed"):
        s.apply(Action("pirate", 0))


def test_piracy_with_a_take_in_the_same_turn_ruling_19():
    s = feeding([[{"id": 0, "traits": ["piracy", "big"]}], [{"id": 10, "traits": ["big"], "food": 1}]], food_base=3)
    s.apply(Action("take", 0))
    assert s.current_player == 0
    s.apply(Action("pirate", 0))
    s.apply(Action("target", 10))
    assert food(s, 0) == 2 and s.current_player == 1


# -- Tramp -----------------------------------------------------------------------------------------------------------
def test_tramp_once_per_feeding_turn_per_animal_ruling_28():
    s = feeding([[{"id": 0, "traits": ["tramp"]}, {"id": 1, "traits": ["tramp"]}], [{"id": 10, "traits": ["big"]}]],
                food_base=5)
    s.apply(Action("tramp", 0))
    s.apply(Action("tramp", 1))
    assert table(s)["food_base"] == 3
    assert not acts(s, "tramp")
    with pytest.raises(IllegalAction, match="already been used in this feeding turn"):
        s.apply(Action("tramp", 0))
    s.apply(Action("take", 0))
    s.apply(Action("take", 10))
    assert s.current_player == 0 and acts(s, "tramp")      # next round: usable again


def test_tramp_can_empty_the_base_to_avoid_compulsory_taking():
    s = feeding([[{"id": 0, "traits": ["tramp", "big"]}], [{"id": 10, "food": 1}]], food_base=1)
    s.apply(Action("tramp", 0))
    assert table(s)["food_base"] == 0


# -- Hibernation -----------------------------------------------------------------------------------------------------
def test_hibernation_counts_as_fed_and_blocks_tokens_ruling_26():
    s = feeding([[{"id": 0, "traits": ["hibernation", "fat_tissue", "big"]}, {"id": 1}],
                 [{"id": 10, "traits": ["big"]}]], food_base=4,
                pairs=[{"trait": "cooperation", "animals": [0, 1]}])
    s.apply(Action("hibernate", 0))
    assert s.view(0)["players"][0]["animals"][0]["fed"]
    assert Action("take", 0) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="hibernating animal cannot receive"):
        s.apply(Action("take", 0))
    s.apply(Action("take", 1))
    assert food(s, 0) == 0 and fat(s, 0) == 0       # Cooperation could not give it anything


def test_hibernating_animal_survives_extinction():
    s = feeding([[{"id": 0, "traits": ["hibernation", "big"]}], [{"id": 10, "food": 1}]], food_base=0)
    s.apply(Action("hibernate", 0))
    assert table(s)["turn"] == 2 and owner(s, 0) == 0
    assert animal(s, 0)["hibernated_last_turn"]


def test_hibernation_not_two_turns_running_ruling_27():
    s = feeding([[{"id": 0, "traits": ["hibernation"], "hibernated_last_turn": True}], [{"id": 10}]], food_base=3)
    assert not acts(s, "hibernate")
    with pytest.raises(IllegalAction, match="two consecutive turns"):
        s.apply(Action("hibernate", 0))


def test_hibernation_not_in_the_last_turn_ruling_27_57():
    s = feeding([[{"id": 0, "traits": ["hibernation"]}], [{"id": 10}]], food_base=3, deck_size=0)
    assert not acts(s, "hibernate")
    with pytest.raises(IllegalAction, match="last turn"):
        s.apply(Action("hibernate", 0))


def test_hibernating_animal_unfed_in_the_last_turn_ruling_57():
    # a hibernating animal when the deck is empty at extinction is not fed (engine: hibernation only counts as fed
    # while the deck is not empty)
    s = feeding([[{"id": 0, "traits": ["hibernation"], "hibernating": True}, {"id": 1, "food": 1}],
                 [{"id": 10, "food": 1}]], food_base=0, deck_size=0)
    assert s.is_terminal
    assert not alive(s, 0) and owner(s, 1) == 0


# -- Scavenger -------------------------------------------------------------------------------------------------------
def test_scavenger_search_starts_with_the_carnivores_owner_ruling_47():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1, "traits": ["scavenger"]}],
                 [{"id": 10, "traits": ["scavenger"]}, {"id": 11}]], food_base=3)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 11))
    assert food(s, 1) == 1 and food(s, 10) == 0


def test_scavenger_search_goes_clockwise_and_only_one_gets_a_token_ruling_47():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1, "traits": ["scavenger"], "food": 1}],
                 [{"id": 10}],
                 [{"id": 20, "traits": ["scavenger"]}],
                 [{"id": 30, "traits": ["scavenger"]}]], food_base=3, first=0)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert food(s, 1) == 1 and food(s, 20) == 1 and food(s, 30) == 0


def test_scavenger_owner_chooses_among_several():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10}, {"id": 11, "traits": ["scavenger"]},
                                                        {"id": 12, "traits": ["scavenger"]}]], food_base=3)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert s.current_player == 1 and set(s.legal_actions()) == {Action("scavenge", 11), Action("scavenge", 12)}
    s.apply(Action("scavenge", 12))
    assert food(s, 12) == 1 and food(s, 11) == 0


def test_no_scavenger_token_for_tail_loss_or_starvation_ruling_47():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["tail_loss"]},
                                                        {"id": 11, "traits": ["scavenger", "big"]}]], food_base=3)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    s.apply(Action("tail", trait_cards(s, 10)[0]))
    assert food(s, 11) == 0
