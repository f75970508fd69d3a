"""Bots, written against the kernel only. ``make_bot(name, seed)`` builds one by name."""

from __future__ import annotations

from typing import Callable

from .base import Bot
from .cs4500_silly import SillyBot
from .random_bot import RandomBot

_BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "cs4500-silly": SillyBot}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    _BOTS[name] = factory


def bot_names() -> list[str]:
    return sorted(_BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        factory = _BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}") from None
    return factory(seed=seed)


__all__ = ["Bot", "RandomBot", "SillyBot", "make_bot", "bot_names", "register_bot"]
