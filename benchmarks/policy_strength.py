"""A ruleset's rollout policy as one seat against uniform players, and what the policy costs a decision.

Plays DEALS deals of four players, each once with the policy in every seat (the rotation of ``evolutio tournament``:
deal seed ``FIRST_DEAL + deal``) against three uniform seats (``evolutio.bots.rollout.uniform``), and prints the
policy's win share (shared wins split), its mean score against the uniform seats', and the CPU microseconds of its
decisions (``time.process_time`` around each call, with more than one legal action or not). ``--file`` plays a policy
read from a Python file instead (its ``choose``), e.g. an older version taken out of git; ``--policy`` another of the
ruleset's policy plug-ins.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import time
from typing import Callable

from evolutio.bots.rollout import DEFAULT_POLICY, rollout_policy_for, uniform
from evolutio.kernel import Action, Rng, State, list_games, load_game

PLAYERS = 4
FIRST_DEAL = 1000
EXAMPLE = """example: PYTHONPATH=src .venv/bin/python benchmarks/policy_strength.py origin 200
         PYTHONPATH=src .venv/bin/python benchmarks/policy_strength.py origin 200 --policy rollout_imitating
         git show 9881420:src/evolutio/games/origin/rollout.py > /tmp/old.py  # (a module without relative imports)
         PYTHONPATH=src .venv/bin/python benchmarks/policy_strength.py origin 200 --file /tmp/old.py"""

Policy = Callable[[State, list[Action], Rng], Action]


def _from_file(path: str) -> Policy:
    spec = importlib.util.spec_from_file_location("policy_under_test", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    policy: Policy = module.choose
    return policy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", metavar="GAME", help="the ruleset")
    parser.add_argument("deals", metavar="DEALS", type=int, help="deals, each played once per seat")
    parser.add_argument("--policy", default=DEFAULT_POLICY, help="the policy's plug-in kind (default: %(default)s)")
    parser.add_argument("--file", help="a Python file whose choose(state, legal, rng) is the policy (instead)")
    args = parser.parse_args()
    if args.game not in list_games():
        parser.error(f"unknown game {args.game!r}; registered games: {', '.join(list_games())}")
    if args.deals < 1:
        parser.error(f"DEALS must be at least 1, got {args.deals}")
    if args.file and not os.path.isfile(args.file):
        parser.error(f"--file {args.file}: no such file")
    policy = _from_file(args.file) if args.file else rollout_policy_for(args.game, args.policy)
    game = load_game(args.game, players=PLAYERS)
    wins = score = others = 0.0
    seconds = [0.0, 0.0]   # (decisions with one legal action, with more)
    decisions = [0, 0]
    for deal in range(args.deals):
        for seat in range(PLAYERS):
            state = game.new_state(FIRST_DEAL + deal)
            rngs = [Rng(deal * PLAYERS + other, stream=3) for other in range(PLAYERS)]
            while not state.is_terminal:
                legal = state.legal_actions()
                player = state.current_player
                assert player is not None
                if player == seat:
                    started = time.process_time()
                    action = policy(state, legal, rngs[player])
                    wide = len(legal) > 1
                    seconds[wide] += time.process_time() - started
                    decisions[wide] += 1
                else:
                    action = uniform(state, legal, rngs[player])
                state.apply(action)
            scores = state.scores()
            winners = state.winners()
            wins += 1 / len(winners) if seat in winners else 0.0
            score += scores[seat]
            others += (sum(scores) - scores[seat]) / (PLAYERS - 1)
    games = args.deals * PLAYERS
    print(f"{args.game}, {args.file or 'plug-in ' + repr(args.policy)}: {games} games, win share {wins / games:.3f}, "
          f"mean score {score / games:.2f} (uniform seats {others / games:.2f}), "
          f"{sum(decisions)} decisions, {1e6 * sum(seconds) / sum(decisions):.1f} µs a decision; "
          f"{decisions[1]} with more than one legal action, {1e6 * seconds[1] / max(1, decisions[1]):.1f} µs each")


if __name__ == "__main__":
    main()
