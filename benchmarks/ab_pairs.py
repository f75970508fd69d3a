"""Paired speed of two source trees of the engine, finer than ``benchmarks/ab.sh``.

One warm worker process per tree (its ``PYTHONPATH`` at that tree's ``src``) plays the same chunk of games with
``ab_bench.py``'s seeded random driver, in turn: the base tree then this checkout, then the other way round, ROUNDS
chunks per pair of processes, over PAIRS fresh pairs. A single pair of processes can run 2-4% off either way (heap
layout, hash seed), which fresh pairs average out: the same tree against itself gives 1.00 +- 0.01 over 8 pairs.
Every chunk must give the same decisions and digest in both trees (the same games), else this stops.

Prints the median of the per-chunk ratios (this checkout's decisions per CPU-second over the base tree's), each pair's
median, and both trees' decisions per CPU-second. A base tree of another revision: ``git worktree add --detach DIR REV``
or ``git archive REV | tar -x -C DIR``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from ab_bench import option_pair, play
from paired_worker import PairedWorker, add_pairing_options, check_pairing_options

from evolutio.kernel import EvolutioError, load_game

EXAMPLE = ("example: PYTHONPATH=src python benchmarks/ab_pairs.py /tmp/evolutio-ab-d208551/src origin 4\n"
           "         PYTHONPATH=src python benchmarks/ab_pairs.py /tmp/base/src origin 4 --chunk 20 sets=gift")
THIS_SRC = Path(__file__).resolve().parent.parent / "src"


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="ab_pairs.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", metavar="BASE_SRC", help="the base tree's src directory (or, with --worker, unused)")
    parser.add_argument("game", metavar="GAME", help="the ruleset")
    parser.add_argument("players", metavar="PLAYERS", type=int, help="players per game")
    parser.add_argument("options", metavar="option=value", nargs="*", type=option_pair, help="ruleset options")
    add_pairing_options(parser, "games", chunk=50, rounds=6, pairs=8)
    args = parser.parse_args(argv)
    check_pairing_options(parser, args)
    if not args.worker and not Path(args.base, "evolutio").is_dir():
        parser.error(f"BASE_SRC must be a tree's src directory (holding evolutio/), got {args.base!r}")
    if not args.worker:
        try:
            load_game(args.game, players=args.players, **dict(args.options))
        except EvolutioError as error:
            parser.error(str(error))
    return args


def serve(args: argparse.Namespace) -> None:
    """The worker: for each line ``FIRST COUNT`` on stdin, play those games and answer ``CPU DECISIONS DIGEST``."""
    game = load_game(args.game, players=args.players, **dict(args.options))
    for line in sys.stdin:
        first, count = map(int, line.split())
        decisions, cpu, digest = play(game, first, count)
        print(cpu, decisions, digest, flush=True)


#: the chunks cycle through this many fixed ranges of games
CHUNK_RANGES = 8


def main(argv: list[str]) -> None:
    args = parse_arguments(argv)
    if args.worker:
        serve(args)
        return
    worker_argv = [args.base, args.game, str(args.players), *(f"{key}={value}" for key, value in args.options)]
    ratios: list[float] = []
    pair_medians: list[float] = []
    base_cpu = this_cpu = 0.0
    decisions = 0
    for pair in range(args.pairs):
        base = PairedWorker(args.base, __file__, ["--worker", *worker_argv])
        this = PairedWorker(str(THIS_SRC), __file__, ["--worker", *worker_argv])
        base.ask(f"0 {args.chunk}")   # (warm-up)
        this.ask(f"0 {args.chunk}")
        mine: list[float] = []
        for round_number in range(args.rounds):
            first = (pair * args.rounds + round_number) % CHUNK_RANGES * args.chunk
            if round_number % 2 == 0:
                before, after = base.ask(f"{first} {args.chunk}"), this.ask(f"{first} {args.chunk}")
            else:
                after, before = this.ask(f"{first} {args.chunk}"), base.ask(f"{first} {args.chunk}")
            if before[1:] != after[1:]:
                raise SystemExit(f"ab_pairs.py: games {first}.. differ: base {before[1:]}, this {after[1:]}")
            mine.append(before[0] / after[0])
            base_cpu += before[0]
            this_cpu += after[0]
            decisions += before[1]
        base.close()
        this.close()
        ratios += mine
        pair_medians.append(statistics.median(mine))
    print(f"this / base: median {statistics.median(ratios):.3f} ({len(ratios)} chunks); per pair "
          f"{' '.join(f'{m:.3f}' for m in pair_medians)}; base {decisions / base_cpu:.0f}, this "
          f"{decisions / this_cpu:.0f} decisions per CPU-second")


if __name__ == "__main__":
    main(sys.argv[1:])
