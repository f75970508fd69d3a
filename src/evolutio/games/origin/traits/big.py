"""Big (Большой): only a Big Carnivore may attack this animal. Its extra food need comes from its data row."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel.flow import Refusal

from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

BIG = HOOKS.bit["big"]
NOT_BIG_ENOUGH = Refusal("it is Big and your Carnivore is not Big")


@HOOKS.on("can_be_attacked", "big", priority=0)
def only_big_carnivores(state: OriginFlow, carnivore: int, target: int) -> Refusal | None:
    return None if state.trait_mask[carnivore] & BIG else NOT_BIG_ENOUGH
