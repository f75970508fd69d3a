"""Swimming (Водоплавающее): a Swimming animal can be attacked only by a Swimming Carnivore, and a Swimming
Carnivore can attack only Swimming animals. Continents: played on a continent animal, it takes the animal into the
Ocean and its card is discarded (every animal there swims by location); it is not played on an Ocean animal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel.flow import Refusal

from ..geography import OCEAN
from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..migration import ContinentsFlow

SWIMMING = HOOKS.bit["swimming"]
TARGET_SWIMS = Refusal("it is Swimming and your Carnivore is not Swimming")
CARNIVORE_SWIMS = Refusal("your Carnivore is Swimming and can attack only Swimming animals")


@HOOKS.on("can_be_attacked", "swimming", priority=1)
def only_swimming_carnivores(state: ContinentsFlow, carnivore: int, target: int) -> Refusal | None:
    return None if state.trait_mask[carnivore] & SWIMMING else TARGET_SWIMS


@HOOKS.on("can_attack", "swimming")
def only_swimming_prey(state: ContinentsFlow, carnivore: int, target: int) -> Refusal | None:
    return None if state.trait_mask[target] & SWIMMING else CARNIVORE_SWIMS


ALREADY_IN_THE_OCEAN = Refusal("every animal in the Ocean is already a swimmer: Swimming is not played on it "
                               "(NOTES §10, interpretation)")


@HOOKS.on("placement", "swimming")
def not_in_the_ocean(state: ContinentsFlow, player: int, trait: int, animal: int) -> Refusal | None:
    return ALREADY_IN_THE_OCEAN if state.location and state.location[animal] == OCEAN else None


@HOOKS.on("on_played", "swimming")
def into_the_ocean(state: ContinentsFlow, card: int, animal: int) -> None:
    """Continents: Swimming played on a continent animal takes it into the Ocean, and the card is discarded (ruling
    10)."""
    if state.location:
        state.move_animal(animal, OCEAN)
        state.separate_pairs(animal)
