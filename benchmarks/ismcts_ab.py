"""Paired ISMCTS search speed of two source trees, and proof that both search alike.

One warm worker process per tree (its ``PYTHONPATH`` at that tree's ``src``) runs the same fixed searches in turn
(the base tree then this checkout, then the other way round): a level's searches at decisions along seeded random
4-player games of each ruleset (every ``STRIDE``-th decision with a choice), each by a bot of its own seed. A worker
times only the searches (its CPU time) and answers with the iterations and a digest of every search's choice, its
iteration count and the next number its random stream would draw: the same digest in both trees means the same
choices from the same random draws in the same order, else this stops.

Prints, per ruleset, both trees' iterations per CPU-second over all chunks and the median of the per-chunk ratios
(this checkout over the base). A base tree of another revision: ``git archive REV | tar -x -C DIR``.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from pathlib import Path

from paired_worker import PairedWorker, add_pairing_options, check_pairing_options

from evolutio.bots.ismcts import LEVELS, IsmctsBot
from evolutio.bots.random_bot import RandomBot
from evolutio.kernel import State, list_games, load_game
from evolutio.kernel.rng import derive_seed

EXAMPLE = "example: PYTHONPATH=src python benchmarks/ismcts_ab.py /tmp/base/src --games origin evo --chunk 4"
THIS_SRC = Path(__file__).resolve().parent.parent / "src"
PLAYERS = 4
SEED = 12345
#: decisions skipped between two searched positions along a random game
STRIDE = 9
#: the digest's draw from a bot's stream after its search (the stream's position, not just its choice)
DRAW_RANGE = 1 << 30


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="ismcts_ab.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", metavar="BASE_SRC", help="the base tree's src directory (with --worker: unused)")
    parser.add_argument("--games", nargs="+", default=None, help="rulesets (default: every ruleset)")
    parser.add_argument("--level", default="medium", choices=sorted(LEVELS), help="the level (default medium)")
    add_pairing_options(parser, "searches", chunk=3, rounds=4, pairs=2)
    args = parser.parse_args(argv)
    check_pairing_options(parser, args)
    known = list_games()
    args.games = args.games or known
    unknown = [game for game in args.games if game not in known]
    if unknown:
        parser.error(f"unknown rulesets {', '.join(unknown)}; known: {', '.join(known)}")
    if not args.worker and not Path(args.base, "evolutio").is_dir():
        parser.error(f"BASE_SRC must be a tree's src directory (holding evolutio/), got {args.base!r}")
    return args


class Positions:
    """The searched positions of one ruleset, in a fixed order, made as far as asked."""

    def __init__(self, game_name: str) -> None:
        self.game = load_game(game_name, players=PLAYERS)
        self.found: list[State] = []
        self.games = 0

    def get(self, index: int) -> State:
        while len(self.found) <= index:
            state = self.game.new_state(derive_seed(SEED, self.games))
            state.log_events = False
            walker = RandomBot(seed=derive_seed(SEED, self.games, 1))
            self.games += 1
            step = 0
            while not state.is_terminal:
                if step % STRIDE == 0 and len(state.legal_actions()) > 1:
                    self.found.append(state.clone())
                state.apply_trusted(walker.choose(state))
                step += 1
        return self.found[index]


def serve(level_name: str) -> None:
    """The worker: for each line ``GAME FIRST COUNT`` on stdin, run those searches and answer
    ``CPU ITERATIONS DIGEST``."""
    level = LEVELS[level_name]
    positions: dict[str, Positions] = {}
    for line in sys.stdin:
        game_name, first, count = line.split()
        found = positions.setdefault(game_name, Positions(game_name))
        digest = hashlib.sha256()
        cpu = 0.0
        iterations = 0
        for index in range(int(first), int(first) + int(count)):
            state = found.get(index)
            bot = IsmctsBot(seed=derive_seed(SEED, index), level=level)
            started = time.process_time()
            choice = bot.choose(state)
            cpu += time.process_time() - started
            iterations += bot.last_iterations
            digest.update(f"{choice} {bot.last_iterations} {bot.rng.randbelow(DRAW_RANGE)};".encode())
        print(cpu, iterations, digest.hexdigest()[:16], flush=True)


def main(argv: list[str]) -> None:
    args = parse_arguments(argv)
    if args.worker:
        serve(args.level)
        return
    ratios: dict[str, list[float]] = {game: [] for game in args.games}
    cpu = {game: [0.0, 0.0] for game in args.games}
    iterations = dict.fromkeys(args.games, 0)
    for pair in range(args.pairs):
        worker_argv = ["unused", "--worker", "--level", args.level]
        base = PairedWorker(args.base, __file__, worker_argv)
        this = PairedWorker(str(THIS_SRC), __file__, worker_argv)
        for game_name in args.games:
            for round_number in range(args.rounds):
                first = (pair * args.rounds + round_number) * args.chunk
                request = f"{game_name} {first} {args.chunk}"
                if round_number % 2 == 0:
                    before, after = base.ask(request), this.ask(request)
                else:
                    after, before = this.ask(request), base.ask(request)
                if before[1:] != after[1:]:
                    raise SystemExit(f"ismcts_ab.py: {game_name} searches {first}.. differ: base {before[1:]}, "
                                     f"this {after[1:]}")
                ratios[game_name].append(before[0] / after[0])
                cpu[game_name][0] += before[0]
                cpu[game_name][1] += after[0]
                iterations[game_name] += before[1]
        base.close()
        this.close()
    print(f"| ruleset | searches | base iterations per CPU-second | this | this / base (median of {args.pairs} x "
          f"{args.rounds} chunks) |")
    print("|---|---:|---:|---:|---:|")
    for game_name in args.games:
        base_cpu, this_cpu = cpu[game_name]
        print(f"| {game_name} | {args.pairs * args.rounds * args.chunk} | {iterations[game_name] / base_cpu:,.0f} | "
              f"{iterations[game_name] / this_cpu:,.0f} | {statistics.median(ratios[game_name]):.3f} |")


if __name__ == "__main__":
    main(sys.argv[1:])
