"""Board files (validated, replaceable), options, scenarios with JSON-path errors, secret views, determinize,
the terminal map and the registry's simulate/bench for Evo."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from evolutio.kernel import (
    Action,
    IllegalAction,
    OptionError,
    Rng,
    ScenarioError,
    game_plugin,
    load_game,
    load_scenario,
)
from evolutio.sim import simulate

from .helpers import scenario

BUILTIN = load_game("evo", players=3)


def board_data():
    return json.loads((resources.files("evolutio.games.evo") / "data" / "board.json").read_text(encoding="utf-8"))


def write_board(tmp_path, data):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_builtin_board_is_labelled_reconstructed():
    seen = BUILTIN.new_state(1).view(None)
    assert seen["reconstructed"] == ["map", "meteor track", "lowest bid"]
    assert "reconstructed" in BUILTIN.data_note
    assert len(seen["hexes"]) == 42
    assert len(load_game("evo", players=5).new_state(1).view(None)["hexes"]) == 70


def test_layout_option_for_four_players():
    a = load_game("evo", players=4, layout="4p_a").new_state(1).view(None)
    b = load_game("evo", players=4, layout="4p_b").new_state(1).view(None)
    assert a["layout"] == "4p_a" and b["layout"] == "4p_b" and a["hexes"] != b["hexes"]
    with pytest.raises(OptionError, match="4p_a is not a layout for 3 players"):
        load_game("evo", players=3, layout="4p_a")


def test_a_user_board_file_replaces_the_builtin(tmp_path):
    data = board_data()
    data["meteor_track"]["start_space"]["3"] = 10
    data["meteor_track"]["reconstructed"] = False
    data["meteor_track"]["status"] = "printed"
    game = load_game("evo", players=3, board_file=write_board(tmp_path, data))
    seen = game.new_state(1).view(None)
    assert seen["meteor"] == 10 and "meteor track" not in seen["reconstructed"]


@pytest.mark.parametrize("change,message", [
    (lambda d: d["maps"]["layouts"]["3p"]["hexes"][4].update(terrain="swamp"),
     r"maps\.layouts\.3p\.hexes\[4\]\.terrain: unknown terrain 'swamp'"),
    (lambda d: d["maps"]["layouts"]["3p"]["hexes"][0].pop("q"), r"maps\.layouts\.3p\.hexes\[0\]\.q: missing"),
    (lambda d: d["climate_ring"]["die_move"].pop("3"), r"climate_ring\.die_move\.3: missing"),
    (lambda d: d["meteor_track"]["spaces"][-1].update(final=False), r"meteor_track\.spaces: the last space"),
    (lambda d: d["genes"]["types"][0].update(id="wing"), r"genes\.types\[0\]\.id: unknown gene 'wing'"),
    (lambda d: d["auction"]["min_bid"].update(value="low"), r"auction\.min_bid\.value: expected int"),
    (lambda d: d["maps"].pop("layouts"), r"maps\.layouts: missing"),
])
def test_a_bad_board_file_is_refused_with_its_json_path(tmp_path, change, message):
    data = board_data()
    change(data)
    with pytest.raises(OptionError, match=message):
        load_game("evo", players=3, board_file=write_board(tmp_path, data))


def test_an_unreadable_board_file_is_one_clear_line(tmp_path):
    with pytest.raises(OptionError, match="cannot read board file"):
        load_game("evo", players=3, board_file=str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(OptionError, match="is not valid JSON"):
        load_game("evo", players=3, board_file=str(bad))


@pytest.mark.parametrize("body,message", [
    ({"players": [{"dinos": [[9, 9]]}, {}, {}]}, r"players\[0\]\.dinos\[0\]: no hex \(9, 9\) on layout 3p"),
    ({"players": [{"dinos": [[-3, 1]]}, {"dinos": [[-3, 1]]}, {}]}, r"players\[1\]\.dinos\[0\]: .* already holds"),
    ({"players": [{"hand": ["teleport"]}, {}, {}]}, r"players\[0\]\.hand\[0\]: unknown action card 'teleport'"),
    ({"players": [{"hand": ["truce"]}, {"hand": ["truce"]}, {}]}, r"players\[1\]\.hand\[0\]: truce is already in"),
    ({"players": [{"genes": {"wing": 1}}, {}, {}]}, r"players\[0\]\.genes\.wing: unknown gene"),
    ({"players": [{}, {}]}, r"players: 2 entries for 3 players"),
    ({"players": [{}, {}, {}], "phase": "lunch"}, r"phase: unknown phase 'lunch'"),
    ({"players": [{}, {}, {}], "order": [0, 0, 1]}, r"order: must list every seat"),
    ({"players": [{}, {}, {}], "climate": 9}, r"climate: must be between 0 and 5"),
    ({"players": [{}, {}, {}], "colour": 1}, r"colour: unknown scenario field"),
])
def test_scenario_errors_name_the_json_path(body, message):
    with pytest.raises(ScenarioError, match=message):
        load_scenario({"game": "evo", "options": {"players": 3}, **body})


def test_views_keep_hands_secret_but_show_hand_sizes_and_bids():
    state = load_game("evo", players=3).new_state(4)
    for seat in range(3):
        seen = state.view(seat)
        for other, player in enumerate(seen["players"]):
            assert ("hand" in player) == (other == seat) and player["hand_size"] == 3
    spectator = json.dumps(state.view(None))
    for seat in range(3):
        for card in state.view(seat)["players"][seat]["hand"]:
            assert f'"{card}"' not in spectator


def test_card_draws_are_redacted_for_others():
    state = scenario([{"dinos": [[-3, 1]]}, {"dinos": [[0, 2]]}, {"dinos": [[2, 0]]}], phase="meteor", meteor=0,
                     bag={"card": 3})
    for seat in range(3):
        state.apply(Action("bid", seat, 0))
    own = [e for e in state.events_for(0) if e["kind"] == "draw" and e["seat"] == 0]
    other = [e for e in state.events_for(1) if e["kind"] == "draw" and e["seat"] == 0]
    assert "card" in own[0] and "card" not in other[0] and "draws an action card" in other[0]["text"]


def test_determinize_keeps_what_the_seat_knows_and_resamples_the_rest():
    state = load_game("evo", players=4).new_state(8)
    mine = state.view(0)["players"][0]["hand"]
    changed = False
    for seed in range(5):
        other = state.determinize(0, Rng(seed))
        assert other.view(0) == state.view(0)
        assert other.view(0)["players"][0]["hand"] == mine
        changed |= other.view(1)["players"][1]["hand"] != state.view(1)["players"][1]["hand"]
    assert changed, "other hands are resampled"


def test_terminal_map_fits_80_by_24_with_a_legend():
    render = game_plugin("evo", "renderer")
    for players in (3, 4, 5):
        state = load_game("evo", players=players).new_state(2)
        text = render(state.view(0), 0).plain
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= 80 and len(lines) <= 24
    legend = render.legend  # shown on `?`, so the board itself stays compact
    assert "desert, plains, hills, mountains" in legend and "reconstructed" in legend


@pytest.mark.parametrize("players,advanced", [(3, False), (4, False), (5, False), (3, True), (5, True)])
def test_simulate_completes_deterministically(players, advanced):
    options = {"players": players, "advanced": advanced}
    first, _ = simulate("evo", 3, options=options, seed=5)
    second, _ = simulate("evo", 3, options=options, seed=5)
    assert [r.scores for r in first] == [r.scores for r in second]
    assert all(r.turns >= 3 for r in first)


MID_MOVE = [{"step": "round_end"}, {"step": "phase", "phase": 3}, {"step": "each_player", "part": "move", "done": 3},
            {"step": "move_turn", "seat": 1, "points": 2}]


def test_a_scenario_can_set_whose_decision_with_a_saved_stack():
    state = scenario([{"dinos": [[-3, 1]]}, {"dinos": [[0, 2]]}, {"dinos": [[2, 0]]}], round_number=4, flow=MID_MOVE)
    assert state.current_player == 1 and "2 movement points left" in state.view(1)["prompt"]
    state.apply(Action("done"))
    assert state.current_player == 2


def test_a_scenario_can_start_half_way_through_an_auction():
    flow = [{"step": "round_end"}, {"step": "grant"}, {"step": "each_player", "part": "pay", "done": 0},
            {"step": "each_player", "part": "bid", "done": 7}, {"step": "bid", "seat": 0}]
    state = scenario([{"dinos": [[-3, 1]]}, {"dinos": [[0, 2]]}, {"dinos": [[2, 0]]}], phase="meteor", flow=flow,
                     auction={"tiles": ["leg", "horn", "egg"], "bids": {"1": [0, 2], "2": [1, 0]}})
    assert state.current_player == 0
    with pytest.raises(IllegalAction, match="holds this row at 2: bid at least 3"):
        state.apply(Action("bid", 0, 1))
    state.apply(Action("bid", 2, 0))
    assert [p["genes"]["egg"] for p in state.view(None)["players"]] == [1, 0, 0]


@pytest.mark.parametrize("flow,message", [
    ([{"step": "move_turn", "seat": 7, "points": 1}], r"flow\[0\]\.seat: must be between 0 and 2"),
    ([{"step": "jump"}], r"flow\[0\]\.step: unknown step 'jump'"),
    ([{"step": "card_window", "window": "lunch", "subject": -1, "asked": 0, "active": -1}],
     r"flow\[0\]\.window: unknown window 'lunch'"),
    ([{"step": "move_turn", "seat": 0}], r"flow\[0\]\.points: missing"),
])
def test_bad_stacks_in_scenarios_name_the_json_path(flow, message):
    with pytest.raises(ScenarioError, match=message):
        scenario([{"dinos": [[-3, 1]]}, {"dinos": [[0, 2]]}, {"dinos": [[2, 0]]}], flow=flow)
