"""Fixtures of the server tests: the same tests run on SQLite and on a real PostgreSQL server.

PostgreSQL: the server on 127.0.0.1:5432 (database ``test``, trust authentication) when it answers; otherwise one
started for the session with ``initdb``/``postgres`` from ``/usr/lib/postgresql/*/bin`` in a temporary directory (run
as the ``postgres`` user: they refuse to run as root). Each test gets its own schema, dropped afterwards.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
import redis
from fastapi.testclient import TestClient

from evolutio.server import ServerSettings, create_app

POSTGRES_HOST = "127.0.0.1"
POSTGRES_PORT = 5432
POSTGRES_DATABASE = "test"
POSTGRES_USER = "postgres"
#: how long to wait for a PostgreSQL server the fixture started to accept connections
POSTGRES_START_ATTEMPTS = 100
POSTGRES_START_PAUSE_SECONDS = 0.1


def _postgres_answers(host: str, port: int, dbname: str) -> bool:
    try:
        with psycopg.connect(host=host, port=port, dbname=dbname, user=POSTGRES_USER, connect_timeout=2):
            return True
    except psycopg.Error:
        return False


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start_own_postgres() -> tuple[subprocess.Popen[bytes], str, int]:
    binaries = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
    if not binaries:
        pytest.skip("no PostgreSQL server answers on 127.0.0.1:5432 and /usr/lib/postgresql/*/bin is missing")
    bin_dir = Path(binaries[-1])
    directory = tempfile.mkdtemp(prefix="evolutio-pg-")
    shutil.chown(directory, user=POSTGRES_USER)
    data = os.path.join(directory, "data")
    as_postgres = ["runuser", "-u", POSTGRES_USER, "--"]
    subprocess.run([*as_postgres, str(bin_dir / "initdb"), "-D", data, "-A", "trust", "-U", POSTGRES_USER],
                   check=True, capture_output=True)
    port = _free_port()
    server = subprocess.Popen([*as_postgres, str(bin_dir / "postgres"), "-D", data, "-p", str(port),
                               "-k", directory, "-c", f"listen_addresses={POSTGRES_HOST}", "-c", "fsync=off"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(POSTGRES_START_ATTEMPTS):
        if _postgres_answers(POSTGRES_HOST, port, "postgres"):
            break
        time.sleep(POSTGRES_START_PAUSE_SECONDS)
    else:
        server.kill()
        pytest.fail("the PostgreSQL server started by the fixture did not accept connections")
    with psycopg.connect(host=POSTGRES_HOST, port=port, dbname="postgres", user=POSTGRES_USER,
                         autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {POSTGRES_DATABASE}")
    return server, directory, port


@pytest.fixture(scope="session")
def postgres_port() -> Iterator[int]:
    if _postgres_answers(POSTGRES_HOST, POSTGRES_PORT, POSTGRES_DATABASE):
        yield POSTGRES_PORT
        return
    server, directory, port = _start_own_postgres()
    try:
        yield port
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(directory, ignore_errors=True)


def _postgres_schema_url(port: int) -> Iterator[str]:
    schema = f"evolutio_test_{uuid.uuid4().hex[:12]}"
    connect = {"host": POSTGRES_HOST, "port": port, "dbname": POSTGRES_DATABASE, "user": POSTGRES_USER,
               "autocommit": True}
    with psycopg.connect(**connect) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    try:
        yield (f"postgresql+psycopg://{POSTGRES_USER}@{POSTGRES_HOST}:{port}/{POSTGRES_DATABASE}"
               f"?options=-csearch_path%3D{schema}")
    finally:
        with psycopg.connect(**connect) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'evolutio.sqlite3'}"
        return
    port = request.getfixturevalue("postgres_port")
    yield from _postgres_schema_url(port)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'evolutio.sqlite3'}"


def make_client(db_url: str, **settings: Any) -> TestClient:
    settings.setdefault("bot_delay", 0)
    return TestClient(create_app(ServerSettings(db_url=db_url, **settings)))


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with make_client(db_url) as test_client:
        yield test_client


REDIS_HOST = "127.0.0.1"
REDIS_PORT = 6379
#: how long to wait for a redis-server the fixture started to answer
REDIS_START_ATTEMPTS = 100
REDIS_START_PAUSE_SECONDS = 0.05


def _redis_answers(port: int) -> bool:
    try:
        with redis.Redis(host=REDIS_HOST, port=port, socket_connect_timeout=1) as client:
            return bool(client.ping())
    except redis.RedisError:
        return False


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """The Redis server on 127.0.0.1:6379 when it answers; otherwise a ``redis-server`` started for the session on a
    free port (no persistence)."""
    if _redis_answers(REDIS_PORT):
        yield f"redis://{REDIS_HOST}:{REDIS_PORT}/0"
        return
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("no Redis answers on 127.0.0.1:6379 and redis-server is missing: apt-get install -y redis-server")
    port = _free_port()
    directory = tempfile.mkdtemp(prefix="evolutio-redis-")
    server = subprocess.Popen([binary, "--port", str(port), "--bind", REDIS_HOST, "--save", "", "--appendonly", "no",
                               "--dir", directory], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(REDIS_START_ATTEMPTS):
            if _redis_answers(port):
                break
            time.sleep(REDIS_START_PAUSE_SECONDS)
        else:
            pytest.fail("the redis-server started by the fixture did not answer")
        yield f"redis://{REDIS_HOST}:{port}/0"
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(directory, ignore_errors=True)
