"""Events: what happened, with who may see it.

A state appends :class:`Event` objects as it changes. ``to`` is ``None`` for a public event, or the tuple of seats
that may see the full data. Everyone else sees ``redacted`` instead (e.g. "Kolya drew 3 cards" without the cards),
or nothing at all when ``redacted`` is ``None``.
"""

from __future__ import annotations

from typing import Any


class Event:
    __slots__ = ("kind", "data", "to", "redacted")

    def __init__(
        self,
        kind: str,
        data: dict[str, Any],
        to: tuple[int, ...] | None = None,
        redacted: dict[str, Any] | None = None,
    ) -> None:
        self.kind = kind
        self.data = data
        self.to = to
        self.redacted = redacted

    def visible_to(self, player: int | None) -> dict[str, Any] | None:
        """The JSON form of this event as seen by ``player`` (``None`` = spectator), or ``None`` if hidden."""
        if self.to is None or (player is not None and player in self.to):
            return {"kind": self.kind, **self.data}
        if self.redacted is not None:
            return {"kind": self.kind, **self.redacted}
        return None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "data": self.data}
        if self.to is not None:
            d["to"] = list(self.to)
            d["redacted"] = self.redacted
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Event":
        to = d.get("to")
        return cls(d["kind"], d["data"], tuple(to) if to is not None else None, d.get("redacted"))

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.data!r}, to={self.to!r})"


def events_for(events: list[Event], player: int | None) -> list[dict[str, Any]]:
    out = []
    for e in events:
        v = e.visible_to(player)
        if v is not None:
            out.append(v)
    return out
