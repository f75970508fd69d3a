"""Pilot runs for tuning a heuristic: the heuristic against three random bots on games [FIRST, FIRST+GAMES) of the
tournament of seed SEED (the same deals, seats and bot seeds as `evolutio tournament GAME --bots
heuristic,random,random,random --seed SEED`), with module constants changed for this process only.

A change is MODULE.CONSTANT=PYTHON_VALUE with MODULE under evolutio.games, e.g. origin.heuristic.HUNT_SUCCESS=0.75.
The options come from benchmarks/results/GAME-heuristic-vs-random.jsonl; for seed 1 the same games in that file are
the base the pilot is compared with, game by game (the file holds the heuristic it was played with).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import time
from pathlib import Path
from typing import Any

from pilot_games import add_game_range, check_game_range

from evolutio.sim.tournament import play_tournament_game

RESULTS = Path(__file__).parent / "results"
BOTS = ["heuristic", "random", "random", "random"]
RESULTS_SEED = 1
EXAMPLE = ("example: PYTHONPATH=src .venv/bin/python benchmarks/heuristic_pilot.py origin 1 0 40 "
           "origin.heuristic.HUNT_SUCCESS=0.75")


def change(text: str) -> tuple[str, str, str, object]:
    """``MODULE.CONSTANT=PYTHON_VALUE`` read into (text, module, constant, value); the module and the constant must
    exist."""
    name, equals, raw = text.partition("=")
    module, dot, constant = name.rpartition(".")
    if not equals or not dot or not module or not constant:
        raise argparse.ArgumentTypeError(f"a change is written MODULE.CONSTANT=PYTHON_VALUE, got {text!r}")
    try:
        value = ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        raise argparse.ArgumentTypeError(f"{raw!r} in {text!r} is not a Python literal") from None
    try:
        target = importlib.import_module(f"evolutio.games.{module}")
    except ImportError:
        raise argparse.ArgumentTypeError(f"no module evolutio.games.{module}") from None
    if not hasattr(target, constant):
        raise argparse.ArgumentTypeError(f"evolutio.games.{module} has no {constant}")
    return text, module, constant, value


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="heuristic_pilot.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_range(parser)
    parser.add_argument("changes", metavar="MODULE.CONSTANT=PYTHON_VALUE", nargs="*", type=change,
                        help="module constants changed for this process")
    args = parser.parse_args()
    check_game_range(parser, args)
    args.results = RESULTS / f"{args.game}-heuristic-vs-random.jsonl"
    if not args.results.is_file():
        parser.error(f"no results file {args.results} (it names the options of the games)")
    return args


def heuristic_share(result: dict[str, Any]) -> float:
    seat = result["seats"].index("heuristic")
    return 1.0 / len(result["winners"]) if seat in result["winners"] else 0.0


def heuristic_score(result: dict[str, Any]) -> int:
    return int(result["scores"][result["seats"].index("heuristic")])


def main() -> None:
    args = parse_arguments()
    game, seed, start, count = args.game, args.seed, args.first, args.games
    changes = [text for text, _, _, _ in args.changes]
    for _, module, constant, value in args.changes:
        setattr(importlib.import_module(f"evolutio.games.{module}"), constant, value)
    lines = args.results.read_text(encoding="utf-8").splitlines()
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
