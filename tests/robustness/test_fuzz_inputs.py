"""Bad input never escapes as a raw Python error: mutated scenarios and records are either accepted or refused with
ScenarioError / RecordError (the message says what is wrong)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evolutio.bots import RandomBot
from evolutio.kernel import RecordError, ScenarioError, load_game, load_scenario, make_record, replay
from evolutio.sim import play_game

from ..conftest import GAMES

DOCS = Path(__file__).resolve().parents[2] / "docs"


def doc_scenarios() -> list[dict]:
    """Every complete scenario example in the docs (JSON blocks that load)."""
    out = []
    for md in sorted(DOCS.glob("*.md")):
        for block in re.findall(r"```json\n(.*?)```", md.read_text(encoding="utf-8"), flags=re.S):
            try:
                doc = json.loads(block)
            except json.JSONDecodeError:
                continue
            if isinstance(doc, dict) and doc.get("game") in GAMES and "..." not in doc:
                try:
                    load_scenario(copy.deepcopy(doc))
                except ScenarioError:
                    continue
                out.append(doc)
    return out


SCENARIOS = doc_scenarios()


def test_docs_give_a_scenario_for_every_ruleset():
    assert {d["game"] for d in SCENARIOS} == set(GAMES)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


WEIRD = [None, True, -1, 0, 1, 99, 10**12, -(10**12), 2.5, "", "x", "carnivore", [], [0], [-1, 5], {}, {"a": 1}]


def mutate(doc, data):
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p and p[0] != "game"]
        path = data.draw(st.sampled_from(paths))
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        op = data.draw(st.sampled_from(["replace", "delete", "duplicate"]))
        if op == "replace" or (op == "duplicate" and not isinstance(parent, list)):
            parent[key] = copy.deepcopy(data.draw(st.sampled_from(WEIRD)))
        elif op == "delete":
            del parent[key]
        else:
            parent.insert(key, copy.deepcopy(parent[key]))
    return doc


@pytest.mark.parametrize("base", SCENARIOS, ids=[d["game"] for d in SCENARIOS])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_scenarios_load_or_are_refused_clearly(base, data):
    doc = mutate(base, data)
    try:
        state = load_scenario(doc)
    except ScenarioError as exc:
        assert str(exc).strip()
        return
    # accepted: it must be a usable position
    if not state.is_terminal:
        legal = state.legal_actions()
        assert legal
        state.clone().apply(legal[0])
    json.dumps(state.view(None))


def _record(name):
    g = load_game(name)
    s = play_game(g, 4, [RandomBot(seed=i) for i in range(g.num_players)])
    return json.loads(json.dumps(make_record(s)))


RECORDS = {name: _record(name) for name in GAMES}


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_records_replay_or_are_refused_clearly(name, data):
    rec = copy.deepcopy(RECORDS[name])
    # keep most actions intact so mutations land in interesting places, but the list short enough to be quick
    rec["actions"] = rec["actions"][:40]
    rec.pop("final")
    rec = mutate(rec, data)
    try:
        replay(rec)
    except RecordError as exc:
        assert str(exc).strip()
