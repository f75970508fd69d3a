"""Trait hook tables: a trait is a data row plus one module that registers behaviour on named events.

A ruleset makes one :class:`TraitHooks` table with the names of its events (``can_attack``, ``can_be_attacked``,
``on_attacked``, ``food_need``, ``on_fed``, ``at_extinction``, ``score`` …) and the number of its traits. Each trait
module registers its handlers::

    hooks = TraitHooks(EVENTS, traits=TRAIT_IDS)          # in the game's traits/__init__.py

    @hooks.on("can_be_attacked", "camouflage")             # in traits/camouflage.py
    def camouflage(state, attacker, target):
        if not state.has_trait(attacker, "sharp_vision"):
            return Refusal("it is Camouflaged and your Carnivore lacks Sharp Vision")

The engine asks only the hooks of the traits actually present: every animal carries a bit mask of its traits (bit
``i`` = the ``i``-th trait id), and :meth:`TraitHooks.handlers` returns the tuple of handlers for an event and a mask,
built once per (event, mask) and cached — so the hot path is a dict look-up and a loop over a usually empty tuple.
Handlers registered without a trait (``hooks.on(event)``) always run.

How the results of several handlers combine is the event's business, not the table's: the caller loops over
``handlers(...)`` and, for example, stops at the first refusal or sums the food needs. :func:`first_refusal` and
:func:`total` cover the two common cases.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, Callable, Iterable, Sequence

Handler = Callable[..., Any]


class TraitHooks:
    """Handlers per event, per trait. ``traits`` is the ruleset's ordered trait ids (bit ``i`` = ``traits[i]``)."""

    __slots__ = ("events", "traits", "bit", "_by_event", "_always", "_cache")

    def __init__(self, events: Iterable[str], traits: Sequence[str]) -> None:
        self.events: tuple[str, ...] = tuple(events)
        self.traits: tuple[str, ...] = tuple(traits)
        self.bit: dict[str, int] = {trait: 1 << index for index, trait in enumerate(self.traits)}
        # event -> list of (priority, order, trait bit, handler)
        self._by_event: dict[str, list[tuple[int, int, int, Handler]]] = {event: [] for event in self.events}
        self._always: dict[str, int] = dict.fromkeys(self.events, 0)
        self._cache: dict[tuple[str, int], tuple[Handler, ...]] = {}

    def on(self, event: str, trait: str | None = None, priority: int = 0) -> Callable[[Handler], Handler]:
        """Register the decorated function for ``event``, for animals with ``trait`` (every animal if ``None``).

        Handlers of one event run by ``priority`` (lower first), then in registration order."""
        if event not in self._by_event:
            raise ValueError(f"unknown hook event {event!r} (known: {', '.join(self.events)})")
        if trait is not None and trait not in self.bit:
            raise ValueError(f"unknown trait {trait!r} for hook {event!r} (known: {', '.join(self.traits)})")

        def register(handler: Handler) -> Handler:
            entries = self._by_event[event]
            entries.append((priority, len(entries), 0 if trait is None else self.bit[trait], handler))
            entries.sort(key=lambda entry: (entry[0], entry[1]))
            if trait is None:
                self._always[event] += 1
            self._cache.clear()
            return handler

        return register

    def handlers(self, event: str, mask: int) -> tuple[Handler, ...]:
        """The handlers of ``event`` that apply to an animal whose traits are the bits of ``mask``."""
        key = (event, mask)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = tuple(
                handler for _, _, bit, handler in self._by_event[event] if bit == 0 or bit & mask)
        return found

    def traits_with(self, event: str) -> int:
        """The mask of traits that have a handler for ``event`` (cheap pre-checks: ``if mask & hooks.traits_with``)."""
        mask = 0
        for _, _, bit, _ in self._by_event[event]:
            mask |= bit
        return mask

    def mask_of(self, trait_ids: Iterable[str]) -> int:
        mask = 0
        for trait in trait_ids:
            mask |= self.bit[trait]
        return mask

    def names(self, mask: int) -> list[str]:
        return [trait for trait, bit in self.bit.items() if bit & mask]


def first_refusal(handlers: Iterable[Handler], *args: Any) -> Any:
    """The first non-``None`` result of the handlers (a refusal), or ``None``."""
    for handler in handlers:
        result = handler(*args)
        if result is not None:
            return result
    return None


def total(handlers: Iterable[Handler], *args: Any) -> Any:
    """The sum of the handlers' results."""
    result = 0
    for handler in handlers:
        result += handler(*args)
    return result


def load_trait_modules(package: str) -> list[str]:
    """Import every module of ``package`` (a game's ``traits`` package) so that their handlers register.

    Returns the module names, sorted. A game calls this once, at import."""
    root = importlib.import_module(package)
    names = sorted(info.name for info in pkgutil.iter_modules(root.__path__) if not info.name.startswith("_"))
    for name in names:
        importlib.import_module(f"{package}.{name}")
    return names
