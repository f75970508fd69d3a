"""Horns: an attacker loses one population (R34); Intelligence may negate Horns though they do not block (R36)."""

from __future__ import annotations

from typing import Any

from ..config import D_HORNS, FOOD_, POP
from . import hooks

HORNS = 1 << D_HORNS


@hooks.on("negatable", "horns")
def horns(negated: int) -> int:
    return 0 if negated & HORNS else HORNS


@hooks.on("on_attacked", "horns")
def horns_wound(state: Any, p: int, attacker: list[Any], negated: int) -> None:
    """R34: the attacker loses 1 population (food beyond it goes to the bag), unless Intelligence negated the
    Horns."""
    if negated & HORNS:
        return
    attacker[POP] -= 1
    if attacker[FOOD_] > attacker[POP]:
        state.bags[p] += attacker[FOOD_] - attacker[POP]
        attacker[FOOD_] = attacker[POP]
    if state.log_events:
        state.emit("horns", {"text": f"Horns: the attacker loses 1 population (now {attacker[POP]})"})
