"""Two results files of the same tournament's games set side by side: the searching seat's wins, margins and the games
that flip between them.

PILOT and BASE are JSONL files of games against three heuristic bots — ``evolutio tournament`` output or
``ismcts_pilot.py --out`` output — whose rows of the same index are the same deal, seats and opponents' seeds (the
same game but for the searching seat's level). Only the indices in both files count. Prints, for each file, the
searching seat's wins (shared wins split), mean margin over the best other seat, games with 0-1 points and games lost
by 10 points or more; then the games each wins that the other does not, with a two-sided sign test on those flips.
"""

from __future__ import annotations

import argparse
from typing import Any

from pilot_games import OPPONENT, read_results, searcher_result, searching_seat, sign_test

#: a game lost by this many points or more is a heavy loss
HEAVY_LOSS = 10
#: a final score at or below this is a wiped-out seat
WIPED_OUT = 1
EXAMPLE = """example: .venv/bin/python benchmarks/paired_compare.py \\
             benchmarks/results/origin-ismcts-hr3w25-vs-heuristic.jsonl \\
             benchmarks/results/origin-ismcts-medium-vs-heuristic.jsonl"""


def read_rows(path: str) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """The tournament a results file names (its header's ``tournament``) and its game rows by index; argparse's type
    for PILOT and BASE."""
    try:
        header, rows = read_results(path)
    except FileNotFoundError as error:
        raise argparse.ArgumentTypeError(f"cannot read {path}: {error.strerror}") from None
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    tournament = header.get("tournament") if isinstance(header, dict) else None
    if not isinstance(tournament, dict):
        raise argparse.ArgumentTypeError(f"{path}: line 1 names no tournament; not a results file")
    return tournament, rows


def main() -> None:
    parser = argparse.ArgumentParser(prog="paired_compare.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pilot", metavar="PILOT.jsonl", type=read_rows, help="the variant's results")
    parser.add_argument("base", metavar="BASE.jsonl", type=read_rows, help="the baseline's results")
    args = parser.parse_args()
    (pilot_tournament, args.pilot), (base_tournament, args.base) = args.pilot, args.base
    for key in ("game", "seed"):
        if pilot_tournament.get(key) != base_tournament.get(key):
            parser.error(f"PILOT and BASE are tournaments of another {key} ({pilot_tournament.get(key)!r} and "
                         f"{base_tournament.get(key)!r}): not the same games")
    for label, tournament in (("PILOT", pilot_tournament), ("BASE", base_tournament)):
        bots = tournament.get("bots", [])
        if bots[1:] != [OPPONENT] * (len(bots) - 1) or bots[:1] == [OPPONENT]:
            parser.error(f"{label} is a tournament of {', '.join(bots)}, not of one bot against {OPPONENT} bots")
    common = sorted(set(args.pilot) & set(args.base))
    if not common:
        parser.error("PILOT and BASE have no game index in common")
    for index in common:
        pilot, base = args.pilot[index], args.base[index]
        if pilot["seed"] != base["seed"] or searching_seat(pilot) != searching_seat(base):
            parser.error(f"game {index} is another deal or seat in PILOT and BASE: not the same tournament")
    print(f"{len(common)} games in both (indices {common[0]}-{common[-1]})\n")
    print("| file | wins | win share | mean margin | 0-1 points | lost by 10+ |")
    print("|---|---:|---:|---:|---:|---:|")
    results = {}
    for label, rows in (("PILOT", args.pilot), ("BASE", args.base)):
        games = [searcher_result(rows[index]) for index in common]
        results[label] = games
        wins = sum(win for win, _, _ in games)
        print(f"| {label} | {wins:g} | {wins / len(games):.1%} | {sum(m for _, m, _ in games) / len(games):+.2f} | "
              f"{sum(score <= WIPED_OUT for _, _, score in games)} | "
              f"{sum(margin <= -HEAVY_LOSS for _, margin, _ in games)} |")
    pilot_only = sum(p[0] > 0 and b[0] == 0 for p, b in zip(results["PILOT"], results["BASE"]))
    base_only = sum(b[0] > 0 and p[0] == 0 for p, b in zip(results["PILOT"], results["BASE"]))
    better = sum(p[1] > b[1] for p, b in zip(results["PILOT"], results["BASE"]))
    worse = sum(p[1] < b[1] for p, b in zip(results["PILOT"], results["BASE"]))
    print(f"\nflips: won by PILOT only {pilot_only}, by BASE only {base_only} (sign test p = "
          f"{sign_test(pilot_only, base_only):.3f}); margin better in {better} games, worse in {worse}")


if __name__ == "__main__":
    main()
