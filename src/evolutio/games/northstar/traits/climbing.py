"""Climbing: only a Carnivore with Climbing can attack it (R26)."""

from __future__ import annotations

from ..config import D_CLIMB, MASK
from . import TRAIT_BIT, block_reason, hooks

CLIMB = 1 << D_CLIMB


@hooks.on("defends", "climbing")
def climbing(state, attacker, attack_size, row, target, negated) -> int:
    return 0 if attacker[MASK] & TRAIT_BIT["climbing"] else CLIMB


@block_reason(CLIMB)
def climbing_reason(state, attacker, attack_size, row, target) -> str:
    return "the target has Climbing and your Carnivore lacks Climbing"
