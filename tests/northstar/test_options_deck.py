"""Options, card data and the user's own deck file (deck_file=PATH)."""

from __future__ import annotations

import json

import pytest

from evolutio.games.northstar.cards import builtin_deck
from evolutio.kernel import OptionError, ScenarioError, game_class, load_game, load_scenario


def test_default_deck_is_the_rules_packs_129_cards():
    d = builtin_deck("standard")
    assert len(d) == 129
    from collections import Counter

    c = Counter(d.trait)
    assert c[0] == 17 and all(v == 7 for k, v in c.items() if k != 0) and len(c) == 17
    assert sum(d.reconstructed) == 3  # the three reconstructed Carnivore values


def test_course_deck_is_122_distinct_cards():
    d = builtin_deck("cs4500")
    assert len(d) == 122 and len(set(zip(d.trait, d.food))) == 122
    assert 11 not in d.trait  # no Intelligence


def test_data_note_says_approximate():
    desc = game_class("northstar").describe()
    assert "approximate" in desc["note"] and "deck_file" in desc["note"]
    assert {o["name"] for o in desc["options"]} >= {"players", "variant", "quick_play", "deck_file",
                                                     "intelligence_any_time", "warning_call_hu", "scavenger_on_meat"}


def test_own_deck_file_is_used(tmp_path):
    f = tmp_path / "deck.json"
    f.write_text(json.dumps({"cards": [{"trait": "horns", "food": 2, "count": 30},
                                       {"trait": "carnivore", "food": -1, "count": 20}]}))
    g = load_game("northstar", players=3, deck_file=str(f))
    st = g.new_state(1)
    saved = st.to_json()
    assert len(saved["deck"]) + sum(len(held) for held in saved["hands"]) == 50
    assert {card["food"] for p in range(3) for card in st.view(p)["players"][p]["hand"]} <= {2, -1}
    assert g.action_schema().arg_sizes("food_card") == (50,)
    from evolutio.bots import RandomBot

    bot = RandomBot(1)
    while not st.is_terminal:
        st.apply(bot.choose(st))


@pytest.mark.parametrize("content,msg", [
    ("not json", "not valid JSON"),
    (json.dumps({"deck": []}), "'cards' list"),
    (json.dumps({"cards": []}), "non-empty list"),
    (json.dumps({"cards": [{"trait": "horns", "food": 1}, {"trait": "wings", "food": 1}]}),
     r"card entry #2: field 'trait' must be one of .*; got 'wings'"),
    (json.dumps({"cards": [{"trait": "horns", "food": "3"}]}),
     r"card entry #1 \(horns\): field 'food' must be an integer"),
    (json.dumps({"cards": [{"trait": "horns", "food": 1, "count": 0}]}), "field 'count' must be an integer between 1"),
    (json.dumps({"cards": [{"trait": "horns", "food": 1, "colour": "red"}]}), "card entry #1 has unknown field"),
    (json.dumps({"cards": [{"trait": "horns", "food": 1, "count": 5}]}), "the deck has 5 cards; 3 players need"),
    (json.dumps([17]), "card entry #1 must be an object"),
])
def test_bad_deck_files_are_refused_with_the_card_the_field_and_the_problem(tmp_path, content, msg):
    f = tmp_path / "deck.json"
    f.write_text(content)
    with pytest.raises(OptionError, match=msg):
        load_game("northstar", players=3, deck_file=str(f))


def test_missing_deck_file(tmp_path):
    with pytest.raises(OptionError, match="cannot read deck_file"):
        load_game("northstar", deck_file=str(tmp_path / "nope.json"))


def test_course_deck_file_cannot_hold_intelligence(tmp_path):
    f = tmp_path / "deck.json"
    f.write_text(json.dumps({"cards": [{"trait": "intelligence", "food": 1, "count": 40}]}))
    with pytest.raises(OptionError, match="does not exist in this variant"):
        load_game("northstar", variant="cs4500", deck_file=str(f))


def test_option_errors():
    with pytest.raises(OptionError, match="between 2 and 6"):
        load_game("northstar", players=7)
    with pytest.raises(OptionError, match="standard, cs4500"):
        load_game("northstar", variant="deluxe")
    with pytest.raises(OptionError, match="does not apply to the cs4500 variant"):
        load_game("northstar", variant="cs4500", warning_call_hu=True)


@pytest.mark.parametrize("patch,msg", [
    ({"phase": "lunch"}, "phase: must be one of"),
    ({"players": []}, "players: a northstar scenario needs a non-empty list of player objects"),
    ({"players": [{"species": [{"body": 7}]}, {}, {}]}, r"players\[0\]\.species\[0\]\.body: must be between 1 and 6"),
    ({"players": [{}, {"species": [{"population": 2, "food": 3}]}, {}]},
     r"players\[1\]\.species\[0\]\.food: must be between 0 and 2"),
    ({"players": [{"species": [{"traits": ["horns", "horns"]}]}, {}, {}]},
     r"players\[0\]\.species\[0\]\.traits: the species holds a trait twice"),
    ({"players": [{}, {"species": [{}, {"traits": ["horns", "fat-tissue", "wings"]}]}, {}]},
     r"players\[1\]\.species\[1\]\.traits\[2\]: unknown trait 'wings' \(known: carnivore, ambush, "),
    ({"players": [{"hand": [500]}, {}, {}]}, r"players\[0\]\.hand\[0\]: card id 500 is outside the deck"),
    ({"players": [{"hand": [5, 5]}, {}, {}]}, r"players\[0\]\.hand\[1\]: card id 5 is used twice"),
    ({"players": [{}, {}]}, "players: the scenario lists 2 players but the options say players=3"),
    ({"colour": 1}, "colour: unknown scenario field"),
    ({"players": [{}, {}, {"wings": 1}]}, r"players\[2\]\.wings: unknown player field"),
    ({"players": [{"species": [{"fat": 1}]}, {}, {}]}, r"players\[0\]\.species\[0\]\.fat: .* has no Fat Tissue"),
    ({"deck": [["horns", 1], "x"]}, r"deck\[1\]: a card is"),
    ({"players": [{"bag": -1}, {}, {}]}, r"players\[0\]\.bag: must be ≥ 0"),
])
def test_malformed_scenarios_are_refused_precisely(patch, msg):
    sc = {"game": "northstar", "options": {"players": 3}, "seed": 0, "players": [{}, {}, {}]}
    sc.update(patch)
    with pytest.raises(ScenarioError, match=msg):
        load_scenario(sc)


@pytest.mark.parametrize("players", [0, 9, "4", None])
def test_a_saved_state_with_an_impossible_player_count_is_refused_naming_the_field(players):
    game = load_game("northstar", players=4)
    data = json.loads(json.dumps(game.new_state(1).to_json()))
    data["players"] = players
    with pytest.raises(ScenarioError, match=r"^players: a northstar state seats 1–8 players, got "):
        game.state_from_json(data)
