"""Markdown tables (and plots) for docs/bots.md from the JSONL files benchmarks/strength.sh writes.

Only the longest prefix of games 0..K-1 with K a multiple of the players is summarized, so that seats stay balanced
even when a run was stopped part-way. Usage: .venv/bin/python benchmarks/strength_report.py [PLOTS_DIR]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from evolutio.sim.plots import write_plots
from evolutio.sim.tournament import TournamentSpec, run_tournament, summarize_tournament

RESULTS = Path(__file__).parent / "results"


def balanced_prefix(path: Path, players: int) -> int:
    indices = {json.loads(line)["index"] for line in path.read_text(encoding="utf-8").splitlines()[1:] if line.strip()}
    count = 0
    while count in indices:
        count += 1
    return count // players * players


def main() -> None:
    plots = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    for path in sorted(RESULTS.glob("*.jsonl")):
        header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])["tournament"]
        players = len(header["bots"])
        games = balanced_prefix(path, players)
        if games == 0:
            print(f"{path.name}: no complete rotation yet\n")
            continue
        spec = TournamentSpec(header["game"], tuple(header["bots"]), games, header["seed"], header["options"])
        results = run_tournament(spec, workers=1, out=path)
        summary = summarize_tournament(spec, results)
        print(f"**{spec.game}**, bots by seat {', '.join(spec.bots)}, seed {spec.seed}: {games} games "
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
