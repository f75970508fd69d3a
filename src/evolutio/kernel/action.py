"""Actions: small immutable values with a stable JSON form.

An action is a *kind* (a short snake_case word such as ``"play_animal"``) and a tuple of integer arguments
(``Action("attack", 12, 40)``). Integers keep actions hashable, cheap to create in ``legal_actions`` and trivially
encodable for research toolkits (see :mod:`evolutio.kernel.codec`). Each ruleset documents what its kinds and
arguments mean, and names the arguments in its :class:`ActionSchema` so that JSON and text forms are readable.
The state describes an action in words with ``state.describe(action)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import IllegalAction


class Action:
    __slots__ = ("kind", "args", "_hash")
    kind: str
    args: tuple[int, ...]
    _hash: int

    def __init__(self, kind: str, *args: int) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "_hash", hash((kind, args)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, Action) and self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: "Action") -> bool:
        return (self.kind, self.args) < (other.kind, other.args)

    def __repr__(self) -> str:
        return f"Action({', '.join([repr(self.kind), *map(repr, self.args)])})"

    def __str__(self) -> str:
        return " ".join([self.kind, *map(str, self.args)])

    def __reduce__(self) -> tuple[type[Action], tuple[Any, ...]]:
        return (Action, (self.kind, *self.args))

    def to_json(self) -> list[Any]:
        """Stable JSON form: ``["kind", arg1, arg2, ...]``."""
        return [self.kind, *self.args]

    @classmethod
    def from_json(cls, data: Any) -> "Action":
        """Parse the JSON form; accepts ``["kind", ...args]`` or ``{"kind": ..., "args": [...]}``."""
        if isinstance(data, dict):
            if set(data) - {"kind", "args"} or "kind" not in data:
                raise IllegalAction(f"an action object has keys 'kind' and 'args', got {sorted(data)}")
            kind, args = data["kind"], data.get("args", [])
            if not isinstance(args, list):
                raise IllegalAction(f"action args must be a list, got {args!r}")
        elif isinstance(data, list) and data:
            kind, args = data[0], data[1:]
        else:
            raise IllegalAction(f"an action is written [\"kind\", arg, ...], got {data!r}")
        if not isinstance(kind, str) or not kind:
            raise IllegalAction(f"an action kind must be a non-empty string, got {kind!r}")
        for a in args:
            if not isinstance(a, int) or isinstance(a, bool):
                raise IllegalAction(f"action arguments must be integers, got {a!r} in {data!r}")
        return cls(kind, *args)

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Parse the ``str`` form, e.g. ``"attack 12 40"``."""
        parts = text.split()
        if not parts:
            raise IllegalAction("empty action text")
        try:
            args = [int(p) for p in parts[1:]]
        except ValueError:
            raise IllegalAction(f"action arguments must be integers: {text!r}") from None
        return cls(parts[0], *args)


def actions_by_kind(actions: Iterable[Action]) -> dict[str, list[Action]]:
    """``actions`` grouped by kind: the kinds in order of first appearance, each group in the given order."""
    groups: dict[str, list[Action]] = {}
    for action in actions:   # (not setdefault: that builds an empty list for every action; rollout policies call this)
        kind = action.kind
        if kind in groups:
            groups[kind].append(action)
        else:
            groups[kind] = [action]
    return groups
