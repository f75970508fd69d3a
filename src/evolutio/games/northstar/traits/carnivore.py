"""Carnivore: attacks instead of taking plant food (R14, R24); the basic size rule (R25)."""

from __future__ import annotations

from ..config import BODY, POP, SIZE
from . import block_reason, flag

flag("feeds_by_attack", "carnivore")


@block_reason(SIZE)
def attack_too_small(state, attacker, attack_size, row, target) -> str:
    extra = f" (body {attacker[BODY]} + population {attacker[POP]} with Pack Hunting)" \
        if attack_size != attacker[BODY] else ""
    return (f"your Carnivore's attack size {attack_size}{extra} is not larger than the target's body size "
            f"{row[target][BODY]}")
