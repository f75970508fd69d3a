"""Pilot runs for tuning a heuristic: the heuristic against three random bots on games [START, START+N) of the
tournament of seed SEED (the same deals, seats and bot seeds as `evolutio tournament GAME --bots
heuristic,random,random,random --seed SEED`), with module constants changed for this process only.

Usage: PYTHONPATH=src .venv/bin/python benchmarks/heuristic_pilot.py GAME SEED START N
       [MODULE.CONSTANT=PYTHON_VALUE ...]   e.g. origin.heuristic.HUNT_SUCCESS=0.75 (module under evolutio.games)

The options come from benchmarks/results/GAME-heuristic-vs-random.jsonl; for seed 1 the same games in that file are
the base the pilot is compared with, game by game (the file holds the heuristic it was played with).
"""

from __future__ import annotations

import ast
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from evolutio.sim.tournament import play_tournament_game

RESULTS = Path(__file__).parent / "results"
BOTS = ["heuristic", "random", "random", "random"]
RESULTS_SEED = 1


def heuristic_share(result: dict[str, Any]) -> float:
    seat = result["seats"].index("heuristic")
    return 1.0 / len(result["winners"]) if seat in result["winners"] else 0.0


def heuristic_score(result: dict[str, Any]) -> int:
    return int(result["scores"][result["seats"].index("heuristic")])


def main() -> None:
    game, seed, start, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    changes = sys.argv[5:]
    for change in changes:
        name, value = change.split("=", 1)
        module, constant = name.rsplit(".", 1)
        setattr(importlib.import_module(f"evolutio.games.{module}"), constant, ast.literal_eval(value))
    lines = (RESULTS / f"{game}-heuristic-vs-random.jsonl").read_text(encoding="utf-8").splitlines()
    options = json.loads(lines[0])["tournament"]["options"]
    base = {}
    if seed == RESULTS_SEED:
        base = {record["index"]: record for record in map(json.loads, lines[1:]) if record}
    spec = {"game": game, "bots": BOTS, "games": start + count, "seed": seed, "options": options}
    won = score = base_won = base_score = 0.0
    compared = 0
    began = time.time()
    for index in range(start, start + count):
        result = play_tournament_game(spec, index)
        won += heuristic_share(result)
        score += heuristic_score(result)
        if index in base:
            compared += 1
            base_won += heuristic_share(base[index])
            base_score += heuristic_score(base[index])
    line = (f"{game} seed {seed} games {start}-{start + count - 1} {' '.join(changes) or '(unchanged)'}: "
            f"win share {won / count:.3f}, mean score {score / count:.2f}")
    if compared:
        line += f"; results file on {compared} of them: {base_won / compared:.3f}, {base_score / compared:.2f}"
    print(f"{line} ({time.time() - began:.0f} s)")


if __name__ == "__main__":
    main()
