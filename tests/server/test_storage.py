"""Storage on SQLite and PostgreSQL: one action per (table, turn) enforced by the database, migrations, and tables
resumed by replay when a server starts."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from evolutio.kernel import Action, load_game
from evolutio.server.storage import CHECKPOINT_SECONDS, Store, TurnTaken

from .conftest import make_client
from .helpers import act, create, first_legal, get_state


def test_the_database_refuses_a_second_action_for_the_same_turn(db_url: str) -> None:
    store = Store.open(db_url)
    try:
        store.create_table("t1", "origin", {"players": 2}, 5, "1", [("human", "a" * 64), ("human", "b" * 64)])
        store.append_action("t1", 0, 0, ["pass"], "1", finished=False)
        with pytest.raises(TurnTaken):
            store.append_action("t1", 0, 1, ["animal", 0], "1", finished=False)
        rows = store.actions("t1")
        assert [(row.turn, row.seat, row.action) for row in rows] == [(0, 0, ["pass"])]
        loaded = store.load_table("t1")
        assert loaded is not None and [seat.token_hash for seat in loaded.seats] == ["a" * 64, "b" * 64]
        assert store.unfinished_table_ids() == ["t1"]
        store.append_action("t1", 1, 1, ["pass"], "1", finished=True)
        assert store.unfinished_table_ids() == []
    finally:
        store.close()


def test_migrations_create_the_schema_once_and_run_again_harmlessly(db_url: str) -> None:
    Store.open(db_url).close()
    store = Store.open(db_url)
    try:
        names = set(inspect(store.engine).get_table_names())
        assert {"tables", "seats", "actions", "bot_claims", "alembic_version"} <= names
        with store.engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == "0002"
        keys = inspect(store.engine).get_pk_constraint("actions")["constrained_columns"]
        assert keys == ["table_id", "turn"]
    finally:
        store.close()


def test_tokens_are_stored_only_as_hashes(db_url: str) -> None:
    with make_client(db_url) as client:
        created = create(client, "origin", ["human", "human"])
    store = Store.open(db_url)
    try:
        with store.engine.connect() as connection:
            stored = " ".join(str(row) for row in connection.execute(text("SELECT * FROM seats")))
        for seat in created["seats"]:
            assert seat["token"] not in stored
    finally:
        store.close()


def test_two_servers_racing_for_one_turn_one_wins_the_other_answers_409(db_url: str) -> None:
    with make_client(db_url) as first, make_client(db_url) as second:
        created = create(first, "origin", ["human", "human"], seed=9)
        table = created["table"]
        tokens = [seat["token"] for seat in created["seats"]]
        state = get_state(second, table)  # the second server loads the table too, at turn 0
        mover = state["current_player"]
        mine = get_state(first, table, tokens[mover])
        legal = mine["legal"]
        assert act(first, table, tokens[mover], legal[0]["action"], 0).status_code == 200
        late = act(second, table, tokens[mover], legal[-1]["action"], 0)
        assert late.status_code == 409 and "turn 0" in late.json()["detail"]
        assert get_state(second, table)["turn"] == 1  # the loser re-read the table
        record = first.get(f"/api/tables/{table}/record", params={"token": tokens[mover]}).json()
        assert [entry["action"] for entry in record["actions"]] == [legal[0]["action"]]


#: a bot delay longer than any test: the first server's bots never move
NEVER_SECONDS = 3600.0


def test_a_restarted_server_resumes_tables_by_replay_and_restarts_their_bots(db_url: str) -> None:
    with make_client(db_url, bot_delay=NEVER_SECONDS) as client:
        created = create(client, "origin", ["human", "bot:random"], seed=7)
        table, token = created["table"], created["seats"][0]["token"]
        state = get_state(client, table, token)
        while state["current_player"] == 0:
            response = act(client, table, token, first_legal(state), state["turn"])
            assert response.status_code == 200
            state = response.json()
        stopped_at = state["turn"]
        assert stopped_at > 0 and state["current_player"] == 1
        own_before = client.get(f"/api/tables/{table}/record", params={"token": token}).json()["actions"]
    with make_client(db_url) as client:  # the restarted server replays the table and its bot moves on
        with client.websocket_connect(f"/api/tables/{table}/ws?token={token}") as socket:
            state = socket.receive_json()
            while state["turn"] == stopped_at:
                state = socket.receive_json()
        assert state["turn"] > stopped_at
        record = client.get(f"/api/tables/{table}/record", params={"token": token}).json()
        assert record["actions"][:stopped_at] == own_before
    store = Store.open(db_url)
    try:
        stored = store.actions(table)
    finally:
        store.close()
    reference = load_game("origin", players=2).new_state(7)
    for row in stored[:state["turn"]]:
        reference.apply(Action.from_json(row.action))
    assert state["view"] == reference.view(0)


def test_a_bots_turn_is_claimed_once_until_its_lease_runs_out(db_url: str) -> None:
    store = Store.open(db_url)
    try:
        store.create_table("t1", "origin", {"players": 2}, 5, "1", [("bot:random", None), ("bot:random", None)])
        assert store.claim_bot_turn("t1", 0, lease_seconds=60)
        assert not store.claim_bot_turn("t1", 0, lease_seconds=60), "a second process must not play the same turn"
        assert store.claim_bot_turn("t1", 1, lease_seconds=60), "each turn is claimed on its own"
        # the claimer died: once its claim is older than the lease, another process takes the turn over, once
        assert store.claim_bot_turn("t1", 0, lease_seconds=-1)
        assert not store.claim_bot_turn("t1", 0, lease_seconds=60)
    finally:
        store.close()


#: how long to wait for the checkpoint thread to copy a commit into the database file
CHECKPOINT_WAIT_SECONDS = 10 * CHECKPOINT_SECONDS
#: a process that commits actions on a store whose commits never checkpoint, then kills itself before the checkpoint
#: thread's first round (CHECKPOINT_SECONDS): its commits are only in the WAL file
KILLED_WRITER = """
import os, signal, sys
from evolutio.server.storage import Store
store = Store.open(sys.argv[1], background_checkpoints=True)
store.create_table("t1", "origin", {"players": 2}, 5, "1", [("human", None), ("human", None)])
for turn in range(3):
    store.append_action("t1", turn, turn % 2, ["pass"], "1", finished=False)
wal_bytes = os.path.getsize(sys.argv[2] + "-wal")
print(wal_bytes, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_sqlite_commits_left_uncheckpointed_survive_a_killed_process(tmp_path: Path) -> None:
    path = tmp_path / "killed.sqlite3"
    url = f"sqlite:///{path}"
    finished = subprocess.run([sys.executable, "-c", KILLED_WRITER, url, str(path)], capture_output=True, text=True,
                              timeout=120)
    assert finished.returncode == -signal.SIGKILL, finished.stderr
    assert int(finished.stdout) > 0  # the commits were in the WAL, not yet in the database file
    store = Store.open(url)
    try:
        assert [(row.turn, row.seat, row.action) for row in store.actions("t1")] == [
            (0, 0, ["pass"]), (1, 1, ["pass"]), (2, 0, ["pass"])]
    finally:
        store.close()


def test_background_checkpoints_copy_the_wal_into_the_database_file_and_commits_never_do(tmp_path: Path) -> None:
    path = tmp_path / "checkpointed.sqlite3"
    store = Store.open(f"sqlite:///{path}", background_checkpoints=True)
    try:
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
        store.create_table("t1", "origin", {"players": 2}, 5, "1", [("human", None), ("human", None)])
        store.append_action("t1", 0, 0, ["pass"], "1", finished=False)
        deadline = time.monotonic() + CHECKPOINT_WAIT_SECONDS
        while b"t1" not in path.read_bytes() and time.monotonic() < deadline:
            time.sleep(CHECKPOINT_SECONDS / 10)
        assert b"t1" in path.read_bytes()  # the table's row reached the database file with no call from here
    finally:
        store.close()
