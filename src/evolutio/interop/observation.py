"""A generic, fixed-size, leak-free observation encoding for any evolutio ruleset.

Every adapter (PettingZoo, OpenSpiel, Gymnasium) turns a seat's knowledge into numbers the same way, using only
``state.view(seat)`` — the JSON dict the ruleset already guarantees holds exactly what that seat may know. Hidden
state is never read, so an observation cannot leak what the view does not show.

The encoding is *feature hashing* (Weinberger et al., "Feature Hashing for Large Scale Multitask Learning", 2009)
of the view's leaves into a float32 vector of fixed length ``size`` (default :data:`DEFAULT_SIZE` = 1024, the same
for every ruleset and every option set, so a network's input layer never changes shape):

- the view is walked recursively; every leaf has a *path* such as ``players[1].animals[0].food``
  (list positions at or beyond :data:`LIST_CAP` share the path element ``[*]``);
- a number ``x`` adds ``sign * x`` to bucket ``h(path)``;
- ``True`` adds ``sign`` to bucket ``h(path)`` (``False`` adds nothing);
- a string ``s`` adds ``sign`` to bucket ``h(path + "=" + s)`` (a hashed one-hot);
- ``None`` adds ``sign`` to bucket ``h(path + "=null")``;
- every list also adds its length to bucket ``h(path + "#len")``;
- two constant features are always present: a bias ``@bias`` and the seat ``@seat=<p>`` (``@seat=spectator``);
- ``h`` is CRC-32 of the UTF-8 feature name modulo ``size`` and ``sign`` is ``+1``/``-1`` from bit 31 of the same
  CRC (signed hashing makes collisions cancel on average instead of piling up);
- finally every entry is clipped to ``[-CLIP, CLIP]`` (:data:`CLIP` = 1e6) so the vector always lies in its space.

The encoding is deterministic across processes and platforms (CRC-32, not Python's salted ``hash``) and depends
only on the view, so two states a seat cannot tell apart get identical vectors.
"""

from __future__ import annotations

import json
import zlib
from typing import Any, Iterable

import numpy as np

DEFAULT_SIZE = 1024
LIST_CAP = 32
CLIP = 1.0e6

__all__ = ["DEFAULT_SIZE", "LIST_CAP", "CLIP", "ViewEncoder", "canonical_json"]


def canonical_json(obj: Any) -> str:
    """Canonical JSON text: sorted keys, no spaces, UTF-8 kept. Equal data gives equal text."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class _Node:
    """One path of the view (a trie node): its feature buckets, computed once and then reused for every view."""

    __slots__ = ("path", "num", "len", "null", "strs", "kids")

    def __init__(self, path: str) -> None:
        self.path = path
        self.num: tuple[int, float] | None = None   # bucket of the path itself (numbers, True)
        self.len: tuple[int, float] | None = None   # bucket of path#len (lists)
        self.null: tuple[int, float] | None = None  # bucket of path=null
        self.strs: dict[str, tuple[int, float]] = {}
        self.kids: dict[Any, _Node] = {}


class ViewEncoder:
    """Feature-hash views into float32 vectors of length ``size`` (see the module docstring for the rule)."""

    __slots__ = ("size", "_cache", "_root", "_nodes")

    #: forget the learned paths beyond this many (views with unbounded key sets must not grow memory forever)
    MAX_NODES = 200_000

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if not isinstance(size, int) or isinstance(size, bool) or size < 8:
            raise ValueError(f"observation size must be an integer >= 8, got {size!r}")
        self.size = size
        self._cache: dict[str, tuple[int, float]] = {}
        self._root = _Node("")
        self._nodes = 0

    # -- hashing ---------------------------------------------------------------------------------------------
    def bucket(self, feature: str) -> tuple[int, float]:
        """``(index, sign)`` of a feature name."""
        hit = self._cache.get(feature)
        if hit is None:
            h = zlib.crc32(feature.encode("utf-8"))
            hit = (h % self.size, -1.0 if h & 0x80000000 else 1.0)
            if len(self._cache) < 100_000:
                self._cache[feature] = hit
        return hit

    def _hash(self, feature: str) -> tuple[int, float]:
        h = zlib.crc32(feature.encode("utf-8"))
        return (h % self.size, -1.0 if h & 0x80000000 else 1.0)

    # -- encoding --------------------------------------------------------------------------------------------
    def encode(self, view: dict[str, Any], seat: int | None,
               extra: Iterable[tuple[str, float]] = ()) -> np.ndarray:
        """The vector of ``view`` as seen by ``seat`` (``None``: spectator). ``extra`` adds named features."""
        out = [0.0] * self.size
        bucket = self.bucket
        i, s = bucket("@bias")
        out[i] += s
        i, s = bucket(f"@seat={'spectator' if seat is None else seat}")
        out[i] += s
        if self._nodes > self.MAX_NODES:
            self._root, self._nodes = _Node(""), 0
        self._walk(view, self._root, out)
        for name, value in extra:
            i, s = bucket(name)
            out[i] += s * value
        arr = np.asarray(out, dtype=np.float32)
        np.clip(arr, -CLIP, CLIP, out=arr)
        return arr

    def _child(self, node: _Node, key: Any) -> _Node:
        if isinstance(key, int):
            path = f"{node.path}[{key if key < LIST_CAP else '*'}]"
        else:
            path = f"{node.path}.{key}" if node.path else str(key)
        c = node.kids[key] = _Node(path)
        self._nodes += 1
        return c

    def _walk(self, value: Any, node: _Node, out: list[float]) -> None:
        t = type(value)
        if t is dict:
            kids = node.kids
            for k, v in value.items():
                c = kids.get(k)
                if c is None:
                    c = self._child(node, str(k))
                    kids[k] = c
                self._walk(v, c, out)
        elif t is list or t is tuple:
            b = node.len
            if b is None:
                b = node.len = self._hash(node.path + "#len")
            out[b[0]] += b[1] * len(value)
            kids = node.kids
            for n, v in enumerate(value):
                key = n if n < LIST_CAP else LIST_CAP
                c = kids.get(key)
                if c is None:
                    c = self._child(node, key)
                self._walk(v, c, out)
        elif t is int or t is float:
            b = node.num
            if b is None:
                b = node.num = self._hash(node.path)
            out[b[0]] += b[1] * value
        elif t is bool:
            if value:
                b = node.num
                if b is None:
                    b = node.num = self._hash(node.path)
                out[b[0]] += b[1]
        elif t is str:
            b = node.strs.get(value)
            if b is None:
                b = self._hash(f"{node.path}={value}")
                if len(node.strs) < 4096:
                    node.strs[value] = b
            out[b[0]] += b[1]
        elif value is None:
            b = node.null
            if b is None:
                b = node.null = self._hash(node.path + "=null")
            out[b[0]] += b[1]
        elif isinstance(value, dict):
            self._walk(dict(value), node, out)
        elif isinstance(value, (list, tuple)):
            self._walk(list(value), node, out)
        elif isinstance(value, bool):
            self._walk(bool(value), node, out)
        elif isinstance(value, (int, float)):  # int/float subclasses (IntEnum, numpy scalars)
            self._walk(float(value), node, out)
        else:
            self._walk(str(value), node, out)
