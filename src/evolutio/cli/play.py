"""Terminal play: people and bots at one table, one 80×24 screen per human decision.

The screen shows the board (the ruleset's renderer, found through the registry), what happened since the player's
last decision (as much as fits; ``log`` shows everything) and the legal actions grouped by kind. Typed commands:
a menu number or an action written as in a record (``take 3``), ``?`` for help and the board's legend, ``why …`` for
why an action is not available, ``log``, ``undo``, ``q``. The record is written atomically under a new name when the
game ends, stops or is interrupted with Ctrl-C, and ``evolutio play --resume RECORD`` continues it.

Only the public contract is used: ``legal_actions``, ``apply``, ``view``, ``events``/``events_for``, ``describe``,
``explain_illegal``, ``determinize`` and records.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from evolutio.bots import Bot, make_bot
from evolutio.cli.menu import Menu, build_menu
from evolutio.cli.render import Renderer, legend_for, renderer_for
from evolutio.kernel import (
    Action,
    EvolutioError,
    Game,
    IllegalAction,
    Rng,
    State,
    make_record,
)
from evolutio.kernel.record import check_record_folder, save_new_record

HUMAN = "human"
#: typed to leave the game (the record is saved)
QUIT_WORDS = frozenset({"q", "quit", "exit"})
YES_WORDS = frozenset({"y", "yes"})
#: the action kind with which a player passes; passing for the rest of a phase asks for confirmation
PASS_KIND = "pass"
#: how many other worlds (consistent with what the player knew) an undo is checked against
UNDO_WORLDS = 8
#: lines of the screen that are neither board, news nor menu (two section rules, a notice and the prompt)
SCREEN_RESERVE = 4
#: exit status after Ctrl-C (the shell's convention: 128 + SIGINT)
EXIT_INTERRUPTED = 130
#: a bot's seed is derived from the game seed: seed * BOT_SEED_FACTOR + player number
BOT_SEED_FACTOR = 31

HELP = """\
  NUMBER      choose that action            a, b, …   list a folded group's choices
  take 3      an action as a record writes it (the forms are listed below)
  why ACTION  why it is not available now, e.g. `why attack 2` (or `why NUMBER`)
  log         everything so far that you may see        Enter   the screen again
  undo        take back your last decision (while nothing hidden was revealed)
  q           stop: the game is saved; `evolutio play --resume RECORD` goes on"""


def event_text(event: dict) -> str:
    return event.get("text") or " ".join(f"{k}={v}" for k, v in event.items())


def print_log(con: Console, state: State, player: int | None, last: int | None = None) -> None:
    events = state.events_for(player)
    if last is not None:
        events = events[-last:]
    for event in events:
        con.print(f"  [dim]·[/] {escape(event_text(event))}")


def count_lines(renderable: RenderableType, width: int) -> int:
    """How many terminal lines ``renderable`` takes at ``width`` columns."""
    probe = Console(file=io.StringIO(), width=width, highlight=False, color_system=None)
    probe.print(renderable)
    return probe.file.getvalue().count("\n")  # type: ignore[attr-defined]


def is_phase_pass(action: Action, description: str) -> bool:
    """A pass that takes the player out of the rest of the phase: an action of the pass kind that the game describes as
    a pass (not one it describes otherwise, e.g. "end your feeding turn" or "do not use Intelligence now", which only
    end a turn or skip an option)."""
    return action.kind == PASS_KIND and description.split()[:1] == [PASS_KIND] and "turn" not in description


def revealed_since(before: State, actions: Sequence[Action], player: int) -> str | None:
    """Whether playing ``actions`` from ``before`` showed ``player`` anything that was hidden from them, judged from
    the events they saw: the same actions are played in other worlds consistent with what they knew at ``before``
    (``determinize``: the other players' hands, the deck order, future dice drawn anew); if an event they saw would
    have read differently in one of them, or an action could not have been played there, something hidden was
    revealed. Returns the first such event's text (or why), else ``None``."""
    after = before.clone()
    for action in actions:
        after.apply(action)
    expected = after.events_for(player)[len(before.events_for(player)):]
    for world_number in range(UNDO_WORLDS):
        world = before.determinize(player, Rng(world_number))
        start = len(world.events_for(player))
        try:
            for action in actions:
                world.apply(action)
        except IllegalAction:
            return "what another player did showed cards you had not seen"
        seen = world.events_for(player)[start:]
        for real, other in zip(expected, seen):
            if real != other:
                return event_text(real)
        if len(seen) != len(expected):
            return "what happened depended on something you had not seen"
    return None


@dataclass
class Decision:
    player: int
    index: int  # number of actions applied before it


@dataclass
class TableSession:
    """One game at the terminal. ``start`` builds the starting position (for undo, which replays from it)."""

    game: Game
    seed: int
    kinds: list[str]
    start: Callable[[], State]
    records_dir: Path
    console: Console
    auto_single: bool = True
    scenario: dict | None = None
    state: State = field(init=False)
    bots: dict[int, Bot] = field(init=False)
    render: Renderer = field(init=False)
    decisions: list[Decision] = field(default_factory=list)
    seen: dict[int, int] = field(default_factory=dict)
    at_keyboard: int | None = None
    notice: str = ""  # one line shown under the next screen's menu (it would be cleared away otherwise)

    def __post_init__(self) -> None:
        self.state = self.start()
        self.bots = {i: make_bot(k, seed=self.seed * BOT_SEED_FACTOR + i) for i, k in enumerate(self.kinds)
                     if k != HUMAN}
        self.render = renderer_for(self.game.name)

    @property
    def humans(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k == HUMAN]

    # -- the game loop --------------------------------------------------------------------------------------
    def run(self, resume_actions: Sequence[Action] = ()) -> int:
        con = self.console
        for action in resume_actions:
            self.state.apply(action)
        con.print(Rule(f"{self.game.name} — {self.game.num_players} players — seed {self.seed}"))
        con.print("players: " + ", ".join(f"{i + 1}={k}" for i, k in enumerate(self.kinds))
                  + ("  (type ? for help)" if self.humans else ""))
        try:
            stopped = self.loop()
        except KeyboardInterrupt:
            path = self.save()
            con.print()
            con.print(f"interrupted: the game so far is saved in {path}")
            con.print(f"continue it with: evolutio play --resume {path}")
            return EXIT_INTERRUPTED
        return self.finish(stopped)

    def loop(self) -> bool:
        """Play until the game ends (returns False) or a person stops it (returns True)."""
        state = self.state
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            bot = self.bots.get(player)
            if bot is not None:
                state.apply(bot.choose(state))
                continue
            legal = state.legal_actions()
            if self.auto_single and len(legal) == 1:
                state.apply(legal[0])
                continue
            if not self.human_turn(player):
                return True
            state = self.state  # undo replaces the state
        return False

    def human_turn(self, player: int) -> bool:
        """Ask ``player`` until they act (True) or stop (False)."""
        con = self.console
        if len(self.humans) > 1 and self.at_keyboard != player and not self.hand_over(player):
            return False
        self.at_keyboard = player
        menu = self.show_screen(player)
        while True:
            try:
                raw = con.input(f"[bold]Player {player + 1}[/], your move (1–{len(menu.actions)}, ? help, q quit): ")
            except EOFError:
                return False
            words = raw.split()
            if not words:
                menu = self.show_screen(player)
                continue
            command = words[0].lower()
            if command in QUIT_WORDS:
                return False
            if command in {"?", "help"}:
                self.show_help()
            elif command == "log":
                con.print(Rule("the whole log"))
                print_log(con, self.state, player)
            elif menu.group_for_key(command) is not None and len(words) == 1:
                group = menu.group_for_key(command)
                for line in menu.lines_of([group] if group else [], con.width - 2):
                    con.print(line)
            elif command == "why":
                con.print(self.why(menu, words[1:]))
            elif command == "undo":
                message = self.undo(player)
                if message is None:
                    return True  # the state went back: the loop asks again from there
                con.print(f"[red]{escape(message)}[/]")
            else:
                action = self.parse_choice(menu, words)
                if isinstance(action, str):
                    con.print(f"[red]{escape(action)}[/]")
                    continue
                description = self.state.describe(action)
                if is_phase_pass(action, description) and not self.confirm(description):
                    continue
                self.decisions.append(Decision(player, self.state.num_actions_applied))
                self.state.apply(action)
                self.seen[player] = len(self.state.events_for(player))
                return True

    def parse_choice(self, menu: Menu, words: list[str]) -> Action | str:
        """The action typed (a menu number or its record form), or one line saying what is wrong."""
        count = len(menu.actions)
        if len(words) == 1 and words[0].lstrip("-").isdigit():
            number = int(words[0])
            if 1 <= number <= count:
                return menu.actions[number - 1]
            return f"{number} is not between 1 and {count}"
        try:
            action = Action.parse(" ".join(words))
        except IllegalAction:
            return f"type a number between 1 and {count}, an action such as `{menu.actions[0]}`, or ? for help"
        if action in menu.actions:
            return action
        if action.kind not in self.game.action_schema().kinds:
            return f"{' '.join(words)!r} is not a command or an action of {self.game.name}; ? shows both"
        return f"not available now: {self.state.explain_illegal(action)}"

    def confirm(self, description: str) -> bool:
        try:
            self.console.print(Text(f"{description}: you will not play again in this phase."))
            answer = self.console.input("sure? (y/N) ")
        except EOFError:
            return False
        return answer.strip().lower() in YES_WORDS

    def why(self, menu: Menu, words: list[str]) -> str:
        if not words:
            return "write `why ACTION`, e.g. `why " + str(menu.actions[0]) + "`, or `why NUMBER`"
        if len(words) == 1 and words[0].isdigit():
            number = int(words[0])
            if 1 <= number <= len(menu.actions):
                return f"{number} is available: {self.state.describe(menu.actions[number - 1])}"
            return f"there is no choice {number} (the menu has 1–{len(menu.actions)}); write the action, e.g. " \
                   f"`why {menu.actions[0]}`"
        try:
            action = Action.parse(" ".join(words))
        except IllegalAction as exc:
            return str(exc)
        schema = self.game.action_schema()
        if action.kind not in schema.kinds:
            return f"{action.kind!r} is not an action of {self.game.name}; its kinds: {', '.join(schema.kinds)}"
        names = schema.arg_names(action.kind)
        if len(action.args) != len(names):
            return f"{action.kind} is written `{' '.join([action.kind, *names])}`"
        if action in menu.actions:
            return f"it is available: {self.state.describe(action)}"
        return self.state.explain_illegal(action)

    # -- screens ----------------------------------------------------------------------------------------------
    def show_screen(self, player: int) -> Menu:
        con = self.console
        state = self.state
        legal = state.legal_actions()
        menu = build_menu(legal, {a: state.describe(a) for a in legal})
        board = self.render(state.view(player), player)
        width = con.width
        if con.is_terminal:
            con.clear()
        else:
            con.print(Rule())
        board_lines = count_lines(board, width)
        news_title = 1 if len(state.events_for(player)) > self.seen.get(player, 0) else 0
        menu_lines = menu.fitted_lines(con.height - board_lines - SCREEN_RESERVE - news_title, width - 2)
        events = state.events_for(player)
        new_events = events[self.seen.get(player, 0):]
        room = con.height - board_lines - len(menu_lines) - SCREEN_RESERVE
        con.print(board)
        if new_events:
            # the news: its title line and as many of the latest events as fit (at least the title, which says how
            # many earlier events `log` shows)
            shown = new_events[len(new_events) - max(room - 1, 0):] if len(new_events) > room - 1 else new_events
            hidden = len(new_events) - len(shown)
            con.print(Rule(f"since your last move{f' ({hidden} earlier: type log)' if hidden else ''}",
                           style="dim", align="left"))
            for event in shown:
                con.print(Text("· " + event_text(event)), no_wrap=True, overflow="ellipsis", crop=True)
        self.seen[player] = len(events)
        con.print(Rule(f"Player {player + 1}, your move", align="left"))
        for line in menu_lines:
            con.print(line)
        if self.notice:
            con.print(Text(self.notice, style="yellow"), no_wrap=True, overflow="ellipsis", crop=True)
            self.notice = ""
        return menu

    def show_help(self) -> None:
        con = self.console
        con.print(Text(HELP))
        schema = self.game.action_schema()
        forms = ", ".join(" ".join([kind, *schema.arg_names(kind)]) for kind in schema.kinds)
        con.print(Text(f"actions of {self.game.name}: {forms}"))
        con.print(Rule("legend", align="left"))
        con.print(Text(legend_for(self.game.name)))

    def hand_over(self, player: int) -> bool:
        """The screen between two people at one keyboard: nothing of either hand is shown."""
        con = self.console
        if con.is_terminal:
            con.clear()
        con.print(Rule("pass the keyboard"))
        con.print(f"Player {player + 1} to play. Press Enter when Player {player + 1} is at the keyboard "
                  f"(q to stop).")
        try:
            answer = con.input("")
        except EOFError:
            return False
        return answer.strip().lower() not in QUIT_WORDS

    # -- undo -------------------------------------------------------------------------------------------------
    def undo(self, player: int) -> str | None:
        """Go back to before ``player``'s last decision, or say why not."""
        mine = [d for d in self.decisions if d.player == player]
        if not mine:
            return "nothing to undo: you have made no decision in this session"
        last = self.decisions[-1]
        if last.player != player:
            return f"Player {last.player + 1} has decided since your last decision; it cannot be taken back"
        history = self.state.history
        before = self.replay_to(last.index)
        revealed = revealed_since(before, history[last.index:], player)
        if revealed is not None:
            return f"cannot undo: hidden information was revealed since ({revealed})"
        self.decisions.pop()
        self.state = before
        self.seen[player] = len(before.events_for(player))
        self.notice = f"undone: back to before your last decision ({len(history) - last.index} action(s) taken back)"
        return None

    def replay_to(self, count: int) -> State:
        state = self.start()
        for action in self.state.history[:count]:
            state.apply(action)
        return state

    # -- the end ----------------------------------------------------------------------------------------------
    def save(self) -> Path:
        record = make_record(self.state, players=self.kinds, start=self.scenario)
        return save_new_record(record, self.records_dir / f"{self.game.name}-{self.seed}.json")

    def finish(self, stopped: bool) -> int:
        con = self.console
        state = self.state
        humans = self.humans
        viewer = humans[0] if len(humans) == 1 else None
        con.print(Rule("game over" if state.is_terminal else "game stopped"))
        if state.is_terminal:
            if viewer is not None:
                final_events = state.events_for(viewer)[self.seen.get(viewer, 0):]
            else:
                final_events = self.last_action_events()
            for event in final_events:
                con.print(Text("· " + event_text(event)))
            con.print(self.render(state.view(viewer), viewer))
        path = self.save()
        con.print(f"record saved to {path}" + (" (unfinished game)" if stopped else ""))
        if stopped:
            con.print(f"continue it with: evolutio play --resume {path}")
        return 0

    def last_action_events(self) -> list[dict]:
        """What the last action did, as an onlooker sees it (the end of the game)."""
        before = self.replay_to(self.state.num_actions_applied - 1)
        return self.state.events_for(None)[len(before.events_for(None)):]


def play_terminal(game: Game, seed: int, kinds: Sequence[str], *, records_dir: Path, auto_single: bool = True,
                  console: Console | None = None, start: Callable[[], State] | None = None,
                  resume_actions: Sequence[Action] = (), scenario: dict | None = None) -> int:
    """Play one game at the terminal; returns the exit status. The records folder is checked before the game."""
    check_record_folder(records_dir)
    for kind in set(kinds) - {HUMAN}:
        try:
            make_bot(kind).check_game(game)
        except ValueError as exc:  # an unknown bot name
            raise EvolutioError(str(exc)) from None
    session = TableSession(game, seed, list(kinds), start or (lambda: game.new_state(seed)), records_dir,
                           console or Console(highlight=False), auto_single, scenario)
    return session.run(resume_actions)
