"""Symbiosis: cannot be attacked while its right neighbour has a larger body size (R30; no effect in the course)."""

from __future__ import annotations

from ..config import BODY, D_SYMB
from . import block_reason, hooks

SYMBIOSIS = 1 << D_SYMB


@hooks.on("defends", "symbiosis")
def symbiosis(state, attacker, attack_size, row, target, negated) -> int:
    if state.cfg.course:
        return 0
    right = target + 1
    return SYMBIOSIS if right < len(row) and row[right][BODY] > row[target][BODY] else 0


@block_reason(SYMBIOSIS)
def symbiosis_reason(state, attacker, attack_size, row, target) -> str:
    return (f"the target has Symbiosis and its right neighbour is larger (body {row[target + 1][BODY]} > "
            f"{row[target][BODY]})")
