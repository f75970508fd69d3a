"""How often a ruleset's rollout policy picks what the heuristic bot picks: the policy is the ISMCTS search's model
of the other seats (``Level.opponents`` "policy"), and its opponents in the strength tests are heuristic bots.

Plays GAMES games of four heuristic bots (deal seeds 100, 101, ...). At every decision with more than one legal
action it draws the policy's pick DRAWS times on the real position and counts the share that equals the heuristic
bot's choice there. Prints the overall agreement, then per kind of decision (the sorted kinds of the legal actions)
its count, the agreement and what the heuristic chose, the most frequent decisions first.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict

from evolutio.bots.heuristic import HeuristicBot
from evolutio.bots.rollout import DEFAULT_POLICY, rollout_policy_for
from evolutio.kernel import Rng, actions_by_kind, list_games, load_game

PLAYERS = 4
FIRST_DEAL = 100
#: decision kinds listed in the table
SHOWN_KINDS = 20
EXAMPLE = "example: PYTHONPATH=src .venv/bin/python benchmarks/policy_agreement.py origin 8"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=EXAMPLE)
    parser.add_argument("game", metavar="GAME", help="the ruleset")
    parser.add_argument("games", metavar="GAMES", type=int, help="games of four heuristic bots")
    parser.add_argument("--policy", default=DEFAULT_POLICY, help="the policy's plug-in kind (default: %(default)s)")
    parser.add_argument("--draws", type=int, default=20, help="policy picks drawn per decision (default: 20)")
    args = parser.parse_args()
    if args.game not in list_games():
        parser.error(f"unknown game {args.game!r}; registered games: {', '.join(list_games())}")
    if args.games < 1 or args.draws < 1:
        parser.error(f"GAMES and --draws must be at least 1, got {args.games} and {args.draws}")
    policy = rollout_policy_for(args.game, args.policy)
    game = load_game(args.game, players=PLAYERS)
    rng = Rng(5, stream=1)
    counts: Counter[str] = Counter()
    agreed: defaultdict[str, float] = defaultdict(float)
    chosen: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for number in range(args.games):
        state = game.new_state(FIRST_DEAL + number)
        bots = [HeuristicBot(seed=number * PLAYERS + seat) for seat in range(PLAYERS)]
        while not state.is_terminal:
            legal = state.legal_actions()
            seat = state.current_player
            assert seat is not None
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            action = bots[seat].choose(state)
            kind = "+".join(sorted(actions_by_kind(legal)))
            counts[kind] += 1
            agreed[kind] += sum(policy(state, legal, rng) == action for _ in range(args.draws)) / args.draws
            chosen[kind][action.kind] += 1
            state.apply(action)
    total = sum(counts.values())
    print(f"{args.game}, policy {args.policy!r}: {total} decisions in {args.games} games, "
          f"agreement with the heuristic {sum(agreed.values()) / total:.3f}")
    print("decisions  agreement  legal kinds  (the heuristic chose)")
    for kind, count in counts.most_common(SHOWN_KINDS):
        picks = ", ".join(f"{name} {times}" for name, times in chosen[kind].most_common())
        print(f"{count:9d}  {agreed[kind] / count:9.2f}  {kind}  ({picks})")


if __name__ == "__main__":
    main()
