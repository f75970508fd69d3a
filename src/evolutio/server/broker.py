"""Live updates: "table T reached turn N", published after a commit and heard by everyone pushing that table.

:class:`Broker` is the interface. :class:`InProcessBroker` serves one process (the default). :class:`RedisBroker`
connects the processes of ``evolutio serve --workers N`` (or several servers behind a proxy) through Redis pub/sub:
any process may hold sockets for any table, and an action committed by one is pushed by all.

A subscriber only needs the newest turn: it reloads the table's actions up to it and pushes each seat its own
``view()``. So a subscription keeps the highest turn announced since it last looked, never a backlog. Besides the
per-table subscriptions of sockets, a process may *watch* every announcement (``watch``): that is how its cache of
a table learns that another process has moved the table on.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Protocol

import redis.asyncio as redis_asyncio

log = logging.getLogger("evolutio.server")

#: Redis channels are named ``<prefix><table id>``; a process listens to ``<prefix>*``
REDIS_CHANNEL_PREFIX = "evolutio:table:"
#: after Redis drops the connection, wait this long before connecting again
REDIS_RECONNECT_SECONDS = 1.0

Watcher = Callable[[str, int], None]


class Subscription:
    """Turns announced for one table, newest only. ``await next_turn()`` waits for one newer than last returned, or
    returns -1 once ``stop()`` was called (the socket it feeds has closed)."""

    def __init__(self, owner: LocalSubscriptions, table_id: str) -> None:
        self.owner = owner
        self.table_id = table_id
        self.latest = -1
        self.seen = -1
        self.stopped = False
        self._changed = asyncio.Event()

    def announce(self, turn: int) -> None:
        if turn > self.latest:
            self.latest = turn
            self._changed.set()

    def stop(self) -> None:
        self.stopped = True
        self._changed.set()

    async def next_turn(self) -> int:
        while self.latest <= self.seen and not self.stopped:
            self._changed.clear()
            await self._changed.wait()
        if self.stopped:
            return -1
        return self.take_latest()

    def take_latest(self) -> int:
        """The newest turn announced (now seen)."""
        self.seen = self.latest
        return self.latest

    def close(self) -> None:
        self.owner.unsubscribe(self)


class Broker(Protocol):
    #: whether other processes hear this broker's announcements (then bots' turns are claimed in the database)
    shared: bool

    async def start(self) -> None:
        """Connect (called once, before the first publish)."""

    async def publish(self, table_id: str, turn: int) -> None:
        """Announce that ``table_id`` has ``turn`` committed actions."""

    def subscribe(self, table_id: str) -> Subscription:
        """Start hearing announcements for ``table_id``; ``close()`` the subscription when done."""

    def watch(self, watcher: Watcher) -> None:
        """Call ``watcher(table_id, turn)`` for every announcement, of every table."""

    async def close(self) -> None:
        """Release connections."""


class LocalSubscriptions:
    """The subscriptions and watchers of this process, and handing an announcement to them."""

    def __init__(self) -> None:
        self._subscriptions: dict[str, set[Subscription]] = {}
        self._watchers: list[Watcher] = []

    def subscribe(self, table_id: str) -> Subscription:
        subscription = Subscription(self, table_id)
        self._subscriptions.setdefault(table_id, set()).add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        group = self._subscriptions.get(subscription.table_id)
        if group is not None:
            group.discard(subscription)
            if not group:
                del self._subscriptions[subscription.table_id]

    def watch(self, watcher: Watcher) -> None:
        self._watchers.append(watcher)

    def deliver(self, table_id: str, turn: int) -> None:
        for subscription in tuple(self._subscriptions.get(table_id, ())):
            subscription.announce(turn)
        for watcher in self._watchers:
            watcher(table_id, turn)

    def subscriber_count(self, table_id: str) -> int:
        return len(self._subscriptions.get(table_id, ()))

    def clear(self) -> None:
        self._subscriptions.clear()
        self._watchers.clear()


class InProcessBroker(LocalSubscriptions):
    """Announcements within one server process."""

    shared = False

    async def start(self) -> None:
        return None

    async def publish(self, table_id: str, turn: int) -> None:
        self.deliver(table_id, turn)

    async def close(self) -> None:
        self.clear()


class RedisBroker(LocalSubscriptions):
    """Announcements between processes through Redis pub/sub (``redis://host:port/db``).

    A publish is handed to this process's own subscribers at once and sent to Redis for the others; every process
    listens to the pattern ``<prefix>*`` and hands what it hears to its subscribers (its own announcements come back
    too, and are ignored as no newer than what it already has). When Redis is unreachable an announcement is lost
    for the other processes only — the action itself is committed and acknowledged regardless, and a client that
    reconnects or sends an action reads the table from the database — and the listener keeps reconnecting."""

    shared = True

    def __init__(self, url: str, channel_prefix: str = REDIS_CHANNEL_PREFIX) -> None:
        super().__init__()
        self.url = url
        self.channel_prefix = channel_prefix
        self._client: Any = None
        self._listener: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()

    async def start(self) -> None:
        self._client = redis_asyncio.from_url(self.url)
        await self._client.ping()  # fail at start, with the URL in the message, rather than at the first action
        self._listener = asyncio.get_running_loop().create_task(self._listen())
        await self._listening.wait()

    async def _listen(self) -> None:
        while True:
            pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.psubscribe(f"{self.channel_prefix}*")
                self._listening.set()
                while True:
                    message = await pubsub.get_message(timeout=None)
                    if message is not None:
                        self._heard(message)
            except asyncio.CancelledError:
                await pubsub.aclose()
                raise
            except Exception as exc:  # noqa: BLE001 — a dropped connection: log it and connect again
                log.warning("Redis broker %s: %s; reconnecting", self.url, exc)
                await pubsub.aclose()
                await asyncio.sleep(REDIS_RECONNECT_SECONDS)

    def _heard(self, message: dict[str, Any]) -> None:
        channel = message.get("channel", b"")
        channel = channel.decode() if isinstance(channel, bytes) else str(channel)
        try:
            turn = int(message.get("data", b""))
        except (TypeError, ValueError):
            log.warning("Redis broker: ignored a message that is not a turn on %s", channel)
            return
        self.deliver(channel.removeprefix(self.channel_prefix), turn)

    async def publish(self, table_id: str, turn: int) -> None:
        self.deliver(table_id, turn)
        try:
            await self._client.publish(f"{self.channel_prefix}{table_id}", str(turn))
        except Exception as exc:  # noqa: BLE001 — the action is committed; only other processes' pushes are late
            log.warning("Redis broker %s: could not announce turn %d of table %s: %s", self.url, turn, table_id, exc)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
        if self._client is not None:
            await self._client.aclose()
        self.clear()


def make_broker(url: str | None) -> Broker:
    """The broker a ``--broker`` URL names: ``None`` the in-process one, ``redis://…`` (or ``rediss://…``) Redis."""
    if url is None or url == "":
        return InProcessBroker()
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisBroker(url)
    raise ValueError(f"--broker: use redis://host:port/db, got {url!r}")
