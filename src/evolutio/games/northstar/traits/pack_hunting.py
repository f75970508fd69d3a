"""Pack Hunting: a Carnivore's attack size is its body size plus its population (R25)."""

from __future__ import annotations

from ..config import POP
from . import hooks


@hooks.on("attack_size", "pack-hunting")
def pack_hunting(attacker) -> int:
    return int(attacker[POP])
