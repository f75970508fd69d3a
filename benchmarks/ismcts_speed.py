"""ISMCTS iterations per second per ruleset at several rollout depths and world pools (one process).

Usage: .venv/bin/python benchmarks/ismcts_speed.py [SECONDS_PER_CELL]
"""

from __future__ import annotations

import dataclasses
import sys

from evolutio.bots.ismcts import LEVELS, Level
from evolutio.kernel import list_games
from evolutio.sim import ismcts_bench

CELLS = (("1,000 iterations, depth 0, 100 worlds", Level(1000, 0, 100)),
         ("medium before 24 November 07:40: tree nodes for every seat",
          dataclasses.replace(LEVELS["medium"], opponents="tree")),
         ("medium: 2,000+ iterations, policy depth 8 (northstar 0), other seats by the policy", LEVELS["medium"]),
         ("hard: 4,000 iterations, depth 16, fresh worlds", LEVELS["hard"]))


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    print("| ruleset | budget | iterations per CPU-second | iterations per wall second | searches |")
    print("|---|---|---:|---:|---:|")
    for game in list_games():
        for label, level in CELLS:
            result = ismcts_bench(game, seconds=seconds, options={"players": 4}, level=level)
            print(f"| {game} | {label} | {result['iterations_per_cpu_s']:,.0f} | {result['iterations_per_s']:,.0f} | "
                  f"{result['searches']} |", flush=True)


if __name__ == "__main__":
    main()
