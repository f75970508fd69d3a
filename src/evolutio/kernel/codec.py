"""A fixed integer encoding of a ruleset's actions (what OpenSpiel and PettingZoo need).

Each ruleset declares an :class:`ActionSchema`: an ordered list of action kinds, each with named integer arguments
and the size of each argument's range. An action ``(kind, a1, ..., ak)`` with ``0 <= ai < size_i`` is encoded as the
kind's offset plus the mixed-radix number ``a1 a2 ... ak``. The schema depends only on the game's options, never on
the position, so the encoding is the same for every state of a game. The engine itself never encodes anything: the
codec is used by adapters only, off the hot path.
"""

from __future__ import annotations

from typing import Any, Sequence

from .action import Action
from .errors import IllegalAction


class ActionSchema:
    __slots__ = ("kinds", "_offset", "_names", "_sizes", "_order", "num_actions")

    def __init__(self, kinds: Sequence[tuple[str, Sequence[tuple[str, int]]]]) -> None:
        self.kinds: tuple[str, ...] = tuple(k for k, _ in kinds)
        if len(set(self.kinds)) != len(self.kinds):
            raise ValueError("action kinds in a schema must be distinct")
        self._offset: dict[str, int] = {}
        self._names: dict[str, tuple[str, ...]] = {}
        self._sizes: dict[str, tuple[int, ...]] = {}
        self._order: list[tuple[int, str]] = []
        off = 0
        for kind, args in kinds:
            sizes = tuple(int(s) for _, s in args)
            if any(s <= 0 for s in sizes):
                raise ValueError(f"argument ranges of {kind!r} must be positive")
            self._offset[kind] = off
            self._names[kind] = tuple(n for n, _ in args)
            self._sizes[kind] = sizes
            self._order.append((off, kind))
            n = 1
            for s in sizes:
                n *= s
            off += n
        self.num_actions = off

    def arg_names(self, kind: str) -> tuple[str, ...]:
        return self._names[kind]

    def arg_sizes(self, kind: str) -> tuple[int, ...]:
        return self._sizes[kind]

    def encode(self, action: Action) -> int:
        sizes = self._sizes.get(action.kind)
        if sizes is None:
            raise IllegalAction(f"action kind {action.kind!r} is not part of this game's action schema")
        if len(action.args) != len(sizes):
            raise IllegalAction(
                f"action {action.kind!r} takes {len(sizes)} argument(s) "
                f"({', '.join(self._names[action.kind])}), got {len(action.args)}"
            )
        code = 0
        for name, a, s in zip(self._names[action.kind], action.args, sizes):
            if not 0 <= a < s:
                raise IllegalAction(f"argument {name}={a} of {action.kind!r} is outside the encodable range 0..{s - 1}")
            code = code * s + a
        return self._offset[action.kind] + code

    def decode(self, code: int) -> Action:
        if not isinstance(code, int) or isinstance(code, bool):
            try:
                code = int(code)  # numpy integers
            except (TypeError, ValueError):
                raise IllegalAction(f"an action code must be an integer, got {code!r}") from None
        if not 0 <= code < self.num_actions:
            raise IllegalAction(f"action code {code} is outside [0, {self.num_actions})")
        kind = self.kinds[0]
        for off, k in self._order:
            if off <= code:
                kind = k
            else:
                break
        rest = code - self._offset[kind]
        args = []
        for s in reversed(self._sizes[kind]):
            rest, a = divmod(rest, s)
            args.append(a)
        return Action(kind, *reversed(args))

    def named(self, action: Action) -> dict[str, Any]:
        """Readable JSON form with argument names: ``{"kind": "attack", "carnivore": 3, "target": 7}``."""
        names = self._names.get(action.kind, ())
        d: dict[str, Any] = {"kind": action.kind}
        for i, a in enumerate(action.args):
            d[names[i] if i < len(names) else f"arg{i}"] = a
        return d

    def describe(self) -> list[dict[str, Any]]:
        return [
            {"kind": k, "args": [{"name": n, "size": s} for n, s in zip(self._names[k], self._sizes[k])],
             "offset": self._offset[k]}
            for k in self.kinds
        ]
