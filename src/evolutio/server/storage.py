"""Storage: the database is the truth about every table.

A table is stored as its game, options, seed, rules version and seats (the SHA-256 hash of each human seat's token,
never the token), plus the append-only list of actions keyed by (table, turn). Replaying the actions from the seed
rebuilds the game exactly, so a state held in memory is only a cache.

The primary key (table, turn) makes the database the judge of "one action per turn": when two writers race for the
same turn, one insert commits and the other raises :class:`TurnTaken`.

Every method here is synchronous (SQLAlchemy Core); the server calls them from worker threads (SQLite's reads, which
take microseconds, on its event loop; its commits on one writer thread). The schema is created and upgraded by Alembic
(see ``migrations/``) before the store is used.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

log = logging.getLogger("evolutio.server")

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
#: how long an SQLite writer waits for a lock held by another connection before giving up
SQLITE_BUSY_TIMEOUT_SECONDS = 30

metadata = MetaData()

tables_table = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("rules_version", String(32), nullable=False),
    Column("finished", Boolean, nullable=False, default=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

seats_table = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(80), nullable=False),
    Column("token_hash", String(64), nullable=True),
)

actions_table = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("turn", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("rules_version", String(32), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)


bot_claims_table = Table(
    "bot_claims",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("turn", Integer, primary_key=True),
    Column("claimed_at", DateTime(timezone=True), nullable=False),
)


class TurnTaken(Exception):
    """Another writer committed an action for this (table, turn) first."""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str
    token_hash: str | None


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    rules_version: str
    finished: bool
    seats: tuple[SeatRow, ...]


@dataclass(frozen=True)
class NewAction:
    """An action to store: number ``turn`` (0-based) of the table, and whether it ends the game."""

    table_id: str
    turn: int
    seat: int
    action: Any
    rules_version: str
    finished: bool


@dataclass(frozen=True)
class ActionRow:
    turn: int
    seat: int
    action: Any
    rules_version: str


#: with background checkpoints (see :meth:`Store.open`): how often the WAL is copied into the database file
CHECKPOINT_SECONDS = 1.0


def _sqlite_pragmas(dbapi_connection: Any, _record: Any, *, auto_checkpoint: bool = True) -> None:
    cursor = dbapi_connection.cursor()
    # WAL + synchronous=NORMAL: a commit appends the transaction to the WAL file (a write into the operating system's
    # cache, no fsync), so it survives the server process being killed at any point, SIGKILL included — the kernel
    # writes the file out whatever becomes of the process, and the next open replays the WAL. Only a power cut or a
    # kernel crash may lose the last commits (never corrupt the file). The fsyncs happen at checkpoints.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_SECONDS * 1000}")
    if not auto_checkpoint:
        # checkpoints (and their fsyncs) are left to Store's checkpoint thread instead of whichever commit crosses
        # the WAL's size limit: a commit then never waits for the disk
        cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


def _sqlite_pragmas_without_auto_checkpoint(dbapi_connection: Any, record: Any) -> None:
    _sqlite_pragmas(dbapi_connection, record, auto_checkpoint=False)


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def make_engine(url: str, *, auto_checkpoint: bool = True) -> Engine:
    """An engine for ``url`` (``sqlite:///path`` or ``postgresql+psycopg://…``), SQLite tuned for safe writes
    (``auto_checkpoint=False``: SQLite commits never checkpoint; someone must call :meth:`Store.checkpoint`)."""
    if is_sqlite(url):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_SECONDS})
        event.listen(engine, "connect", _sqlite_pragmas if auto_checkpoint else _sqlite_pragmas_without_auto_checkpoint)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=10)


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest Alembic revision."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Reads and writes tables and their actions. Synchronous; safe to call from several threads."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._checkpoints_stop = threading.Event()
        self._checkpointer: threading.Thread | None = None

    @classmethod
    def open(cls, url: str, *, background_checkpoints: bool = False) -> Store:
        """Open (and migrate) the database. ``background_checkpoints`` (SQLite; ignored otherwise): a thread of the
        store checkpoints the WAL every ``CHECKPOINT_SECONDS``, and commits never do — so no commit waits for an
        fsync (a server's group commits then take a fraction of a millisecond however busy the disk is)."""
        background = background_checkpoints and is_sqlite(url)
        engine = make_engine(url, auto_checkpoint=not background)
        migrate(engine)
        store = cls(engine)
        if background:
            store._checkpointer = threading.Thread(target=store._checkpoint_periodically, name="evolutio-checkpoint",
                                                   daemon=True)
            store._checkpointer.start()
        return store

    def checkpoint(self) -> None:
        """Copy the SQLite WAL's committed transactions into the database file (PASSIVE: without waiting for, or
        holding up, readers and writers). Durability does not depend on it: a killed process's WAL is replayed on the
        next open."""
        with self.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _checkpoint_periodically(self) -> None:
        while not self._checkpoints_stop.wait(CHECKPOINT_SECONDS):
            try:
                self.checkpoint()
            except Exception:  # noqa: BLE001 — a failed checkpoint is tried again next time; commits go on meanwhile
                log.exception("SQLite checkpoint failed")

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpoints_stop.set()
            self._checkpointer.join()
            self._checkpointer = None
            self.checkpoint()
        self.engine.dispose()

    def create_table(self, table_id: str, game: str, options: dict[str, Any], seed: int, rules_version: str,
                     seats: list[tuple[str, str | None]]) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(tables_table).values(
                id=table_id, game=game, options=json.dumps(options, sort_keys=True), seed=seed,
                rules_version=rules_version, finished=False, created_at=_now()))
            connection.execute(insert(seats_table), [
                {"table_id": table_id, "seat": index, "kind": kind, "token_hash": token_hash}
                for index, (kind, token_hash) in enumerate(seats)
            ])

    def load_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(tables_table).where(tables_table.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = connection.execute(
                select(seats_table).where(seats_table.c.table_id == table_id).order_by(seats_table.c.seat)).all()
        return TableRow(
            id=row.id, game=row.game, options=json.loads(row.options), seed=int(row.seed),
            rules_version=row.rules_version, finished=bool(row.finished),
            seats=tuple(SeatRow(s.seat, s.kind, s.token_hash) for s in seat_rows),
        )

    def actions(self, table_id: str, from_turn: int = 0) -> list[ActionRow]:
        """The table's actions with turn >= ``from_turn``, in order."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(actions_table.c.turn, actions_table.c.seat, actions_table.c.action,
                       actions_table.c.rules_version)
                .where(actions_table.c.table_id == table_id, actions_table.c.turn >= from_turn)
                .order_by(actions_table.c.turn)).all()
        return [ActionRow(r.turn, r.seat, json.loads(r.action), r.rules_version) for r in rows]

    _insert_action = insert(actions_table)

    def append_action(self, table_id: str, turn: int, seat: int, action: Any, rules_version: str,
                      finished: bool) -> None:
        """Commit action number ``turn`` (0-based) of the table; raises :class:`TurnTaken` if that turn is taken.
        When it ends the game, the table is marked finished in the same transaction."""
        if not self.append_actions([NewAction(table_id, turn, seat, action, rules_version, finished)])[0]:
            raise TurnTaken(f"turn {turn} of table {table_id} is already taken")

    def append_actions(self, actions: Sequence[NewAction]) -> list[bool]:
        """Commit several tables' new actions in one transaction (a group commit); for each, ``True`` if it was
        committed, ``False`` if its (table, turn) was already taken. When one turn is taken the others are committed
        one by one, so that a taken turn never costs another table its action."""
        if not actions:
            return []
        try:
            with self.engine.begin() as connection:
                self._write_actions(connection, actions)
            return [True] * len(actions)
        except IntegrityError:
            if len(actions) == 1:
                return [False]
        outcomes = []
        for action in actions:
            try:
                with self.engine.begin() as connection:
                    self._write_actions(connection, [action])
                outcomes.append(True)
            except IntegrityError:
                outcomes.append(False)
        return outcomes

    def _write_actions(self, connection: Connection, actions: Sequence[NewAction]) -> None:
        now = _now()
        connection.execute(self._insert_action, [
            {"table_id": action.table_id, "turn": action.turn, "seat": action.seat,
             "action": json.dumps(action.action), "rules_version": action.rules_version, "created_at": now}
            for action in actions])
        for action in actions:
            if action.finished:
                connection.execute(
                    update(tables_table).where(tables_table.c.id == action.table_id).values(finished=True))
                connection.execute(delete(bot_claims_table).where(bot_claims_table.c.table_id == action.table_id))

    def claim_bot_turn(self, table_id: str, turn: int, lease_seconds: float) -> bool:
        """Claim turn ``turn`` of the table for a bot of this process: ``True`` if this call got it — nobody had
        claimed it, or the claim is older than ``lease_seconds`` (its process died before playing) — else ``False``.
        The (table, turn) key lets one claim in, so across processes a bot's turn is played by one of them."""
        now = _now()
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(bot_claims_table).values(table_id=table_id, turn=turn, claimed_at=now))
            return True
        except IntegrityError:
            pass
        with self.engine.begin() as connection:
            taken_over = connection.execute(
                update(bot_claims_table)
                .where(bot_claims_table.c.table_id == table_id, bot_claims_table.c.turn == turn,
                       bot_claims_table.c.claimed_at < now - timedelta(seconds=lease_seconds))
                .values(claimed_at=now))
            return bool(taken_over.rowcount == 1)

    def unfinished_table_ids(self) -> list[str]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(tables_table.c.id).where(tables_table.c.finished.is_(False)).order_by(tables_table.c.created_at))
            return [r.id for r in rows]
