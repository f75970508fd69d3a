"""Extinction, drawing, end of game, scoring and tie-breaks (NOTES §7-§8, rulings 56-64) and the options."""

import pytest

from evolutio.kernel import Action, OptionError, load_game

from .conftest import alive, discard, fat, feeding, food, hand_size, scenario, table


def test_unfed_die_survivors_draw_one_plus_animals_ruling_56_58_59():
    s = feeding([[{"id": 0, "food": 1}, {"id": 1, "food": 1}, {"id": 2}], [{"id": 10, "food": 1}]], food_base=0,
                deck_size=20)
    # nobody can act: extinction at once
    assert not alive(s, 2) and 2 in discard(s, 0)
    assert hand_size(s, 0) == 3 and hand_size(s, 1) == 2 and table(s)["deck_size"] == 15
    assert table(s)["first_player"] == 1 and table(s)["turn"] == 2


def test_six_cards_without_animals_and_hand_ruling_58():
    s = feeding([[{"id": 0}], [{"id": 10, "food": 1}]], food_base=0, deck_size=20)
    assert hand_size(s, 0) == 6 and hand_size(s, 1) == 2


def test_no_six_cards_if_the_hand_is_not_empty():
    s = feeding([[{"id": 0}], [{"id": 10, "food": 1}]], food_base=0, deck_size=20, hands=[["piracy"], []])
    assert hand_size(s, 0) == 1 + 1


def test_deal_round_robin_from_the_first_player_until_the_deck_runs_out_ruling_59_62():
    s = feeding([[{"id": 0, "food": 1}], [{"id": 10, "food": 1}, {"id": 11, "food": 1}]], food_base=0, deck_size=3,
                first=1, to_act=1)
    # entitlements: seat 1 gets 3, seat 0 gets 2; dealt 1,0,1 -> seat 1 has 2, seat 0 has 1; the deck is empty
    assert hand_size(s, 1) == 2 and hand_size(s, 0) == 1 and table(s)["deck_size"] == 0
    assert not s.is_terminal and s.view(None)["last_turn"]


def test_game_ends_after_extinction_of_the_turn_with_an_empty_deck_ruling_62():
    s = feeding([[{"id": 0, "food": 1}], [{"id": 10}]], food_base=0, deck_size=0)
    assert s.is_terminal and s.current_player is None and s.legal_actions() == []
    assert not alive(s, 10)                       # extinction happened before scoring
    assert s.scores() == [2, 0] and s.winners() == [0]


def test_scoring_ruling_63():
    s = feeding([[{"id": 0, "traits": ["carnivore", "big", "fat_tissue"], "food": 3},
                  {"id": 1, "traits": ["parasite"], "food": 3}]], players=2, deck_size=0, food_base=0)
    # 0: 2 + Carnivore 2 + Big 2 + Fat 1 = 7; 1: 2 + Parasite 3 = 5
    assert s.scores() == [12, 0]


def test_paired_card_scores_once_by_default_and_per_animal_with_option():
    body = {"animals": [[{"id": 0, "food": 1}, {"id": 1, "food": 1}]], "players": 2, "deck_size": 0, "food_base": 0,
                "pairs": [{"trait": "cooperation", "animals": [0, 1]}]}
    assert feeding(**body).scores() == [5, 0]
    assert feeding(**body, paired_scores_per_animal=True).scores() == [6, 0]


def test_tie_broken_by_discard_pile_size_ruling_64():
    s = scenario({"phase": "feeding", "food_base": 0, "deck_size": 0, "players": [
        {"animals": [{"id": 0, "food": 1}], "discard": ["piracy"]},
        {"animals": [{"id": 10, "food": 1}], "discard": ["mimicry", "running"]}]})
    assert s.is_terminal and s.scores() == [2, 2] and s.winners() == [1]


def test_full_tie_shared_or_dice_option():
    body = {"phase": "feeding", "food_base": 0, "deck_size": 0, "players": [
        {"animals": [{"id": 0, "food": 1}]}, {"animals": [{"id": 10, "food": 1}]}]}
    assert scenario(body).winners() == [0, 1]
    for seed in range(5):
        s = scenario(body, seed=seed, tiebreak_dice=True)
        assert len(s.winners()) == 1
        assert any(e["kind"] == "tiebreak" for e in s.events_for(None))


def test_tokens_cleared_and_first_player_moves_left_ruling_60_61():
    s = feeding([[{"id": 0, "traits": ["fat_tissue"], "food": 1, "fat": 1}], [{"id": 10, "food": 1}],
                 [{"id": 20, "food": 1}]], food_base=0, first=2, to_act=2)
    # seat 0 could still convert its fat (a fed animal may, origin-4); it ends its feeding turn instead
    assert s.current_player == 0 and set(s.legal_actions()) == {Action("convert", 0, 1), Action("pass")}
    s.apply(Action("pass"))
    assert table(s)["first_player"] == 0 and food(s, 0) == 0 and fat(s, 0) == 1


def test_options_validated():
    with pytest.raises(OptionError, match="unknown option"):
        load_game("origin", expansion="continents")
    with pytest.raises(OptionError, match="default, edition2"):
        load_game("origin", deck="edition3")
    with pytest.raises(OptionError, match="between 2 and 8"):
        load_game("origin", players=9)


def test_edition2_deck():
    g = load_game("origin", deck="edition2", players=2)
    faces = g.config.faces
    assert len(faces) == 84
    assert sum(1 for f in faces if 0 in f) == 12 and sum(1 for f in faces if 1 in f) == 12
    assert g.action_schema().arg_sizes("convert") == (84, 13)
    d = load_game("origin", players=2)
    assert sum(1 for f in d.config.faces if 0 in f) == 24 and sum(1 for f in d.config.faces if 1 in f) == 28
    s = g.new_state(3)
    assert s.view(0)["options"]["deck"] == "edition2"


@pytest.mark.parametrize("players,dice,plus", [(2, 1, 2), (3, 2, 0), (4, 2, 2), (5, 3, 2), (6, 3, 4), (7, 4, 2),
                                               (8, 4, 4)])
def test_food_table_ruling_11(players, dice, plus):
    for seed in range(8):
        s = load_game("origin", players=players).new_state(seed)
        while table(s)["phase"] == "development":
            s.apply(Action("pass"))
        ev = [e for e in s.events_for(None) if e["kind"] == "food_base"][0]
        assert len(ev["dice"]) == dice and ev["food"] == sum(ev["dice"]) + plus
