"""Durability: the server process is killed with SIGKILL mid-game; the restarted server has every acknowledged action
and resumes every table."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import _free_port

#: how often (and how long apart) to ask a starting server whether it answers yet
START_ATTEMPTS = 300
START_PAUSE_SECONDS = 0.05
#: bots move slowly in the first server, so that its bot-only tables are mid-game when it is killed
SLOW_BOT_DELAY = "0.2"
#: polls of the restarted server while its bots finish the resumed tables
FINISH_ATTEMPTS = 600
FINISH_PAUSE_SECONDS = 0.05
HUMAN_ACTIONS_BEFORE_KILL = 6


class Server:
    def __init__(self, db_url: str, bot_delay: str) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "evolutio.cli.main", "serve", "--port", str(self.port), "--db", db_url,
             "--bot-delay", bot_delay, "--log-level", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.http = httpx.Client(base_url=self.url, timeout=30)
        for _ in range(START_ATTEMPTS):
            if self.process.poll() is not None:
                errors = self.process.stderr.read().decode() if self.process.stderr else ""
                raise AssertionError(f"the server exited: {errors}")
            try:
                if self.http.get("/api/games").status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(START_PAUSE_SECONDS)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.http.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait()
        self.http.close()


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def _state(server: Server, table: str, token: str | None = None) -> dict[str, Any]:
    response = server.http.get(f"/api/tables/{table}", params={"token": token} if token else {})
    assert response.status_code == 200, response.text
    return response.json()


def test_sigkill_mid_game_loses_no_acknowledged_action_and_every_table_resumes(db_url: str,
                                                                               servers: list[Server]) -> None:
    first = Server(db_url, SLOW_BOT_DELAY)
    servers.append(first)
    people = first.http.post("/api/tables", json={"game": "origin", "seats": ["human", "human"], "seed": 13}).json()
    bot_tables = [
        first.http.post("/api/tables", json={"game": game, "seats": ["bot:random"] * 3, "seed": seed}).json()["table"]
        for game, seed in (("origin", 1), ("northstar", 2))
    ]
    table = people["table"]
    tokens = [seat["token"] for seat in people["seats"]]
    acknowledged: list[tuple[int, int, Any]] = []
    for _ in range(HUMAN_ACTIONS_BEFORE_KILL):
        seat = _state(first, table)["current_player"]
        mine = _state(first, table, tokens[seat])
        action = mine["legal"][-1]["action"]
        response = first.http.post(f"/api/tables/{table}/actions", params={"token": tokens[seat]},
                                   json={"action": action, "turn": mine["turn"]})
        assert response.status_code == 200, response.text
        acknowledged.append((mine["turn"], seat, action))
    turns_at_kill = {bot_table: _state(first, bot_table)["turn"] for bot_table in bot_tables}
    assert not any(_state(first, bot_table)["finished"] for bot_table in bot_tables)
    first.kill()

    second = Server(db_url, "0")
    servers.append(second)
    assert _state(second, table)["turn"] == len(acknowledged)
    for seat, token in enumerate(tokens):
        record = second.http.get(f"/api/tables/{table}/record", params={"token": token}).json()
        own = [(entry["turn"], entry["seat"], entry["action"]) for entry in record["actions"] if entry["seat"] == seat]
        assert own == [entry for entry in acknowledged if entry[1] == seat]
    for bot_table in bot_tables:
        for _ in range(FINISH_ATTEMPTS):
            state = _state(second, bot_table)
            if state["finished"]:
                break
            time.sleep(FINISH_PAUSE_SECONDS)
        assert state["finished"], f"table {bot_table} was not resumed"
        assert state["turn"] > turns_at_kill[bot_table]
        record = second.http.get(f"/api/tables/{bot_table}/record").json()
        assert len(record["actions"]) == state["turn"]
