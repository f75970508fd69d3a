"""Stagnation (reconstructed R3, ruling 15): no further trait card may be added to its animal."""

from __future__ import annotations

from evolutio.kernel.flow import Refusal

from ..state import NewWorldState
from . import HOOKS

STAGNATION = HOOKS.traits.index("stagnation")


@HOOKS.on("placement_check", "stagnation")
def stagnation_lock(state: NewWorldState, player: int, trait: int, animal: int) -> Refusal | None:
    if state.data.traits[STAGNATION].params.get("blocks_new_traits", True):
        return Refusal(f"animal {animal} has Stagnation: no trait can be added to it")
    return None
