"""Defensive Herding: the attacker's population must be larger than the target's (R27; course rules in
``variants/cs4500``)."""

from __future__ import annotations

from ..config import D_HERD, POP
from . import block_reason, hooks

HERD = 1 << D_HERD


@hooks.on("defends", "defensive-herding")
def defensive_herding(state, attacker, attack_size, row, target, negated) -> int:
    if state.cfg.course:
        return 0
    return HERD if attacker[POP] <= row[target][POP] else 0


@block_reason(HERD)
def herding_reason(state, attacker, attack_size, row, target) -> str:
    return (f"the target has Defensive Herding and your Carnivore's population {attacker[POP]} is not larger than its "
            f"{row[target][POP]}")
