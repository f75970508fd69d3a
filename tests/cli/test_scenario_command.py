"""`evolutio scenario check` and `evolutio scenario from-record` (issue 16, item 5), for every ruleset."""

from __future__ import annotations

import json

import pytest

from evolutio.cli.main import main
from evolutio.kernel import Action, load_game, load_record, load_scenario, replay

from ..conftest import GAMES, player_counts


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", GAMES)
def test_from_record_then_check_gives_the_recorded_position(tmp_path, capsys, name):
    players = player_counts(name)[0]
    code, _, _ = run(capsys, "simulate", name, "--games", "1", "--players", str(players), "--seed", "3",
                     "--records", str(tmp_path))
    assert code == 0
    record_path = next(tmp_path.glob("*.json"))
    record = load_record(record_path)
    at = len(record["actions"]) // 2
    code, out, _ = run(capsys, "scenario", "from-record", str(record_path), "--at", str(at))
    assert code == 0
    scenario = json.loads(out)
    position = load_scenario(scenario)
    replayed = load_game(name, **record["options"]).new_state(record["seed"])
    for raw in record["actions"][:at]:
        replayed.apply(Action.from_json(raw))
    assert position.position_digest() == replayed.position_digest()
    final = replay(record)
    for raw in record["actions"][at:]:
        position.apply(Action.from_json(raw))
    assert position.scores() == final.scores()

    written = tmp_path / "position.json"
    code, _, err = run(capsys, "scenario", "from-record", str(record_path), "--at", str(at), "-o", str(written))
    assert code == 0 and "scenario written to" in err
    code, out, _ = run(capsys, "scenario", "check", str(written))
    assert code == 0 and f"a valid {name} scenario" in out and "decides;" in out


def test_bad_at_and_bad_file_are_one_line_errors(tmp_path, capsys):
    code, _, _ = run(capsys, "simulate", "origin", "--games", "1", "--players", "2", "--seed", "1",
                     "--records", str(tmp_path))
    record_path = next(tmp_path.glob("*.json"))
    code, _, err = run(capsys, "scenario", "from-record", str(record_path), "--at", "-1")
    assert code == 2 and "--at: the record has" in err and len(err.strip().splitlines()) == 1
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"game": "origin", "options": {"players": 2},
                                  "players": [{"animals": [{"traits": ["fatt"]}]}, {}]}))
    code, _, err = run(capsys, "scenario", "check", str(broken))
    assert code == 2 and "unknown trait 'fatt'" in err
