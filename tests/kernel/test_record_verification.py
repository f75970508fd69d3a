"""Records edited by hand are caught field by field (issue 14, item 7), and records are written atomically without
ever overwriting a file (item 5)."""

from __future__ import annotations

import copy
import json
import os

import pytest

from evolutio.bots import RandomBot
from evolutio.cli.main import main
from evolutio.kernel import RecordError, load_game, load_record, make_record, replay
from evolutio.kernel.record import check_record_folder, save_new_record, save_record, verify_record
from evolutio.sim import play_game

from ..conftest import GAMES


def finished_record(name: str) -> dict:
    game = load_game(name, players=3)
    state = play_game(game, 2, [RandomBot(seed=i) for i in range(3)])
    return json.loads(json.dumps(make_record(state, players=["random"] * 3)))


RECORDS = {name: finished_record(name) for name in GAMES}


def edited(name: str, path: tuple[str, ...], value) -> dict:
    record = copy.deepcopy(RECORDS[name])
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return record


@pytest.mark.parametrize("name", GAMES)
def test_an_untouched_record_checks_every_field(name):
    state = replay(RECORDS[name])
    checked = verify_record(RECORDS[name], state)
    for field in ("format", "game", "rules_version", "options", "seed", "players", "actions", "final.terminal",
                  "final.digest", "final.scores", "final.winners"):
        assert field in checked


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "path, change, message",
    [
        (("final", "scores"), lambda v: [v[0] + 5, *v[1:]], "record field 'final.scores' is"),
        (("final", "winners"), lambda v: [(v[0] + 1) % 3], "record field 'final.winners' is"),
        (("final", "terminal"), lambda v: not v, "record field 'final.terminal' is"),
        (("final", "digest"), lambda v: "0" * 64, "record field 'final.digest'"),
        (("players",), lambda v: v[:2], "record field 'players' names 2 players, but the game has 3"),
        (("players",), lambda v: "random", "record field 'players' must be a list"),
        (("final", "remark"), lambda v: "nice game", "record field 'final.remark' is not part of"),
        (("comment",), lambda v: "edited", "record field 'comment' is not part of"),
        (("meta",), lambda v: 3, "record field 'meta' must be an object"),
    ],
)
def test_a_hand_edited_field_is_named(name, path, change, message):
    record = copy.deepcopy(RECORDS[name])
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = change(target.get(path[-1]))
    with pytest.raises(RecordError) as refused:
        replay(record)
    assert message in str(refused.value)


def test_edited_scores_are_not_verified_on_the_command_line(tmp_path, capsys):
    name = GAMES[0]
    good = save_new_record(RECORDS[name], tmp_path / "good.json")
    assert main(["replay", "-q", str(good)]) == 0
    out = capsys.readouterr().out
    assert "final position verified (final.terminal, final.digest, final.scores, final.winners match)" in out
    scores = RECORDS[name]["final"]["scores"]
    bad = save_new_record(edited(name, ("final", "scores"), [s + 1 for s in scores]), tmp_path / "bad.json")
    assert main(["replay", "-q", str(bad)]) == 2
    captured = capsys.readouterr()
    assert "verified" not in captured.out
    assert "record field 'final.scores'" in captured.err


def test_save_new_record_never_overwrites(tmp_path):
    record = RECORDS[GAMES[0]]
    first = save_new_record(record, tmp_path / "game.json")
    second = save_new_record(record, tmp_path / "game.json")
    third = save_new_record(record, tmp_path / "game.json")
    assert [first.name, second.name, third.name] == ["game.json", "game-2.json", "game-3.json"]
    assert load_record(third) == record
    assert sorted(os.listdir(tmp_path)) == ["game-2.json", "game-3.json", "game.json"]  # no temporary files


def test_save_record_replaces_atomically(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old")
    save_record(RECORDS[GAMES[0]], path)
    assert load_record(path) == RECORDS[GAMES[0]]
    assert os.listdir(tmp_path) == ["game.json"]


def test_record_folder_is_checked_before_use(tmp_path):
    folder = check_record_folder(tmp_path / "new" / "folder")
    assert folder.is_dir() and os.listdir(folder) == []
    a_file = tmp_path / "file"
    a_file.write_text("x")
    with pytest.raises(RecordError, match="exists and is not a folder"):
        check_record_folder(a_file)
    with pytest.raises(RecordError, match="cannot write there"):
        check_record_folder(a_file / "below")
