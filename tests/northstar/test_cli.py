"""`evolutio play/simulate/bench/replay` for northstar, in-process, and the terminal renderer."""

from __future__ import annotations

import io
import json

from rich.console import Console

from evolutio.cli.main import main
from evolutio.cli.play import play_terminal
from evolutio.cli.render import renderer_for
from evolutio.kernel import load_game, load_record


def test_simulate_json(capsys):
    assert main(["simulate", "northstar", "-p", "3", "-n", "4", "--json", "--seed", "9"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4 and len(out["mean_score"]) == 3 and out["mean_turns"] > 1


def test_simulate_cs4500_and_records(tmp_path, capsys):
    assert main(["simulate", "northstar", "-p", "4", "-o", "variant=cs4500", "-n", "2", "--json",
                 "--records", str(tmp_path)]) == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    capsys.readouterr()
    assert main(["replay", str(files[0]), "--quiet"]) == 0
    assert "final position verified" in capsys.readouterr().out


def test_bench(capsys):
    assert main(["bench", "northstar", "--seconds", "0.3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["northstar"]["decisions_per_s"] > 0


def test_play_with_bots_only_and_replay(tmp_path, capsys):
    game = load_game("northstar", players=3)
    con = Console(file=io.StringIO(), width=120)
    assert play_terminal(game, 5, ["random"] * 3, records_dir=tmp_path, console=con) == 0
    text = con.file.getvalue()
    assert "game over" in text and "points" in text
    rec = load_record(tmp_path / "northstar-5.json")
    assert rec["final"]["terminal"]
    assert main(["replay", str(tmp_path / "northstar-5.json")]) == 0
    assert "actions replayed" in capsys.readouterr().out


def test_play_human_seat_through_stdin(tmp_path, monkeypatch):
    game = load_game("northstar", players=2)
    answers = iter(["1"] * 5000)
    con = Console(file=io.StringIO(), width=120)
    monkeypatch.setattr(con, "input", lambda prompt="": next(answers))
    assert play_terminal(game, 3, ["human", "random"], records_dir=tmp_path, console=con) == 0
    out = con.file.getvalue()
    assert "Player 1 (you)" in out and "your move" in out and "hand:" in out


def test_renderer_shows_boards_hand_food_card_and_bags():
    game = load_game("northstar", players=3)
    st = game.new_state(2)
    st.apply(st.legal_actions()[0])
    p = st.current_player
    con = Console(file=io.StringIO(), width=140)
    con.print(renderer_for("northstar")(st.view(p), p))
    out = con.file.getvalue()
    assert "watering hole" in out and "bag 0" in out and "hand:" in out and "chosen (face down)" in out
    con = Console(file=io.StringIO(), width=140)
    con.print(renderer_for("northstar")(st.view(None), None))
    assert "hand:" not in con.file.getvalue()


def test_games_listing_shows_the_note(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "northstar" in out and "approximate" in out
