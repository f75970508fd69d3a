import json

import pytest

from evolutio.kernel import RecordError, ScenarioError, load_record, load_scenario, replay
from evolutio.kernel.record import FORMAT

from ..conftest import GAMES


@pytest.mark.parametrize(
    "rec, msg",
    [
        ([], "JSON object"),
        ({"format": "x"}, "not an evolutio record"),
        ({"format": FORMAT, "game": 3, "options": {}, "actions": []}, "'game'"),
        ({"format": FORMAT, "game": "x", "options": [], "actions": []}, "'options'"),
        ({"format": FORMAT, "game": "x", "options": {}, "actions": {}}, "'actions'"),
        ({"format": FORMAT, "game": "x", "options": {}, "actions": []}, "'seed'"),
        ({"format": FORMAT, "game": "nope", "options": {}, "actions": [], "seed": 1}, "unknown game 'nope'"),
    ],
)
def test_malformed_records_refused(rec, msg):
    with pytest.raises(RecordError, match=msg):
        replay(rec)


def test_unreadable_and_non_json_record_files(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")
    p = tmp_path / "bad.json"
    p.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record(p)


@pytest.mark.parametrize(
    "doc, msg",
    [
        ([], "JSON object"),
        ({}, "'game' field"),
        ({"game": "nope"}, "unknown game"),
        ({"game": GAMES[0], "options": []}, "'options' must be an object"),
        ({"game": GAMES[0], "seed": "1"}, "'seed' must be an integer"),
        ({"game": GAMES[0], "options": {"bogus": 1}}, "unknown option 'bogus'"),
    ],
)
def test_malformed_scenario_headers_refused(doc, msg):
    with pytest.raises(ScenarioError, match=msg):
        load_scenario(doc)


def test_scenario_file_errors(tmp_path):
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(tmp_path / "nope.json")
    p = tmp_path / "s.json"
    p.write_text("[1,")
    with pytest.raises(ScenarioError, match="not valid JSON"):
        load_scenario(p)


@pytest.mark.parametrize("name", GAMES)
def test_tampered_record_refused_and_names_the_action(name):
    from evolutio.bots import RandomBot
    from evolutio.kernel import load_game, make_record
    from evolutio.sim import play_game

    g = load_game(name)
    s = play_game(g, 3, [RandomBot(seed=i) for i in range(g.num_players)])
    rec = json.loads(json.dumps(make_record(s)))
    bad = dict(rec, actions=rec["actions"][:5] + [["no_such_kind", 99]] + rec["actions"][6:])
    with pytest.raises(RecordError, match=r"action #6"):
        replay(bad)
    wrong_final = dict(rec, final=dict(rec["final"], digest="0" * 64))
    with pytest.raises(RecordError, match="digest"):
        replay(wrong_final)
    other_version = dict(rec, rules_version="ancient")
    with pytest.raises(RecordError, match="rules version"):
        replay(other_version)
