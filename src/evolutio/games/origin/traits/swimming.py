"""Swimming (Водоплавающее): a Swimming animal can be attacked only by a Swimming Carnivore, and a Swimming
Carnivore can attack only Swimming animals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel.flow import Refusal

from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

SWIMMING = HOOKS.bit["swimming"]
TARGET_SWIMS = Refusal("it is Swimming and your Carnivore is not Swimming")
CARNIVORE_SWIMS = Refusal("your Carnivore is Swimming and can attack only Swimming animals")


@HOOKS.on("can_be_attacked", "swimming", priority=1)
def only_swimming_carnivores(state: OriginFlow, carnivore: int, target: int) -> Refusal | None:
    return None if state.trait_mask[carnivore] & SWIMMING else TARGET_SWIMS


@HOOKS.on("can_attack", "swimming")
def only_swimming_prey(state: OriginFlow, carnivore: int, target: int) -> Refusal | None:
    return None if state.trait_mask[target] & SWIMMING else CARNIVORE_SWIMS
