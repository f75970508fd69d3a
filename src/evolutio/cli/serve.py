"""``evolutio serve``: run the web app (HTTP API, live updates, the browser client) on uvicorn."""

from __future__ import annotations

import argparse
import logging
import os
import socket
import sys
from pathlib import Path
from typing import Any

import redis
import uvicorn
from platformdirs import user_data_dir
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from evolutio.kernel import EvolutioError
from evolutio.server import ServerSettings, create_app
from evolutio.server.app import SETTINGS_ENVIRONMENT_VARIABLE, tune_garbage_collector
from evolutio.server.broker import make_broker
from evolutio.server.storage import Store

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_BOT_DELAY_SECONDS = 0.8
DATABASE_FILE = "evolutio.sqlite3"
#: how long a thread may hold the interpreter before another gets it. Python's 5 ms default lets the busy event
#: loop keep a bot thread that has chosen its move waiting for whole milliseconds; 1 ms keeps bot replies prompt.
THREAD_SWITCH_INTERVAL_SECONDS = 0.001
#: the most worker processes --workers starts
MAX_WORKERS = 64
#: how long the start-up check waits for the --broker's Redis to accept a connection
BROKER_CONNECT_TIMEOUT_SECONDS = 5
#: what uvicorn imports and calls in each worker process of --workers N
WORKER_APP = "evolutio.server.app:app_from_environment"
#: how long a worker may take to answer uvicorn's health check before it is restarted: a new worker process imports
#: the whole package first, which takes several seconds on a busy machine (uvicorn's default, 5, killed workers there)
WORKER_START_SECONDS = 60


def default_database_url() -> str:
    directory = Path(user_data_dir("evolutio", appauthor=False))
    directory.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{directory / DATABASE_FILE}"


def add_serve_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("serve", help="run the web app: play in the browser with people and bots")
    parser.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    parser.add_argument("--db", metavar="URL", default=None,
                        help="database URL: sqlite:///path/file.sqlite3 or postgresql+psycopg://user@host/db "
                             "(default: a SQLite file in your data directory)")
    parser.add_argument("--bot-delay", metavar="SECONDS", type=float, default=DEFAULT_BOT_DELAY_SECONDS,
                        help=f"pause before a bot moves, so people can follow (default {DEFAULT_BOT_DELAY_SECONDS}; "
                             "0 for tests and benchmarks)")
    parser.add_argument("--public-url", default="", help="base of invite links when behind a proxy "
                                                         "(default: the address the request came to)")
    parser.add_argument("--workers", metavar="N", type=int, default=1,
                        help="server processes sharing the port (default 1); more than one needs --broker, so that "
                             "an action taken through one process is pushed by all")
    parser.add_argument("--broker", metavar="URL", default=None,
                        help="live updates between processes: redis://host:port/db (default: within one process)")
    parser.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    parser.set_defaults(func=cmd_serve)


def _describe_database(url: str) -> str:
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise EvolutioError(f"--db: not a database URL: {url!r}") from None
    if parsed.get_backend_name() == "sqlite":
        return f"SQLite file {parsed.database}"
    if parsed.get_backend_name() == "postgresql":
        return f"PostgreSQL {parsed.render_as_string(hide_password=True)}"
    raise EvolutioError(f"--db: use sqlite:///… or postgresql+psycopg://…, got {parsed.get_backend_name()!r}")


def _check_port_free(host: str, port: int) -> None:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise EvolutioError(f"--host/--port: cannot listen on {host}:{port}: {exc.strerror}") from None


def _check_broker(url: str | None, workers: int) -> str:
    """Refuse a broker URL that is not Redis's, or that does not answer; what the start-up message says of it."""
    if url is None:
        if workers > 1:
            raise EvolutioError(f"--workers {workers} needs --broker redis://host:port/db: without a broker between "
                                "the processes, a socket on one would not hear of actions taken through another")
        return "within this process"
    try:
        make_broker(url)
    except ValueError as exc:
        raise EvolutioError(str(exc)) from None
    try:
        with redis.Redis.from_url(url, socket_connect_timeout=BROKER_CONNECT_TIMEOUT_SECONDS) as client:
            client.ping()
    except (redis.RedisError, ValueError) as exc:
        raise EvolutioError(f"--broker: Redis at {url} does not answer: {exc}") from None
    return f"Redis {url}"


def cmd_serve(ns: argparse.Namespace) -> int:
    if ns.bot_delay < 0:
        raise EvolutioError(f"--bot-delay must be 0 or more seconds, got {ns.bot_delay}")
    if not 0 <= ns.port <= 65535:
        raise EvolutioError(f"--port must be between 0 and 65535, got {ns.port}")
    if not 1 <= ns.workers <= MAX_WORKERS:
        raise EvolutioError(f"--workers must be between 1 and {MAX_WORKERS}, got {ns.workers}")
    url = ns.db or default_database_url()
    where = _describe_database(url)
    broker = _check_broker(ns.broker, ns.workers)
    _check_port_free(ns.host, ns.port)
    settings = ServerSettings(db_url=url, bot_delay=ns.bot_delay, public_url=ns.public_url, broker_url=ns.broker)
    shown_host = f"[{ns.host}]" if ":" in ns.host else ns.host
    sys.setswitchinterval(THREAD_SWITCH_INTERVAL_SECONDS)
    logging.basicConfig(format="evolutio: %(message)s")
    logging.getLogger("evolutio").setLevel(ns.log_level.upper())
    print(f"evolutio: database: {where}", flush=True)
    if ns.workers > 1 or ns.broker is not None:
        print(f"evolutio: {ns.workers} worker process(es), live updates through {broker}", flush=True)
    print(f"evolutio: open http://{shown_host}:{ns.port}/ in your browser (Ctrl+C stops the server)", flush=True)
    # no per-message compression: state objects are small and compressing every push cost more CPU than the rest
    options: dict[str, Any] = {"host": ns.host, "port": ns.port, "log_level": ns.log_level,
                               "ws_per_message_deflate": False}
    if ns.workers == 1:
        app = create_app(settings)
        tune_garbage_collector()
        uvicorn.run(app, **options)
        return 0
    # the schema is migrated once here, before the workers start (each would otherwise race to create it)
    Store.open(url).close()
    os.environ[SETTINGS_ENVIRONMENT_VARIABLE] = settings.to_environment()
    uvicorn.run(WORKER_APP, factory=True, workers=ns.workers, timeout_worker_healthcheck=WORKER_START_SECONDS,
                **options)
    return 0
