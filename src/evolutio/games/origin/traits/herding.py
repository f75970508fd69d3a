"""Herding (Стадность; Continents): an animal with Herding cannot be attacked while, in its location, the animals with
Herding (of every player) are at least as many as the Carnivores (of every player, the attacker included) — NOTES
§9.3, ruling 39. Without locations the whole table is one location."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel.flow import Refusal

from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

HERDING = HOOKS.bit["herding"]
CARNIVORE = HOOKS.bit["carnivore"]


def herd_and_hunters(state: OriginFlow, animal: int) -> tuple[int, int]:
    """(animals with Herding, Carnivores) in ``animal``'s location."""
    location, trait_masks = state.location, state.trait_mask
    here = location[animal] if location else -1
    herd = hunters = 0
    for animals in state.animals:
        for a in animals:
            if location and location[a] != here:
                continue
            herd += bool(trait_masks[a] & HERDING)
            hunters += bool(trait_masks[a] & CARNIVORE)
    return herd, hunters


@HOOKS.on("can_be_attacked", "herding")
def safe_in_the_herd(state: OriginFlow, carnivore: int, target: int) -> Refusal | None:
    herd, hunters = herd_and_hunters(state, target)
    if herd >= hunters:
        return Refusal(f"it is Herding: {herd} Herding animal(s) against {hunters} Carnivore(s) in its location "
                       "(ruling 39)")
    return None
