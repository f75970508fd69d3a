"""ISMCTS iterations per second per ruleset at several rollout depths and world pools (one process).

Prints a Markdown table: one row per ruleset and budget, each searched for SECONDS_PER_CELL of wall time.
"""

from __future__ import annotations

import argparse
import dataclasses

from evolutio.bots.ismcts import LEVELS, Level
from evolutio.kernel import list_games
from evolutio.sim import ismcts_bench

CELLS = (("1,000 iterations, depth 0, 100 worlds", Level(1000, 0, 100)),
         ("medium before 24 November 07:40: tree nodes for every seat",
          dataclasses.replace(LEVELS["medium"], opponents="tree", by_game=())),
         ("medium: 2,000+ iterations, policy depth 8, other seats by the policy", LEVELS["medium"]),
         ("hard: the medium with twice the iterations, 4,000+", LEVELS["hard"]))


DEFAULT_SECONDS = 5.0
EXAMPLE = "example: PYTHONPATH=src .venv/bin/python benchmarks/ismcts_speed.py 3"


def main() -> None:
    parser = argparse.ArgumentParser(prog="ismcts_speed.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("seconds", metavar="SECONDS_PER_CELL", type=float, nargs="?", default=DEFAULT_SECONDS,
                        help=f"wall seconds of searching per row (default {DEFAULT_SECONDS:g})")
    seconds = parser.parse_args().seconds
    if not seconds > 0:
        parser.error(f"SECONDS_PER_CELL must be more than 0, got {seconds:g}")
    print("| ruleset | budget | iterations per CPU-second | iterations per wall second | searches |")
    print("|---|---|---:|---:|---:|")
    for game in list_games():
        for label, level in CELLS:
            result = ismcts_bench(game, seconds=seconds, options={"players": 4}, level=level)
            print(f"| {game} | {label} | {result['iterations_per_cpu_s']:,.0f} | {result['iterations_per_s']:,.0f} | "
                  f"{result['searches']} |", flush=True)


if __name__ == "__main__":
    main()
