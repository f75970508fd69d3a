"""Decisions per CPU-second of one ruleset under a seeded random driver: the A/B half of ``benchmarks/ab.sh``.

The driver is ``evolutio bench``'s loop (``legal_actions()`` then ``apply_trusted``, events off) with a fixed
``random.Random(g)`` per game, so two source trees given the same arguments play the same games when their rules
agree. Only the playouts are timed (``time.process_time``: other processes' load counts less than in wall time).
Prints: decisions per CPU-second, decisions played, and a digest of every game's final scores (equal digests mean
the two trees played the same games).

usage: PYTHONPATH=<tree>/src python benchmarks/ab_bench.py GAME GAMES PLAYERS [option=value ...]"""

from __future__ import annotations

import hashlib
import random
import sys
import time

from evolutio.kernel import load_game

#: the seed of game ``g`` is ``FIRST_SEED + g``
FIRST_SEED = 1000


def main(argv: list[str]) -> None:
    if len(argv) < 3 or any("=" not in arg for arg in argv[3:]):
        raise SystemExit(__doc__)
    name, games, players = argv[0], int(argv[1]), int(argv[2])
    options = dict(arg.split("=", 1) for arg in argv[3:])
    game = load_game(name, players=players, **options)
    decisions = 0
    digest = hashlib.sha256()
    cpu = 0.0
    for number in range(games):
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
    print(f"{decisions / cpu:.0f} {decisions} {digest.hexdigest()[:12]}")


if __name__ == "__main__":
    main(sys.argv[1:])
