"""The 18 gift cards (`sets=gift`, NOTES §9.4): r-Strategy (rulings 5, 58, 73, 83), Voracious (ruling 30), Shy
(ruling 53) — and the deck they join."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, IllegalAction, OptionError, ScenarioError, load_game

from .conftest import (
    acts,
    alive,
    animal,
    animal_ids,
    feeding,
    food,
    hand_size,
    in_hand,
    owner,
    scenario,
    table,
    trait_cards,
)

GIFT = {"sets": "gift"}


def events(state, kind: str) -> list[dict]:
    return [e.data for e in state.events if e.kind == kind]


# -- the deck ---------------------------------------------------------------------------------------------------------
def test_the_gift_cards_join_the_base_deck_after_its_84_cards():
    game = load_game("origin", players=3, **GIFT)
    assert game.options_json()["sets"] == ["base", "gift"]
    state = game.new_state(4)
    assert state.card_census()["total"] == 84 + 18
    gift = [state.card_info(c)["traits"] for c in range(84, 102)]
    assert gift.count(["r_strategy"]) == 6
    assert gift.count(["voracious", "swimming"]) == gift.count(["voracious", "fat_tissue"]) == 3
    assert gift.count(["shy", "swimming"]) == gift.count(["shy", "carnivore"]) == 3
    schema = game.action_schema()
    assert "voracious" in schema.kinds and "voracious" not in load_game("origin", players=3).action_schema().kinds


def test_half_deck_sets_aside_half_of_the_shuffled_deck_for_two_or_three_players():
    state = load_game("origin", players=2, half_deck=True, **GIFT).new_state(9)
    census = state.card_census()
    assert census["total"] == 102 and census["box"] == 51 and census["deck"] + census["hands"] == 51
    whole = load_game("origin", players=2, **GIFT).new_state(9).card_census()
    assert whole["box"] == 0 and whole["deck"] + whole["hands"] == 102
    with pytest.raises(OptionError, match="'half_deck' of origin is for 2 or 3 players .* this game has 4"):
        load_game("origin", players=4, half_deck=True, **GIFT)


# -- r-Strategy -------------------------------------------------------------------------------------------------------
def test_r_strategy_is_played_on_any_players_animal_ruling_5():
    s = scenario({"phase": "development", "first_player": 0, "to_act": 0,
                  "players": [{"hand": ["r_strategy"], "animals": [{"id": 0}]}, {"hand": ["piracy"],
                              "animals": [{"id": 10}]}]}, **GIFT)
    card = in_hand(s, 0, "r_strategy")
    assert s.describe(Action("trait", card, 0)).endswith("on any player's animal")
    s.apply(Action("trait", card, 0))
    assert set(acts(s, "target")) == {Action("target", 0), Action("target", 10)}
    s.apply(Action("target", 10))
    assert [t["trait"] for t in s.view(None)["players"][1]["animals"][0]["traits"]] == ["r_strategy"]


def test_r_strategy_owner_draws_no_card_for_it_and_gets_two_unfed_animals_next_turn_ruling_58_73():
    # seat 1 owns the r-Strategy animal (played on it by anyone): seat 1 draws 1 + 2 - 1 = 2, seat 0 draws 1 + 1
    s = feeding([[{"id": 0, "food": 1}], [{"id": 10, "traits": ["r_strategy"], "food": 1}, {"id": 11, "food": 1}]],
                food_base=0, deck_size=20, **GIFT)
    assert table(s)["turn"] == 2 and hand_size(s, 0) == 2 and hand_size(s, 1) == 2
    born = [a for a in animal_ids(s, 1) if a not in (10, 11)]
    assert len(born) == 2 and table(s)["deck_size"] == 20 - 4 - 2
    assert all(food(s, a) == 0 and not trait_cards(s, a) for a in born)
    births = events(s, "birth")
    assert [b["animal"] for b in births] == born and all(b["player"] == 1 for b in births)
    # the owner sees the new animal cards; the other players do not
    seen_by_owner = [e for e in s.events_for(1) if e["kind"] == "birth"]
    seen_by_other = [e for e in s.events_for(0) if e["kind"] == "birth"]
    assert all("card" in e for e in seen_by_owner) and not any("card" in e for e in seen_by_other)
    assert [e["animal"] for e in seen_by_other] == born
    assert s.card_census()["total"] == 102


def test_a_dead_r_strategy_animal_gives_nothing_ruling_73():
    s = feeding([[{"id": 0, "traits": ["r_strategy"]}, {"id": 1, "food": 1}], [{"id": 10, "food": 1}]],
                food_base=0, deck_size=20, **GIFT)
    assert not alive(s, 0) and animal_ids(s, 0) == [1] and hand_size(s, 0) == 2 and not events(s, "birth")


def test_births_are_dealt_round_robin_from_the_new_first_player_and_lost_when_the_deck_ends_ruling_83():
    # each seat has one r-Strategy animal; after the deal (1 card each) 3 cards are left; seat 1 is the new first
    s = feeding([[{"id": 0, "traits": ["r_strategy"], "food": 1}], [{"id": 10, "traits": ["r_strategy"], "food": 1}]],
                food_base=0, deck_size=5, **GIFT)
    assert table(s)["first_player"] == 1 and table(s)["deck_size"] == 0
    assert [b["player"] for b in events(s, "birth")] == [1, 0, 1]
    assert len(animal_ids(s, 1)) == 3 and len(animal_ids(s, 0)) == 2
    assert events(s, "births_lost")[0]["lost"] == 1


# -- Voracious --------------------------------------------------------------------------------------------------------
def test_voracious_takes_an_extra_red_token_besides_the_main_action_ruling_30():
    s = feeding([[{"id": 0, "traits": ["voracious"]}], [{"id": 10}]], food_base=5, **GIFT)
    assert animal(s, 0)["need"] == 2 and {Action("take", 0), Action("voracious", 0)} <= set(s.legal_actions())
    s.apply(Action("take", 0))
    assert s.current_player == 0 and acts(s, "voracious") == [Action("voracious", 0)]
    s.apply(Action("voracious", 0))
    assert food(s, 0) == 2 and table(s)["food_base"] == 3 and s.current_player == 1
    assert s.view(None)["players"][0]["score"] == 2 + 1 + 1          # Voracious raises need and scores +1 (ruling 63)


def test_voracious_first_does_not_use_the_main_action_or_lift_the_obligation_to_take_ruling_16_30():
    s = feeding([[{"id": 0, "traits": ["voracious", "big"]}], [{"id": 10}]], food_base=5, **GIFT)
    s.apply(Action("voracious", 0))
    assert s.food[0] == 1 and Action("take", 0) in s.legal_actions() and Action("pass") not in s.legal_actions()
    with pytest.raises(IllegalAction, match="already taken its extra red token in this feeding turn .ruling 30."):
        s.apply(Action("voracious", 0))
    s.apply(Action("take", 0))
    assert s.food[0] == 2 and s.current_player == 1
    s.apply(Action("take", 10))
    assert Action("voracious", 0) in s.legal_actions()               # the next feeding turn: once more


def test_a_fed_voracious_animal_takes_no_token_into_fat_ruling_30():
    s = feeding([[{"id": 0, "traits": ["voracious", "fat_tissue"], "food": 2}], [{"id": 10}]], food_base=5, **GIFT)
    assert Action("take", 0) in s.legal_actions() and not acts(s, "voracious")
    with pytest.raises(IllegalAction, match="fed Voracious animal takes no extra token"):
        s.apply(Action("voracious", 0))


def test_voracious_take_is_a_red_token_take_communication_passes_it_on_ruling_22_30():
    s = feeding([[{"id": 0, "traits": ["voracious"]}, {"id": 1}], [{"id": 10}]], food_base=5,
                pairs=[{"trait": "communication", "animals": [0, 1]}], **GIFT)
    s.apply(Action("voracious", 0))
    assert food(s, 0) == 1 and food(s, 1) == 1 and table(s)["food_base"] == 3


def test_voracious_needs_red_tokens_in_the_base():
    s = feeding([[{"id": 0, "traits": ["voracious", "carnivore"]}], [{"id": 10}]], food_base=0, **GIFT)
    assert not acts(s, "voracious")
    with pytest.raises(IllegalAction, match="the food base is empty"):
        s.apply(Action("voracious", 0))


# -- Shy --------------------------------------------------------------------------------------------------------------
def shy_after_tail_loss(drop: str):
    """Seat 0's Carnivore attacks seat 1's Shy + Tail Loss animal A10, which drops its trait ``drop`` and survives;
    seat 2 has a Carnivore of its own."""
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["shy", "tail_loss"]}, {"id": 11}],
                 [{"id": 20, "traits": ["carnivore"]}]], food_base=0, **GIFT)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    shy_card, tail_card = trait_cards(s, 10)
    s.apply(Action("tail", shy_card if drop == "shy" else tail_card))
    assert owner(s, 10) == 1
    return s


def pass_until(state, seat: int) -> None:
    while state.current_player != seat:
        state.apply(Action("pass"))


def test_a_shy_animal_that_survived_an_attack_cannot_be_attacked_again_this_turn_ruling_53():
    s = shy_after_tail_loss("tail_loss")
    assert s.view(None)["players"][1]["animals"][0]["marks"] == ["shy_attacked"]
    pass_until(s, 2)
    s.apply(Action("attack", 20))
    assert Action("target", 10) not in s.legal_actions() and Action("target", 11) in s.legal_actions()
    with pytest.raises(IllegalAction, match="Shy and already survived an attack this turn"):
        s.apply(Action("target", 10))


def test_the_shy_protection_ends_with_the_trait_ruling_53():
    s = shy_after_tail_loss("shy")
    pass_until(s, 2)
    s.apply(Action("attack", 20))
    assert Action("target", 10) in s.legal_actions()


def test_a_shy_animal_not_yet_attacked_can_be_attacked_and_the_mark_ends_with_the_turn():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["shy", "tail_loss"], "food": 1}]],
                food_base=0, deck_size=20, **GIFT)
    s.apply(Action("attack", 0))
    assert Action("target", 10) in s.legal_actions()
    s.apply(Action("target", 10))
    assert animal(s, 10)["marks"] == ["shy_attacked"] and s.view(None)["decision"]["kind"] == "defence"
    s.apply(Action("tail", trait_cards(s, 10)[1]))      # drops Tail Loss, keeps Shy; nobody can act: the turn ends
    assert table(s)["turn"] == 2 and owner(s, 10) == 1
    assert "marks" not in animal(s, 10) or not animal(s, 10)["marks"]
    assert "marks" not in s.to_json()["origin"]


def test_scenarios_set_the_marks_and_refuse_unknown_ones():
    s = feeding([[{"id": 0, "traits": ["voracious", "big"], "marks": ["voracious_used"]}], [{"id": 10}]],
                food_base=5, **GIFT)
    assert not acts(s, "voracious") and s.view(0)["players"][0]["animals"][0]["marks"] == ["voracious_used"]
    with pytest.raises(ScenarioError, match=r"players\[0\].animals\[0\].marks\[0\]: unknown mark 'hungry'"):
        feeding([[{"id": 0, "marks": ["hungry"]}], [{"id": 10}]], **GIFT)
    with pytest.raises(ScenarioError, match="no free card offering Voracious is left in the deck of sets base "
                                        r"\(Voracious comes with -o sets=gift\)"):
        feeding([[{"id": 0, "traits": ["voracious"]}], [{"id": 10}]])


def test_the_terminal_board_shows_the_gift_traits_and_their_marks():
    from rich.console import Console

    from evolutio.cli.render import renderer_for

    s = feeding([[{"id": 0, "traits": ["voracious", "r_strategy"], "marks": ["voracious_used"]}],
                 [{"id": 10, "traits": ["shy"], "marks": ["shy_attacked"]}]], food_base=5, **GIFT)
    console = Console(width=100, record=True)
    console.print(renderer_for("origin")(s.view(0), 0))
    board = console.export_text()
    assert "Voracious" in board and "r-Strategy" in board and "Shy" in board
    assert "ate extra" in board and "shy: safe this turn" in board
    assert s.describe(Action("voracious", 0)) == ("Voracious: your animal A0 (Voracious, r-Strategy) takes an extra "
                                                  "red token")


def test_r_strategy_needs_an_animal_without_it_anywhere_ruling_6():
    s = scenario({"phase": "development", "first_player": 0, "to_act": 0,
                  "players": [{"hand": ["r_strategy"], "animals": [{"id": 0, "traits": ["r_strategy"]}]},
                              {"hand": ["piracy"], "animals": [{"id": 10, "traits": ["r_strategy"]}]}]}, **GIFT)
    card = in_hand(s, 0, "r_strategy")
    assert Action("trait", card, 0) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="no animal on the table can take r-Strategy"):
        s.apply(Action("trait", card, 0))


def test_a_shy_animal_that_ran_away_is_safe_for_the_rest_of_the_turn_ruling_41_53():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["shy", "running"]}],
                 [{"id": 20, "traits": ["carnivore"]}]], food_base=0, dice=[6], **GIFT)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    s.apply(Action("run"))                              # 6: it escapes
    assert owner(s, 10) == 1 and s.current_player == 2
    s.apply(Action("attack", 20))
    assert Action("target", 10) not in s.legal_actions()
