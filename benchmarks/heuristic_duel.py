"""A duel of estimates: one heuristic bot reading a variant of the ruleset's estimate against heuristic bots reading
the usual one, 4 players, the variant's seat rotated over the four seats on every deal.

The variant is the ruleset's estimate plug-in of ``--kind`` (e.g. northstar's ``estimate_against_heuristic``; the
default, ``heuristic``, is the control: four equal bots, about 25% each) with weights changed by ``NAME=VALUE``:
attributes of that plug-in (northstar's ``planning_survival``, ``attack_loss`` …; docs/bots-pilots.md, "Northstar:
the estimate tuned against the heuristic bots"). Game ``g`` is dealt from seed ``DEAL_SEED + g // 4`` with the
variant in seat ``g % 4``, so games FIRST..FIRST+GAMES-1 of two runs are the same deals in the same seats.
Prints the variant's win share (ties split) with its 95% Wilson interval and its mean margin over the best other
seat. ``--out FILE`` appends one JSON line per game (``game``, ``win``, ``margin``); ``--paired FILE`` then compares
this run with another run's lines on the games both played (wins of each, the games one won and the other lost,
and a two-sided sign test on those); a bad ``--paired`` file is refused before any game is played.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from pilot_games import apply_weights, check_game_range, seat_result, sign_test, weight

from evolutio.bots.heuristic import DEFAULT_ESTIMATE, HeuristicBot
from evolutio.kernel import load_game
from evolutio.sim.runner import play_game
from evolutio.sim.tournament import wilson_interval

PLAYERS = 4
#: game ``g`` is dealt from this seed plus ``g // PLAYERS``
DEAL_SEED = 10_000
#: a bot's seed is ``g * BOT_SEED_STRIDE + seat``
BOT_SEED_STRIDE = 7
EXAMPLE = ("example: PYTHONPATH=src .venv/bin/python benchmarks/heuristic_duel.py northstar 0 400 "
           "--kind estimate_against_heuristic attack_loss=0.75")


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="heuristic_duel.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="the ruleset")
    parser.add_argument("first", type=int, help="the first game's number")
    parser.add_argument("games", type=int, help="games to play (a multiple of 4 rotates the variant evenly)")
    parser.add_argument("--kind", default=DEFAULT_ESTIMATE, help="the variant's estimate plug-in kind "
                                                                 f"(default {DEFAULT_ESTIMATE}: the control)")
    parser.add_argument("weights", metavar="NAME=VALUE", nargs="*", type=weight,
                        help="weights of the variant's estimate changed (attributes of its plug-in)")
    parser.add_argument("--out", metavar="FILE", help="append one JSON line per game to FILE")
    parser.add_argument("--paired", metavar="FILE", help="another run's --out lines to compare with, game by game")
    args = parser.parse_intermixed_args(argv)
    check_game_range(parser, args)
    if args.weights and args.kind == DEFAULT_ESTIMATE:
        parser.error(f"weights change the variant's estimate: name its --kind (the {DEFAULT_ESTIMATE!r} estimate is "
                     f"the other seats')")
    apply_weights(parser, args.game, args.kind, args.weights)
    return args


def read_duel(path: str) -> dict[int, float]:
    """The win (1, a tie's share, or 0) of each game in the ``--out`` lines at ``path``."""
    wins: dict[int, float] = {}
    try:
        with open(path) as handle:
            for number, line in enumerate(handle, 1):
                try:
                    row = json.loads(line)
                    wins[int(row["game"])] = float(row["win"])
                except (ValueError, KeyError, TypeError):
                    sys.exit(f"{path}, line {number}: not a duel's game line")
    except OSError as error:
        sys.exit(f"cannot read {path}: {error.strerror}")
    return wins


def print_paired(mine: dict[int, float], other: dict[int, float], other_path: str) -> None:
    """This run's wins against another run's (read from ``other_path``) on the games both played."""
    common = sorted(set(mine) & set(other))
    if not common:
        print(f"paired with {other_path}: no game in common")
        return
    gained = sum(1 for number in common if mine[number] > other[number])
    lost = sum(1 for number in common if mine[number] < other[number])
    print(f"paired with {other_path} on {len(common)} games: {sum(mine[n] for n in common):g} wins against "
          f"{sum(other[n] for n in common):g}; won where it lost {gained}, lost where it won {lost} "
          f"(sign test p = {sign_test(gained, lost):.3f})")


def main(argv: list[str]) -> None:
    args = parse_arguments(argv)
    paired = read_duel(args.paired) if args.paired else None   # a bad file is refused before any game is played
    game = load_game(args.game, players=PLAYERS)
    wins = margin = 0.0
    by_game: dict[int, float] = {}
    started = time.process_time()
    for number in range(args.first, args.first + args.games):
        variant_seat = number % PLAYERS
        bots = [HeuristicBot(seed=number * BOT_SEED_STRIDE + seat,
                             estimate=args.kind if seat == variant_seat else DEFAULT_ESTIMATE)
                for seat in range(PLAYERS)]
        final = play_game(game, DEAL_SEED + number // PLAYERS, bots)
        win, seat_margin = seat_result(final.scores(), final.winners(), variant_seat)
        wins += win
        margin += seat_margin
        by_game[number] = win
        if args.out:
            with open(args.out, "a") as out:
                out.write(json.dumps({"game": number, "win": win, "margin": seat_margin}) + "\n")
    low, high = wilson_interval(wins, args.games)
    changes = " ".join(f"{name}={value}" for name, value in args.weights)
    print(f"{args.kind} {changes}".rstrip() + f": {wins:g} of {args.games} = {100 * wins / args.games:.1f}% "
          f"({100 * low:.1f}%-{100 * high:.1f}%), mean margin {margin / args.games:+.2f}, "
          f"{time.process_time() - started:.0f} CPU-s")
    if paired is not None:
        print_paired(by_game, paired, args.paired)


if __name__ == "__main__":
    main(sys.argv[1:])
