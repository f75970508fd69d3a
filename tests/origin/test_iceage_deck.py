"""Ice Age's nature-change deck (NOTES §11.1, §11.2, ruling 75): one card revealed by the turn's first player at the
end of every extinction phase the game goes on after, put aside, the put-aside cards reshuffled when the deck runs
out; its state in views (marked reconstructed), JSON, determinization, scenarios and the terminal board."""

from __future__ import annotations

import pytest
from rich.console import Console

from evolutio.bots import RandomBot
from evolutio.cli.render import renderer_for
from evolutio.kernel import Rng, ScenarioError, load_game

from .conftest import scenario, table
from .iceage import ICE, at_food_roll, nature_events, user_file

NATURE_CARDS = 14


def test_a_new_game_has_the_whole_nature_deck_face_down_and_says_it_is_reconstructed():
    state = load_game("origin", players=3, **ICE).new_state(8)
    nature = table(state)["nature"]
    assert nature["deck_size"] == NATURE_CARDS and nature["put_aside"] == 0 and nature["revealed"] is None
    assert nature["reconstructed"] is True
    [notice] = nature_events(state, "ice_age")
    assert notice["reconstructed"] is True and "reconstructed by this project" in notice["text"]
    assert "nature" not in table(load_game("origin", players=3).new_state(8))


def test_this_turns_first_player_reveals_one_card_after_the_deaths_and_the_deal():
    s = scenario({"phase": "extinction", "first_player": 1,
                  "players": [{"animals": [{"id": 0, "food": 1}, {"id": 1}]}, {"animals": [{"id": 5, "food": 1}]}],
                  "nature": {"deck": ["thaw"]}}, **ICE)
    kinds = [e.kind for e in s.events]
    assert kinds.index("death") < kinds.index("draw") < kinds.index("nature") < kinds.index("turn")
    [reveal] = nature_events(s, "nature")
    assert reveal["player"] == 1 and reveal["card"] == "thaw" and reveal["reconstructed"] is True
    assert "Player 2 reveals the nature-change card Thaw (Оттепель) (reconstructed card)" in reveal["text"]
    nature = table(s)["nature"]
    assert nature["revealed"]["id"] == "thaw" and nature["pending"] is True
    assert nature["deck_size"] == NATURE_CARDS - 1 and nature["put_aside"] == 1


def test_no_card_is_revealed_after_the_final_turns_extinction():
    s = scenario({"phase": "extinction", "deck_size": 0, "players": [{"animals": [{"id": 0, "food": 1}]},
                                                                     {"animals": [{"id": 5, "food": 1}]}]}, **ICE)
    assert s.is_terminal and not nature_events(s, "nature")


def test_the_put_aside_cards_are_reshuffled_when_the_deck_runs_out(tmp_path):
    def two_cards(data):
        data["cards"] = data["cards"][10:12]   # Drought, Short Summer

    game = load_game("origin", players=2, ice_age_file=user_file(tmp_path, two_cards), **ICE)
    state = game.new_state(5)
    bot = RandomBot(5)
    while not state.is_terminal:
        state.apply(bot.choose(state))
        nature = table(state)["nature"]
        assert nature["deck_size"] + nature["put_aside"] == 2
    reveals = len(nature_events(state, "nature"))
    assert reveals == state.turn_number - 1 >= 3
    assert len(nature_events(state, "nature_reshuffle")) == (reveals - 1) // 2


def test_views_json_and_determinize_keep_the_nature_deck_and_hide_its_order():
    game = load_game("origin", players=3, **ICE)
    state = game.new_state(11)
    bot = RandomBot(11)
    while state.turn_number < 3 and not state.is_terminal:
        state.apply(bot.choose(state))
    assert table(state)["nature"]["revealed"] is not None
    back = game.state_from_json(state.to_json())
    assert back.view(0) == state.view(0) and back.to_json() == state.to_json()
    orders = set()
    for seed in range(6):
        copy = state.determinize(1, Rng(seed))
        assert copy.view(1) == state.view(1)
        orders.add(tuple(copy.to_json()["origin"]["nature"]["deck"]))
    assert len(orders) > 1, "determinize keeps the nature deck's (unseen) order"
    assert "deck" not in table(state)["nature"]   # views give the size only


def test_the_terminal_board_and_the_views_mark_the_reconstructed_cards():
    s = at_food_roll([{"hand": ["immunity"], "animals": [{"id": 0, "traits": ["insulation"]}]},
                      {"animals": [{"id": 5}]}], "polar_night")
    mine = s.view(0)
    assert mine["players"][0]["hand"][0]["reconstructed"] is True
    assert mine["players"][0]["animals"][0]["traits"][0]["reconstructed"] is True
    assert mine["nature"]["revealed"]["reconstructed"] is True
    console = Console(width=120, record=True)
    console.print(renderer_for("origin")(mine, 0))
    board = console.export_text()
    line = "nature: Polar Night* (reconstructed) — Next turn every animal without Fat Tissue needs 1 more food."
    assert line in board
    assert "Insulation*" in board and "Immunity*" in board


@pytest.mark.parametrize(("nature", "options", "message"), [
    ({"revealed": "polar_nite"}, ICE, r"nature.revealed: unknown nature card 'polar_nite' \(known: early_frost, "),
    ({"revealed": "thaw"}, {}, "nature: the nature-change deck is part of Ice Age: add ice_age to options.sets"),
    ({"revealed": "thaw", "deck": ["thaw"]}, ICE, r"nature.deck\[0\]: 'thaw' is already revealed"),
    ({"deck": ["thaw", "thaw"]}, ICE, r"nature.deck\[1\]: 'thaw' is already listed"),
    ({"pending": True}, ICE, r"nature.pending: no card is revealed \(set nature.revealed\)"),
    ({"revealed": "icy_wind", "pending": True}, ICE,
     "nature.pending: 'icy_wind' acts immediate, which is not ahead in the development phase"),
    ({"reveal": "thaw"}, ICE, "nature: unknown field.s. reveal; known: comment, deck, pending, revealed"),
])
def test_scenarios_refuse_a_bad_nature_field(nature, options, message):
    with pytest.raises(ScenarioError, match=message):
        scenario({"players": [{"animals": [{"id": 0}]}, {"animals": [{"id": 5}]}], "nature": nature}, **options)


def test_a_scenario_naming_an_ice_age_trait_without_ice_age_says_where_it_comes_from():
    with pytest.raises(ScenarioError, match=r"players\[0\].animals\[0\].traits\[0\]: no free card offering "
                                        r"Insulation is left in the deck of sets base \(Insulation comes with "
                                        r"-o sets=ice_age\)"):
        scenario({"players": [{"animals": [{"traits": ["insulation"]}]}, {"animals": [{"id": 5}]}]})
