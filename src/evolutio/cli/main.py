"""``evolutio`` — play, simulate, benchmark and replay evolution board games.

Every sub-command has ``--help``. Each sub-command is one ``add_*_command(sub)`` function that builds its parser and
names the function that runs it; :data:`COMMANDS` lists them in the order ``--help`` shows them. A command reports
bad input by raising :class:`EvolutioError`; :func:`main` prints it as one line and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import evolutio
from evolutio.bots import bot_names, make_bot, with_think_time
from evolutio.cli import scenario, tournament
from evolutio.cli.play import EXIT_INTERRUPTED, HUMAN, event_text, play_terminal, print_log
from evolutio.cli.render import renderer_for
from evolutio.cli.serve import add_serve_parser
from evolutio.kernel import (
    Action,
    EvolutioError,
    game_class,
    list_games,
    load_game,
    load_record,
    parse_option_pairs,
)
from evolutio.kernel.record import (
    apply_recorded,
    check_record_folder,
    save_new_record,
    start_state,
    verify_record,
)
from evolutio.sim.runner import bench, ismcts_bench, simulate, summarize

#: exit status for bad input (argparse uses the same)
EXIT_BAD_INPUT = 2


def version() -> str:
    try:
        return metadata.version("evolutio")
    except metadata.PackageNotFoundError:  # running from a source tree that was not installed
        return evolutio.__version__


def _console() -> Console:
    return Console(highlight=False)


def _err(message: str) -> int:
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"[bold red]error:[/] {escape(message)}")
    return EXIT_BAD_INPUT


def _options(ns: argparse.Namespace) -> dict[str, Any]:
    """The ruleset options of ``-o key=value`` and ``--players``; the two ways of giving the player count must
    agree."""
    options: dict[str, Any] = parse_option_pairs(ns.option or [])
    players = getattr(ns, "players", None)
    if players is not None:
        given = options.get("players")
        if given is not None and str(given) != str(players):
            raise EvolutioError(f"--players {players} and -o players={given} disagree; give the number of players once")
        options["players"] = players
    return options


def add_game_arguments(parser: argparse.ArgumentParser, *, optional: bool = False) -> None:
    if optional:
        parser.add_argument("game", nargs="?", help="ruleset name (see `evolutio games`)")
    else:
        parser.add_argument("game", help="ruleset name (see `evolutio games`)")
    parser.add_argument("--players", "-p", type=int, help="number of players")
    parser.add_argument("--option", "-o", action="append", metavar="KEY=VALUE",
                        help="a ruleset option, repeatable (e.g. -o deck=edition2)")


# ---------------------------------------------------------------------------------------------------------- games
def cmd_games(ns: argparse.Namespace) -> int:
    names = list_games()
    if ns.json:
        print(json.dumps({n: game_class(n).describe() for n in names}, ensure_ascii=False, indent=2))
        return 0
    con = _console()
    for name in names:
        info = game_class(name).describe()
        con.print(f"[bold cyan]{name}[/] — {escape(info['title'])}")
        con.print(f"  players {info['players'][0]}–{info['players'][1]} · rules version {info['rules_version']}")
        table = Table(show_lines=False)
        table.add_column("option", style="cyan", no_wrap=True)
        table.add_column("values")
        table.add_column("meaning")
        for option in info["options"]:
            table.add_row(option["name"], escape(option["summary"]), escape(option["help"]))
        con.print(table)
        if info["note"]:
            con.print(f"  [yellow]note:[/] {escape(info['note'])}")
        if info["hold_points"]:
            con.print("  scenario hold points: " + "; ".join(
                f"{escape(point)} ({escape(meaning)})" for point, meaning in info["hold_points"].items()))
        con.print()
    return 0


def add_games_command(sub: Any) -> None:
    parser = sub.add_parser("games", help="list the rulesets and their options")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.set_defaults(func=cmd_games)


# ----------------------------------------------------------------------------------------------------------- play
def parse_seats(specs: Sequence[str], players: int) -> dict[int, str]:
    """``--seat N=WHO`` values -> {player index: 'human' or bot name}."""
    seats: dict[int, str] = {}
    for spec in specs:
        if "=" not in spec:
            raise EvolutioError(f"--seat is written N=human or N=<bot name>, got {spec!r}")
        number_text, who = spec.split("=", 1)
        try:
            number = int(number_text)
        except ValueError:
            raise EvolutioError(f"--seat {spec}: the player number must be an integer, got {number_text!r}") from None
        if not 1 <= number <= players:
            raise EvolutioError(f"--seat {spec}: player {number} is outside 1..{players}")
        if who != HUMAN and who not in bot_names():
            raise EvolutioError(f"--seat {spec}: unknown bot {who!r}; known bots: {', '.join(bot_names())}")
        seats[number - 1] = who
    return seats


def who_plays(ns: argparse.Namespace, players: int, recorded: Sequence[str] | None = None) -> list[str]:
    """Who plays each player: ``--seat`` first, then the record being resumed, then ``--bots``; a person plays the
    first player not given otherwise unless ``--watch`` (or a ``--seat`` already seats one)."""
    seats = parse_seats(ns.seat or [], players)
    try:
        make_bot(ns.bots)
    except ValueError:
        raise EvolutioError(f"--bots: unknown bot {ns.bots!r}; known bots: {', '.join(bot_names())}") from None
    kinds = [seats.get(i, recorded[i] if recorded else ns.bots) for i in range(players)]
    think = getattr(ns, "think", None)
    if think is not None:
        try:
            kinds = [kind if kind == HUMAN else with_think_time(kind, think) for kind in kinds]
        except ValueError as exc:
            raise EvolutioError(str(exc)) from None
    if ns.watch:
        if HUMAN in seats.values():
            raise EvolutioError("--watch is for bots only, but --seat puts a person at the table; use one or the other")
        return [ns.bots if kind == HUMAN else kind for kind in kinds]
    if HUMAN not in kinds:
        free = next((i for i in range(players) if i not in seats), None)
        if free is None:
            raise EvolutioError("every player is a bot (--seat); add --watch to watch bots play")
        kinds[free] = HUMAN
    return kinds


def cmd_play(ns: argparse.Namespace) -> int:
    records = Path(ns.records) if ns.records else None
    if ns.resume:
        return resume_play(ns, records)
    if not ns.game:
        raise EvolutioError("name the ruleset to play (e.g. `evolutio play origin`) or give --resume RECORD")
    game = load_game(ns.game, **_options(ns))
    kinds = who_plays(ns, game.num_players)
    seed = ns.seed if ns.seed is not None else int(time.time() * 1000) % (1 << 31)
    return play_terminal(game, seed, kinds, records_dir=records or Path("records"), auto_single=not ns.no_auto,
                         console=_console())


def resume_play(ns: argparse.Namespace, records: Path | None) -> int:
    for flag, value in (("--players", ns.players), ("--option", ns.option), ("--seed", ns.seed)):
        if value is not None:
            raise EvolutioError(f"{flag} cannot be combined with --resume: the record fixes the game")
    record = load_record(ns.resume)
    if ns.game is not None and ns.game != record["game"]:
        raise EvolutioError(f"--resume {ns.resume} is a {record['game']} game, not {ns.game}")
    start = start_state(record)
    state = apply_recorded(start.clone(), record["actions"], f"--resume {ns.resume}")
    verify_record(record, state)
    if state.is_terminal:
        raise EvolutioError(f"--resume {ns.resume}: that game is over; `evolutio replay {ns.resume}` shows it")
    recorded = record.get("players")
    kinds = who_plays(ns, state.num_players, recorded)
    return play_terminal(state.game, state.seed, kinds, records_dir=records or Path(ns.resume).parent,
                         auto_single=not ns.no_auto, console=_console(), start=start.clone,
                         resume_actions=state.history[start.num_actions_applied:], scenario=record.get("scenario"))


def add_play_command(sub: Any) -> None:
    parser = sub.add_parser("play", help="play a game in the terminal against bots (or with friends)")
    add_game_arguments(parser, optional=True)
    parser.add_argument("--seat", action="append", metavar="N=WHO",
                        help="who plays as player N (1-based): 'human' or a bot name; repeatable. Without it you "
                             "are player 1")
    parser.add_argument("--bots", default="random", help="bot for the players not given with --seat (default random)")
    parser.add_argument("--watch", action="store_true", help="no person plays: watch the bots")
    parser.add_argument("--seed", type=int, help="game seed (default: from the clock)")
    parser.add_argument("--records", metavar="DIR",
                        help="folder where the game record is saved (default ./records, or the resumed record's)")
    parser.add_argument("--resume", metavar="RECORD", help="continue the unfinished game saved in RECORD")
    parser.add_argument("--no-auto", action="store_true", help="ask even when only one action is legal")
    parser.add_argument("--think", type=float, metavar="SECONDS",
                        help="think time per decision for searching bots (ismcts, ismcts:hard, ...)")
    parser.set_defaults(func=cmd_play)


# ------------------------------------------------------------------------------------------------------- simulate
def cmd_simulate(ns: argparse.Namespace) -> int:
    options = _options(ns)
    game = load_game(ns.game, **options)  # validates before the progress bar starts
    bots = [b.strip() for b in ns.bots.split(",") if b.strip()]
    for bot in bots:
        if bot not in bot_names():
            raise EvolutioError(f"unknown bot {bot!r}; known bots: {', '.join(bot_names())}")
    if ns.games < 1:
        raise EvolutioError(f"--games must be at least 1, got {ns.games}")
    keep = ns.records is not None
    folder = check_record_folder(ns.records) if keep else None
    if ns.json or not sys.stderr.isatty():
        results, elapsed = simulate(ns.game, ns.games, options=options, bots=bots, seed=ns.seed, keep_records=keep)
    else:
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), transient=True) as progress:
            task = progress.add_task(f"{ns.game} ×{ns.games}", total=ns.games)
            results, elapsed = simulate(ns.game, ns.games, options=options, bots=bots, seed=ns.seed,
                                        keep_records=keep,
                                        progress=lambda done: progress.update(task, completed=done))
    summary = summarize(ns.game, results, elapsed, seed=ns.seed, options=game.options_json(), bots=bots)
    if folder is not None:
        for number, result in enumerate(results):
            if result.record is not None:  # kept: keep_records was asked for
                save_new_record(result.record, folder / f"{ns.game}-{ns.seed}-{number:05d}.json")
        summary["records"] = str(folder)
    if ns.json:
        print(json.dumps(summary))
        return 0
    con = _console()
    con.print(f"[bold]{ns.game}[/]: {summary['games']} games, {game.num_players} "
              f"players, bots {','.join(bots)}, seed {ns.seed}")
    con.print(f"  {summary['games_per_s']:.1f} games/s · {summary['decisions_per_s']:,.0f} decisions/s · "
              f"{summary['decisions']:,} decisions · mean {summary['mean_turns']:.2f} turns, "
              f"{summary['mean_decisions']:.1f} decisions per game")
    table = Table(title="by player", title_justify="left")
    table.add_column("player", justify="right")
    table.add_column("bot")
    table.add_column("mean score", justify="right")
    table.add_column("win share", justify="right")
    for number in range(game.num_players):
        table.add_row(str(number + 1), bots[number % len(bots)], f"{summary['mean_score'][number]:.2f}",
                      f"{summary['win_share'][number]:.1%}")
    con.print(table)
    if keep:
        con.print(f"  records saved in {summary['records']}/")
    return 0


def add_simulate_command(sub: Any) -> None:
    parser = sub.add_parser("simulate", help="play many bot games and report statistics")
    add_game_arguments(parser)
    parser.add_argument("--games", "-n", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--bots", default="random",
                        help="comma-separated bot names, cycled over the players (default random)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--records", metavar="DIR", help="save every game's record in DIR")
    parser.set_defaults(func=cmd_simulate)


# ---------------------------------------------------------------------------------------------------------- bench
def cmd_bench(ns: argparse.Namespace) -> int:
    if not ns.seconds > 0:  # also refuses nan
        raise EvolutioError(f"--seconds must be more than 0, got {ns.seconds:g}")
    names = ns.games or list_games()
    options: dict[str, Any] = parse_option_pairs(ns.option or [])
    if ns.players is not None:
        options["players"] = ns.players
    for name in names:
        load_game(name, **options)  # refuses an unknown ruleset or player count before any run
    results: dict[str, Any] = {}
    con = None if ns.json else _console()
    for name in names:
        result = bench(name, seconds=ns.seconds, options=options)
        results[name] = result
        if con:
            con.print(f"[bold]{name:10}[/] {result['players']}p  {result['decisions_per_s']:>10,.0f} decisions/s  "
                      f"{result['games_per_s']:>8.2f} games/s  ({result['games']} games in "
                      f"{result['elapsed_s']:.1f}s)")
        result["ismcts"] = search = ismcts_bench(name, seconds=ns.seconds, options=options)
        if con:
            con.print(f"{'':10} {result['players']}p  {search['iterations_per_cpu_s']:>10,.0f} ISMCTS iterations per "
                      f"CPU-second, {search['iterations_per_s']:,.0f}/s of wall time "
                      f"(level {search['level']}: {search['iterations_per_search']} iterations, {search['rollout']} "
                      f"rollouts of depth {search['rollout_depth']}, {search['worlds'] or 'fresh'} worlds, "
                      f"other seats by {search['opponents']}, root prior {search['prior_visits']} visits, "
                      f"the {search['estimate']!r} estimate; "
                      f"{search['searches']} searches)")
    if ns.json:
        print(json.dumps(results))
    return 0


def add_bench_command(sub: Any) -> None:
    parser = sub.add_parser("bench", help="random-playout throughput of every ruleset")
    parser.add_argument("games", nargs="*", help="rulesets to bench (default: all)")
    parser.add_argument("--players", "-p", type=int, help="number of players (default: each ruleset's default)")
    parser.add_argument("--seconds", type=float, default=3.0, help="wall time per ruleset, more than 0 (default 3)")
    parser.add_argument("--option", "-o", action="append", metavar="KEY=VALUE",
                        help="a ruleset option for every ruleset benched, repeatable (e.g. origin -o sets=gift)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=cmd_bench)


# --------------------------------------------------------------------------------------------------------- replay
def cmd_replay(ns: argparse.Namespace) -> int:
    record = load_record(ns.record)
    con = _console()
    if ns.step:
        return step_through(con, record, ns.record)
    state = apply_recorded(start_state(record), record["actions"], f"record {ns.record}")
    checked = verify_record(record, state)
    if not ns.quiet:
        print_log(con, state, None)
    final = [name for name in checked if name.startswith("final.")]
    con.print(f"[green]✓[/] {escape(str(ns.record))}: {len(record['actions'])} actions replayed; "
              + (f"final position verified ({', '.join(final)} match)" if "final.digest" in final
                 else "the record has no final position to check")
              + f"; checked {len(checked)} fields", soft_wrap=True)
    if state.is_terminal:
        winners = state.winners()
        con.print("  " + " · ".join(f"Player {i + 1}: {score} points" + (" (winner)" if i in winners else "")
                                    for i, score in enumerate(state.scores())))
    return 0


def step_through(con: Console, record: dict[str, Any], name: str) -> int:
    """Walk the record decision by decision: the board before each, the decision, and what it made happen."""
    state = start_state(record)
    render = renderer_for(state.game.name)
    actions = record["actions"]
    con.print("Enter: next decision · a number N: go N decisions ahead · q: stop")
    skip = 0
    for number, raw in enumerate(actions):
        try:
            action = Action.from_json(raw)
            description = state.describe(action)
            player = state.current_player
            seen = len(state.events_for(None))
            state.apply(action)
        except EvolutioError as exc:
            raise EvolutioError(f"record {name}: action #{number + 1} {raw!r} does not replay: {exc}") from None
        if skip > 0:
            skip -= 1
            continue
        con.print(Rule(f"decision {number + 1} of {len(actions)}"))
        con.print(render(state.view(None), None))
        mover = f"Player {player + 1}" if player is not None else "nobody"
        con.print(Text(f"{mover}: {description}", style="bold"))
        for event in state.events_for(None)[seen:]:
            con.print(Text("· " + event_text(event)))
        if number == len(actions) - 1:
            break
        try:
            answer = con.input("[dim]Enter / N / q:[/] ").strip().lower()
        except EOFError:
            return 0
        if answer in {"q", "quit"}:
            return 0
        if answer.isdigit():
            skip = max(int(answer) - 1, 0)
    verify_record(record, state)
    con.print(f"[green]✓[/] end of the record; {len(actions)} decisions, final position verified")
    return 0


def add_replay_command(sub: Any) -> None:
    parser = sub.add_parser("replay", help="replay a game record, verify it and print its log")
    parser.add_argument("record", help="record file (JSON)")
    parser.add_argument("--quiet", "-q", action="store_true", help="only verify, do not print the log")
    parser.add_argument("--step", action="store_true", help="walk the game decision by decision with the board shown")
    parser.set_defaults(func=cmd_replay)


# ----------------------------------------------------------------------------------------------------------- main
#: every sub-command, in the order `evolutio --help` lists them
COMMANDS: list[Callable[[Any], None]] = [
    add_games_command, add_play_command, add_simulate_command, add_bench_command, add_replay_command,
    tournament.add_parser, scenario.add_parser, add_serve_parser,
]


class OneLineErrorParser(argparse.ArgumentParser):
    """An argument parser that reports a mistake in one line (and where to find help) instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            f"[bold red]error:[/] {escape(self.prog)}: {escape(message)} (see `{escape(self.prog)} --help`)")
        sys.exit(EXIT_BAD_INPUT)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineErrorParser(prog="evolutio",
                                     description="Play, simulate, benchmark and replay evolution board games.")
    parser.add_argument("--version", action="version", version=f"evolutio {version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add_command in COMMANDS:
        add_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    ns = parser.parse_args(argv)
    try:
        return ns.func(ns) or 0
    except EvolutioError as exc:
        return _err(str(exc))
    except OSError as exc:  # a file or folder named on the command line that cannot be used
        where = f" {exc.filename}" if exc.filename else ""
        return _err(f"cannot use{where}: {exc.strerror or exc}")
    except KeyboardInterrupt:
        Console(stderr=True).print("interrupted")
        return EXIT_INTERRUPTED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
