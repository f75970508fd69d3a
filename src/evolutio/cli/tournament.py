"""``evolutio tournament GAME --bots a,b,c,d``: many seeded games between bots with seats rotated, on a process pool
or Ray, resumable JSONL output, a summary table (or ``--json``) and optional plots."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from evolutio.kernel import EvolutioError, load_game, parse_option_pairs
from evolutio.sim.plots import write_plots
from evolutio.sim.tournament import BACKENDS, TournamentSpec, check_spec, run_tournament, summarize_tournament


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "tournament", help="many bot games, every bot playing every place at the table: win shares, ratings, plots")
    parser.add_argument("game", help="ruleset name (see `evolutio games`)")
    parser.add_argument("--players", "-p", type=int, help="number of players (default: one per bot in --bots)")
    parser.add_argument("--option", "-o", action="append", metavar="KEY=VALUE", help="a ruleset option, repeatable")
    parser.add_argument("--bots", required=True,
                        help="comma-separated bots, one per player, e.g. ismcts:medium,heuristic,heuristic,heuristic")
    parser.add_argument("--games", "-n", type=int, default=100,
                        help="number of games (default 100; a multiple of the players keeps the places balanced)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument("--workers", "-w", type=int, help="processes (default: all cores)")
    parser.add_argument("--backend", choices=BACKENDS, default="pool", help="pool (default) or ray")
    parser.add_argument("--ray-address", help="address of a running Ray cluster (default: start Ray locally)")
    parser.add_argument("--out", metavar="FILE.jsonl",
                        help="per-game results, one JSON line each; an existing file of the same tournament resumes")
    parser.add_argument("--plot", metavar="DIR", help="write PNG plots into DIR")
    parser.add_argument("--json", action="store_true", help="print one JSON summary object")
    parser.set_defaults(func=cmd_tournament)


def cmd_tournament(ns: argparse.Namespace) -> int:
    bots = tuple(name.strip() for name in ns.bots.split(",") if name.strip())
    if not bots:
        raise EvolutioError("--bots needs at least one bot name")
    options: dict[str, Any] = parse_option_pairs(ns.option or [])
    options["players"] = ns.players if ns.players is not None else len(bots)
    options = load_game(ns.game, **options).options_json()
    spec = TournamentSpec(ns.game, bots, ns.games, ns.seed, options)
    check_spec(spec)
    out = Path(ns.out) if ns.out else None
    if ns.json or not sys.stderr.isatty():
        results = run_tournament(spec, workers=ns.workers, backend=ns.backend, out=out, ray_address=ns.ray_address)
    else:
        columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   TextColumn("left"), TimeRemainingColumn())
        with Progress(*columns, transient=True) as progress:
            task = progress.add_task(f"{ns.game} tournament", total=spec.games)

            def update(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            results = run_tournament(spec, workers=ns.workers, backend=ns.backend, out=out,
                                     ray_address=ns.ray_address, progress=update)
    summary = summarize_tournament(spec, results)
    if ns.plot:
        summary["plots"] = [str(path) for path in write_plots(summary, results, Path(ns.plot))]
    if out is not None:
        summary["results"] = str(out)
    if ns.json:
        print(json.dumps(summary))
        return 0
    _print_summary(summary)
    return 0


def _print_summary(summary: dict[str, Any]) -> None:
    console = Console(highlight=False)
    console.print(f"[bold]{summary['game']}[/]: {summary['games']} games, bots by seat "
                  f"{','.join(summary['bots_by_seat'])}, seed {summary['seed']} (places at the table rotated)")
    table = Table(title="by bot (per seat-game; 95% Wilson intervals)", title_justify="left")
    for column in ("bot", "seat-games", "win share", "95% interval", "mean score", "openskill μ ± σ"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for name, row in summary["bots"].items():
        low, high = row["win_share_ci"]
        rating = row["openskill"]
        table.add_row(name, str(row["games"]), f"{row['win_share']:.1%}", f"{low:.1%} – {high:.1%}",
                      f"{row['mean_score']:.2f}", f"{rating['mu']:.1f} ± {rating['sigma']:.1f}")
    console.print(table)
    seats = Table(title="by seat", title_justify="left")
    for column in ("seat", "win share", "advantage", "mean score"):
        seats.add_column(column, justify="right")
    for seat in summary["seats"]:
        seats.add_row(str(seat["seat"]), f"{seat['win_share']:.1%}", f"{seat['advantage']:+.1%}",
                      f"{seat['mean_score']:.2f}")
    console.print(seats)
    length = summary["length"]
    console.print(f"  game length: {length['mean_decisions']:.1f} decisions, {length['mean_rounds']:.2f} rounds")
    if "plots" in summary:
        console.print("  plots: " + ", ".join(summary["plots"]))
    if "results" in summary:
        console.print(f"  results: {summary['results']}")
