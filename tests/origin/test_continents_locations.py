"""Continents' locations (NOTES §10, rulings 1, 10, 12, 55, 58, 63): Laurasia, Gondwana and the Ocean shared by all
players; each location's food base; one location per feeding turn; Swimming into the Ocean; paired traits within a
location; Ocean scoring; the 10-card start and the empty-board draw; the option without locations."""

import json

import pytest

from evolutio.cli.main import main
from evolutio.kernel import Action, ScenarioError, load_game

from .conftest import animal_ids, discard, food, hand_size, in_hand, table, trait_ids
from .continents import CONTINENTS, events, food_of, legal, located, where

#: NOTES §10's table: players -> (Laurasia dice, plus), (Gondwana dice, plus), Ocean tokens
TABLE = {2: ((1, 0), (1, 2), 3), 3: ((1, 0), (2, 0), 4), 4: ((1, 2), (2, 0), 5), 5: ((1, 3), (2, 2), 6),
         6: ((1, 5), (2, 3), 7), 7: ((2, 2), (3, 2), 8), 8: ((3, 2), (3, 4), 9)}


@pytest.mark.parametrize("players", sorted(TABLE))
def test_each_location_gets_its_food_by_the_table_for_2_to_8_players_ruling_12(players):
    (l_dice, l_plus), (g_dice, g_plus), ocean = TABLE[players]
    dice = [1 + i % 6 for i in range(l_dice + g_dice)]   # Laurasia's dice are rolled first, then Gondwana's
    s = located([[{"id": 10 * p}] for p in range(players)], phase="food_base", dice=dice)
    assert food_of(s, "laurasia") == sum(dice[:l_dice]) + l_plus
    assert food_of(s, "gondwana") == sum(dice[l_dice:]) + g_plus
    assert food_of(s, "ocean") == ocean
    assert table(s)["food_base"] == food_of(s, "laurasia") + food_of(s, "gondwana") + ocean


def test_the_rulebooks_four_player_example_one_coloured_die_plus_2_two_white_dice_and_5_in_the_ocean():
    # the first player rolls the coloured die (4: Laurasia 4 + 2) and two white dice (3 + 6: Gondwana 9)
    s = located([[{"id": 0}], [{"id": 10}], [{"id": 20}], [{"id": 30}]], phase="food_base", dice=[4, 3, 6])
    assert (food_of(s, "laurasia"), food_of(s, "gondwana"), food_of(s, "ocean")) == (6, 9, 5)
    assert events(s, "food_base")[0]["locations"] == {"laurasia": 6, "gondwana": 9, "ocean": 5}


def test_an_animal_takes_food_only_from_its_own_locations_base():
    s = located([[{"id": 0, "location": "laurasia"}, {"id": 1, "location": "ocean"}],
                 [{"id": 10, "location": "gondwana"}]], locations={"laurasia": 0, "gondwana": 4, "ocean": 2})
    assert legal(s, "take") == {Action("take", 1)}
    assert "food base is empty" in s.explain_illegal(Action("take", 0))
    s.apply(Action("take", 1))
    assert table(s)["to_act"] == 1
    assert food_of(s, "ocean") == 1 and food_of(s, "laurasia") == 0 and food_of(s, "gondwana") == 4


def test_the_first_action_chooses_the_feeding_turns_location_ruling_55():
    s = located([[{"id": 0, "traits": ["hibernation"], "location": "laurasia"}, {"id": 2, "location": "laurasia"},
                  {"id": 1, "location": "gondwana"}], [{"id": 10}]], locations={"laurasia": 2, "gondwana": 2})
    assert table(s)["feeding_location"] is None
    s.apply(Action("hibernate", 0))
    assert table(s)["feeding_location"] == "laurasia"
    # Gondwana's animal can no longer eat this turn, though its location has food
    assert legal(s, "take") == {Action("take", 2)}
    assert "this feeding turn takes place in Laurasia" in s.explain_illegal(Action("take", 1))


def test_a_carnivore_attacks_only_in_its_own_location_ruling_55():
    s = located([[{"id": 0, "traits": ["carnivore"], "location": "gondwana"}],
                 [{"id": 10, "location": "laurasia"}, {"id": 11, "location": "gondwana"}]])
    s.apply(Action("attack", 0))
    assert legal(s, "target") == {Action("target", 11)}
    assert "another location" in s.explain_illegal(Action("target", 10))


def test_a_scavenger_feeds_only_on_a_kill_in_its_location_ruling_55():
    s = located([[{"id": 0, "traits": ["carnivore"], "location": "gondwana"},
                  {"id": 1, "traits": ["scavenger"], "location": "ocean"}],
                 [{"id": 10, "location": "gondwana"}, {"id": 11, "traits": ["scavenger"], "location": "gondwana"},
                  {"id": 12, "location": "gondwana"}]], locations={"gondwana": 1})
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert table(s)["turn"] == 1 and food(s, 1) == 0 and food(s, 11) == 1


def test_a_new_animal_goes_to_the_continent_its_owner_chooses():
    s = located([[], []], phase="development", hands=[["piracy"], ["tramp"]])
    s.apply(Action("animal", 0))
    decision = table(s)["decision"]
    assert decision["kind"] == "settle" and decision["player"] == 0
    assert legal(s, "settle_laurasia") | legal(s, "settle_gondwana") == {
        Action("settle_laurasia", decision["animal"]), Action("settle_gondwana", decision["animal"])}
    s.apply(Action("settle_gondwana", decision["animal"]))
    assert where(s, decision["animal"]) == "gondwana" and table(s)["to_act"] == 1


def test_swimming_played_on_a_continent_animal_takes_it_into_the_ocean_ruling_10():
    s = located([[{"id": 0, "location": "gondwana"}, {"id": 1, "location": "ocean"}], [{"id": 10}]],
                phase="development", hands=[["toxic/swimming"], ["piracy"]])
    card = in_hand(s, 0, "toxic/swimming")
    s.apply(Action("trait", card, 1))
    assert "already a swimmer" in s.explain_illegal(Action("target", 1))
    s.apply(Action("target", 0))
    assert where(s, 0) == "ocean" and trait_ids(s, 0) == [] and card in discard(s, 0)


def test_paired_traits_link_only_animals_of_one_location():
    s = located([[{"id": 0, "location": "laurasia"}, {"id": 1, "location": "gondwana"},
                  {"id": 2, "location": "laurasia"}], [{"id": 10}]], phase="development",
                hands=[["herding/cooperation"], ["piracy"]])
    card = in_hand(s, 0, "herding/cooperation")
    s.apply(Action("trait", card, 1))
    s.apply(Action("target", 0))
    assert legal(s, "target") == {Action("target", 2)}
    assert "only two animals in the same location" in s.explain_illegal(Action("target", 1))


def test_a_migration_that_separates_two_linked_animals_discards_their_paired_card():
    s = located([[{"id": 0, "traits": ["migration"], "location": "laurasia", "food": 1},
                  {"id": 1, "location": "laurasia", "food": 1}], [{"id": 10}]],
                pairs=[{"trait": "cooperation", "animals": [0, 1]}])
    card = [t for t in s.view(None)["players"][0]["animals"][0]["traits"] if t["trait"] == "cooperation"][0]["card"]
    s.apply(Action("migrate_gondwana", 0))
    assert trait_ids(s, 0) == ["migration"] and trait_ids(s, 1) == []
    assert card in discard(s, 0)


def test_every_animal_in_the_ocean_scores_one_more_point_ruling_63():
    s = located([[{"id": 0, "location": "ocean"}, {"id": 1, "location": "laurasia"}],
                 [{"id": 10, "traits": ["camouflage"], "location": "ocean"}]], phase="development",
                hands=[["piracy"], ["piracy"]])
    assert [p["score"] for p in table(s)["players"]] == [2 + 1 + 2, 2 + 1 + 1]


def test_continents_deals_ten_cards_or_six_with_the_option_ruling_1():
    assert all(p["hand_size"] == 10 for p in load_game("origin", players=4, **CONTINENTS).new_state(1).view(None)[
        "players"])
    six = load_game("origin", players=4, continents_start_hand=6, **CONTINENTS).new_state(1)
    assert all(p["hand_size"] == 6 for p in six.view(None)["players"])


def test_a_player_left_with_no_animals_and_no_hand_draws_ten_and_places_two_at_once_ruling_58():
    s = located([[{"id": 0}], [{"id": 10, "food": 1}]], locations={}, deck_size=40)
    assert table(s)["turn"] == 2
    assert len(animal_ids(s, 0)) == 2 and hand_size(s, 0) == 10 - 2
    first, second = animal_ids(s, 0)
    # the player chooses where each goes, the first one first, before the development phase
    assert table(s)["decision"] == {"kind": "settle", "player": 0, "animal": first}
    assert set(s.legal_actions()) == {Action("settle_laurasia", first), Action("settle_gondwana", first)}
    assert "your new animal A" in s.explain_illegal(Action("settle_gondwana", second))
    s.apply(Action("settle_gondwana", first))
    assert table(s)["decision"] == {"kind": "settle", "player": 0, "animal": second}
    s.apply(Action("settle_gondwana", second))
    assert [where(s, a) for a in (first, second)] == ["gondwana", "gondwana"]
    assert [e["location"] for e in events(s, "settle")] == [1, 1]
    assert table(s)["decision"]["kind"] == "development" and table(s)["phase"] == "development"


def test_the_empty_board_choice_survives_json_in_every_seat_order():
    game = load_game("origin", players=3, **CONTINENTS)
    s = located([[{"id": 0}], [{"id": 10, "food": 1}], [{"id": 20}]], locations={}, deck_size=40)
    new = animal_ids(s, 0) + animal_ids(s, 2)
    assert len(new) == 4
    order = []
    while table(s)["decision"]["kind"] == "settle":
        copy = game.state_from_json(json.loads(json.dumps(s.to_json())))
        assert copy.digest() == s.digest() and copy.legal_actions() == s.legal_actions()
        order.append((table(s)["decision"]["player"], table(s)["decision"]["animal"]))
        s.apply(s.legal_actions()[0])
    assert order == [(0, new[0]), (0, new[1]), (2, new[2]), (2, new[3])]


def test_without_locations_the_kinds_that_need_them_leave_the_deck():
    game = load_game("origin", players=3, continents_without_locations=True, **CONTINENTS)
    state = game.new_state(2)
    assert state.card_census()["total"] == 84 + 22
    traits = {t for c in range(84, 84 + 22) for t in state.card_info(c)["traits"]}
    assert not traits & {"migration", "remora", "herding"}
    assert "locations" not in state.view(None) and "settle_laurasia" not in game.action_schema().kinds
    located_game = load_game("origin", players=3, **CONTINENTS)
    assert located_game.new_state(2).card_census()["total"] == 84 + 42
    assert {"settle_laurasia", "follow", "migrate_ocean"} <= set(located_game.action_schema().kinds)


def test_scenarios_name_locations_and_refuse_bad_ones_with_their_json_path():
    with pytest.raises(ScenarioError, match=r"players\[0\].animals\[0\].location: must be one of laurasia, gondwana, "
                                            r"ocean; got 'atlantis'"):
        located([[{"id": 0, "location": "atlantis"}], [{"id": 10}]])
    with pytest.raises(ScenarioError, match=r"players\[0\].animals\[0\].location: this game has no locations"):
        located([[{"id": 0, "location": "ocean"}], [{"id": 10}]], continents_without_locations=True)
    with pytest.raises(ScenarioError, match=r"locations: unknown field\(s\) pangaea"):
        located([[{"id": 0}], [{"id": 10}]], locations={"pangaea": 3})
    with pytest.raises(ScenarioError, match=r"pairs\[0\].animals: Cooperation links only two animals in the same "
                                            r"location"):
        located([[{"id": 0, "location": "ocean"}, {"id": 1}], [{"id": 10}]],
                pairs=[{"trait": "cooperation", "animals": [0, 1]}])


def test_the_state_of_a_game_with_locations_survives_json():
    game = load_game("origin", players=3, **CONTINENTS)
    s = located([[{"id": 0, "location": "ocean"}, {"id": 1, "location": "gondwana"}], [{"id": 10}], [{"id": 20}]],
                locations={"laurasia": 1, "gondwana": 2, "ocean": 3})
    s.apply(Action("take", 0))
    copy = game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert copy.digest() == s.digest() and copy.view(None) == s.view(None)


@pytest.mark.parametrize("without", [False, True])
def test_simulate_plays_continents_for_2_to_8_players_deterministically(capsys, without):
    for players in range(2, 9):
        args = ["simulate", "origin", "-o", "sets=continents", "-p", str(players), "-n", "2", "--seed", "5",
                "--json"]
        if without:
            args += ["-o", "continents_without_locations=on"]
        assert main(args) == 0
        first = without_timings(json.loads(capsys.readouterr().out))
        assert main(args) == 0
        assert without_timings(json.loads(capsys.readouterr().out)) == first
        assert first["games"] == 2


def without_timings(summary: dict) -> dict:
    """A simulation summary without its speed figures (the only part that may differ between two runs)."""
    return {key: value for key, value in summary.items() if not key.endswith("_s")}


def test_halve_each_kind_leaves_half_of_every_kind_in_the_box_for_two_players():
    state = load_game("origin", players=2, halve_each_kind=True, **CONTINENTS).new_state(1)
    view = state.view(None)
    assert view["out_of_play"] == (84 + 42) // 2
    assert view["deck_size"] + sum(p["hand_size"] for p in view["players"]) == (84 + 42) // 2
