"""Every script in benchmarks/ answers ``--help`` (exit 0, a usage line, nothing written) and refuses a bad argument
with a one-line error and exit status 2, never a traceback. Each runs as its own process from an empty directory."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
#: argparse's exit status for a usage error, which the shell scripts use too
USAGE_ERROR = 2
#: a script that has not answered by then is doing real work instead of refusing
TIMEOUT_SECONDS = 60

#: per script: (arguments, a fragment of the one-line error) for each bad-argument case
BAD_ARGUMENTS: dict[str, list[tuple[list[str], str]]] = {
    "ab_bench.py": [(["nosuch", "10", "4"], "unknown game 'nosuch'"),
                    (["origin", "10", "4", "sets"], "options are written option=value")],
    "ab_pairs.py": [(["no_such_dir", "origin", "4"], "BASE_SRC must be a tree's src directory"),
                    ([str(ROOT / "src"), "nosuch", "4"], "unknown game 'nosuch'"),
                    ([str(ROOT / "src"), "origin", "4", "--pairs", "0"], "--pairs must be at least 1")],
    "heuristic_duel.py": [(["nosuch", "0", "4"], "unknown game 'nosuch'"),
                          (["northstar", "0", "4", "attack_loss=x"], "a weight is written NAME=NUMBER"),
                          (["northstar", "0", "4", "attack_loss=0.5"], "name its --kind"),
                          (["northstar", "0", "4", "--kind", "estimate_against_heuristic", "bogus=1"],
                           "has no weight 'bogus'"),
                          (["northstar", "0", "0"], "GAMES at least 1")],
    "estimate_fit.py": [(["nosuch", "4", "0"], "unknown game 'nosuch'"),
                        (["evo", "1", "0"], "GAMES must be at least 2"),
                        (["evo", "4", "0", "--temperature", "0"], "--temperature must be positive"),
                        (["evo", "4", "0", "--stride", "0"], "--stride must be at least 1"),
                        (["evo", "4", "0", "bogus=1"], "has no weight 'bogus'")],
    "heuristic_pilot.py": [(["origin", "1", "0", "2", "origin.heuristic"], "a change is written"),
                           (["origin", "1", "0", "2", "origin.heuristic.NO_SUCH_CONSTANT=1"], "NO_SUCH_CONSTANT"),
                           (["nosuch", "1", "0", "2"], "unknown game 'nosuch'")],
    "ismcts_pilot.py": [(["origin", "1", "0", "2", "v=iterations"], "is not key:value"),
                        (["origin", "1", "0", "2", "v=no_such_field:1"], "not a field of the ISMCTS level"),
                        (["origin", "1", "0", "2", "v=", "missing.jsonl"], "cannot read missing.jsonl"),
                        (["nosuch", "1", "0", "2", "v="], "unknown game 'nosuch'"),
                        (["origin", "1", "-1", "2", "v="], "FIRST must be 0 or more"),
                        (["origin", "1", "0", "2", "v=", "--out",
                          str(BENCHMARKS / "results" / "origin-ismcts-medium-vs-heuristic.jsonl")],
                         "holds another pilot or tournament")],
    "paired_compare.py": [(["missing.jsonl", "missing.jsonl"], "cannot read missing.jsonl"),
                          ([str(BENCHMARKS / "results" / "origin-ismcts-medium-vs-heuristic.jsonl"),
                            str(BENCHMARKS / "results" / "northstar-ismcts-medium-vs-heuristic.jsonl")],
                           "tournaments of another game ('origin' and 'northstar')"),
                          ([str(BENCHMARKS / "results" / "origin-ismcts-medium-vs-heuristic.jsonl"),
                            str(BENCHMARKS / "results" / "origin-heuristic-vs-random.jsonl")],
                           "BASE is a tournament of heuristic, random, random, random, not of one bot")],
    "policy_agreement.py": [(["nosuch", "2"], "unknown game 'nosuch'"),
                            (["origin", "0"], "GAMES and --draws must be at least 1")],
    "origin_losses.py": [(["missing.jsonl", "0"], "cannot read missing.jsonl"),
                         ([str(BENCHMARKS / "results" / "northstar-heuristic-vs-random.jsonl"), "0"],
                          "reads 'origin' games only"),
                         ([str(BENCHMARKS / "results" / "origin-heuristic-vs-random.jsonl"), "0,x"],
                          "INDICES must be game numbers"),
                         ([str(BENCHMARKS / "results" / "origin-heuristic-vs-random.jsonl"), "0"],
                          "--bot 'ismcts:medium' does not play")],
    "policy_strength.py": [(["nosuch", "2"], "unknown game 'nosuch'"),
                           (["origin", "0"], "DEALS must be at least 1"),
                           (["origin", "2", "--file", "missing.py"], "--file missing.py: no such file")],
    "northstar_estimate_check.py": [(["0"], "GAMES must be at least 1"),
                                    (["many"], "invalid int value: 'many'")],
    "ismcts_speed.py": [(["fast"], "invalid float value: 'fast'")],
    "ismcts_profile.py": [(["nosuch"], "unknown game 'nosuch'"),
                          (["origin", "--searches", "0"], "--searches and --stride must be at least 1")],
    "ismcts_ab.py": [(["no_such_dir"], "BASE_SRC must be a tree's src directory"),
                     ([str(ROOT / "src"), "--games", "nosuch"], "unknown rulesets nosuch"),
                     ([str(ROOT / "src"), "--chunk", "0"], "--chunk must be at least 1")],
    "strength_report.py": [(["plots", "more"], "unrecognized arguments: more")],
    "origin_sets_speed.py": [(["-o", "no_such_option=1"], "unknown option 'no_such_option'")],
    "interop_bench.py": [(["--games", "nosuch"], "unknown game 'nosuch'")],
    "schemathesis_run.py": [(["--examples", "0"], "--examples must be at least 1")],
    "server_ab.py": [(["--b", "src"], "the following arguments are required: --a")],
    "server_load.py": [(["--game", "nosuch"], "unknown game 'nosuch'"),
                       (["--humans", "5"], "--humans must be 0 to --players (4), got 5")],
    "ab.sh": [(["HEAD"], "expected BASE_REV GAME GAMES PLAYERS"),
              (["HEAD", "origin", "10", "4", "many"], "ROUNDS must be a positive whole number")],
    "pool_speedup.sh": [(["48"], "takes no arguments")],
    "strength.sh": [(["origin"], "takes no arguments")],
}
SCRIPTS = sorted(BAD_ARGUMENTS)
#: modules of benchmarks/ that scripts import, not scripts themselves
LIBRARIES = {"pilot_games.py", "paired_worker.py"}
#: the help flags tried: argparse gives the Python scripts both, the shell scripts test for both themselves
HELP_FLAGS: dict[str, list[str]] = {name: ["--help", "-h"] if name.endswith(".sh") else ["--help"] for name in SCRIPTS}
#: processes run at once (each mostly starts an interpreter and imports; the machine has 2 shared cores)
CONCURRENT_RUNS = 4


@dataclass(frozen=True)
class Run:
    """One finished run of a script: its answer, and what it left in the directory it ran from."""

    returncode: int
    stdout: str
    stderr: str
    left_in_cwd: list[str]


def run_script(name: str, arguments: tuple[str, ...], cwd: Path) -> Run:
    path = BENCHMARKS / name
    command = ["bash", str(path)] if name.endswith(".sh") else [sys.executable, str(path)]
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    finished = subprocess.run([*command, *arguments], cwd=cwd, env=environment, capture_output=True, text=True,
                              timeout=TIMEOUT_SECONDS, check=False)
    return Run(finished.returncode, finished.stdout, finished.stderr, sorted(path.name for path in cwd.iterdir()))


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, tuple[str, ...]], Run]:
    """Every run the tests below look at, started together (a few at a time) to keep the module fast."""
    wanted = [(name, (flag,)) for name in SCRIPTS for flag in HELP_FLAGS[name]]
    wanted += [(name, tuple(arguments)) for name in SCRIPTS for arguments, _ in BAD_ARGUMENTS[name]]
    with ThreadPoolExecutor(CONCURRENT_RUNS) as pool:
        futures = {key: pool.submit(run_script, *key, tmp_path_factory.mktemp("cwd")) for key in wanted}
        return {key: future.result() for key, future in futures.items()}


def test_every_script_in_benchmarks_is_covered() -> None:
    scripts = {path.name for pattern in ("*.py", "*.sh") for path in BENCHMARKS.glob(pattern)}
    assert scripts - LIBRARIES == set(BAD_ARGUMENTS)


@pytest.mark.parametrize(("name", "flag"), [(name, flag) for name in SCRIPTS for flag in HELP_FLAGS[name]])
def test_help_prints_the_usage_and_writes_nothing(runs: dict[tuple[str, tuple[str, ...]], Run], name: str,
                                                  flag: str) -> None:
    run = runs[name, (flag,)]
    assert run.returncode == 0, run.stderr
    assert "usage:" in run.stdout.lower()
    if name.endswith(".py"):
        assert "example:" in run.stdout
    assert run.stderr == ""
    assert run.left_in_cwd == []


@pytest.mark.parametrize(("name", "arguments", "message"),
                         [(name, arguments, message) for name in SCRIPTS for arguments, message in BAD_ARGUMENTS[name]])
def test_a_bad_argument_gets_a_one_line_error(runs: dict[tuple[str, tuple[str, ...]], Run], name: str,
                                              arguments: list[str], message: str) -> None:
    run = runs[name, tuple(arguments)]
    assert run.returncode == USAGE_ERROR, run.stderr
    assert "Traceback" not in run.stderr
    last_line = run.stderr.strip().splitlines()[-1]
    assert last_line.startswith(f"{name}: error: ")
    assert message in last_line
    assert run.stdout == ""
    assert run.left_in_cwd == []
