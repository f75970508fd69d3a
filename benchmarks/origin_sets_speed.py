"""Random-playout speed of ``origin`` with a given option mix, in decisions per second of this process's CPU time.

Plays the same ``--games`` games (fixed seeds, random bots, events off) and prints one JSON line, so two source
trees can be compared on a loaded machine by alternating runs and comparing medians, e.g.::

    for i in 1 2 3 4 5; do
      PYTHONPATH=/tmp/old/src python benchmarks/origin_sets_speed.py --games 40
      PYTHONPATH=src          python benchmarks/origin_sets_speed.py --games 40
      PYTHONPATH=src          python benchmarks/origin_sets_speed.py --games 40 -o sets=gift
    done
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from evolutio.bots import RandomBot
from evolutio.kernel import EvolutioError, load_game
from evolutio.kernel.options import parse_option_pairs

#: seeds of the games played: 0 .. games - 1, each bot seeded with the game's seed plus this offset
BOT_SEED_OFFSET = 1000
EXAMPLE = "example: PYTHONPATH=src python benchmarks/origin_sets_speed.py --games 40 -o sets=gift"


def measure(options: dict[str, str], games: int) -> dict[str, float]:
    """The games' decisions and the legal actions listed at them (a bigger table lists more per decision), with both
    per CPU-second: a ruleset whose decisions offer more choices does more work per decision for that reason alone."""
    game = load_game("origin", **options)
    decisions = listed = 0
    cpu0 = time.process_time()
    for seed in range(games):
        state = game.new_state(seed)
        state.log_events = False
        bot = RandomBot(seed + BOT_SEED_OFFSET)
        while not state.is_terminal:
            listed += len(state.legal_actions())   # (computed once: the bot's call reads the same list)
            state.apply_trusted(bot.choose(state))
            decisions += 1
    cpu = time.process_time() - cpu0
    return {"decisions": decisions, "legal_actions": listed, "cpu_s": cpu,
            "decisions_per_cpu_s": decisions / cpu if cpu else 0.0,
            "legal_actions_per_decision": listed / decisions if decisions else 0.0,
            "legal_actions_per_cpu_s": listed / cpu if cpu else 0.0}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="origin_sets_speed.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games played (default 40)")
    parser.add_argument("-o", dest="options", action="append", default=[], metavar="KEY=VALUE",
                        help="an option of origin (repeatable)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    try:
        options = parse_option_pairs(args.options)
        load_game("origin", **options)
    except EvolutioError as error:
        parser.error(str(error))
    print(json.dumps({"options": options, **measure(options, args.games)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
