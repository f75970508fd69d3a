"""How good the northstar estimate is as ISMCTS's evaluation at the cut, on games of four heuristic bots.

Two tables (docs/bots-pilots.md, "Northstar: why the search plays worse than its own heuristic"):

- the log-loss of the win chance ISMCTS gives a cut position (the softmax of the estimated final scores,
  :func:`evolutio.bots.ismcts.win_chances`) against the game's real winners, by rounds left to play and softmax
  temperature, at every decision with a choice (the deciding seat's view; a uniform guess scores ln 4 = 1.386);
- in play turns: the mean change of the acting seat's value (:func:`evolutio.bots.heuristic.seat_value` of the
  estimate) made by the heuristic bot's choice, by the ruleset's rollout policy's choice (``SAMPLES`` draws a
  decision) and by every legal action, by kind (a Carnivore trait apart).

Games are dealt from seeds ``FIRST`` .. ``FIRST+GAMES-1``; a game of four heuristic bots takes about 5 CPU-seconds.
"""

from __future__ import annotations

import argparse
import math
from collections import Counter, defaultdict

from evolutio.bots.heuristic import HeuristicBot, estimator_for, seat_value
from evolutio.bots.ismcts import win_chances
from evolutio.bots.rollout import rollout_policy_for
from evolutio.games.northstar.cards import CARNIVORE
from evolutio.kernel import Action, Rng, State
from evolutio.sim.runner import load_game

GAME = "northstar"
PLAYERS = 4
TEMPERATURES = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 12.0)
#: the rollout policy's choices drawn at each play-turn decision
SAMPLES = 20


def _parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="example: PYTHONPATH=src .venv/bin/python "
                                            "benchmarks/northstar_estimate_check.py 16 3000")
    parser.add_argument("games", metavar="GAMES", type=int, help="games of four heuristic bots played")
    parser.add_argument("first", metavar="FIRST", type=int, nargs="?", default=3000, help="the first game's seed")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("GAMES must be at least 1")
    return args


def _value_after(state: State, action: Action, seat: int) -> float:
    child = state.clone()
    child.log_events = False
    child.apply_trusted(action)
    return seat_value(estimator_for(GAME).estimate(child, seat), seat)


def _kind(state: State, action: Action) -> str:
    if action.kind == "trait" and state.cfg.ctrait[action.args[0]] == CARNIVORE:  # type: ignore[attr-defined]
        return "trait (Carnivore)"
    return action.kind


def main() -> None:
    args = _parse_arguments()
    game = load_game(GAME, players=PLAYERS)
    estimator = estimator_for(GAME)
    policy = rollout_policy_for(GAME)
    rng = Rng(args.first, stream=9)
    losses: dict[int, list[float]] = defaultdict(lambda: [0.0] * len(TEMPERATURES))
    decisions: Counter[int] = Counter()
    changes: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for index in range(args.games):
        state = game.new_state(args.first + index)
        bots = [HeuristicBot(seed=PLAYERS * index + seat) for seat in range(PLAYERS)]
        snapshots: list[tuple[int, list[float]]] = []
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if len(legal) > 1:
                snapshots.append((state.view(seat)["round"], estimator.estimate(state, seat)))
            choice = bots[seat].choose(state)
            if len(legal) > 2 and any(action.kind == "end_turn" for action in legal):
                base = seat_value(estimator.estimate(state, seat), seat)
                for label, actions in (("the heuristic bot's choice", [choice]),
                                       ("the rollout policy's choice", [policy(state, legal, rng)
                                                                        for _ in range(SAMPLES)])):
                    for action in actions:
                        changes[label][0] += 1
                        changes[label][1] += _value_after(state, action, seat) - base
                for action in legal:
                    kind = _kind(state, action)
                    changes[kind][0] += 1
                    changes[kind][1] += _value_after(state, action, seat) - base
            state.apply(choice)
        winners = state.winners()
        last_round = max(round_number for round_number, _ in snapshots)
        for round_number, estimates in snapshots:
            left = last_round - round_number
            decisions[left] += 1
            for column, temperature in enumerate(TEMPERATURES):
                chances = win_chances(estimates, temperature)
                losses[left][column] -= math.log(max(1e-9, sum(chances[winner] for winner in winners)))
    print(f"{GAME}, {args.games} games of {PLAYERS} heuristic bots from seed {args.first}: log-loss of the win chance "
          f"at the cut (uniform: {math.log(PLAYERS):.3f})")
    print("| rounds left | decisions | " + " | ".join(f"T = {t:g}" for t in TEMPERATURES) + " |")
    print("|---:|---:|" + "---:|" * len(TEMPERATURES))
    for left in sorted(decisions):
        print(f"| {left} | {decisions[left]} | "
              + " | ".join(f"{loss / decisions[left]:.3f}" for loss in losses[left]) + " |")
    print()
    print("| play-turn action | decisions × actions | mean change of the seat's value |")
    print("|---|---:|---:|")
    for label, (count, total) in sorted(changes.items()):
        print(f"| {label} | {count} | {total / count:+.2f} |")


if __name__ == "__main__":
    main()
