"""Live updates: "table T reached turn N", published after a commit and heard by everyone pushing that table.

:class:`Broker` is the interface. :class:`InProcessBroker` serves one process (the default, with SQLite); a broker
between processes (Redis pub/sub, PostgreSQL LISTEN/NOTIFY) implements the same two methods.

A subscriber only needs the newest turn: it reloads the table's actions up to it and pushes each seat its own
``view()``. So a subscription keeps the highest turn announced since it last looked, never a backlog.
"""

from __future__ import annotations

import asyncio
from typing import Protocol


class Subscription:
    """Turns announced for one table, newest only. ``await next_turn()`` waits for one newer than last returned."""

    def __init__(self, broker: InProcessBroker, table_id: str) -> None:
        self.broker = broker
        self.table_id = table_id
        self.latest = -1
        self.seen = -1
        self._changed = asyncio.Event()

    def announce(self, turn: int) -> None:
        if turn > self.latest:
            self.latest = turn
            self._changed.set()

    async def next_turn(self) -> int:
        while self.latest <= self.seen:
            self._changed.clear()
            await self._changed.wait()
        self.seen = self.latest
        return self.latest

    def close(self) -> None:
        self.broker.unsubscribe(self)


class Broker(Protocol):
    async def publish(self, table_id: str, turn: int) -> None:
        """Announce that ``table_id`` has ``turn`` committed actions."""

    def subscribe(self, table_id: str) -> Subscription:
        """Start hearing announcements for ``table_id``; ``close()`` the subscription when done."""

    async def close(self) -> None:
        """Release connections."""


class InProcessBroker:
    """Announcements within one server process."""

    def __init__(self) -> None:
        self._subscriptions: dict[str, set[Subscription]] = {}

    async def publish(self, table_id: str, turn: int) -> None:
        for subscription in tuple(self._subscriptions.get(table_id, ())):
            subscription.announce(turn)

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

    def subscriber_count(self, table_id: str) -> int:
        return len(self._subscriptions.get(table_id, ()))

    async def close(self) -> None:
        self._subscriptions.clear()
