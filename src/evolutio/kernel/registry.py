"""Find rulesets by name.

Rulesets register themselves with :func:`register` (a class decorator) when their module is imported. The registry
also discovers rulesets advertised by installed packages under the entry-point group ``evolutio.games`` — that is how
the built-in games are found (see ``pyproject.toml``) and how a third-party package can add one. The kernel itself
names no game.
"""

from __future__ import annotations

import contextlib
import importlib
import warnings
from importlib import metadata
from typing import Any, Iterable

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, type[Game]] = {}
_discovered = False
_ENTRY_POINT_GROUP = "evolutio.games"
_BUILTIN_PACKAGE = "evolutio.games"


def register(cls: type[Game]) -> type[Game]:
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    existing = _GAMES.get(cls.name)
    if existing is not None and existing is not cls:
        raise ValueError(f"a game named {cls.name!r} is already registered ({existing.__module__})")
    _GAMES[cls.name] = cls
    return cls


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    # built-in rulesets live in evolutio.games; importing it registers them even without package metadata
    with contextlib.suppress(ImportError):
        importlib.import_module(_BUILTIN_PACKAGE)
    try:
        eps: Iterable[metadata.EntryPoint] = metadata.entry_points(group=_ENTRY_POINT_GROUP)
    except Exception:  # pragma: no cover - broken metadata
        eps = ()
    for ep in eps:
        if ep.name in _GAMES:
            continue
        try:
            cls = ep.load()
        except Exception as exc:  # a broken plug-in must not break the others
            warnings.warn(f"could not load game {ep.name!r} from {ep.value}: {exc}", stacklevel=2)
            continue
        if isinstance(cls, type) and issubclass(cls, Game):
            register(cls)


def list_games() -> list[str]:
    """Names of every registered ruleset, sorted."""
    _discover()
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    _discover()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"unknown game {name!r}; registered games: {known}") from None


def game_plugin(name: str, kind: str, fallback: str | None = None) -> Any | None:
    """The ``kind`` plug-in of ruleset ``name`` (see :attr:`Game.plugins`), imported on first use; else its
    ``fallback`` plug-in when one is named (another kind of a plug-in a ruleset may offer in variants, e.g. a second
    rollout policy, falls back on its usual one); ``None`` if the ruleset provides neither."""
    plugins = game_class(name).plugins
    target = plugins.get(kind)
    if target is None and fallback is not None:
        target = plugins.get(fallback)
    if target is None:
        return None
    module_name, _, attribute = target.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute)


def load_game(name: str, **options: Any) -> Game:
    """The ruleset ``name`` with ``options`` validated (raises ``UnknownGame`` or ``OptionError``)."""
    return game_class(name)(**options)
