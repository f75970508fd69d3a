"""Tournament plots (matplotlib, written as PNG files): score distributions, win share with 95% intervals, seat
advantage, and trait frequency among winners."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

#: traits shown in the frequency plot
TOP_TRAITS = 15
FIGURE_SIZE = (7.0, 4.2)
DPI = 110


def _title(summary: dict[str, Any], what: str) -> str:
    return f"{summary['game']}: {what} ({summary['games']} games, {', '.join(summary['bots_by_seat'])})"


def write_plots(summary: dict[str, Any], results: list[dict[str, Any]], directory: Path) -> list[Path]:
    """Write the four PNGs into ``directory``; returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    names = list(summary["bots"])
    written: list[Path] = []

    scores: dict[str, list[int]] = {name: [] for name in names}
    for result in results:
        for seat, name in enumerate(result["seats"]):
            scores[name].append(result["scores"][seat])
    figure, axes = plt.subplots(figsize=FIGURE_SIZE)
    low = min((min(values) for values in scores.values() if values), default=0)
    high = max((max(values) for values in scores.values() if values), default=1)
    bins = range(low, high + 2)
    for name in names:
        axes.hist(scores[name], bins=bins, alpha=0.5, density=True, label=name, align="left")
    axes.set_xlabel("final score")
    axes.set_ylabel("share of seat-games")
    axes.set_title(_title(summary, "score distribution"), fontsize=9)
    axes.legend()
    written.append(_save(figure, directory / "scores.png"))

    figure, axes = plt.subplots(figsize=FIGURE_SIZE)
    shares = [summary["bots"][name]["win_share"] for name in names]
    # max(0, ...): at a share of 0 or 1 the interval's end equals the share up to rounding, which may fall past it
    errors = [[max(0.0, share - summary["bots"][name]["win_share_ci"][0]) for name, share in zip(names, shares)],
              [max(0.0, summary["bots"][name]["win_share_ci"][1] - share) for name, share in zip(names, shares)]]
    axes.bar(names, shares, yerr=errors, capsize=6, color="tab:blue")
    axes.axhline(1.0 / len(summary["bots_by_seat"]), color="grey", linestyle="--", label="equal share")
    axes.set_ylim(0, 1)
    axes.set_ylabel("win share per seat-game (95% Wilson)")
    axes.set_title(_title(summary, "win share"), fontsize=9)
    axes.legend()
    written.append(_save(figure, directory / "win_share.png"))

    figure, axes = plt.subplots(figsize=FIGURE_SIZE)
    seats = summary["seats"]
    labels = [f"seat {seat['seat']}" for seat in seats]
    advantages = [seat["advantage"] for seat in seats]
    fair = 1.0 / len(seats)
    errors = [[seat["win_share"] - seat["win_share_ci"][0] for seat in seats],
              [seat["win_share_ci"][1] - seat["win_share"] for seat in seats]]
    axes.bar(labels, advantages, yerr=errors, capsize=6, color="tab:orange")
    axes.axhline(0, color="grey")
    axes.set_ylabel(f"win share minus {fair:.2f} (95% Wilson)")
    axes.set_title(_title(summary, "seat advantage"), fontsize=9)
    written.append(_save(figure, directory / "seat_advantage.png"))

    figure, axes = plt.subplots(figsize=FIGURE_SIZE)
    traits = list(summary["winner_traits"].items())[:TOP_TRAITS]
    positions = range(len(traits))
    width = 0.4
    axes.bar([x - width / 2 for x in positions], [value["winners"] for _, value in traits], width, label="winners")
    axes.bar([x + width / 2 for x in positions], [value["all"] for _, value in traits], width, label="all seats")
    axes.set_xticks(list(positions), [trait for trait, _ in traits], rotation=60, ha="right", fontsize=8)
    axes.set_ylabel("share of trait cards on the table at the end")
    axes.set_title(_title(summary, "traits among winners"), fontsize=9)
    axes.legend()
    written.append(_save(figure, directory / "traits.png"))
    return written


def _save(figure: Any, path: Path) -> Path:
    figure.tight_layout()
    figure.savefig(path, dpi=DPI)
    plt.close(figure)
    return path
