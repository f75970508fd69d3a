"""Where an ISMCTS search's time goes: cProfile of a level's searches along a seeded game of heuristic bots.

The searched positions are every ``STRIDE``-th decision with a choice of one seeded game of four ``heuristic`` bots
(the kind of position a tournament against them searches), each searched by a bot of its own seed. The search time is
split by the cumulative time of the parts it calls: sampling the worlds (``determinize``), copying a world for each
iteration (``clone``), the legal actions, applying actions, the rollout policy's choices, and the estimate at the cut
(the view it reads, and the rest); what is left is the tree's own work (selection, expansion, back-up, rewards). The
profiler adds a fixed cost to every Python call, so parts made of many small calls look larger than they run:
compare two trees' tables from the same command, not the shares with timings taken without the profiler.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from typing import Any

from evolutio.bots.heuristic import HeuristicBot, estimator_for
from evolutio.bots.ismcts import LEVELS, IsmctsBot
from evolutio.bots.rollout import rollout_policy_for
from evolutio.kernel import State, list_games, load_game
from evolutio.kernel.rng import derive_seed

EXAMPLE = "example: PYTHONPATH=src python benchmarks/ismcts_profile.py newworld --searches 10"
PLAYERS = 4
SEED = 1


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="ismcts_profile.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="the ruleset")
    parser.add_argument("--searches", type=int, default=10, help="searched positions (default 10)")
    parser.add_argument("--stride", type=int, default=6, help="decisions between two searched positions (default 6)")
    parser.add_argument("--level", default="medium", choices=sorted(LEVELS), help="the level (default medium)")
    args = parser.parse_args(argv)
    if args.game not in list_games():
        parser.error(f"unknown game {args.game!r}; known: {', '.join(list_games())}")
    if args.searches < 1 or args.stride < 1:
        parser.error("--searches and --stride must be at least 1")
    return args


def positions(game_name: str, count: int, stride: int) -> list[State]:
    """Every ``stride``-th decision with a choice of a seeded game of heuristic bots, ``count`` of them at most."""
    state = load_game(game_name, players=PLAYERS).new_state(derive_seed(SEED, 0))
    state.log_events = False
    bots = [HeuristicBot(seed=derive_seed(SEED, seat)) for seat in range(PLAYERS)]
    found: list[State] = []
    step = 0
    while not state.is_terminal and len(found) < count:
        if step % stride == 0 and len(state.legal_actions()) > 1:
            found.append(state.clone())
        seat = state.current_player
        assert seat is not None
        state.apply_trusted(bots[seat].choose(state))
        step += 1
    return found


def _key(function: Any) -> tuple[str, int, str]:
    """The profiler's key of a Python function."""
    code = function.__code__
    return code.co_filename, code.co_firstlineno, code.co_name


def main(argv: list[str]) -> None:
    args = parse_arguments(argv)
    found = positions(args.game, args.searches, args.stride)
    level = LEVELS[args.level]
    profile = cProfile.Profile()
    iterations = 0
    profile.enable()
    for index, state in enumerate(found):
        bot = IsmctsBot(seed=index, level=level)
        bot.choose(state)
        iterations += bot.last_iterations
    profile.disable()
    stats: dict[tuple[str, int, str], Any] = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    kind = type(found[0])
    estimator = estimator_for(args.game)

    def cumulative(function: Any) -> float:
        entry = stats.get(_key(function))
        return float(entry[3]) if entry else 0.0

    total = cumulative(IsmctsBot.search)
    view = cumulative(kind.view)
    parts = {
        "sampling the worlds (determinize)": cumulative(kind.determinize),
        "copying a world per iteration (clone)": cumulative(kind.clone),
        "legal actions": cumulative(kind.legal_actions),
        "applying actions": cumulative(kind.apply_trusted),
        "the rollout policy's choices": cumulative(rollout_policy_for(args.game, level.rollout_policy)),
        "the estimate at the cut: the view": view,
        "the estimate at the cut: the rest": cumulative(type(estimator).estimate) - view,
    }
    parts["the tree (selection, expansion, back-up, rewards)"] = total - sum(parts.values())
    print(f"{args.game}, {args.level}: {len(found)} searches, {iterations:,} iterations, {total:.2f} s of search "
          f"under the profiler")
    print("| part | s | share |")
    print("|---|---:|---:|")
    for name, seconds in parts.items():
        print(f"| {name} | {seconds:.2f} | {100 * seconds / total:.1f}% |")


if __name__ == "__main__":
    main(sys.argv[1:])
