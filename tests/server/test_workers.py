"""Any process serves any table: ``evolutio serve --workers 2 --broker redis://…`` — a socket held by one worker
process sees the actions posted through the other, and bots' turns are played once across the workers."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from evolutio.cli.main import main

from .conftest import _free_port

WORKERS = 2
WORKER_HEADER = "x-evolutio-worker"
#: a new connection lands on either worker (they share the listening socket): tries until each worker has been met
CONNECTION_ATTEMPTS = 200
#: how long to wait for the workers to start, and how often to ask
START_ATTEMPTS = 600
START_PAUSE_SECONDS = 0.1
#: a push arrives well within this many seconds
PUSH_TIMEOUT_SECONDS = 20
#: polls while the bots of a bots-only table play to the end
FINISH_ATTEMPTS = 600
FINISH_PAUSE_SECONDS = 0.05


class Workers:
    """``evolutio serve --workers 2`` on SQLite and Redis, on a free port."""

    def __init__(self, db_url: str, redis_url: str) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "evolutio.cli.main", "serve", "--port", str(self.port), "--db", db_url,
             "--workers", str(WORKERS), "--broker", redis_url, "--bot-delay", "0", "--log-level", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        met: set[str] = set()
        for _ in range(START_ATTEMPTS):
            if self.process.poll() is not None:
                errors = self.process.stderr.read().decode() if self.process.stderr else ""
                raise AssertionError(f"the server exited: {errors}")
            try:
                met.add(httpx.get(f"{self.url}/api/games", timeout=10).headers[WORKER_HEADER])
                if len(met) == WORKERS:
                    return
            except httpx.TransportError:
                time.sleep(START_PAUSE_SECONDS)
        raise AssertionError(f"the workers did not all start (answered: {sorted(met)})")

    def http_on(self, worker: str) -> httpx.Client:
        """An HTTP client whose one kept-alive connection is served by ``worker``."""
        for _ in range(CONNECTION_ATTEMPTS):
            client = httpx.Client(base_url=self.url, timeout=30, limits=httpx.Limits(max_connections=1))
            if client.get("/api/games").headers[WORKER_HEADER] == worker:
                return client
            client.close()
        raise AssertionError(f"no connection reached worker {worker}")

    def sockets_on_each_worker(self, stack: ExitStack, table: str, token: str) -> dict[str, ClientConnection]:
        """One socket of the seat per worker process (new connections land on either), closed with ``stack``."""
        sockets: dict[str, ClientConnection] = {}
        for _ in range(CONNECTION_ATTEMPTS):
            with ExitStack() as attempt:
                socket_ = attempt.enter_context(connect(f"ws://127.0.0.1:{self.port}/api/tables/{table}/ws?token={token}"))
                assert socket_.response is not None
                worker = socket_.response.headers[WORKER_HEADER]
                if worker not in sockets:
                    sockets[worker] = socket_
                    stack.push(attempt.pop_all())
            if len(sockets) == WORKERS:
                return sockets
        raise AssertionError(f"sockets reached only workers {sorted(sockets)}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait()


@pytest.fixture
def workers(tmp_path: Path, redis_url: str) -> Iterator[Workers]:
    server = Workers(f"sqlite:///{tmp_path / 'workers.sqlite3'}", redis_url)
    try:
        yield server
    finally:
        server.stop()


def _turns_until(socket_: ClientConnection, turn: int) -> list[int]:
    """The turns of the states ``socket_`` pushes, until one at ``turn`` or later."""
    seen = []
    while not seen or seen[-1] < turn:
        seen.append(json.loads(socket_.recv(timeout=PUSH_TIMEOUT_SECONDS))["turn"])
    return seen


def test_a_socket_on_either_worker_sees_actions_posted_through_both(workers: Workers) -> None:
    created = httpx.post(f"{workers.url}/api/tables", timeout=30,
                         json={"game": "origin", "seats": ["human", "human"], "seed": 3}).json()
    table = created["table"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    with ExitStack() as stack:
        sockets = workers.sockets_on_each_worker(stack, table, tokens[0])
        for socket_ in sockets.values():
            assert json.loads(socket_.recv(timeout=PUSH_TIMEOUT_SECONDS))["turn"] == 0
        for number, worker in enumerate(sorted(sockets)):  # one action through each worker process
            http = workers.http_on(worker)
            stack.callback(http.close)
            state = http.get(f"/api/tables/{table}").json()
            assert state["turn"] == number, "the worker's cache has caught up with the other's action"
            seat = state["current_player"]
            mine = http.get(f"/api/tables/{table}", params={"token": tokens[seat]}).json()
            answer = http.post(f"/api/tables/{table}/actions", params={"token": tokens[seat]},
                               json={"action": mine["legal"][-1]["action"], "turn": number})
            assert answer.status_code == 200, answer.text
            assert answer.headers[WORKER_HEADER] == worker and answer.json()["turn"] == number + 1
            for socket_ in sockets.values():
                assert _turns_until(socket_, number + 1)[-1] == number + 1


def test_bots_play_a_table_to_the_end_with_two_workers(workers: Workers) -> None:
    created = httpx.post(f"{workers.url}/api/tables", timeout=30,
                         json={"game": "origin", "seats": ["bot:random"] * 3, "seed": 5}).json()
    table = created["table"]
    for _ in range(FINISH_ATTEMPTS):
        state: dict[str, Any] = httpx.get(f"{workers.url}/api/tables/{table}", timeout=30).json()
        if state["finished"]:
            break
        time.sleep(FINISH_PAUSE_SECONDS)
    else:
        raise AssertionError(f"the bots stopped at turn {state['turn']}")
    record = httpx.get(f"{workers.url}/api/tables/{table}/record", timeout=30).json()
    assert len(record["actions"]) == state["turn"] == len(record["actors"]) and state["winners"]


@pytest.mark.parametrize(("arguments", "message"), [
    (["--workers", "2"], "--workers 2 needs --broker redis://"),
    (["--workers", "0"], "--workers must be between 1 and"),
    (["--broker", "http://127.0.0.1:6379"], "--broker: use redis://host:port/db"),
    (["--broker", "redis://127.0.0.1:1/0"], "--broker: Redis at redis://127.0.0.1:1/0 does not answer"),
])
def test_serve_refuses_workers_without_a_broker_and_a_broker_that_is_not_redis_or_does_not_answer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str) -> None:
    code = main(["serve", "--port", str(_free_port()), "--db", f"sqlite:///{tmp_path / 'x.sqlite3'}", *arguments])
    error = capsys.readouterr().err.strip()
    assert code != 0 and message in error and len(error.splitlines()) == 1, error
