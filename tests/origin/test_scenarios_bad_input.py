"""Malformed scenarios are refused with precise messages; bad actions are refused with the rule's name."""

import pytest

from evolutio.kernel import Action, IllegalAction, ScenarioError, load_scenario

from .conftest import census, feeding, scenario, table


def bad(body, match, **opts):
    with pytest.raises(ScenarioError, match=match):
        scenario(body, **opts)


def test_unknown_trait():
    bad(
        {"players": [{"animals": [{"id": 5, "traits": ["carnivor"]}]}, {}]},
        r"players\[0\]\.animals\[0\]\.traits\[0\]: unknown trait 'carnivor' \(known: carnivore, fat_tissue, ",
    )


def test_card_twice():
    bad({"players": [{"hand": [12], "animals": [{"card": 12}]}, {}]},
        r"players\[0\]\.hand\[0\]: card 12 appears twice \(also at players\[0\]\.animals\[0\]\.card\)")
    bad({"players": [{"animals": [{"id": 3}]}, {"animals": [{"id": 3}]}]},
        r"players\[1\]\.animals\[0\]\.id: animal number 3 appears twice")
    bad({"players": [{"animals": [{"id": 84}]}, {}]}, r"players\[0\]\.animals\[0\]\.id: must be between 0 and 83")


def test_trait_not_on_that_card():
    bad({"players": [{"animals": [{"id": 5, "traits": [{"trait": "carnivore", "card": 0}]}]}, {}]},
        "cannot be played as Carnivore")


def test_wrong_player_count():
    bad({"players": [{}]}, "lists 1 player")


def test_unknown_fields():
    bad({"players": [{"animalz": []}, {}]}, "unknown field")
    bad({"playerz": []}, "unknown field")


def test_duplicate_trait_and_conflicts():
    bad({"players": [{"animals": [{"id": 5, "traits": ["big", "big"]}]}, {}]},
        r"players\[0\]\.animals\[0\]\.traits\[1\]: trait 'big' appears twice")
    bad({"players": [{"animals": [{"id": 5, "traits": ["carnivore", "scavenger"]}]}, {}]}, "cannot share")


def test_too_much_food_or_fat():
    bad({"phase": "feeding", "players": [{"animals": [{"id": 5, "food": 3}]}, {}]},
        r"players\[0\]\.animals\[0\]\.food: 3 is more than animal 5's need")
    bad({"phase": "feeding", "players": [{"animals": [{"id": 5, "fat": 1}]}, {}]},
        r"players\[0\]\.animals\[0\]\.fat: .*Fat Tissue")


def test_pairs_checked():
    bad({"players": [{"animals": [{"id": 5}]}, {"animals": [{"id": 6}]}],
         "pairs": [{"trait": "cooperation", "animals": [5, 6]}]}, "same player")
    bad({"players": [{"animals": [{"id": 5}, {"id": 6}]}, {}], "pairs": [{"trait": "big", "animals": [5, 6]}]},
        "not a paired trait")
    bad(
        {"players": [{"animals": [{"id": 5}, {"id": 6}]}, {}], "pairs": [{"trait": "cooperation", "animals": [5, 7]}]},
        r"pairs\[0\]\.animals\[1\]: there is no animal number 7",
    )
    bad({"players": [{"animals": [{"id": 5, "traits": ["symbiosis"]}]}, {}]}, "list it under 'pairs'")


def test_bad_values():
    bad({"phase": "dinner", "players": [{}, {}]},
        "^phase: must be one of development, food_base, feeding, extinction; got 'dinner'")
    bad({"first_player": 5, "players": [{}, {}]}, "first_player")
    bad({"players": [{"hand": [99]}, {}]}, "between 0 and 83")
    bad({"players": [{"hand": ["dragon"]}, {}]}, r"players\[0\]\.hand\[0\]: unknown trait 'dragon'")
    bad({"players": [{"hand": ["piracy"] * 5}, {}]}, "no free card")
    bad({"players": [{"animals": [{"id": 5, "hibernating": "yes"}]}, {}]},
        r"players\[0\]\.animals\[0\]\.hibernating: must be true or false")


def test_bad_option_and_game():
    with pytest.raises(ScenarioError, match="unknown option"):
        load_scenario({"game": "origin", "options": {"colour": 1}, "players": []})
    with pytest.raises(ScenarioError, match="must be an object|JSON object|a scenario"):
        load_scenario(["origin"])


def test_non_dict_pieces_never_crash_with_raw_errors():
    for body in ({"players": "two"}, {"players": [1, 2]}, {"players": [{"animals": [5]}, {}]},
                 {"pairs": [{"trait": "cooperation", "animals": "x"}], "players": [{}, {}]},
                 {"deck": [{"x": 1}], "players": [{}, {}]}, {"feeding": [], "phase": "feeding", "players": [{}, {}]}):
        with pytest.raises(ScenarioError):
            scenario(body)


def test_deck_order_and_size():
    s = scenario({"deck": [7, "piracy"], "deck_size": 10, "players": [{"hand": ["mimicry"]}, {"hand": ["running"]}]})
    assert table(s)["deck_size"] == 10 and table(s)["out_of_play"] == 84 - 12
    assert s.to_json()["origin"]["deck"][-1] == 7       # the top card: hidden from every seat, held by the save form
    assert census(s)["total"] == 84


def test_illegal_actions_name_the_rule_and_leave_state_unchanged():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["camouflage"]}, {"id": 11}]])
    d = s.digest()
    for act, text in [(Action("pass"), "ruling 16"), (Action("take", 10), "not one of your animals"),
                      (Action("run"), "must decide"), (Action("bogus"), "not an action of this game"),
                      (Action("take", 200), "not a valid animal number"), (Action("take"), "takes 1 argument"),
                      (Action("take", 12), "A12 is not one of your animals")]:
        with pytest.raises(IllegalAction, match=text):
            s.apply(act)
        assert s.digest() == d
    s.apply(Action("attack", 0))
    with pytest.raises(IllegalAction, match="Camouflaged and your Carnivore lacks Sharp Vision"):
        s.apply(Action("target", 10))
