"""``evolutio`` — play, simulate, benchmark and replay evolution board games.

Every sub-command has ``--help``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Sequence

from evolutio.cli import tournament
from evolutio.kernel import (
    EvolutioError,
    list_games,
    load_game,
    game_class,
    parse_option_pairs,
)


def _console():
    from rich.console import Console

    return Console(highlight=False)


def _err(msg: str) -> int:
    from rich.console import Console

    Console(stderr=True, highlight=False).print(f"[bold red]error:[/] {msg}")
    return 2


def _options(ns: argparse.Namespace) -> dict[str, Any]:
    opts: dict[str, Any] = parse_option_pairs(ns.option or [])
    if getattr(ns, "players", None) is not None:
        opts["players"] = ns.players
    return opts


# ---------------------------------------------------------------------------------------------------------- games
def cmd_games(ns: argparse.Namespace) -> int:
    from rich.table import Table

    names = list_games()
    if ns.json:
        print(json.dumps({n: game_class(n).describe() for n in names}, ensure_ascii=False, indent=2))
        return 0
    con = _console()
    for n in names:
        d = game_class(n).describe()
        con.print(f"[bold cyan]{n}[/] — {d['title']}")
        con.print(f"  players {d['players'][0]}–{d['players'][1]} · rules version {d['rules_version']}")
        t = Table(show_lines=False)
        t.add_column("option", style="cyan", no_wrap=True)
        t.add_column("values")
        t.add_column("meaning")
        for o in d["options"]:
            t.add_row(o["name"], o["summary"], o["help"])
        con.print(t)
        if d["note"]:
            con.print(f"  [yellow]note:[/] {d['note']}")
        con.print()
    return 0


# ----------------------------------------------------------------------------------------------------------- play
def _parse_seats(specs: Sequence[str], players: int) -> dict[int, str]:
    seats: dict[int, str] = {}
    for spec in specs:
        if "=" not in spec:
            raise EvolutioError(f"--seat is written N=human or N=<bot name>, got {spec!r}")
        k, v = spec.split("=", 1)
        try:
            n = int(k)
        except ValueError:
            raise EvolutioError(f"--seat number must be an integer, got {k!r}") from None
        if not 1 <= n <= players:
            raise EvolutioError(f"--seat {n} is outside 1..{players}")
        seats[n - 1] = v
    return seats


def cmd_play(ns: argparse.Namespace) -> int:
    from evolutio.cli.play import play_terminal

    game = load_game(ns.game, **_options(ns))
    seats = _parse_seats(ns.seat or [], game.num_players)
    if not seats and sys.stdin.isatty():
        seats = {0: "human"}
    kinds = [seats.get(i, ns.bots) for i in range(game.num_players)]
    from evolutio.bots import make_bot, with_think_time

    if ns.think is not None:
        try:
            kinds = [kind if kind == "human" else with_think_time(kind, ns.think) for kind in kinds]
        except ValueError as exc:
            raise EvolutioError(str(exc)) from None

    for k in set(kinds) - {"human"}:
        try:
            make_bot(k).check_game(game)
        except ValueError as exc:
            raise EvolutioError(str(exc)) from None
    seed = ns.seed if ns.seed is not None else int(time.time() * 1000) % (1 << 31)
    return play_terminal(game, seed, kinds, records_dir=Path(ns.records), auto_single=not ns.no_auto)


# ------------------------------------------------------------------------------------------------------- simulate
def cmd_simulate(ns: argparse.Namespace) -> int:
    from evolutio.bots import bot_names
    from evolutio.kernel import save_record
    from evolutio.sim.runner import simulate, summarize

    opts = _options(ns)
    game = load_game(ns.game, **opts)  # validates before the progress bar starts
    bots = [b.strip() for b in ns.bots.split(",") if b.strip()]
    for b in bots:
        if b not in bot_names():
            raise EvolutioError(f"unknown bot {b!r}; known bots: {', '.join(bot_names())}")
    if ns.games < 1:
        raise EvolutioError("--games must be at least 1")
    keep = ns.records is not None
    if ns.json or not sys.stderr.isatty():
        results, elapsed = simulate(ns.game, ns.games, options=opts, bots=bots, seed=ns.seed, keep_records=keep)
    else:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), transient=True) as prog:
            task = prog.add_task(f"{ns.game} ×{ns.games}", total=ns.games)
            results, elapsed = simulate(ns.game, ns.games, options=opts, bots=bots, seed=ns.seed,
                                        keep_records=keep, progress=lambda k: prog.update(task, completed=k))
    summary = summarize(ns.game, results, elapsed, seed=ns.seed, options=game.options_json(), bots=bots)
    if keep:
        d = Path(ns.records)
        d.mkdir(parents=True, exist_ok=True)
        for i, r in enumerate(results):
            save_record(r.record, d / f"{ns.game}-{ns.seed}-{i:05d}.json")
        summary["records"] = str(d)
    if ns.json:
        print(json.dumps(summary))
        return 0
    from rich.table import Table

    con = _console()
    con.print(f"[bold]{ns.game}[/]: {summary['games']} games, {game.num_players} "
              f"players, bots {','.join(bots)}, seed {ns.seed}")
    con.print(f"  {summary['games_per_s']:.1f} games/s · {summary['decisions_per_s']:,.0f} decisions/s · "
              f"{summary['decisions']:,} decisions · mean {summary['mean_turns']:.2f} turns, "
              f"{summary['mean_decisions']:.1f} decisions per game")
    t = Table(title="by seat", title_justify="left")
    t.add_column("seat", justify="right")
    t.add_column("bot")
    t.add_column("mean score", justify="right")
    t.add_column("win share", justify="right")
    for i in range(game.num_players):
        t.add_row(str(i + 1), bots[i % len(bots)], f"{summary['mean_score'][i]:.2f}", f"{summary['win_share'][i]:.1%}")
    con.print(t)
    if keep:
        con.print(f"  records saved in {summary['records']}/")
    return 0


# ---------------------------------------------------------------------------------------------------------- bench
def cmd_bench(ns: argparse.Namespace) -> int:
    from evolutio.sim.runner import bench, ismcts_bench

    names = ns.games or list_games()
    for n in names:
        game_class(n)
    out: dict[str, Any] = {}
    con = None if ns.json else _console()
    for n in names:
        opts = {"players": ns.players} if ns.players else {}
        r = bench(n, seconds=ns.seconds, options=opts)
        out[n] = r
        if con:
            con.print(f"[bold]{n:10}[/] {r['players']}p  {r['decisions_per_s']:>10,.0f} decisions/s  "
                      f"{r['games_per_s']:>8.2f} games/s  ({r['games']} games in {r['elapsed_s']:.1f}s)")
        r["ismcts"] = search = ismcts_bench(n, seconds=ns.seconds, options=opts)
        if con:
            con.print(f"{'':10} {r['players']}p  {search['iterations_per_cpu_s']:>10,.0f} ISMCTS iterations per "
                      f"CPU-second, {search['iterations_per_s']:,.0f}/s of wall time "
                      f"(level {search['level']}: {search['iterations_per_search']} iterations, rollout depth "
                      f"{search['rollout_depth']}, {search['worlds'] or 'fresh'} worlds; {search['searches']} searches)")
    if ns.json:
        print(json.dumps(out))
    return 0


# --------------------------------------------------------------------------------------------------------- replay
def cmd_replay(ns: argparse.Namespace) -> int:
    from evolutio.kernel import load_record, replay
    from evolutio.cli.play import print_log

    rec = load_record(ns.record)
    state = replay(rec)
    con = _console()
    if not ns.quiet:
        print_log(con, state, None)
    final = rec.get("final", {})
    con.print(f"[green]✓[/] {ns.record}: {len(rec['actions'])} actions replayed"
              + (", final position verified" if "digest" in final else " (record has no final digest to check)"))
    if state.is_terminal:
        win = state.winners()
        con.print("  " + " · ".join(f"seat {i + 1}: {sc} points" + (" (winner)" if i in win else "")
                                  for i, sc in enumerate(state.scores())))
    return 0


# ----------------------------------------------------------------------------------------------------------- main
def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="evolutio", description="Play, simulate, benchmark and replay evolution board games.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    g = sub.add_parser("games", help="list the rulesets and their options")
    g.add_argument("--json", action="store_true", help="print JSON instead of tables")
    g.set_defaults(func=cmd_games)

    def game_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("game", help="ruleset name (see `evolutio games`)")
        sp.add_argument("--players", "-p", type=int, help="number of players")
        sp.add_argument("--option", "-o", action="append", metavar="KEY=VALUE",
                        help="a ruleset option, repeatable (e.g. -o deck=edition2)")

    pl = sub.add_parser("play", help="play a game in the terminal against bots")
    game_args(pl)
    pl.add_argument("--seat", action="append", metavar="N=WHO",
                    help="who sits at seat N (1-based): 'human' or a bot name; repeatable")
    pl.add_argument("--bots", default="random", help="bot for the seats not given with --seat (default random)")
    pl.add_argument("--seed", type=int, help="game seed (default: from the clock)")
    pl.add_argument("--records", default="records", help="folder where the game record is saved (default ./records)")
    pl.add_argument("--no-auto", action="store_true", help="ask even when only one action is legal")
    pl.add_argument("--think", type=float, metavar="SECONDS",
                    help="think time per decision for searching bots (ismcts, ismcts:hard, ...)")
    pl.set_defaults(func=cmd_play)

    s = sub.add_parser("simulate", help="play many bot games and report statistics")
    game_args(s)
    s.add_argument("--games", "-n", type=int, default=100, help="number of games (default 100)")
    s.add_argument("--bots", default="random", help="comma-separated bot names, cycled over seats (default random)")
    s.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--records", metavar="DIR", help="save every game's record in DIR")
    s.set_defaults(func=cmd_simulate)

    b = sub.add_parser("bench", help="random-playout throughput of every ruleset")
    b.add_argument("games", nargs="*", help="rulesets to bench (default: all)")
    b.add_argument("--players", "-p", type=int, help="number of players (default: each ruleset's default)")
    b.add_argument("--seconds", type=float, default=3.0, help="wall time per ruleset (default 3)")
    b.add_argument("--json", action="store_true", help="print JSON")
    b.set_defaults(func=cmd_bench)

    tournament.add_parser(sub)

    r = sub.add_parser("replay", help="replay a game record, verify it and print its log")
    r.add_argument("record", help="record file (JSON)")
    r.add_argument("--quiet", "-q", action="store_true", help="only verify, do not print the log")
    r.set_defaults(func=cmd_replay)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    ns = parser.parse_args(argv)
    try:
        return ns.func(ns) or 0
    except EvolutioError as exc:
        return _err(str(exc))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
