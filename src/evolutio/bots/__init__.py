"""Bots, written against the kernel only. ``make_bot(name, seed)`` builds one by name.

Names: ``random``, ``heuristic``, ``cs4500-silly`` and ``ismcts`` with an optional level and think time —
``ismcts:easy``, ``ismcts:medium`` (the same as ``ismcts``), ``ismcts:hard``, ``ismcts:hard:2.5s``.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .cs4500_silly import SillyBot
from .heuristic import HeuristicBot
from .ismcts import LEVELS, IsmctsBot, parse_level
from .random_bot import RandomBot

_BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "cs4500-silly": SillyBot, "heuristic": HeuristicBot}
#: bots named ``prefix:argument`` — the factory gets the seed and the argument
_PARAMETRIC: dict[str, Callable[[int, str], Bot]] = {
    "ismcts": lambda seed, argument: IsmctsBot(seed=seed, level=parse_level(argument)),
}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    _BOTS[name] = factory


def bot_names() -> list[str]:
    """Every bot name (parametric bots with each named level; a think time may be added, e.g. ismcts:hard:3s)."""
    names = set(_BOTS) | set(_PARAMETRIC)
    names |= {f"ismcts:{level}" for level in LEVELS}
    return sorted(names)


def make_bot(name: str, seed: int = 0) -> Bot:
    factory = _BOTS.get(name)
    if factory is not None:
        return factory(seed=seed)
    prefix, _, argument = name.partition(":")
    parametric = _PARAMETRIC.get(prefix)
    if parametric is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}")
    return parametric(seed, argument)


def with_think_time(name: str, seconds: float) -> str:
    """The bot name with a think time per decision, for bots that take one (``ismcts``); other names unchanged."""
    if not seconds > 0:
        raise ValueError(f"--think must be a positive number of seconds, got {seconds}")
    if name.partition(":")[0] not in _PARAMETRIC:
        return name
    return f"{name}:{seconds:g}s"


__all__ = ["Bot", "HeuristicBot", "IsmctsBot", "RandomBot", "SillyBot", "bot_names", "make_bot",
           "register_bot", "with_think_time"]
