"""How well an estimate predicts the winner, and its weights fitted to predict better.

The search turns the estimate of a position into win chances (:func:`evolutio.bots.ismcts.win_chances`, a softmax of
the estimated final scores at the level's temperature) and backs them up as rewards. This script measures how good
those chances are: it plays ``GAMES`` games of four heuristic bots (deals ``FIRST`` ..), keeps every decision with a
choice (the deciding seat, and the game's real winners; with ``--stride N`` every Nth of them), and reports the
log-loss of the chances the estimate plug-in ``--kind`` gives each position against the winners, by rounds left to
play (a uniform guess over four seats scores ln 4 = 1.386; lower is better). The games split in two halves, by even
and odd number: ``--fit`` changes the estimate's float weights one at a time (each times 0.5, 0.75, 1.25, 1.5 and 2;
a change is kept when it lowers the mean log-loss on the even games), pass after pass until none helps, and reports
the fitted weights on both halves: the odd games were not fitted on. ``NAME=VALUE`` changes weights before any of this.

The positions are those of heuristic play, not of the search's rollouts, and a better prediction is not shown to
make a stronger search: a fitted estimate is a candidate for a search pilot (docs/bots-pilots.md).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict

from pilot_games import apply_weights, check_game_range, estimate_weights, weight

from evolutio.bots.heuristic import DEFAULT_ESTIMATE, HeuristicBot, ViewEstimate, estimator_for
from evolutio.bots.ismcts import SCORE_TEMPERATURE, win_chances
from evolutio.kernel import State, load_game

PLAYERS = 4
#: each weight is tried at these multiples of its value
STEPS = (0.5, 0.75, 1.25, 1.5, 2.0)
#: the most passes of the fit over the weights
MAX_PASSES = 4
#: rounds left from which on the table's rows are merged into one
LAST_ROW = 6
EXAMPLE = ("example: PYTHONPATH=src:benchmarks .venv/bin/python benchmarks/estimate_fit.py evo 24 5000 "
           "--kind estimate_against_heuristic --fit")

#: a position: (the state at a decision, the deciding seat, the winners, rounds left to play after its round)
Position = tuple[State, int, list[int], int]


def _parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="estimate_fit.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="the ruleset")
    parser.add_argument("games", type=int, help="games of four heuristic bots to take positions from (at least 2)")
    parser.add_argument("first", type=int, help="the first game's deal seed")
    parser.add_argument("--kind", default=DEFAULT_ESTIMATE, help=f"the estimate plug-in kind (default "
                                                                 f"{DEFAULT_ESTIMATE})")
    parser.add_argument("--temperature", type=float, default=SCORE_TEMPERATURE,
                        help=f"the softmax temperature in points (default {SCORE_TEMPERATURE:g}, the levels')")
    parser.add_argument("--stride", type=int, default=1, help="keep every Nth decision with a choice (default 1: all; "
                                                                 "a game's positions share its winners)")
    parser.add_argument("--fit", action="store_true", help="fit the estimate's float weights on the even games")
    parser.add_argument("weights", metavar="NAME=VALUE", nargs="*", type=weight,
                        help="weights of the estimate changed first (attributes of its plug-in)")
    args = parser.parse_intermixed_args(argv)
    check_game_range(parser, args)
    if args.games < 2:
        parser.error(f"GAMES must be at least 2 (the fit's two halves), got {args.games}")
    if args.stride < 1:
        parser.error(f"--stride must be at least 1, got {args.stride}")
    if not args.temperature > 0:
        parser.error(f"--temperature must be positive, got {args.temperature}")
    if not isinstance(estimator_for(args.game, args.kind), ViewEstimate):
        parser.error(f"{args.game} has no view-based estimate to fit")
    apply_weights(parser, args.game, args.kind, args.weights)
    return args


def collect(game_name: str, games: int, first: int, stride: int) -> list[list[Position]]:
    """Every ``stride``-th decision with a choice of each game of four heuristic bots, as positions, by game."""
    game = load_game(game_name, players=PLAYERS)
    by_game: list[list[Position]] = []
    for number in range(games):
        state = game.new_state(first + number)
        bots = [HeuristicBot(seed=number * PLAYERS + seat) for seat in range(PLAYERS)]
        kept: list[tuple[State, int, int]] = []
        choices = 0
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            if len(state.legal_actions()) > 1:
                if choices % stride == 0:
                    copy = state.clone()
                    copy.log_events = False
                    kept.append((copy, seat, _round(state)))
                choices += 1
            state.apply(bots[seat].choose(state))
        last = _round(state)
        winners = state.winners()
        by_game.append([(copy, seat, winners, last - played) for copy, seat, played in kept])
        print(f"\rgame {number + 1}/{games} played", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return by_game


def _round(state: State) -> int:
    return int(state.view(None)["round"])


def log_losses(positions: list[Position], estimator: ViewEstimate, temperature: float) -> dict[int, list[float]]:
    """The log-loss of each position's win chances against its winners (ties share the win), by rounds left."""
    losses: dict[int, list[float]] = defaultdict(list)
    for state, seat, winners, left in positions:
        chances = win_chances(estimator.estimate(state, seat), temperature)
        loss = -sum(math.log(max(chances[winner], 1e-12)) for winner in winners) / len(winners)
        losses[min(left, LAST_ROW)].append(loss)
    return losses


def mean_loss(positions: list[Position], estimator: ViewEstimate, temperature: float) -> float:
    rows = log_losses(positions, estimator, temperature)
    return sum(sum(row) for row in rows.values()) / sum(len(row) for row in rows.values())


def fit(positions: list[Position], estimator: ViewEstimate, temperature: float) -> float:
    """Coordinate descent on the plug-in's float weights (changed in place); the mean log-loss reached."""
    best = mean_loss(positions, estimator, temperature)
    for number in range(1, MAX_PASSES + 1):
        improved = False
        for name, start in sorted(estimate_weights(estimator.plugin).items()):
            for step in STEPS:
                setattr(estimator.plugin, name, start * step)
                loss = mean_loss(positions, estimator, temperature)
                if loss < best - 1e-6:
                    best, start, improved = loss, start * step, True
            setattr(estimator.plugin, name, start)
        print(f"pass {number}: mean log-loss {best:.4f}", file=sys.stderr)
        if not improved:
            break
    return best


def _table(rows: dict[str, tuple[dict[int, list[float]], dict[int, list[float]]]]) -> None:
    names = list(rows)
    headers = " | ".join(f"{name}: even / odd" for name in names)
    print(f"| rounds left | positions (even / odd games) | {headers} |")
    print("|---:|---:|" + "---:|" * len(names))
    first_even, first_odd = rows[names[0]]
    for left in sorted(first_even):
        label = f"{left}+" if left == LAST_ROW else str(left)
        cells = [f"{_mean(even[left]):.3f} / {_mean(odd.get(left, [])):.3f}" for even, odd in rows.values()]
        print(f"| {label} | {len(first_even[left])} / {len(first_odd.get(left, []))} | " + " | ".join(cells) + " |")
    totals = [f"{_mean([x for row in even.values() for x in row]):.3f} / "
              f"{_mean([x for row in odd.values() for x in row]):.3f}" for even, odd in rows.values()]
    print("| all | | " + " | ".join(totals) + " |")


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def main(argv: list[str]) -> None:
    args = _parse_arguments(argv)
    estimator = estimator_for(args.game, args.kind)   # with the weights given set (_parse_arguments)
    assert isinstance(estimator, ViewEstimate)
    started = time.process_time()
    by_game = collect(args.game, args.games, args.first, args.stride)
    even = [position for number, positions in enumerate(by_game) if number % 2 == 0 for position in positions]
    odd = [position for number, positions in enumerate(by_game) if number % 2 == 1 for position in positions]
    before = estimate_weights(estimator.plugin)
    rows = {"as given": (log_losses(even, estimator, args.temperature), log_losses(odd, estimator, args.temperature))}
    if args.fit:
        fit(even, estimator, args.temperature)
        rows["fitted"] = (log_losses(even, estimator, args.temperature),
                          log_losses(odd, estimator, args.temperature))
    print(f"{args.game} {args.kind}, {args.games} games from deal {args.first}, temperature {args.temperature:g}: "
          f"log-loss of the win chances (uniform: {math.log(PLAYERS):.3f})\n")
    _table(rows)
    if args.fit:
        after = estimate_weights(estimator.plugin)
        changed = [f"{name}={after[name]:g} (was {before[name]:g})" for name in sorted(after)
                   if after[name] != before[name]]
        print("\nfitted: " + (", ".join(changed) if changed else "no weight changed"))
    print(f"\n{time.process_time() - started:.0f} CPU-s", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
