"""Where a bot's animals die in origin games of a tournament: replays games of a results file and counts each
seat's animals eaten, starved and poisoned (and, with Continents, killed by Neoplasia), by round.

RESULTS is a JSONL file of ``evolutio tournament origin ...`` (its header names the bots, seed and options); each game
in INDICES is played again with the tournament's deal, seats and bot seeds and its events, and checked against the
file's scores (a replay that differs is reported, as the code then no longer plays that game). Prints one block per
game (the round of every loss), then per game on average: animals eaten and starved for BOT's seat and for a seat of
any other bot, in every round and in rounds 1-2.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from pilot_games import read_results

from evolutio.kernel import State
from evolutio.sim.tournament import HEADER_KEY, TournamentSpec, play_tournament_state

GAME = "origin"
#: rounds counted as the opening in the summary
OPENING_ROUNDS = 2
EXAMPLE = ("example: PYTHONPATH=src .venv/bin/python benchmarks/origin_losses.py "
           "benchmarks/results/origin-ismcts-medium-vs-heuristic.jsonl 0,6,55")


def losses(state: State) -> list[Counter[tuple[int, str]]]:
    """Per seat, the animals lost as (round, cause) counts; a round starts with its food roll."""
    lost: list[Counter[tuple[int, str]]] = [Counter() for _ in range(state.num_players)]
    round_number = 0
    for event in state.events:
        if event.kind == "food_base":
            round_number += 1
        elif event.kind == "death":
            lost[event.data["owner"]][(round_number, event.data["cause"])] += 1   # starved, poisoned, neoplasia
        elif event.kind == "eaten" and event.to is not None:   # the owner alone sees the discarded card
            lost[event.to[0]][(round_number, "eaten")] += 1
    return lost


def read_tournament(path: Path) -> tuple[TournamentSpec, dict[int, dict[str, Any]]]:
    first_line, games = read_results(str(path))
    header = first_line[HEADER_KEY]
    spec = TournamentSpec(header["game"], tuple(header["bots"]), max(games, default=0) + 1, header["seed"],
                          header["options"])
    return spec, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=EXAMPLE)
    parser.add_argument("results", metavar="RESULTS", type=Path, help="an origin tournament's JSONL results file")
    parser.add_argument("indices", metavar="INDICES", help="the games to replay, e.g. 0,6,55")
    parser.add_argument("--bot", default="ismcts:medium",
                        help="the bot whose seat is summarized (default: %(default)s)")
    args = parser.parse_args()
    try:
        indices = [int(part) for part in args.indices.split(",")]
    except ValueError:
        parser.error(f"INDICES must be game numbers separated by commas, got {args.indices!r}")
    try:
        spec, games = read_tournament(args.results)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        parser.error(f"cannot read {args.results} as a tournament's results file: {exc}")
    if spec.game != GAME:
        parser.error(f"{args.results} is a tournament of {spec.game!r}; this report reads {GAME!r} games only")
    if args.bot not in spec.bots:
        parser.error(f"--bot {args.bot!r} does not play in {args.results} (its bots: {', '.join(spec.bots)})")
    missing = [index for index in indices if index not in games]
    if missing:
        parser.error(f"games {', '.join(map(str, missing))} are not in {args.results}")
    totals: Counter[tuple[str, str, bool]] = Counter()
    seat_games: Counter[str] = Counter()
    for index in indices:
        seats = spec.seats(index)
        state = play_tournament_state(spec, index, log_events=True)
        same = list(state.scores()) == games[index]["scores"]
        print(f"game {index}: scores {list(state.scores())}" + ("" if same else
              f" (the file has {games[index]['scores']}: not the same game)"))
        for seat, lost in enumerate(losses(state)):
            who = "bot" if seats[seat] == args.bot else "other"
            seat_games[who] += 1
            rounds = ", ".join(f"r{number} {cause} {count}" for (number, cause), count in sorted(lost.items()))
            print(f"  seat {seat + 1} {seats[seat]:<16} {rounds or 'no losses'}")
            for (number, cause), count in lost.items():
                totals[(who, cause, number <= OPENING_ROUNDS)] += count
        sys.stdout.flush()
    for who, name in (("bot", args.bot), ("other", "a seat of another bot")):
        if not seat_games[who]:
            continue
        per_game = {cause: (totals[(who, cause, True)] + totals[(who, cause, False)]) / seat_games[who]
                    for cause in ("eaten", "starved", "poisoned", "neoplasia")}
        opening = totals[(who, "eaten", True)] / seat_games[who]
        print(f"{name}: per seat and game {per_game['eaten']:.1f} eaten ({opening:.1f} in rounds 1-{OPENING_ROUNDS}), "
              f"{per_game['starved']:.1f} starved, {per_game['poisoned']:.1f} poisoned"
              + (f", {per_game['neoplasia']:.1f} killed by Neoplasia" if per_game["neoplasia"] else ""))


if __name__ == "__main__":
    main()
