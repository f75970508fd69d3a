"""Terminal play: people and bots at one table, one screen per human decision."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from evolutio.bots import make_bot
from evolutio.kernel import Game, State, make_record, save_record
from evolutio.cli.render import renderer_for


def event_text(e: dict) -> str:
    return e.get("text") or " ".join(f"{k}={v}" for k, v in e.items())


def print_log(con: Console, state: State, seat: int | None, last: int | None = None) -> None:
    evs = state.events_for(seat)
    if last is not None:
        evs = evs[-last:]
    for e in evs:
        con.print(f"  [dim]·[/] {escape(event_text(e))}")


def _ask(con: Console, n: int) -> int | None:
    while True:
        try:
            raw = con.input(f"[bold]your choice[/] (1–{n}, q to quit): ").strip()
        except EOFError:
            return None
        if raw.lower() in {"q", "quit", "exit"}:
            return None
        try:
            k = int(raw)
        except ValueError:
            con.print(f"[red]type a number between 1 and {n}[/]")
            continue
        if 1 <= k <= n:
            return k - 1
        con.print(f"[red]{k} is not between 1 and {n}[/]")


def play_terminal(game: Game, seed: int, kinds: Sequence[str], *, records_dir: Path, auto_single: bool = True,
                  console: Console | None = None) -> int:
    con = console or Console(highlight=False)
    bots = {i: make_bot(k, seed=seed * 31 + i) for i, k in enumerate(kinds) if k != "human"}
    humans = [i for i, k in enumerate(kinds) if k == "human"]
    render = renderer_for(game.name)
    state = game.new_state(seed)
    seen = 0
    con.print(Rule(f"{game.name} — {game.num_players} players — seed {seed}"))
    con.print("seats: " + ", ".join(f"{i + 1}={k}" for i, k in enumerate(kinds)))
    quit_early = False
    while not state.is_terminal:
        p = state.current_player
        if p in bots:
            state.apply(bots[p].choose(state))
            continue
        legal = state.legal_actions()
        if auto_single and len(legal) == 1:
            state.apply(legal[0])
            continue
        con.print(Rule())
        con.print(render(state.view(p), p))
        evs = state.events_for(p)
        if len(evs) > seen:
            con.print("[bold]since your last move[/]")
            for e in evs[seen:][-25:]:
                con.print(f"  [dim]·[/] {escape(event_text(e))}")
        seen = len(evs)
        con.print(f"[bold]seat {p + 1}[/], your move:")
        for i, a in enumerate(legal):
            con.print(f"  [cyan]{i + 1:>3}[/]  {escape(state.describe(a))}")
        k = _ask(con, len(legal))
        if k is None:
            quit_early = True
            break
        state.apply(legal[k])
    con.print(Rule("game over" if state.is_terminal else "game stopped"))
    viewer = humans[0] if humans else None
    if state.is_terminal:
        con.print(render(state.view(viewer), viewer))
        scores = state.scores()
        win = state.winners()
        for i, s in enumerate(scores):
            mark = " [bold green]winner[/]" if i in win else ""
            con.print(f"  seat {i + 1} ({kinds[i]}): {s} points{mark}")
    records_dir.mkdir(parents=True, exist_ok=True)
    path = records_dir / f"{game.name}-{seed}.json"
    save_record(make_record(state, players=list(kinds)), path)
    con.print(f"record saved to {path}" + (" (unfinished game)" if quit_early else ""))
    return 0
