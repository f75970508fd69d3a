"""Burrowing: a fed species (food equals population) cannot be attacked (R28)."""

from __future__ import annotations

from ..config import D_BURROW, FOOD_, POP
from . import block_reason, hooks

BURROW = 1 << D_BURROW


@hooks.on("defends", "burrowing")
def burrowing(state, attacker, attack_size, row, target, negated) -> int:
    species = row[target]
    return BURROW if species[FOOD_] >= species[POP] else 0


@block_reason(BURROW)
def burrowing_reason(state, attacker, attack_size, row, target) -> str:
    return "the target has Burrowing and is fed (its food equals its population)"
