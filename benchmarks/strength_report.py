"""Markdown tables (and plots) for docs/bots.md from the JSONL files benchmarks/strength.sh writes.

Only the longest prefix of games 0..K-1 with K a multiple of the players is summarized, so that seats stay balanced
even when a run was stopped part-way. With PLOTS_DIR, each results file's plots are written to PLOTS_DIR/<file's stem>.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

from pilot_games import read_results

from evolutio.sim.tournament import TournamentSpec, run_tournament, summarize_tournament

RESULTS = Path(__file__).parent / "results"
EXAMPLE = "example: PYTHONPATH=src .venv/bin/python benchmarks/strength_report.py /tmp/strength-plots"


def balanced_prefix(indices: Iterable[int], players: int) -> int:
    """The most games 0..K-1 all in ``indices`` with K a multiple of ``players``."""
    present = set(indices)
    count = 0
    while count in present:
        count += 1
    return count // players * players


def main() -> None:
    parser = argparse.ArgumentParser(prog="strength_report.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("plots", metavar="PLOTS_DIR", type=Path, nargs="?", default=None,
                        help="write plots there too (default: the tables only)")
    plots = parser.parse_args().plots
    if plots is not None and plots.exists() and not plots.is_dir():
        parser.error(f"PLOTS_DIR {plots} exists and is not a directory")
    if plots is not None:
        from evolutio.sim.plots import write_plots  # matplotlib: only when plots are asked for
    for path in sorted(RESULTS.glob("*.jsonl")):
        first_line, rows = read_results(str(path))
        header = first_line["tournament"]
        players = len(header["bots"])
        games = balanced_prefix(rows, players)
        if games == 0:
            print(f"{path.name}: no complete rotation yet\n")
            continue
        spec = TournamentSpec(header["game"], tuple(header["bots"]), games, header["seed"], header["options"])
        results = run_tournament(spec, workers=1, out=path)
        summary = summarize_tournament(spec, results)
        variant = f" (the pilot variant {first_line['variant']} in the ISMCTS seat)" if "variant" in first_line else ""
        print(f"**{spec.game}**, bots by seat {', '.join(spec.bots)}{variant}, seed {spec.seed}: {games} games "
              f"({path.name})\n")
        print("| bot | seat-games | win share | 95% interval | mean score | openskill μ ± σ |")
        print("|---|---:|---:|---:|---:|---:|")
        for name, row in summary["bots"].items():
            low, high = row["win_share_ci"]
            print(f"| {name} | {row['games']} | {row['win_share']:.1%} | {low:.1%} – {high:.1%} | "
                  f"{row['mean_score']:.2f} | {row['openskill']['mu']:.1f} ± {row['openskill']['sigma']:.1f} |")
        seats = ", ".join(f"seat {seat['seat']} {seat['advantage']:+.1%}" for seat in summary["seats"])
        print(f"\nSeat advantage (win share minus 1/{players}): {seats}. Mean length "
              f"{summary['length']['mean_decisions']:.0f} decisions, {summary['length']['mean_rounds']:.2f} rounds.\n")
        if plots is not None:
            write_plots(summary, results, plots / path.stem)


if __name__ == "__main__":
    main()
