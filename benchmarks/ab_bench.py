"""Decisions per CPU-second of one ruleset under a seeded random driver: the A/B half of ``benchmarks/ab.sh``.

The driver is ``evolutio bench``'s loop (``legal_actions()`` then ``apply_trusted``, events off) with a fixed
``random.Random(g)`` per game, so two source trees given the same arguments play the same games when their rules
agree. Only the playouts are timed (``time.process_time``: other processes' load counts less than in wall time).
Prints: decisions per CPU-second, decisions played, and a digest of every game's final scores (equal digests mean
the two trees played the same games).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time

from evolutio.kernel import EvolutioError, Game, load_game

#: the seed of game ``g`` is ``FIRST_SEED + g``
FIRST_SEED = 1000


EXAMPLE = "example: PYTHONPATH=src python benchmarks/ab_bench.py origin 200 4 sets=gift"


def option_pair(text: str) -> tuple[str, str]:
    """``key=value`` from the command line (the value stays a string; the ruleset validates it)."""
    key, equals, value = text.partition("=")
    if not equals or not key:
        raise argparse.ArgumentTypeError(f"options are written option=value, got {text!r}")
    return key, value


def parse_arguments(argv: list[str]) -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    parser = argparse.ArgumentParser(prog="ab_bench.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", metavar="GAME", help="the ruleset")
    parser.add_argument("games", metavar="GAMES", type=int, help="games played")
    parser.add_argument("players", metavar="PLAYERS", type=int, help="players per game")
    parser.add_argument("options", metavar="option=value", nargs="*", type=option_pair, help="ruleset options")
    return parser, parser.parse_args(argv)


def main(argv: list[str]) -> None:
    parser, args = parse_arguments(argv)
    if args.games < 1:
        parser.error(f"GAMES must be at least 1, got {args.games}")
    try:
        game = load_game(args.game, players=args.players, **dict(args.options))
    except EvolutioError as error:
        parser.error(str(error))
    decisions, cpu, digest = play(game, 0, args.games)
    print(f"{decisions / cpu:.0f} {decisions} {digest}")


def play(game: Game, first: int, games: int) -> tuple[int, float, str]:
    """Games ``first`` .. ``first + games - 1`` of the seeded random driver: the decisions played, the CPU seconds of
    the playouts and a digest of every game's final scores."""
    decisions = 0
    digest = hashlib.sha256()
    cpu = 0.0
    for number in range(first, first + games):
        chooser = random.Random(number)
        state = game.new_state(FIRST_SEED + number)
        state.log_events = False
        start = time.process_time()
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply_trusted(legal[chooser.randrange(len(legal))])
            decisions += 1
        cpu += time.process_time() - start
        digest.update(repr(state.scores()).encode())
    return decisions, cpu, digest.hexdigest()[:12]


if __name__ == "__main__":
    main(sys.argv[1:])
