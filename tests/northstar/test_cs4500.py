"""The 574 CS 4500 course cases (SPEC.md): course JSON → northstar scenario (variant cs4500) → engine → course JSON.

The cases are the repository's copy in ``tests/data/cs4500`` (source: NOTICE.md and SOURCES.md there), so a clone
proves the 574 cases without ``../shared``. The harness is the outside tool ``evolutio.conformance.cs4500``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evolutio.conformance import cs4500

ROOT = Path(__file__).resolve().parents[1] / "data" / "cs4500"
EXPECTED_COUNTS = {"xattack": 52, "xfeed": 122, "xfeed-hw6": 63, "xstep": 123, "xstep-hw8": 108, "xstep4": 68,
                   "xsilly": 38}

CASES = cs4500.cases(ROOT)


def test_the_course_cases_are_present():
    assert (ROOT / "NOTICE.md").is_file() and (ROOT / "SOURCES.md").is_file()
    counts: dict[str, int] = {}
    for h, _, _, _ in CASES:
        counts[h] = counts.get(h, 0) + 1
    assert counts == EXPECTED_COUNTS
    assert len(CASES) == 574


@pytest.mark.parametrize("harness,name,fin,fout", CASES, ids=[f"{h}/{n}" for h, n, _, _ in CASES])
def test_course_case(harness, name, fin, fout):
    got = cs4500.run_harness(harness, json.loads(fin.read_text(encoding="utf-8")))
    want = cs4500.expected(fout)
    known = cs4500.KNOWN_MISMATCHES.get((harness, name))
    if known:
        assert got != want, "a known mismatch now passes: remove it from KNOWN_MISMATCHES"
        pytest.xfail(known)
    assert got == want


def test_known_mismatch_is_exactly_the_spec_one():
    assert set(cs4500.KNOWN_MISMATCHES) == {("xfeed-hw6", "2598-8949-1")}
    # the assignment-7 copy of the same input passes and answers false
    inp = json.loads((ROOT / "xfeed" / "2598-8949-1-in.json").read_text())
    assert cs4500.run_harness("xfeed", inp) is False


def test_malformed_course_input_prints_nothing():
    assert cs4500.run_harness("xstep", {"not": "a configuration"}) is None
    assert cs4500.run_harness("xattack", [[["food", 9]], [], False, False]) is None
    assert cs4500.run_harness("xfeed", [[["id", 1], ["species", []], ["bag", 0]], 0, []]) is None  # wh must be ≥ 1


def test_command_line_entry(capsys):
    inp = json.loads((ROOT / "xattack" / "0357-6344-1-in.json").read_text())
    import io
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO(json.dumps(inp))
    try:
        assert cs4500.main(["xattack"]) == 0
    finally:
        sys.stdin = old
    assert capsys.readouterr().out.strip() == "true"


def _run_main(capsys, argv, stdin_text=""):
    import io
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO(stdin_text)
    try:
        status = cs4500.main(argv)
    finally:
        sys.stdin = old
    return status, capsys.readouterr()


def test_command_line_refuses_a_missing_folder_with_one_line(capsys, tmp_path):
    status, out = _run_main(capsys, ["--check", str(tmp_path / "nowhere")])
    assert status == 2 and out.out == ""
    assert out.err.count("\n") == 1 and "nowhere: no such folder" in out.err


def test_command_line_refuses_a_folder_without_cases(capsys, tmp_path):
    status, out = _run_main(capsys, ["--check", str(tmp_path)])
    assert status == 2 and "no CS 4500 cases found" in out.err and out.err.count("\n") == 1


def test_command_line_refuses_garbage_input_with_one_line(capsys):
    status, out = _run_main(capsys, ["xstep"], "this is not json")
    assert status == 2 and out.out == ""
    assert out.err.startswith("error: standard input: not JSON") and out.err.count("\n") == 1


def test_command_line_refuses_a_garbage_case_file(capsys, tmp_path):
    (tmp_path / "xattack").mkdir()
    (tmp_path / "xattack" / "bad-in.json").write_text("{oops")
    (tmp_path / "xattack" / "bad-out.json").write_text("true")
    status, out = _run_main(capsys, ["--check", str(tmp_path)])
    assert status == 2 and "bad-in.json: not JSON" in out.err and out.err.count("\n") == 1


def test_command_line_unknown_harness_prints_usage(capsys):
    status, out = _run_main(capsys, ["xnothing"])
    assert status == 2 and "usage:" in out.err


def test_check_reports_every_harness(capsys):
    status, out = _run_main(capsys, ["--check", str(ROOT)])
    assert status == 0
    assert "xattack    52/52" in out.out and "xfeed-hw6  62/63" in out.out
    known = cs4500.KNOWN_MISMATCHES[("xfeed-hw6", "2598-8949-1")]
    assert out.err.strip() == f"xfeed-hw6/2598-8949-1: mismatch ({known})"
