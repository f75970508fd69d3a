"""Camouflage (Камуфляж): only a Carnivore with Sharp Vision may attack this animal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel.flow import Refusal

from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

SHARP_VISION = HOOKS.bit["sharp_vision"]
UNSEEN = Refusal("it is Camouflaged and your Carnivore lacks Sharp Vision")


@HOOKS.on("can_be_attacked", "camouflage", priority=2)
def seen_only_with_sharp_vision(state: OriginFlow, carnivore: int, target: int) -> Refusal | None:
    return None if state.trait_mask[carnivore] & SHARP_VISION else UNSEEN
