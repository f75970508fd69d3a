"""Two versions of the server under the same load, alternated: A, B, A, B, … (see server_load.py).

    git archive <base commit> src | tar -x -C /tmp/base       # the sources to compare with
    python benchmarks/server_ab.py --a /tmp/base/src --b src --rounds 3 --tables 100

Each run is ``benchmarks/server_load.py --json`` (this checkout's load generator for both) with the server imported
from the given ``src`` directory. Alternating puts both versions under the same changing load of a shared machine;
the medians of the rounds are printed side by side, with every run's figures as JSON lines on ``--log``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

LOAD_SCRIPT = Path(__file__).with_name("server_load.py")
EXAMPLE = """example: python benchmarks/server_ab.py --a /tmp/base/src --b src --rounds 3 --tables 100

Every argument not listed above (here --tables 100) is passed on to server_load.py: see its --help."""
#: the figures compared, as (label, path into server_load.py's JSON)
FIGURES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("actions/s", ("actions_per_second",)),
    ("people p50 ms", ("human_latency_ms", "p50")),
    ("people p99 ms", ("human_latency_ms", "p99")),
    ("bots p50 ms", ("bot_latency_ms", "p50")),
    ("bots p99 ms", ("bot_latency_ms", "p99")),
    ("server CPU ms/action", ("server_cpu_ms_per_action",)),
    ("generator CPU s", ("load_generator_cpu_seconds",)),
    ("wall s", ("wall_seconds",)),
    ("refusals", ("refusals",)),
)


def one_run(source: str, load_arguments: list[str]) -> dict[str, Any]:
    environment = {**os.environ, "PYTHONPATH": str(Path(source).resolve())}
    finished = subprocess.run([sys.executable, str(LOAD_SCRIPT), "--json", *load_arguments], env=environment,
                              capture_output=True, text=True)
    if finished.returncode != 0:
        # server_load.py's own one-line error (a bad argument: exit 2) rather than a traceback of this script
        lines = finished.stderr.strip().splitlines() or [f"exit status {finished.returncode}"]
        print(f"server_load.py with {source}: {lines[-1]}", file=sys.stderr)
        raise SystemExit(finished.returncode)
    # the server's own start-up lines come first on the same output; the figures are the JSON object after them
    return dict(json.loads(finished.stdout[finished.stdout.index("\n{") + 1:]))


def figure(run: dict[str, Any], path: tuple[str, ...]) -> float:
    value: Any = run
    for key in path:
        value = value[key]
    return float(value)


def main() -> int:
    parser = argparse.ArgumentParser(prog="server_ab.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", required=True, help="the src directory of version A")
    parser.add_argument("--b", required=True, help="the src directory of version B")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of A then B (default 3)")
    parser.add_argument("--log", default=None, help="append each run's figures as a JSON line to this file")
    args, load_arguments = parser.parse_known_args()
    for option, source in (("--a", args.a), ("--b", args.b)):
        if not (Path(source) / "evolutio").is_dir():
            parser.error(f"{option} {source}: not a src directory (no evolutio package in it)")
    if args.rounds < 1:
        parser.error(f"--rounds must be at least 1, got {args.rounds}")
    runs: dict[str, list[dict[str, Any]]] = {"A": [], "B": []}
    for round_number in range(1, args.rounds + 1):
        for name, source in (("A", args.a), ("B", args.b)):
            run = one_run(source, load_arguments)
            runs[name].append(run)
            summary = ", ".join(f"{label} {figure(run, path):g}" for label, path in FIGURES)
            print(f"round {round_number} {name}: {summary}; load {run['load_average_1_5_15min_at_start'][0]}"
                  f" -> {run['load_average_1_5_15min_at_end'][0]}", flush=True)
            if args.log:
                with open(args.log, "a", encoding="utf-8") as log:
                    log.write(json.dumps({"round": round_number, "version": name, "src": source, **run}) + "\n")
    print(f"\n{'median of ' + str(args.rounds) + ' rounds':<24} {'A':>10} {'B':>10}")
    for label, path in FIGURES:
        medians = [statistics.median(figure(run, path) for run in runs[name]) for name in ("A", "B")]
        print(f"{label:<24} {medians[0]:>10g} {medians[1]:>10g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
