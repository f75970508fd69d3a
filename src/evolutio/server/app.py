"""The web app: HTTP API, WebSocket pushes, the browser client's files — see ``docs/api.md``.

``create_app(ServerSettings(...))`` builds the ASGI application; ``evolutio serve`` runs it on uvicorn. At start the
database is migrated (Alembic) and every unfinished table is resumed by replay, its bots restarted.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import html
import json
import logging
import os
import secrets
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi import Path as PathParameter
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from evolutio.bots import bot_names
from evolutio.kernel import game_class, list_games

from .broker import Broker, Subscription, make_broker
from .fast_action import ActionFastPath, replaying
from .lanes import PUSHES
from .storage import Store, is_sqlite
from .tables import MAX_SEATS, MAX_SEED, ApiError, LiveTable, TableService, encode_json, web_options

log = logging.getLogger("evolutio.server")

STATIC_DIR = Path(__file__).with_name("static")
#: the largest request body accepted; anything longer is refused with 413 before it is parsed
MAX_BODY_BYTES = 64 * 1024
TABLE_ID_PATTERN = r"^[A-Za-z0-9_-]{1,32}$"
TOKEN_MAX_LENGTH = 200
#: the largest step a view may be asked for (far beyond any game's length)
MAX_STEP = 1_000_000
#: WebSocket close codes: 4000 + the HTTP status of the refusal
WS_CLOSE_BASE = 4000
#: threads for PostgreSQL calls (SQLite calls run on the event loop: see TableService)
POSTGRES_DB_THREADS = 8
BOT_THREADS = 4

#: the response header naming the server process that answered (see :class:`WorkerHeader`)
WORKER_HEADER = "x-evolutio-worker"
WORKER_ID_BYTES = 4

TableId = Annotated[str, PathParameter(pattern=TABLE_ID_PATTERN, description="the table's id")]


#: when bots move without a delay, a socket waits for each bot's move at most this long before it pushes: their moves
#: then reach people as one push instead of one each (a push nobody could have looked at costs a view and a send per
#: socket), and a bot that thinks longer is still shown thinking within a moment
BOT_PUSH_WAIT_SECONDS = 0.1
#: the environment variable through which ``evolutio serve --workers N`` hands its settings to each worker process
SETTINGS_ENVIRONMENT_VARIABLE = "EVOLUTIO_SERVER_SETTINGS"


@dataclass
class ServerSettings:
    db_url: str
    bot_delay: float = 1.0
    public_url: str = ""
    static_dir: Path = STATIC_DIR
    resume: bool = True
    #: ``None``: the in-process broker (one process); ``redis://host:port/db``: Redis, between processes
    broker_url: str | None = None
    #: with ``bot_delay`` 0, how long a socket waits for bots to move before it pushes (see ``BOT_PUSH_WAIT_SECONDS``)
    bot_push_wait: float = BOT_PUSH_WAIT_SECONDS

    def to_environment(self) -> str:
        """These settings as one string for :data:`SETTINGS_ENVIRONMENT_VARIABLE` (see :func:`app_from_environment`)."""
        return json.dumps({"db_url": self.db_url, "bot_delay": self.bot_delay, "public_url": self.public_url,
                           "static_dir": str(self.static_dir), "resume": self.resume, "broker_url": self.broker_url,
                           "bot_push_wait": self.bot_push_wait})

    @classmethod
    def from_environment(cls, text: str) -> ServerSettings:
        fields = json.loads(text)
        fields["static_dir"] = Path(fields["static_dir"])
        return cls(**fields)


#: the garbage collector's thresholds while serving (Python's default is 700, 10, 10). With a hundred live games the
#: full collections the default triggers every second or so stop the event loop for tens of milliseconds and were
#: the bulk of people's p99 latency in the load benchmark (benchmarks/server_load.py); collecting the young generation
#: after 50,000 allocations instead of 700 makes them rare. Reference cycles are still collected.
GC_THRESHOLDS = (50_000, 50, 100)


def tune_garbage_collector() -> None:
    """Move everything loaded so far (the package, the rules data) out of the collector's sight and collect rarely:
    see :data:`GC_THRESHOLDS`. For a long-running server process only."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def app_from_environment() -> FastAPI:
    """The application of one worker of ``evolutio serve --workers N`` (uvicorn imports and calls this in each worker
    process), built from the settings the command put in :data:`SETTINGS_ENVIRONMENT_VARIABLE`."""
    text = os.environ.get(SETTINGS_ENVIRONMENT_VARIABLE)
    if not text:
        raise RuntimeError(f"{SETTINGS_ENVIRONMENT_VARIABLE} is not set: start workers with evolutio serve --workers N")
    app = create_app(ServerSettings.from_environment(text))
    tune_garbage_collector()
    return app


# -- request and response bodies (the OpenAPI schema) ----------------------------------------------------------
class CreateTableRequest(BaseModel):
    game: str = Field(max_length=64, description="a registered ruleset, see GET /api/games")
    options: dict[str, Any] = Field(default_factory=dict, description="the ruleset's options; players = len(seats)")
    seats: list[str] = Field(min_length=1, max_length=MAX_SEATS,
                             description='one entry per seat: "human" or "bot:<name>"')
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED, description="fix the shuffle (random when omitted)")


class ActionRequest(BaseModel):
    action: list[Any] | dict[str, Any] = Field(description='an action in its JSON form, e.g. ["pass"]')
    turn: int = Field(ge=0, description="the table's turn the action answers (the number of actions so far)")


#: what the events_from parameter means (the same text in the schema of every route that takes it)
EVENTS_FROM_TEXT = ("send the seat's log from this entry on (the number of entries the client holds already); 0, the "
                    "default: the whole log")
TOKEN_TEXT = "the seat's token (or use Bearer)"


class SeatParameters(BaseModel):
    """The query parameters of an action: the seat's token and how much of its log the client holds. The action route
    reads them by hand from the request — FastAPI's per-request machinery for query and header parameters cost more
    server time than the rest of the answer — and documents them in the OpenAPI schema from this model."""

    token: str | None = Field(default=None, max_length=TOKEN_MAX_LENGTH, description=TOKEN_TEXT)
    events_from: int = Field(default=0, ge=0, le=MAX_STEP, description=EVENTS_FROM_TEXT)


def seat_parameters_schema() -> list[dict[str, Any]]:
    """The OpenAPI parameters the action route reads by hand: :class:`SeatParameters` and the Authorization header."""
    query = [{"name": name, "in": "query", "required": False, "schema": schema, "description": schema["description"]}
             for name, schema in SeatParameters.model_json_schema()["properties"].items()]
    header = {"name": "authorization", "in": "header", "required": False,
              "schema": {"anyOf": [{"type": "string"}, {"type": "null"}], "title": "Authorization"}}
    return [*query, header]


def read_seat_parameters(request: Request) -> tuple[str | None, int]:
    """The token (from the Authorization header or ``?token=``) and ``?events_from=`` of a request; 422 naming the
    parameter when one is malformed, 401 for an Authorization header that is not ``Bearer <token>``."""
    query = request.query_params
    given = {name: query[name] for name in SeatParameters.model_fields if name in query}
    try:
        parameters = SeatParameters.model_validate(given)
    except ValidationError as exc:
        raise ApiError(422, _errors_detail(exc.errors(), ("query",))) from None
    return _bearer(request.headers.get("authorization"), parameters.token), parameters.events_from


class WhyRequest(BaseModel):
    action: list[Any] | dict[str, Any] = Field(description="the action to explain")


class SeatCreated(BaseModel):
    seat: int
    kind: str
    token: str | None = Field(description="the seat's secret (humans only); only its hash is stored")
    url: str | None = Field(description="the invite link for this seat")


class TableCreated(BaseModel):
    table: str
    seats: list[SeatCreated]


class LegalAction(BaseModel):
    action: list[Any]
    text: str


class SeatKind(BaseModel):
    seat: int
    kind: str


class TableState(BaseModel):
    table: str
    game: str
    seat: int | None = Field(description="the asking seat; null for a spectator")
    seats: list[SeatKind]
    turn: int = Field(description="actions applied so far: send it back with the next action")
    finished: bool
    current_player: int | None
    view: dict[str, Any] = Field(description="the ruleset's view() for the asking seat")
    legal: list[LegalAction] = Field(description="the asking seat's legal actions; empty unless it decides now")
    events_from: int = Field(description="the index in the seat's log of the first entry of events: 0 (the whole "
                             "log) in a socket's first message and in answers unless asked for ?events_from=N, then "
                             "the number of entries the socket has already sent (or N, at most the log's length)")
    events: list[dict[str, Any]] = Field(description="the game log as this seat may see it, from entry events_from")
    scores: list[float] | None = None
    winners: list[int] | None = None
    score_breakdown: list[dict[str, float]] | None = Field(
        default=None, description="at the end: each seat's score by source ({source: points}, adding up to its "
        "score), as the ruleset gives it; null when it gives none")


class ViewAt(BaseModel):
    table: str
    game: str
    seat: int | None = Field(description="the asking seat; null for a spectator")
    at: int = Field(description="the step shown: the number of actions applied before it")
    turn: int = Field(description="actions applied so far in the game")
    finished: bool = Field(description="whether the game is over now")
    current_player: int | None = Field(description="who decided at that step")
    view: dict[str, Any] = Field(description="the ruleset's view() for the asking seat at that step")


class WhyAnswer(BaseModel):
    legal: bool
    detail: str


class ErrorBody(BaseModel):
    detail: str


class GamesList(BaseModel):
    games: list[dict[str, Any]]
    bots: list[str]


REFUSALS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": text}
    for status, text in ((401, "unknown or missing token"), (403, "not this seat's decision"),
                         (404, "no such table"), (409, "stale turn or game over"),
                         (413, "request body too large"), (422, "malformed request or illegal action"))
}


# -- plumbing ---------------------------------------------------------------------------------------------------
class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413 (whatever Content-Length claims) before parsing."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                response = JSONResponse({"detail": f"request body larger than {self.limit} bytes"}, status_code=413)
                await response(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, replaying(b"".join(chunks), receive), send)


class WorkerHeader:
    """Name the server process that answered: ``X-Evolutio-Worker: <id>`` on every HTTP answer and WebSocket accept
    (a random id per process, so behind ``--workers N`` or a proxy one can tell which process served a client)."""

    def __init__(self, app: ASGIApp, worker_id: str) -> None:
        self.app = app
        self.header = (WORKER_HEADER.encode(), worker_id.encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return

        async def send_named(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.accept"):
                message = {**message, "headers": [*message.get("headers", ()), self.header]}
            await send(message)

        await self.app(scope, receive, send_named)


def _location(parts: Any) -> str:
    return ".".join(str(part) for part in parts) or "request"


def _validation_detail(exc: RequestValidationError) -> str:
    return _errors_detail(exc.errors())


def _errors_detail(errors: Sequence[Any], prefix: tuple[str, ...] = ()) -> str:
    """One line naming where each validation error is (``body.turn``, ``query.token``) and what is wrong."""
    messages = []
    for error in errors:
        where = _location((*prefix, *error.get("loc", ())))
        if error.get("type") == "json_invalid":
            reason = error.get("ctx", {}).get("error", "")
            messages.append(f"body: not valid JSON ({reason})" if reason else "body: not valid JSON")
        else:
            messages.append(f"{where}: {error.get('msg', 'invalid')}")
    return "; ".join(messages) or "the request is malformed"


def _bearer(authorization: str | None, token: str | None) -> str | None:
    if authorization is not None:
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise ApiError(401, "the Authorization header is written 'Bearer <token>'")
        return value.strip()
    return token


def _fallback_index() -> str:
    return ("<!doctype html><meta charset=utf-8><title>evolutio</title><h1>evolutio</h1>"
            "<p>The browser client is not installed in this build. The API is documented at "
            "<a href=/docs>/docs</a> (<a href=/openapi.json>OpenAPI schema</a>).</p>")


def _docs_page(schema: dict[str, Any]) -> str:
    """A plain, offline page listing every endpoint of the OpenAPI schema (no third-party scripts)."""
    rows = []
    for path, methods in schema.get("paths", {}).items():
        for method, operation in methods.items():
            statuses = ", ".join(sorted(operation.get("responses", {})))
            rows.append(
                f"<h2><code>{html.escape(method.upper())} {html.escape(path)}</code></h2>"
                f"<p>{html.escape(operation.get('summary', ''))}</p>"
                f"<pre>{html.escape(operation.get('description', ''))}</pre>"
                f"<p>responses: {html.escape(statuses)}</p>")
    return ("<!doctype html><meta charset=utf-8><title>evolutio API</title>"
            "<style>body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}pre{white-space:pre-wrap}"
            "</style><h1>evolutio API</h1><p>Machine-readable: <a href=/openapi.json>/openapi.json</a>. "
            "WebSocket: <code>/api/tables/{table_id}/ws?token=…</code> pushes the table's state object.</p>"
            + "".join(rows))


def create_app(settings: ServerSettings, *, broker: Broker | None = None) -> FastAPI:
    the_broker: Broker = broker if broker is not None else make_broker(settings.broker_url)
    holder: dict[str, TableService] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        sqlite = is_sqlite(settings.db_url)
        db_executor = None if sqlite else ThreadPoolExecutor(POSTGRES_DB_THREADS, "evolutio-db")
        # SQLite: one writer thread for the group commits (reads stay on the loop); PostgreSQL: the database threads
        commit_executor = ThreadPoolExecutor(1, "evolutio-commit") if sqlite else db_executor
        bot_executor = ThreadPoolExecutor(BOT_THREADS, "evolutio-bot")
        loop = asyncio.get_running_loop()
        await the_broker.start()
        store = await loop.run_in_executor(db_executor, functools.partial(Store.open, settings.db_url,
                                                                          background_checkpoints=True))
        service = TableService(store, the_broker, bot_delay=settings.bot_delay, db_executor=db_executor,
                               bot_executor=bot_executor, bot_jobs=BOT_THREADS,
                               public_url=settings.public_url, commit_executor=commit_executor)
        holder["service"] = service
        _app.state.service = service
        if settings.resume:
            resumed = await service.resume_all()
            log.info("resumed %d unfinished table(s)", resumed)
        service.start_sweeping()
        try:
            yield
        finally:
            await service.close()
            if commit_executor is not None and commit_executor is not db_executor:
                commit_executor.shutdown(wait=True)
            await the_broker.close()
            await loop.run_in_executor(db_executor, store.close)
            if db_executor is not None:
                db_executor.shutdown(wait=True)
            bot_executor.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="evolutio", version="1", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Play evolution board games: tables of people and bots. See docs/api.md.")

    def service() -> TableService:
        return holder["service"]

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _validation_detail(exc)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"detail": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def unexpected(_request: Request, exc: Exception) -> JSONResponse:
        log.error("unexpected error", exc_info=exc)
        return JSONResponse({"detail": "internal server error"}, status_code=500)

    async def seat_of(table_id: str, authorization: str | None, token: str | None) -> tuple[LiveTable, int | None]:
        live = await service().get(table_id)
        return live, service().seat_for(live, _bearer(authorization, token))

    async def required_seat(table_id: str, authorization: str | None, token: str | None) -> tuple[LiveTable, int]:
        live, seat = await seat_of(table_id, authorization, token)
        if seat is None:
            raise ApiError(401, "a seat token is required (Authorization: Bearer <token> or ?token=)")
        return live, seat

    async def play_action(request: Request, table_id: str, body: BaseModel) -> Response:
        """``POST /api/tables/{id}/actions``, for the FastAPI route and for :class:`ActionFastPath` alike."""
        assert isinstance(body, ActionRequest)
        token, events_from = read_seat_parameters(request)
        live, seat = await required_seat(table_id, None, token)
        await service().act(live, seat, body.action, body.turn)
        return json_response(service().state_message(live, seat, events_from)[0])

    # innermost first: the fast path reads bodies the limit has let through; the worker header goes on every answer
    app.add_middleware(ActionFastPath, play=play_action, body_model=ActionRequest)
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    app.add_middleware(WorkerHeader, worker_id=secrets.token_hex(WORKER_ID_BYTES))

    token_query = Query(default=None, max_length=TOKEN_MAX_LENGTH, description=TOKEN_TEXT)
    events_from_query = Query(default=0, ge=0, le=MAX_STEP, description=EVENTS_FROM_TEXT)

    # -- pages --------------------------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> Any:
        page = settings.static_dir / "index.html"
        if page.is_file():
            return FileResponse(page)
        return HTMLResponse(_fallback_index())

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(_docs_page(app.openapi()))

    app.mount("/static", StaticFiles(directory=settings.static_dir, check_dir=False), name="static")

    # -- API ----------------------------------------------------------------------------------------------------
    @app.get("/api/games", response_model=GamesList, summary="Rulesets with their options, and bot names")
    async def games() -> JSONResponse:
        return JSONResponse({"games": [web_options(game_class(name).describe()) for name in list_games()],
                             "bots": bot_names()})

    @app.post("/api/tables", status_code=201, response_model=TableCreated, responses={422: REFUSALS[422]},
              summary="Create a table", description="Seats are people (\"human\") or bots (\"bot:<name>\"). Each "
              "human seat gets a secret token and an invite link; only the token's hash is stored.")
    async def create_table(body: CreateTableRequest, request: Request) -> JSONResponse:
        created = await service().create(body.game, body.options, list(body.seats), body.seed,
                                         str(request.base_url))
        return JSONResponse(created, status_code=201)

    @app.get("/api/tables/{table_id}", response_model=TableState,
             responses={status: REFUSALS[status] for status in (401, 404)},
             summary="The table as one seat sees it", description="With a seat's token (Authorization: Bearer or "
             "?token=) that seat's view and, when it decides now, its legal actions; without one, the spectator "
             "view.")
    async def get_table(table_id: TableId, authorization: str | None = Header(default=None),
                        token: str | None = token_query, events_from: int = events_from_query) -> Response:
        live, seat = await seat_of(table_id, authorization, token)
        return json_response(service().state_message(live, seat, events_from)[0])

    @app.post("/api/tables/{table_id}/actions", response_model=TableState,
              responses={status: REFUSALS[status] for status in (401, 403, 404, 409, 413, 422)},
              summary="Play an action", description="Acknowledged only after the action is committed. Refused with "
              "the rule's reason: illegal 422, not your decision 403, stale turn or game over 409, unknown token "
              "401.", openapi_extra={"parameters": seat_parameters_schema()})
    async def post_action(body: ActionRequest, table_id: TableId, request: Request) -> Response:
        # well-formed requests are answered by ActionFastPath before they reach this route (with play_action too)
        return await play_action(request, table_id, body)

    @app.post("/api/tables/{table_id}/why", response_model=WhyAnswer,
              responses={status: REFUSALS[status] for status in (401, 404, 413, 422)},
              summary="Why is this action not legal now?", description="The rule's reason, as the game states it.")
    async def why(body: WhyRequest, table_id: TableId,
                  authorization: str | None = Header(default=None), token: str | None = token_query) -> JSONResponse:
        live, seat = await required_seat(table_id, authorization, token)
        return JSONResponse(service().why(live, seat, body.action))

    @app.get("/api/tables/{table_id}/record", responses={status: REFUSALS[status] for status in (401, 404)},
             summary="The stored game", description="Before the end: filtered for the asking seat, without the seed "
             "and without other seats' actions. After the end: the full record (seed, options, actions) that "
             "replays the game.")
    async def record(table_id: TableId, authorization: str | None = Header(default=None),
                     token: str | None = token_query) -> Response:
        live, seat = await seat_of(table_id, authorization, token)
        return json_response(encode_json(service().record(live, seat)))

    @app.get("/api/tables/{table_id}/view", response_model=ViewAt,
             responses={status: REFUSALS[status] for status in (401, 404, 422)},
             summary="The board at one step of the game", description="The asking seat's view (the spectator's "
             "without a token) after the first `at` actions, for the replay viewer. Only views the seat was "
             "shown at the time, so any step of any game, finished or not.")
    async def view_at(table_id: TableId, at: int = Query(ge=0, le=MAX_STEP, description="the number of actions"),
                      authorization: str | None = Header(default=None),
                      token: str | None = token_query) -> Response:
        live, seat = await seat_of(table_id, authorization, token)
        return json_response(encode_json(service().view_at(live, seat, at)))

    @app.websocket("/api/tables/{table_id}/ws")
    async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        try:
            if len(table_id) > 32 or (token is not None and len(token) > TOKEN_MAX_LENGTH):
                raise ApiError(422, "table id or token too long")
            live = await service().get(table_id)
            seat = service().seat_for(live, token)
        except ApiError as exc:
            await websocket.send_json({"detail": exc.detail, "status": exc.status})
            await websocket.close(code=WS_CLOSE_BASE + exc.status)
            return
        await push_table(websocket, live, seat)

    async def push_table(websocket: WebSocket, live: LiveTable, seat: int | None) -> None:
        subscription = the_broker.subscribe(live.id)
        listener = asyncio.ensure_future(_until_closed(websocket))
        listener.add_done_callback(lambda _listener: subscription.stop())  # the client left: stop waiting for turns
        try:
            if the_broker.shared:  # another process may have moved the table on while this one was loading it
                await service().reload(live)
            # the first message carries the seat's whole log; each later one only the entries that follow
            sent_turn = live.turn
            message, sent_events = service().state_message(live, seat)
            await websocket.send_text(message.decode())
            while True:
                turn = await subscription.next_turn()
                if turn < 0:
                    break
                await service().refresh(live, turn)
                if not await wait_for_bots(subscription, live):
                    break
                await service().lanes.turn(PUSHES)  # people's requests first
                if live.turn <= sent_turn:  # announced while the first snapshot was on its way: already sent
                    continue
                sent_turn = live.turn
                message, sent_events = service().state_message(live, seat, sent_events)
                await websocket.send_text(message.decode())
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            subscription.close()
            listener.cancel()

    async def wait_for_bots(subscription: Subscription, live: LiveTable) -> bool:
        """While bots move without a delay, let their moves go out in one push: wait until a person decides (or the
        game ends), as long as each bot moves within ``settings.bot_push_wait`` seconds (a bot that thinks longer is
        shown thinking). ``False`` if the socket closed meanwhile."""
        while service().bot_moves_at_once(live):
            try:
                async with asyncio.timeout(settings.bot_push_wait):
                    turn = await subscription.next_turn()
            except TimeoutError:
                return True
            if turn < 0:
                return False
            await service().refresh(live, turn)
        return True

    return app


def json_response(body: bytes, status: int = 200) -> Response:
    return Response(content=body, status_code=status, media_type="application/json")


async def _until_closed(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends until it disconnects."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
