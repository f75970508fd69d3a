"""The `evolutio` command, run in-process (and once as the installed console script)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from evolutio.cli.main import main
from evolutio.sim.runner import TIMING_FIELDS

from ..conftest import GAMES


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_help_everywhere(capsys):
    for argv in ([], ["games"], ["play"], ["simulate"], ["bench"], ["replay"]):
        with pytest.raises(SystemExit) as e:
            main([*argv, "--help"])
        assert e.value.code == 0
        assert "usage: evolutio" in capsys.readouterr().out


def test_games_lists_every_ruleset_with_options(capsys):
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    data = json.loads(out)
    assert sorted(data) == GAMES
    for name, d in data.items():
        assert any(o["name"] == "players" for o in d["options"]), name
    code, out, _ = run(capsys, "games")
    assert code == 0
    for name in GAMES:
        assert name in out


@pytest.mark.parametrize("name", GAMES)
def test_simulate_json_is_reproducible(capsys, name):
    code, out1, _ = run(capsys, "simulate", name, "--games", "3", "--seed", "5", "--json")
    assert code == 0
    code, out2, _ = run(capsys, "simulate", name, "--games", "3", "--seed", "5", "--json")
    a, b = json.loads(out1), json.loads(out2)
    for k in ("games", "decisions", "games_per_s", "decisions_per_s"):
        assert k in a
    assert a["games"] == 3 and a["decisions"] > 0
    for k in TIMING_FIELDS:
        a.pop(k), b.pop(k)
    assert a == b
    assert abs(sum(a["win_share"]) - 1.0) < 1e-9
    code, out3, _ = run(capsys, "simulate", name, "--games", "3", "--seed", "6", "--json")
    c = json.loads(out3)
    assert c["decisions"] != a["decisions"] or c["mean_score"] != a["mean_score"]


@pytest.mark.parametrize("name", GAMES)
def test_simulate_records_then_replay(capsys, tmp_path, name):
    code, out, _ = run(capsys, "simulate", name, "--games", "2", "--seed", "1", "--records", str(tmp_path))
    assert code == 0
    assert "decisions/s" in out and "win share" in out
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    code, out, _ = run(capsys, "replay", str(files[0]))
    assert code == 0
    assert "final position verified" in out
    # a tampered record is refused with a reason, exit status 2
    rec = json.loads(files[1].read_text())
    rec["actions"][3] = ["no_such_kind"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    code, out, err = run(capsys, "replay", str(bad))
    assert code == 2 and "action #4" in err


def test_bench_json_has_every_ruleset(capsys):
    code, out, _ = run(capsys, "bench", "--json", "--seconds", "0.2")
    assert code == 0
    data = json.loads(out)
    assert sorted(data) == GAMES
    for v in data.values():
        assert v["decisions_per_s"] > 0 and v["games_per_s"] > 0


@pytest.mark.parametrize(
    "argv, msg",
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "origin", "-o", "plyers=3"], "unknown option 'plyers'"),
        (["simulate", "origin", "--players", "12"], "between 2 and 8"),
        (["simulate", "origin", "-o", "deck"], "key=value"),
        (["simulate", "origin", "--bots", "genius"], "unknown bot 'genius'"),
        (["play", "origin", "--seat", "9=human"], "outside 1..4"),
        (["play", "origin", "--bots", "genius"], "--bots: unknown bot 'genius'"),
        (["play", "origin", "--watch", "--seat", "2=human"], "--watch is for bots only"),
        (["play", "origin", "--players", "2", "--seat", "1=random", "--seat", "2=random"], "add --watch"),
        (["play"], "name the ruleset to play"),
        (["play", "origin", "--resume", "/nonexistent.json"], "cannot read record"),
        (["bench", "--seconds", "0"], "--seconds must be more than 0, got 0"),
        (["bench", "--seconds", "-1"], "--seconds must be more than 0, got -1"),
        (["bench", "origin", "--players", "9"], "between 2 and 8"),
        (["simulate", "origin", "-o", "players=3", "--players", "4"], "--players 4 and -o players=3 disagree"),
        (["play", "origin", "-o", "players=3", "-p", "2"], "--players 2 and -o players=3 disagree"),
        (["simulate", "origin", "--games", "0"], "--games must be at least 1, got 0"),
        (["replay", "/nonexistent/record.json"], "cannot read record"),
        (["simulate", "northstar", "--bots", "cs4500-silly"], "only northstar with variant=cs4500"),
        (["play", "origin", "--seat", "1=genius"], "unknown bot 'genius'"),
    ],
)
def test_bad_input_is_refused_with_a_reason(capsys, argv, msg):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert msg in err


def test_play_with_a_human_through_stdin(tmp_path):
    """A human at seat 1 who always picks the first choice, typed on stdin, plays a whole game."""
    exe = Path(sys.executable).with_name("evolutio")
    cmd = [str(exe) if exe.exists() else shutil.which("evolutio"), "play", "origin", "--players", "2",
           "--seat", "1=human", "--seed", "3", "--records", str(tmp_path)]
    # "y" confirms a pass for the rest of a phase; after any other choice it is an unknown command, shown and skipped
    r = subprocess.run(cmd, input="1\ny\n" * 3000, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "game over" in r.stdout
    assert "your move" in r.stdout
    rec = json.loads((tmp_path / "origin-3.json").read_text())
    assert rec["final"]["terminal"] is True
    assert rec["players"] == ["human", "random"]


def test_play_quit_saves_unfinished_record(tmp_path):
    exe = Path(sys.executable).with_name("evolutio")
    cmd = [str(exe), "play", "origin", "--players", "3", "--seat", "2=human", "--seed", "4", "--records", str(tmp_path)]
    r = subprocess.run(cmd, input="2\nx\n99\nq\n", capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "'x' is not a command or an action of origin" in r.stdout and "99 is not between" in r.stdout
    assert "unfinished game" in r.stdout
    rec = json.loads((tmp_path / "origin-4.json").read_text())
    assert rec["final"]["terminal"] is False and len(rec["actions"]) > 0


def test_course_silly_bot_beats_random_in_course_games(capsys):
    code, out, _ = run(capsys, "simulate", "northstar", "-o", "variant=cs4500", "--bots", "cs4500-silly,random",
                       "--games", "20", "--seed", "2", "--json")
    assert code == 0
    d = json.loads(out)
    silly = d["win_share"][0] + d["win_share"][2]
    assert silly > 0.7, d["win_share"]


def test_play_prints_game_text_verbatim_not_as_markup(tmp_path):
    """Action texts such as "Horns (+3) [card 17]" contain brackets; the terminal must show them, not eat them."""
    exe = Path(sys.executable).with_name("evolutio")
    cmd = [str(exe), "play", "northstar", "--players", "3", "--seat", "1=human", "--seed", "5",
           "--records", str(tmp_path)]
    r = subprocess.run(cmd, input="1\nq\n", capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert re.search(r"as your secret food card:  1 \w[\w ]* \([+-]?\d+\) \[card \d+\]", r.stdout), r.stdout[-2000:]


def test_python_dash_m_evolutio_is_the_same_command_line():
    done = subprocess.run([sys.executable, "-m", "evolutio", "games", "--json"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)) >= {"origin", "northstar", "newworld", "evo"}
    refused = subprocess.run([sys.executable, "-m", "evolutio", "simulate", "nosuchgame"], capture_output=True,
                             text=True, timeout=120)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
