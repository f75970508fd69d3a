"""Defensive Herding: the attacker's population must be larger than the target's (R27). Course rules (SPEC §5.1):
a Pack Hunting species, attacker or target, adds its body size to its population."""

from __future__ import annotations

from typing import Any

from ..config import BODY, D_HERD, MASK, POP
from . import TRAIT_BIT, block_reason, hooks

HERD = 1 << D_HERD
PACK_HUNTING = TRAIT_BIT["pack-hunting"]


def herd_strength(state: Any, species: list[Any]) -> int:
    """The number compared under Defensive Herding: the population (course: plus body size with Pack Hunting)."""
    if state.cfg.course and species[MASK] & PACK_HUNTING:
        return int(species[POP] + species[BODY])
    return int(species[POP])


@hooks.on("defends", "defensive-herding")
def defensive_herding(state: Any, attacker: list[Any], attack_size: int, row: list[list[Any]], target: int,
                      negated: int) -> int:
    return HERD if herd_strength(state, attacker) <= herd_strength(state, row[target]) else 0


@block_reason(HERD)
def herding_reason(state: Any, attacker: list[Any], attack_size: int, row: list[list[Any]], target: int) -> str:
    return (f"the target has Defensive Herding and your Carnivore's population {herd_strength(state, attacker)} is "
            f"not larger than its {herd_strength(state, row[target])}")
