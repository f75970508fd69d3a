"""The tables a server process plays: create, load by replay, act, explain, record — and bots' turns.

Everything a client receives is built here from ``state.view(seat)`` and ``state.events_for(seat)`` for the seat the
client proved with its token (``None``: a spectator). Errors name what is wrong without revealing hidden cards: the
rule's reason (``explain_illegal``) is only computed for the seat whose decision it is.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import logging
import secrets
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import orjson

from evolutio.bots import Bot, bot_names, make_bot
from evolutio.kernel import (
    Action,
    EvolutioError,
    Game,
    IllegalAction,
    State,
    game_class,
    game_plugin,
    load_game,
    make_record,
)

from .broker import Broker
from .lanes import BOTS, BackgroundLanes
from .storage import NewAction, Store, TableRow

log = logging.getLogger("evolutio.server")

HUMAN = "human"
BOT_PREFIX = "bot:"
#: bytes of randomness in a seat token and in a table id
TOKEN_BYTES = 24
TABLE_ID_BYTES = 9
#: the largest seed a client may ask for (JavaScript clients read numbers as doubles)
MAX_SEED = 2**53 - 1
MAX_SEATS = 16
#: batches of bots thinking at once, by default
DEFAULT_BOT_JOBS = 4
#: the option a ruleset uses for its number of players, set from the seats when the ruleset has it
PLAYERS_OPTION = "players"
#: with a broker between processes: a bot's turn claimed by a process that has not played it this long after may be
#: claimed by another (the first one died); longer than any bot delay plus thinking
BOT_CLAIM_LEASE_SECONDS = 60.0
#: with a broker between processes: how often a process looks for bots' turns nobody is playing
BOT_SWEEP_SECONDS = 5.0


class ApiError(Exception):
    """A refusal with its HTTP status and a one-line reason for ``{"detail"}``."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def player_label(seat: int | None) -> str:
    """How a text shown to people names a seat: "player 1" is seat 0 (JSON fields keep the 0-based seat)."""
    return "nobody" if seat is None else f"player {seat + 1}"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def bot_seed(table_seed: int, seat: int) -> int:
    """A bot's own seed, derived from the table's so that a table's bots differ from each other."""
    digest = hashlib.sha256(f"{table_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@dataclass
class SeatInfo:
    kind: str
    token_hash: str | None
    bot: Bot | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith(BOT_PREFIX)


@dataclass
class LiveTable:
    """A table in memory: a cache of the stored game, rebuilt by replay whenever it is missing or behind."""

    id: str
    game: Game
    state: State
    seats: list[SeatInfo]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    actors: list[int] = field(default_factory=list)  # the seat that made each applied action
    bot_turn_pending: int = -1
    #: the state object without its log last encoded for each seat (``None``: spectators), with the turn it shows
    encoded: dict[int | None, tuple[int, bytes]] = field(default_factory=dict)
    #: the game log as each seat sees it, and how many of the state's events it has looked at so far
    seen_events: dict[int | None, tuple[int, list[dict[str, Any]]]] = field(default_factory=dict)
    #: that log encoded as a JSON array, with the number of entries it holds
    encoded_events: dict[int | None, tuple[int, bytes]] = field(default_factory=dict)

    def events_for(self, seat: int | None) -> list[dict[str, Any]]:
        """``state.events_for(seat)``, extended with only the events added since the last call."""
        events = self.state.events
        looked, visible = self.seen_events.get(seat, (0, []))
        if looked > len(events):  # the state was rebuilt with a shorter log: start again
            looked, visible = 0, []
        for event in events[looked:]:
            shown = event.visible_to(seat)
            if shown is not None:
                visible.append(shown)
        self.seen_events[seat] = (len(events), visible)
        return visible

    def encoded_log(self, seat: int | None) -> bytes:
        """``events_for(seat)`` as a JSON array, extended with only the entries encoded since the last call."""
        visible = self.events_for(seat)
        count, encoded = self.encoded_events.get(seat, (0, b"[]"))
        if count > len(visible):  # the log was rebuilt shorter: encode it again
            count, encoded = 0, b"[]"
        if count < len(visible):
            added = encode_json(visible[count:])
            encoded = added if count == 0 else b"".join((encoded[:-1], b",", added[1:]))
            self.encoded_events[seat] = (len(visible), encoded)
        return encoded

    @property
    def turn(self) -> int:
        return self.state.num_actions_applied

    @property
    def finished(self) -> bool:
        return self.state.is_terminal


def web_options(description: dict[str, Any]) -> dict[str, Any]:
    """A ruleset's ``describe()`` without its free-text options, which the web may not set (see ``create``)."""
    return {**description, "options": [option for option in description["options"] if option["kind"] != "str"]}


def parse_seat(spec: Any, index: int) -> str:
    if not isinstance(spec, str):
        raise ApiError(422, f"seats[{index}]: a seat is \"human\" or \"bot:<name>\", got {spec!r}")
    if spec == HUMAN:
        return spec
    if spec.startswith(BOT_PREFIX):
        name = spec[len(BOT_PREFIX):]
        if name in bot_names():
            return spec
        raise ApiError(422, f"seats[{index}]: unknown bot {name!r}; known bots: {', '.join(bot_names())}")
    raise ApiError(422, f"seats[{index}]: a seat is \"human\" or \"bot:<name>\" (bots: {', '.join(bot_names())}), "
                        f"got {spec!r}")


def encode_json(value: Any) -> bytes:
    """JSON bytes of ``value`` (fast; integers beyond 64 bits, which only a client can send, fall back to json)."""
    try:
        return orjson.dumps(value)
    except TypeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


#: the plug-in a ruleset gives its final scores' parts with, and the view entry / event kind that may carry them
SCORE_BREAKDOWN = "score_breakdown"


def score_breakdown(game_name: str, view: dict[str, Any], events: list[dict[str, Any]]) -> list[dict[str, int]] | None:
    """Each seat's final score by source (``[{source: points}, ...]`` in seat order), as the ruleset itself gives it:
    its ``score_breakdown`` plug-in applied to the final view, else the view's own ``score_breakdown`` entry, else its
    ``score_breakdown`` events (``{"seat", "parts"}``); ``None`` when it gives none. Never computed here: the server
    knows no game's scoring."""
    try:
        plugin = game_plugin(game_name, SCORE_BREAKDOWN)
        if callable(plugin):
            return [dict(parts) for parts in plugin(view)]
    except Exception:  # noqa: BLE001 — a ruleset's faulty plug-in costs the end screen its breakdown, not the answer
        log.exception("the score_breakdown plug-in of %s failed", game_name)
        return None
    given = view.get(SCORE_BREAKDOWN)
    if isinstance(given, list) and all(isinstance(parts, dict) for parts in given):
        return given
    by_seat = {event["seat"]: event["parts"] for event in events
               if event.get("kind") == SCORE_BREAKDOWN and isinstance(event.get("seat"), int)
               and isinstance(event.get("parts"), dict)}
    if by_seat and sorted(by_seat) == list(range(len(by_seat))):
        return [by_seat[seat] for seat in range(len(by_seat))]
    return None


def choose_all(decisions: list[tuple[Bot, State]]) -> list[Action | Exception]:
    """Run on a bot thread: each bot's choice for its position, or the exception it raised (reported to its table
    alone, not to the other bots of the batch)."""
    choices: list[Action | Exception] = []
    for bot, position in decisions:
        try:
            choices.append(bot.choose(position))
        except Exception as exc:  # noqa: BLE001 — one bot's failure must not cost the batch's other tables their turn
            choices.append(exc)
    return choices


def _safe_text(state: State, action: Action) -> str:
    try:
        return state.describe(action)
    except Exception:  # noqa: BLE001 — a ruleset describing a malformed action must not turn a refusal into a crash
        return str(action)


class TableService:
    """Owns the live tables of this process. Bots think on ``bot_executor``, never on the event loop. Database
    calls run on ``db_executor`` — or, when ``db_executor`` is ``None`` (SQLite in one process), right on the loop:
    an SQLite read takes microseconds, less than handing it to a thread costs. The group commits of actions run on
    ``commit_executor`` when one is given (for SQLite: one writer thread), so that the loop goes on serving requests
    while a commit waits for the disk, which on a busy machine now and then takes tens of milliseconds."""

    def __init__(self, store: Store, broker: Broker, *, bot_delay: float, db_executor: Executor | None,
                 bot_executor: Executor, bot_jobs: int = DEFAULT_BOT_JOBS, public_url: str = "",
                 lanes: BackgroundLanes | None = None, commit_executor: Executor | None = None) -> None:
        self.store = store
        #: bots' moves (and the server's pushes) wait here behind people's requests
        self.lanes = lanes if lanes is not None else BackgroundLanes()
        self.broker = broker
        self.bot_delay = bot_delay
        self.db_executor = db_executor
        self.commit_executor = commit_executor if commit_executor is not None else db_executor
        self.bot_executor = bot_executor
        #: how many batches of bots think at once (at most the bot executor's threads)
        self.bot_jobs = bot_jobs
        self._undecided: list[tuple[Bot, State, asyncio.Future[Action]]] = []
        self._bot_jobs_running = 0
        self._dispatch_planned = False
        self.public_url = public_url.rstrip("/")
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._bot_tasks: set[asyncio.Task[None]] = set()
        self.closing = False
        self.counters = {"human_actions": 0, "bot_actions": 0}
        #: actions waiting for the next group commit, each with the future its caller awaits
        self._uncommitted: list[tuple[NewAction, asyncio.Future[bool]]] = []
        self._committing = False
        self._commit_tasks: set[asyncio.Task[None]] = set()
        #: a bot's turn is claimed in the database first when other processes may also be about to play it
        self.claim_bot_turns = broker.shared
        self._sweeper: asyncio.Task[None] | None = None
        broker.watch(self._announced)

    async def _db(self, function: Any, *args: Any) -> Any:
        if self.db_executor is None:
            return function(*args)
        return await asyncio.get_running_loop().run_in_executor(self.db_executor, function, *args)

    async def _store_actions(self, actions: list[NewAction]) -> list[bool]:
        """One group commit (see :meth:`_commit`), on the commit executor when there is one."""
        if self.commit_executor is None:
            return self.store.append_actions(actions)
        return await asyncio.get_running_loop().run_in_executor(self.commit_executor, self.store.append_actions,
                                                                actions)

    # -- creating and loading -------------------------------------------------------------------------------
    async def create(self, game_name: str, options: dict[str, Any], seat_specs: list[Any],
                     seed: int | None, base_url: str) -> dict[str, Any]:
        if not isinstance(seat_specs, list) or not seat_specs:
            raise ApiError(422, "seats: give at least one seat (\"human\" or \"bot:<name>\")")
        if len(seat_specs) > MAX_SEATS:
            raise ApiError(422, f"seats: at most {MAX_SEATS} seats")
        kinds = [parse_seat(spec, index) for index, spec in enumerate(seat_specs)]
        if not isinstance(options, dict):
            raise ApiError(422, "options: an object of option names and values")
        options = dict(options)
        try:
            schema = game_class(game_name).option_schema
        except EvolutioError as exc:
            raise ApiError(422, str(exc)) from None
        free_text = {option.name for option in schema if option.kind == "str"}
        refused = sorted(free_text & options.keys())
        if refused:
            raise ApiError(422, f"options.{refused[0]}: free-text options (such as a file on the server) cannot be "
                                f"set from the web")
        # the number of seats sets the ruleset's player count, when it has one (a ruleset need not)
        if any(option.name == PLAYERS_OPTION for option in schema):
            if PLAYERS_OPTION in options and options[PLAYERS_OPTION] != len(kinds):
                raise ApiError(422, f"options.{PLAYERS_OPTION} is {options[PLAYERS_OPTION]!r} but {len(kinds)} seats "
                                    f"were given")
            options[PLAYERS_OPTION] = len(kinds)
        try:
            game = load_game(game_name, **options)
        except EvolutioError as exc:
            raise ApiError(422, str(exc)) from None
        except (TypeError, ValueError) as exc:
            raise ApiError(422, f"options: {exc}") from None
        if game.num_players != len(kinds):
            raise ApiError(422, f"seats: {game.name} is played by {game.num_players} players with these options, "
                                f"but {len(kinds)} seats were given")
        seats = [SeatInfo(kind, None) for kind in kinds]
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        elif not 0 <= seed <= MAX_SEED:
            raise ApiError(422, f"seed: between 0 and {MAX_SEED}, got {seed}")
        for index, seat in enumerate(seats):
            if seat.is_bot:
                seat.bot = make_bot(seat.kind[len(BOT_PREFIX):], seed=bot_seed(seed, index))
                try:
                    seat.bot.check_game(game)
                except EvolutioError as exc:
                    raise ApiError(422, f"seats[{index}]: {exc}") from None
        tokens: list[str | None] = []
        for seat in seats:
            token = None if seat.is_bot else secrets.token_urlsafe(TOKEN_BYTES)
            seat.token_hash = None if token is None else hash_token(token)
            tokens.append(token)
        try:
            state = game.new_state(seed)
        except EvolutioError as exc:
            raise ApiError(422, str(exc)) from None
        table_id = secrets.token_urlsafe(TABLE_ID_BYTES)
        await self._db(self.store.create_table, table_id, game.name, game.options_json(), seed, game.rules_version,
                       [(seat.kind, seat.token_hash) for seat in seats])
        live = LiveTable(table_id, game, state, seats)
        self.live[table_id] = live
        self._schedule_bot(live)
        base = (self.public_url or base_url).rstrip("/")
        return {
            "table": table_id,
            "seats": [
                {"seat": index, "kind": seat.kind, "token": token,
                 "url": None if token is None else f"{base}/?table={table_id}&token={token}"}
                for index, (seat, token) in enumerate(zip(seats, tokens))
            ],
        }

    def _build(self, row: TableRow) -> LiveTable:
        game = load_game(row.game, **row.options)
        if game.rules_version != row.rules_version:
            log.warning("table %s was created with %s rules %s; this server has %s", row.id, row.game,
                        row.rules_version, game.rules_version)
        seats = []
        for seat_row in row.seats:
            seat = SeatInfo(seat_row.kind, seat_row.token_hash)
            if seat.is_bot:
                seat.bot = make_bot(seat.kind[len(BOT_PREFIX):], seed=bot_seed(row.seed, seat_row.seat))
            seats.append(seat)
        return LiveTable(row.id, game, game.new_state(row.seed), seats)

    async def get(self, table_id: str) -> LiveTable:
        """The table, loaded and replayed from the database if this process does not hold it yet."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.live.get(table_id)
            if live is not None:
                return live
            row = await self._db(self.store.load_table, table_id)
            if row is None:
                raise ApiError(404, f"no table {table_id!r}")
            try:
                live = self._build(row)
                await self._catch_up(live)
            except (EvolutioError, ValueError, RuntimeError) as exc:
                raise ApiError(409, f"table {table_id!r} cannot be replayed by this server: {exc}") from None
            self.live[table_id] = live
        self._loading.pop(table_id, None)
        self._schedule_bot(live)
        return live

    async def _catch_up(self, live: LiveTable) -> None:
        """Apply every stored action beyond the cached turn (replay)."""
        rows = await self._db(self.store.actions, live.id, live.turn)
        for row in rows:
            if row.turn != live.turn:
                raise RuntimeError(f"table {live.id}: stored turn {row.turn} does not follow turn {live.turn}")
            live.state.apply(Action.from_json(row.action))
            live.actors.append(row.seat)

    async def refresh(self, live: LiveTable, turn: int) -> None:
        """Make sure the cache has reached ``turn`` (another process may have written it)."""
        if live.turn < turn:
            async with live.lock:
                if live.turn < turn:
                    await self._catch_up(live)
            self._schedule_bot(live)

    async def reload(self, live: LiveTable) -> None:
        """Apply whatever actions the database holds beyond the cache (written by another process)."""
        async with live.lock:
            await self._catch_up(live)
        self._schedule_bot(live)

    def _announced(self, table_id: str, turn: int) -> None:
        """The broker heard that ``table_id`` reached ``turn``: a table this process holds catches up at once (another
        process moved it on), so that every answer from here shows it and its next bot's turn is not missed."""
        live = self.live.get(table_id)
        if live is None or live.turn >= turn or self.closing:
            return
        task = asyncio.get_running_loop().create_task(self._refresh_quietly(live, turn))
        self._bot_tasks.add(task)
        task.add_done_callback(self._bot_tasks.discard)

    async def _refresh_quietly(self, live: LiveTable, turn: int) -> None:
        try:
            await self.refresh(live, turn)
        except Exception:  # noqa: BLE001 — a failed catch-up is retried by the next request or announcement
            log.exception("table %s could not catch up to turn %d", live.id, turn)

    async def resume_all(self) -> int:
        """Load every unfinished table and restart its bots; the number of tables resumed."""
        table_ids = await self._db(self.store.unfinished_table_ids)
        resumed = 0
        for table_id in table_ids:
            try:
                await self.get(table_id)
            except ApiError as exc:
                log.error("%s", exc.detail)
                continue
            resumed += 1
        return resumed

    def bot_moves_at_once(self, live: LiveTable) -> bool:
        """Whether a bot decides now and moves without a delay (the table will move on in a moment by itself)."""
        if self.bot_delay > 0 or live.state.is_terminal:
            return False
        current = live.state.current_player
        return current is not None and live.seats[current].is_bot

    # -- seats and views ------------------------------------------------------------------------------------
    @staticmethod
    def seat_for(live: LiveTable, token: str | None) -> int | None:
        """The seat a token belongs to; ``None`` (spectator) without a token; 401 for a token of no seat here."""
        if token is None:
            return None
        digest = hash_token(token)
        for index, seat in enumerate(live.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return index
        raise ApiError(401, "this token belongs to no seat of this table")

    def state_object(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        """The state object of ``seat`` with its whole log (``events_from`` 0), as a dictionary."""
        body = self._state_head_object(live, seat)
        body["events_from"] = 0
        body["events"] = list(live.events_for(seat))
        return body

    def _state_head_object(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        state = live.state
        current = state.current_player
        legal: list[dict[str, Any]] = []
        if seat is not None and seat == current:
            legal = [{"action": action.to_json(), "text": _safe_text(state, action)}
                     for action in state.legal_actions()]
        body: dict[str, Any] = {
            "table": live.id,
            "game": live.game.name,
            "seat": seat,
            "seats": [{"seat": index, "kind": info.kind} for index, info in enumerate(live.seats)],
            "turn": live.turn,
            "finished": state.is_terminal,
            "current_player": current,
            "view": state.view(seat),
            "legal": legal,
        }
        if state.is_terminal:
            body["scores"] = state.scores()
            body["winners"] = state.winners()
            body[SCORE_BREAKDOWN] = score_breakdown(live.game.name, body["view"], live.events_for(seat))
        return body

    def _state_head(self, live: LiveTable, seat: int | None) -> bytes:
        """The state object of ``seat`` without its log, encoded once per turn and shared by every answer and socket
        of that seat."""
        cached = live.encoded.get(seat)
        if cached is not None and cached[0] == live.turn:
            return cached[1]
        turn = live.turn
        encoded = encode_json(self._state_head_object(live, seat))
        live.encoded[seat] = (turn, encoded)
        return encoded

    def state_message(self, live: LiveTable, seat: int | None, events_from: int = 0) -> tuple[bytes, int]:
        """The encoded state object of ``seat`` whose ``events`` are the seat's log from entry ``events_from`` on
        (0: the whole log), and the length of that log. A socket that has shown the log up to some entry is sent only
        what follows it; every other answer carries the whole log."""
        events = live.events_for(seat)
        start = min(max(events_from, 0), len(events))
        head = self._state_head(live, seat)
        encoded_events = live.encoded_log(seat) if start == 0 else encode_json(events[start:])
        # the head is a JSON object; the log goes in before its closing brace
        message = b"".join((head[:-1], b',"events_from":', str(start).encode(), b',"events":', encoded_events, b"}"))
        return message, len(events)

    def state_json(self, live: LiveTable, seat: int | None) -> bytes:
        """:meth:`state_object` encoded: the state object with the seat's whole log."""
        return self.state_message(live, seat)[0]

    # -- committing -----------------------------------------------------------------------------------------
    async def _commit(self, action: NewAction) -> bool:
        """Store ``action``; ``True`` once its row is committed, ``False`` if its turn was taken (another process).

        Actions of different tables that arrive together are committed in one transaction: each caller waits for
        the commit that holds its row, so nothing is acknowledged before it is stored."""
        outcome: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._uncommitted.append((action, outcome))
        if not self._committing:
            self._committing = True
            task = asyncio.get_running_loop().create_task(self._commit_waiting())
            self._commit_tasks.add(task)
            task.add_done_callback(self._commit_tasks.discard)
        return await outcome

    async def _commit_waiting(self) -> None:
        try:
            while self._uncommitted:
                batch, self._uncommitted = self._uncommitted, []
                try:
                    outcomes = await self._store_actions([action for action, _outcome in batch])
                except Exception as exc:  # noqa: BLE001 — every waiting caller hears of the failure, not just one
                    for _action, outcome in batch:
                        if not outcome.done():
                            outcome.set_exception(exc)
                    continue
                for (_action, outcome), committed in zip(batch, outcomes):
                    if not outcome.done():
                        outcome.set_result(committed)
        finally:
            self._committing = False

    # -- acting ---------------------------------------------------------------------------------------------
    def _check_turn(self, live: LiveTable, seat: int, turn: int) -> None:
        if turn != live.turn:
            raise ApiError(409, f"stale turn: the table is at turn {live.turn}, the action was sent for turn {turn}")
        if live.state.is_terminal:
            raise ApiError(409, "the game is over; no more actions can be played")
        current = live.state.current_player
        if seat != current:
            raise ApiError(403, f"not your decision: {player_label(current)} decides now")

    def _parse_action(self, raw: Any) -> Action:
        try:
            return Action.from_json(raw)
        except IllegalAction as exc:
            raise ApiError(422, f"action: {exc}") from None

    def _refusal(self, live: LiveTable, action: Action) -> str:
        try:
            return live.state.explain_illegal(action)
        except Exception:  # noqa: BLE001 — a ruleset explaining a malformed action must not become a 500
            return f"{_safe_text(live.state, action)} is not a legal action now"

    async def act(self, live: LiveTable, seat: int, raw_action: Any, turn: int, *, by_bot: bool = False) -> None:
        """Apply ``raw_action`` for ``seat`` at ``turn``: acknowledged (returns) only after its row is committed."""
        action = self._parse_action(raw_action)
        async with live.lock:
            if turn > live.turn and self.broker.shared:  # another process may have stored actions not heard of yet
                await self._catch_up(live)
            self._check_turn(live, seat, turn)
            if action not in live.state.legal_actions():
                raise ApiError(422, self._refusal(live, action))
            # the action is applied to a copy; the table shows it only once its row is committed
            after = live.state.clone()
            after.apply(action)
            committed = await self._commit(NewAction(live.id, turn, seat, action.to_json(), live.game.rules_version,
                                                     after.is_terminal))
            if not committed:
                await self._catch_up(live)
                raise ApiError(409, f"stale turn: another action took turn {turn}; the table is at turn {live.turn}") \
                    from None
            live.state = after
            live.actors.append(seat)
            self.counters["bot_actions" if by_bot else "human_actions"] += 1
        await self.broker.publish(live.id, live.turn)
        self._schedule_bot(live)

    def why(self, live: LiveTable, seat: int, raw_action: Any) -> dict[str, Any]:
        action = self._parse_action(raw_action)
        state = live.state
        if state.is_terminal:
            return {"legal": False, "detail": "the game is over; no more actions can be played"}
        current = state.current_player
        if seat != current:
            return {"legal": False, "detail": f"not your decision: {player_label(current)} decides now"}
        if action in state.legal_actions():
            return {"legal": True, "detail": f"{_safe_text(state, action)} is legal now"}
        return {"legal": False, "detail": self._refusal(live, action)}

    def record(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        state = live.state
        kinds = [info.kind for info in live.seats]
        if state.is_terminal:
            record = make_record(state, players=kinds)
            record["table"] = live.id
            record["seats"] = [{"seat": index, "kind": kind} for index, kind in enumerate(kinds)]
            record["actors"] = list(live.actors)
            record["events"] = state.events_for(seat)
            return record
        history = state.history
        return {
            "format": "evolutio-table-record/partial",
            "table": live.id,
            "game": live.game.name,
            "rules_version": live.game.rules_version,
            "options": live.game.options_json(),
            "seats": [{"seat": index, "kind": kind} for index, kind in enumerate(kinds)],
            "seat": seat,
            "turn": live.turn,
            "finished": False,
            # before the end: no seed, and only this seat's own actions (others' may name hidden cards)
            "actions": [
                {"turn": number, "seat": actor, "action": action.to_json() if actor == seat else None}
                for number, (actor, action) in enumerate(zip(live.actors, history))
            ],
            "events": state.events_for(seat),
        }

    def view_at(self, live: LiveTable, seat: int | None, step: int) -> dict[str, Any]:
        """The board at step ``step`` (after that many actions) as ``seat`` (``None``: a spectator) saw it then, for
        the replay viewer. Only the asking seat's own view, which it was shown at the time anyway: so it is safe
        before the end as after it."""
        if not 0 <= step <= live.turn:
            raise ApiError(422, f"at: a step between 0 and {live.turn}, got {step}")
        position = live.game.new_state(live.state.seed)
        for action in live.state.history[:step]:
            position.apply(action)
        return {"table": live.id, "game": live.game.name, "seat": seat, "at": step, "turn": live.turn,
                "finished": live.state.is_terminal, "current_player": position.current_player,
                "view": position.view(seat)}

    # -- bots -----------------------------------------------------------------------------------------------
    def _schedule_bot(self, live: LiveTable) -> None:
        if self.closing or live.state.is_terminal:
            return
        current = live.state.current_player
        if current is None or not live.seats[current].is_bot or live.bot_turn_pending == live.turn:
            return
        live.bot_turn_pending = live.turn
        task = asyncio.get_running_loop().create_task(self._bot_turn(live, current, live.turn))
        self._bot_tasks.add(task)
        task.add_done_callback(self._bot_tasks.discard)

    async def _bot_turn(self, live: LiveTable, seat: int, turn: int) -> None:
        try:
            if self.claim_bot_turns and not await self._db(self.store.claim_bot_turn, live.id, turn,
                                                           BOT_CLAIM_LEASE_SECONDS):
                # another process plays this turn; should it die, the sweep claims the turn again after the lease
                if live.bot_turn_pending == turn:
                    live.bot_turn_pending = -1
                return
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            if live.turn != turn or self.closing:
                return
            bot = live.seats[seat].bot
            if bot is None:
                return
            action = await self._think(bot, live.state.clone())
            await self.lanes.turn(BOTS)  # the move is applied and stored on the loop: after people's requests
            await self.act(live, seat, action.to_json(), turn, by_bot=True)
        except ApiError as exc:
            if exc.status != 409:  # 409: someone else (another process) already played this turn
                log.error("bot at table %s seat %s refused: %s", live.id, seat, exc.detail)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot at table %s seat %s failed", live.id, seat)

    async def _think(self, bot: Bot, position: State) -> Action:
        """``bot.choose(position)`` on a bot thread. Bots whose turns come up together are handed over in batches
        (one thread hand-off for several tables' bots instead of one each), spread over the free bot threads."""
        loop = asyncio.get_running_loop()
        choice: asyncio.Future[Action] = loop.create_future()
        self._undecided.append((bot, position, choice))
        if not self._dispatch_planned:
            self._dispatch_planned = True
            loop.call_soon(self._dispatch_bots)
        return await choice

    def _dispatch_bots(self) -> None:
        self._dispatch_planned = False
        loop = asyncio.get_running_loop()
        while self._undecided and self._bot_jobs_running < self.bot_jobs:
            free_jobs = self.bot_jobs - self._bot_jobs_running
            size = -(-len(self._undecided) // free_jobs)  # ceiling: share the waiting bots among the free threads
            batch, self._undecided = self._undecided[:size], self._undecided[size:]
            self._bot_jobs_running += 1
            job = loop.run_in_executor(self.bot_executor, choose_all, [(bot, position) for bot, position, _ in batch])
            job.add_done_callback(functools.partial(self._bots_decided, batch))

    def _bots_decided(self, batch: list[tuple[Bot, State, asyncio.Future[Action]]],
                      job: asyncio.Future[list[Action | Exception]]) -> None:
        self._bot_jobs_running -= 1
        failure = None if job.cancelled() else job.exception()
        for index, (_bot, _position, choice) in enumerate(batch):
            if choice.done():
                continue
            if job.cancelled():
                choice.cancel()
            elif failure is not None:
                choice.set_exception(failure)
            else:
                outcome = job.result()[index]
                if isinstance(outcome, Exception):
                    choice.set_exception(outcome)
                else:
                    choice.set_result(outcome)
        if self._undecided and not self._dispatch_planned:
            self._dispatch_planned = True
            asyncio.get_running_loop().call_soon(self._dispatch_bots)

    def start_sweeping(self) -> None:
        """With a broker between processes: every ``BOT_SWEEP_SECONDS`` schedule the bots' turns of held tables that no
        job of this process is playing (a turn whose claim is held by a live process is left to it)."""
        if self.claim_bot_turns and self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        while not self.closing:
            await asyncio.sleep(BOT_SWEEP_SECONDS)
            for live in tuple(self.live.values()):
                self._schedule_bot(live)

    async def close(self) -> None:
        self.closing = True
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        for task in tuple(self._bot_tasks):
            task.cancel()
        if self._bot_tasks:
            await asyncio.gather(*self._bot_tasks, return_exceptions=True)
