"""Rules audit (NOTES §13): scenario tests for base-game rulings that had no direct test, and for behaviour the audit
found wrong. Each test name cites its ruling."""

import pytest

from evolutio.kernel import Action, IllegalAction, Rng, load_game

from .conftest import (
    acts,
    alive,
    animal,
    animal_card,
    animal_ids,
    census,
    discard,
    fat,
    feeding,
    food,
    hand,
    hand_size,
    owner,
    table,
    trait_card,
    trait_cards,
)


def attack(s, c, t):
    s.apply(Action("attack", c))
    s.apply(Action("target", t))


# -- setup -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 8])
def test_six_cards_each_dealt_one_at_a_time_from_the_first_player_ruling_1(players):
    seed = 5
    s = load_game("origin", players=players).new_state(seed)
    # replay the setup's random draws: shuffle, then the first player
    r = Rng(seed)
    deck = list(range(84))
    r.shuffle(deck)
    first = r.randbelow(players)
    assert table(s)["first_player"] == first
    assert all(hand_size(s, p) == 6 for p in range(players)) and table(s)["deck_size"] == 84 - 6 * players
    # the deck order no player sees: the saved state's JSON (the public save form) holds it
    assert s.to_json()["origin"]["deck"] == deck[:84 - 6 * players]
    for rnd in range(6):
        for i in range(players):
            # the top card (end of the list) goes first, to the first player, then clockwise
            assert hand(s, (first + i) % players)[rnd] == deck[-(1 + rnd * players + i)]


# -- feeding ---------------------------------------------------------------------------------------------------------
def test_hibernation_and_tramp_in_the_same_feeding_turn_as_a_take_ruling_19():
    s = feeding([[{"id": 0, "traits": ["tramp"]}, {"id": 1, "traits": ["hibernation", "big"]}],
                 [{"id": 10, "traits": ["big"]}]], food_base=4)
    s.apply(Action("take", 0))                   # main action
    assert s.current_player == 0                 # free traits are still usable in this feeding turn
    s.apply(Action("tramp", 0))
    s.apply(Action("hibernate", 1))
    assert table(s)["food_base"] == 2 and animal(s, 1)["hibernating"]
    assert s.current_player == 1                 # nothing left: the feeding turn ended by itself


def test_piracy_once_per_turn_also_in_later_rounds_ruling_29():
    s = feeding([[{"id": 0, "traits": ["piracy", "big", "fat_tissue"]}],
                 [{"id": 10, "traits": ["big"], "food": 1}, {"id": 11, "traits": ["big"]}]], food_base=6)
    s.apply(Action("pirate", 0))
    s.apply(Action("target", 10))
    s.apply(Action("take", 0))                   # 0 is not fed yet (2 of 3)
    s.apply(Action("take", 11))                  # 11 has now received food and is unfed: a possible victim
    assert s.current_player == 0 and food(s, 0) == 2
    assert not acts(s, "pirate")
    with pytest.raises(IllegalAction, match="already stolen this turn"):
        s.apply(Action("pirate", 0))


def test_symbiosis_partner_may_convert_its_own_fat_while_the_symbiont_is_unfed_ruling_25():
    s = feeding([[{"id": 0, "traits": ["big"]}, {"id": 1, "traits": ["fat_tissue"], "fat": 1}],
                 [{"id": 10, "traits": ["big"]}]], food_base=3,
                pairs=[{"trait": "symbiosis", "animals": [0, 1]}])
    assert Action("take", 1) not in s.legal_actions()          # ruling 25
    assert Action("convert", 1, 1) in s.legal_actions()        # converting is not receiving
    s.apply(Action("convert", 1, 1))
    assert food(s, 1) == 1 and fat(s, 1) == 0


def test_cooperation_fires_on_a_token_that_goes_into_fat_ruling_23():
    # engine convention (docs/origin.md): a token that becomes yellow is still a received token
    s = feeding([[{"id": 0, "traits": ["fat_tissue"], "food": 1}, {"id": 1}], [{"id": 10, "traits": ["big"]}]],
                food_base=3, pairs=[{"trait": "cooperation", "animals": [0, 1]}])
    s.apply(Action("take", 0))
    assert fat(s, 0) == 1 and food(s, 1) == 1


def test_trigger_that_cannot_take_effect_waits_for_its_chance_in_the_same_round_ruling_21_25():
    # 0 -coop- 1, 0 -comm- 2, and 2 is the symbiont protecting 1. Taking for 0 triggers both cards; Cooperation
    # cannot reach 1 until 2 is fed, so Communication fires first and then Cooperation (NOTES §5.2).
    s = feeding([[{"id": 0, "traits": ["big"]}, {"id": 1}, {"id": 2}], [{"id": 10, "traits": ["big"]}]],
                food_base=5,
                pairs=[{"trait": "cooperation", "animals": [0, 1]}, {"trait": "communication", "animals": [0, 2]},
                       {"trait": "symbiosis", "animals": [2, 1]}])
    s.apply(Action("take", 0))
    assert (food(s, 0), food(s, 1), food(s, 2)) == (1, 1, 1) and table(s)["food_base"] == 3
    assert s.current_player == 1


# -- attacks ---------------------------------------------------------------------------------------------------------
def test_one_attacking_carnivore_per_player_per_feeding_round_ruling_31():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1, "traits": ["carnivore"]}],
                 [{"id": 10}, {"id": 11}, {"id": 12, "traits": ["big"]}]], food_base=1)
    attack(s, 0, 10)
    # the same feeding turn is over (the attack was its main action): the second carnivore waits for the next round
    assert s.current_player == 1
    s.apply(Action("take", 12))
    assert s.current_player == 0 and table(s)["food_base"] == 0
    assert acts(s, "attack") == [Action("attack", 1)]          # 0 attacked this turn; 1 may attack now
    attack(s, 1, 11)
    assert not alive(s, 11)


def test_mimicry_may_redirect_back_to_the_first_target_ruling_44():
    # 10 (Mimicry) is attacked and must redirect to 11; 11's own Mimicry must redirect too, and the only other
    # animal of its owner the carnivore can attack is 10 — whose Mimicry is spent, so 10 is eaten (rulebook: "another
    # own animal that this carnivore is able to attack"; nothing excludes the first target).
    s = feeding([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["mimicry"]}, {"id": 11, "traits": ["mimicry"]}, {"id": 12, "traits": ["big"]}]])
    attack(s, 0, 10)
    assert s.legal_actions() == [Action("mimic", 11)]
    s.apply(Action("mimic", 11))
    assert s.current_player == 1 and s.legal_actions() == [Action("mimic", 10)]    # compulsory: no accept
    with pytest.raises(IllegalAction, match="compulsory"):
        s.apply(Action("accept"))
    s.apply(Action("mimic", 10))
    assert not alive(s, 10) and owner(s, 11) == 1 and food(s, 0) == 2


def test_mimicry_back_to_the_first_target_lets_it_run_again_ruling_41_44():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["mimicry", "running"]}, {"id": 11, "traits": ["mimicry"]}]], dice=[1, 6])
    attack(s, 0, 10)
    s.apply(Action("run"))                         # fails; Mimicry must now redirect
    s.apply(Action("mimic", 11))
    s.apply(Action("mimic", 10))                   # back to 10: a new attack on it, Running is rolled again
    assert s.legal_actions() == [Action("run")]
    s.apply(Action("run"))
    assert owner(s, 10) == 1 and owner(s, 11) == 1 and food(s, 0) == 0


def test_unlimited_mimicry_never_redirects_to_an_animal_already_targeted_in_the_attack():
    # without the once-per-turn limit the engine excludes animals already targeted in this attack (no endless loop)
    s = feeding([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["mimicry"]}, {"id": 11, "traits": ["mimicry"]}]], mimicry_unlimited=True)
    attack(s, 0, 10)
    s.apply(Action("mimic", 11))
    assert not alive(s, 11)                       # 11's Mimicry has no target left: it does not trigger


def test_eaten_animal_takes_its_paired_cards_and_tokens_to_the_discard_ruling_48():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["fat_tissue"], "food": 1, "fat": 1}, {"id": 11, "traits": ["big"]}]],
                food_base=2, pairs=[{"trait": "communication", "animals": [10, 11]}])
    comm = trait_card(s, 10, "communication")
    fat_card = trait_card(s, 10, "fat_tissue")
    card_under_10 = animal_card(s, 10)
    attack(s, 0, 10)
    assert not alive(s, 10)
    assert sorted(discard(s, 1)) == sorted([card_under_10, comm, fat_card])
    assert comm not in trait_cards(s, 11) and animal(s, 11)["need"] == 2
    assert all(comm not in trait_cards(s, a) for a in animal_ids(s, 0) + animal_ids(s, 1))   # off the table
    assert food(s, 0) == 2 and table(s)["food_base"] == 2   # its red and yellow tokens left with it
    census(s)


# -- extinction ------------------------------------------------------------------------------------------------------
def test_starving_animal_takes_its_paired_card_to_the_discard_no_scavenger_ruling_47_56():
    s = feeding([[{"id": 0, "food": 1}, {"id": 1}], [{"id": 10, "traits": ["scavenger"], "food": 0},
                                                     {"id": 11, "food": 1}]],
                food_base=0, deck_size=20, pairs=[{"trait": "cooperation", "animals": [0, 1]}])
    # nobody can act: extinction at once; 1 starves (and 10 too: the Scavenger gets nothing from a starving animal)
    assert table(s)["turn"] == 2
    assert not alive(s, 1) and owner(s, 0) == 0 and trait_cards(s, 0) == []
    assert not alive(s, 10)
    coop = [c for c in s.view(0)["players"][0]["discard"] if "cooperation" in c["traits"]]
    assert len(discard(s, 0)) == 2 and coop
    census(s)


def test_a_free_trait_keeps_the_feeding_phase_going_ruling_20_28():
    # engine convention (docs/origin.md "Feeding end"): Tramp counts as acting, so the phase lasts while it is used
    s = feeding([[{"id": 0, "traits": ["tramp"], "food": 1}], [{"id": 10, "food": 1}]], food_base=2)
    assert set(s.legal_actions()) == {Action("tramp", 0), Action("pass")}
    s.apply(Action("tramp", 0))
    # seat 0's turn ended by itself, seat 1 could do nothing; the round had an action, so a new round began
    assert s.current_player == 0 and table(s)["turn"] == 1 and table(s)["food_base"] == 1
    s.apply(Action("tramp", 0))
    assert table(s)["food_base"] == 0 and table(s)["turn"] == 2                    # then a silent round ended the phase


def test_after_running_saves_the_carnivore_cannot_attack_in_a_later_round_ruling_42():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}], [{"id": 10, "traits": ["running"]}, {"id": 11}]],
                food_base=2, dice=[4])
    attack(s, 0, 10)
    s.apply(Action("run"))
    assert owner(s, 10) == 1
    s.apply(Action("take", 11))                  # seat 1's feeding turn
    assert s.current_player == 0                 # next round
    assert not acts(s, "attack")
    with pytest.raises(IllegalAction, match="already attacked this turn"):
        s.apply(Action("attack", 0))


def test_deck_emptied_by_the_deal_makes_the_next_turn_the_last_ruling_62():
    s = feeding([[{"id": 0, "food": 1}], [{"id": 10, "food": 1}]], food_base=0, deck_size=3)
    # extinction at once: entitlements 2 + 2, the deck has 3 -> it runs out during the deal
    assert table(s)["turn"] == 2 and table(s)["deck_size"] == 0 and not s.is_terminal and s.view(None)["last_turn"]
    while table(s)["phase"] == "development":                           # development of the last turn: everybody passes
        s.apply(Action("pass"))
    while not s.is_terminal:                      # feeding: take whatever is compulsory, then pass
        legal = s.legal_actions()
        take = [a for a in legal if a.kind == "take"]
        s.apply(take[0] if take else Action("pass"))
    assert table(s)["turn"] == 2 and s.winners()
