"""Fat conversion and the Piracy victim, exactly as in the rulebook (origin-4).

- Fat Tissue, main action: "convert ANY NUMBER of yellow tokens on one of your animals into blue tokens" — also more
  than the animal still needs; the extra blue tokens stay on it as food this turn, its emptied Fat Tissue cards may be
  refilled (ruling 15: a fed animal receives a token only into an empty Fat Tissue card, where it becomes yellow).
  Conversion is not receiving food and triggers nothing (ruling 24).
- Piracy takes a token from an animal that HAS RECEIVED FOOD THIS TURN and is not fed (ruling 29); food that came
  only from converting its own fat is not received food (ruling 24).
"""

import pytest

from evolutio.kernel import Action, IllegalAction, Rng, load_game

from .conftest import acts, alive, animal, fat, feeding, food, owner, received, table


# -- fat conversion --------------------------------------------------------------------------------------------------
def test_fed_animal_converts_both_fat_tokens_and_the_excess_stays_ruling_24():
    s = feeding([[{"id": 0, "traits": ["fat_tissue", "fat_tissue"], "food": 1, "fat": 2, "received_food": False}],
                 [{"id": 10, "traits": ["big"]}]], food_base=4)
    # fed and full: it cannot take a token (ruling 15), but may convert any number of its yellow tokens
    assert set(s.legal_actions()) == {Action("convert", 0, 1), Action("convert", 0, 2), Action("pass")}
    s.apply(Action("convert", 0, 2))
    assert food(s, 0) == 3 and animal(s, 0)["need"] == 1 and fat(s, 0) == 0
    v = animal(s, 0)
    assert v["fed"] and v["food"] == 3 and v["fat"] == 0 and not v["received_food"]
    assert s.current_player == 1          # the main action is used; nothing else to do


def test_emptied_fat_tissue_of_a_fed_animal_refills_from_the_food_base_later_in_the_round_ruling_15_16():
    """The food-denial play: a fed animal empties its Fat Tissue, then takes red tokens into it again."""
    s = feeding([[{"id": 0, "traits": ["fat_tissue", "fat_tissue"], "food": 1, "fat": 2}],
                 [{"id": 10, "traits": ["big"]}]], food_base=4)
    s.apply(Action("convert", 0, 2))
    s.apply(Action("take", 10))
    # round 2: the fed animal can receive again (empty Fat Tissue), so taking is even compulsory (ruling 16)
    assert s.current_player == 0 and Action("take", 0) in s.legal_actions()
    assert Action("pass") not in s.legal_actions()
    s.apply(Action("take", 0))
    assert food(s, 0) == 3 and fat(s, 0) == 1              # the token became yellow
    s.apply(Action("take", 10))
    s.apply(Action("take", 0))
    assert fat(s, 0) == 2 and table(s)["food_base"] == 0 and food(s, 10) == 2
    assert s.current_player == 0 and set(s.legal_actions()) == {Action("convert", 0, 1), Action("convert", 0, 2),
                                                                Action("pass")}
    s.apply(Action("pass"))                        # a round without actions ends the feeding phase
    # extinction: red/blue tokens (the excess too) are cleared, yellow stays
    assert table(s)["turn"] == 2 and owner(s, 0) == 0 and food(s, 0) == 0 and fat(s, 0) == 2


def test_converting_fat_triggers_no_cooperation_even_on_a_fed_animal_but_the_refill_does_ruling_23_24():
    s = feeding([[{"id": 0, "traits": ["fat_tissue"], "food": 1, "fat": 1}, {"id": 1, "traits": ["big"]}],
                 [{"id": 10, "traits": ["big"]}]], food_base=3, pairs=[{"trait": "cooperation", "animals": [0, 1]}])
    s.apply(Action("convert", 0, 1))
    assert food(s, 0) == 2 and food(s, 1) == 0       # conversion is not receiving
    s.apply(Action("take", 10))
    s.apply(Action("take", 0))                     # into the emptied Fat Tissue: a received token
    assert fat(s, 0) == 1 and food(s, 1) == 1        # Cooperation fired


def test_fed_carnivore_empties_its_fat_and_may_attack_again_in_a_later_round_ruling_32():
    s = feeding([[{"id": 0, "traits": ["carnivore", "fat_tissue"], "food": 2, "fat": 1}], [{"id": 10}]],
                food_base=0)
    assert not acts(s, "attack")                   # fed, Fat Tissue full (ruling 32)
    assert set(s.legal_actions()) == {Action("convert", 0, 1), Action("pass")}
    s.apply(Action("convert", 0, 1))
    assert s.current_player == 0 and acts(s, "attack") == [Action("attack", 0)]   # next round
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert not alive(s, 10) and food(s, 0) == 3 and fat(s, 0) == 1   # one blue token fits into the fat, one is lost


def test_hibernating_animal_may_convert_but_not_refill_ruling_24_26():
    s = feeding([[{"id": 0, "traits": ["hibernation", "fat_tissue"], "fat": 1, "hibernating": True}],
                 [{"id": 10, "traits": ["big"]}]], food_base=3, deck_size=10)
    assert Action("convert", 0, 1) in s.legal_actions()     # conversion is not receiving a token
    s.apply(Action("convert", 0, 1))
    assert food(s, 0) == 1 and fat(s, 0) == 0
    s.apply(Action("take", 10))
    # hibernating: no tokens even into its emptied Fat Tissue (26); with nothing to do seat 0's slot is skipped
    assert s.current_player == 1 and fat(s, 0) == 0 and animal(s, 0)["fat_slots"] == 1
    # the same with a second animal, so that seat 0 is asked again: A0 is refused the token
    s = feeding([[{"id": 0, "traits": ["hibernation", "fat_tissue"], "fat": 1, "hibernating": True}, {"id": 1}],
                 [{"id": 10, "traits": ["big"]}]], food_base=3, deck_size=10)
    s.apply(Action("convert", 0, 1))
    s.apply(Action("take", 10))
    assert s.current_player == 0 and s.legal_actions() == [Action("take", 1)]
    with pytest.raises(IllegalAction, match="hibernating animal cannot receive tokens"):
        s.apply(Action("take", 0))


def test_convert_refused_beyond_the_yellow_tokens():
    s = feeding([[{"id": 0, "traits": ["fat_tissue", "fat_tissue"], "food": 1, "fat": 1}], [{"id": 10}]],
                food_base=2)
    with pytest.raises(IllegalAction, match=r"1\.\.1 token"):
        s.apply(Action("convert", 0, 2))
    assert load_game("origin", players=2).action_schema().arg_sizes("convert") == (84, 29)   # unchanged


def test_scenario_food_above_need_only_with_fat_tissue():
    s = feeding([[{"id": 0, "traits": ["fat_tissue"], "food": 3}, {"id": 1}], [{"id": 10}]], food_base=2)
    assert food(s, 0) == 3 and animal(s, 0)["fed"]


# -- Piracy: "has received food this turn" ---------------------------------------------------------------------------
def test_animal_fed_only_by_converting_its_fat_is_no_piracy_victim_one_that_took_a_red_token_is_ruling_24_29():
    s = feeding([[{"id": 0, "traits": ["piracy", "big"]}],
                 [{"id": 10, "traits": ["big", "fat_tissue"], "fat": 1}, {"id": 11, "traits": ["big"]}]],
                food_base=5, first=1, to_act=1)
    s.apply(Action("convert", 10, 1))
    assert food(s, 10) == 1 and not animal(s, 10)["received_food"]
    # Piracy: 10 has food but has not received any; 11 has nothing: no victim yet
    assert s.current_player == 0 and not acts(s, "pirate")
    s.apply(Action("take", 0))
    s.apply(Action("take", 11))                    # 11 received a red token and is not fed
    assert s.current_player == 0
    s.apply(Action("pirate", 0))
    assert [a.args[0] for a in s.legal_actions()] == [11]
    with pytest.raises(IllegalAction, match="received food this turn.*converting its own fat"):
        s.apply(Action("target", 10))
    s.apply(Action("target", 11))
    assert food(s, 11) == 0 and food(s, 0) == 2 and animal(s, 0)["received_food"]   # the pirate received the token


def test_converted_animal_becomes_a_victim_once_it_takes_a_red_token_ruling_29():
    s = feeding([[{"id": 0, "traits": ["piracy", "big"]}, {"id": 1}],
                 [{"id": 10, "traits": ["big", "carnivore", "fat_tissue"], "fat": 1}]],
                food_base=5, first=1, to_act=1)
    s.apply(Action("convert", 10, 1))
    s.apply(Action("take", 1))
    assert not acts(s, "pirate")                   # still none this turn: 10 only converted
    s.apply(Action("take", 10))                    # 10: 2 of 3, and now it has received food
    s.apply(Action("pirate", 0))
    assert [a.args[0] for a in s.legal_actions()] == [10]


def test_tokens_from_cooperation_attack_and_scavenger_count_as_received_ruling_29():
    s = feeding([[{"id": 0, "traits": ["carnivore", "big"]}, {"id": 1, "traits": ["scavenger", "big"]}],
                 [{"id": 10, "traits": ["big"]}, {"id": 11, "traits": ["big"]}, {"id": 12}]],
                food_base=5, pairs=[{"trait": "cooperation", "animals": [[1, 0], [1, 1]]}])
    s.apply(Action("attack", 0))
    s.apply(Action("target", 12))
    assert animal(s, 0)["received_food"] and animal(s, 1)["received_food"]        # blue tokens of the attack; Scavenger
    s.apply(Action("take", 10))
    assert animal(s, 10)["received_food"] and animal(s, 11)["received_food"]       # red token; Cooperation's blue token


def test_received_food_resets_each_turn_and_scenario_flag():
    s = feeding([[{"id": 0, "traits": ["piracy", "big"]}],
                 [{"id": 10, "traits": ["big"], "food": 1}, {"id": 11, "traits": ["big", "fat_tissue"], "food": 1,
                                                             "received_food": False}]], food_base=3)
    assert received(s) == [10]                               # default: an animal with food has received it
    s.apply(Action("pirate", 0))
    assert [a.args[0] for a in s.legal_actions()] == [10]
    s = feeding([[{"id": 0, "food": 1}], [{"id": 10, "food": 1}]], food_base=2, deck_size=10)
    assert table(s)["turn"] == 2 and received(s) == []


def test_received_food_in_json_clone_and_determinize():
    s = feeding([[{"id": 0, "traits": ["piracy", "big"]}],
                 [{"id": 10, "traits": ["big", "fat_tissue"], "fat": 1}, {"id": 11, "traits": ["big"]}]],
                food_base=5, first=1, to_act=1)
    s.apply(Action("convert", 10, 1))
    s.apply(Action("take", 0))
    g = s.game
    assert received(s) == [0]   # converting its own fat does not count as receiving (ruling 24)
    s2 = g.state_from_json(s.to_json())
    assert received(s2) == [0] and s2.digest() == s.digest()
    c = s.clone()
    c.apply(Action("take", 11))
    assert received(s) == [0] and received(c) == [0, 11]
    d = s.determinize(0, Rng(5))
    assert received(d) == [0] and d.view(0) == s.view(0)
