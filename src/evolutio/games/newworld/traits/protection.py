"""Passive prey checks (NOTES §6.5 step 1, §10.2): who a predator may choose as prey.

Camouflage / Sharp Vision, Nocturnal, Burrowing, the Symbiosis ward, Swimming, Massive, and the reconstructed
Flight, Shy and Herding (R4). Shelter is a general rule, checked in :func:`..rules.prey_refusal`."""

from __future__ import annotations

from evolutio.kernel.flow import Refusal

from ..state import CARNIVORE_BIT, NO_ANIMAL, NewWorldState
from . import HOOKS

BIT = HOOKS.bit
HERDING_BIT = BIT["herding"]


@HOOKS.on("prey_check", "camouflage")
def camouflage(state: NewWorldState, predator: int, prey: int) -> Refusal | None:
    if not state.trait_mask[predator] & BIT["sharp_vision"]:
        return Refusal(f"animal {prey} is Camouflaged and your predator lacks Sharp Vision")
    return None


@HOOKS.on("prey_check", "nocturnal")
def nocturnal(state: NewWorldState, predator: int, prey: int) -> Refusal | None:
    if not state.trait_mask[predator] & BIT["nocturnal"]:
        return Refusal(f"animal {prey} is Nocturnal and your predator is not")
    return None


@HOOKS.on("prey_check", "burrowing")
def burrowing(state: NewWorldState, predator: int, prey: int) -> Refusal | None:
    if not state.hungry(prey):
        return Refusal(f"animal {prey} is Burrowing and fed")
    return None


@HOOKS.on("prey_check", "symbiosis")
def symbiosis_ward(state: NewWorldState, predator: int, prey: int) -> Refusal | None:
    """Ruling 44: a ward is protected while its card is in play, unless it has Adverse Mutation."""
    guardian = state.guardian_of(prey)
    if guardian != NO_ANIMAL and not state.trait_mask[prey] & BIT["adverse_mutation"]:
        return Refusal(f"animal {prey} is protected by its Symbiosis guardian, animal {guardian}")
    return None


@HOOKS.on("prey_check", "swimming")
def swimming_prey(state: NewWorldState, predator: int, prey: int) -> Refusal | None:
    if not state.trait_mask[predator] & BIT["swimming"]:
        return Refusal(f"animal {prey} is Swimming and your predator is not")
    return None


@HOOKS.on("predator_check", "swimming")
def swimming_predator(state: NewWorldState, predator: int, prey: int) -> Refusal | None:
    params = state.data.traits[HOOKS.traits.index("swimming")].params
    if params.get("attack_restriction_symmetric", True) and not state.trait_mask[prey] & BIT["swimming"]:
        return Refusal("a Swimming predator attacks only Swimming animals")
    return None


@HOOKS.on("prey_check", "massive")
def massive(state: NewWorldState, predator: int, prey: int) -> Refusal | None:
    params = state.data.traits[HOOKS.traits.index("massive")].params
    if params.get("attack_restriction", True) and not state.trait_mask[predator] & BIT["massive"]:
        return Refusal(f"animal {prey} is Massive and your predator is not")
    return None


@HOOKS.on("prey_check", "flight")
def flight(state: NewWorldState, predator: int, prey: int) -> Refusal | None:
    if state.trait_count(predator) >= state.trait_count(prey):
        return Refusal(f"animal {prey} has Flight: your predator must carry fewer trait cards than it")
    return None


@HOOKS.on("prey_check", "shy")
def shy(state: NewWorldState, predator: int, prey: int) -> Refusal | None:
    if state.survived[prey]:
        return Refusal(f"animal {prey} is Shy and has already survived an attack this feeding phase")
    return None


@HOOKS.on("survived", "shy")
def shy_survives(state: NewWorldState, predator: int, prey: int) -> None:
    state.survived[prey] = 1


@HOOKS.on("prey_check", "herding")
def herding(state: NewWorldState, predator: int, prey: int) -> Refusal | None:
    animals = state.living_animals()
    mask = state.trait_mask
    herd = sum(1 for animal in animals if mask[animal] & HERDING_BIT)
    predators = sum(1 for animal in animals if mask[animal] & CARNIVORE_BIT)
    if herd >= predators:
        return Refusal(f"animal {prey} is Herding and the herd ({herd}) is at least as large as the predators "
                       f"({predators})")
    return None


@HOOKS.on("grants_access", "adaptable")
def adaptable(state: NewWorldState, animal: int) -> bool:
    """Adaptable animals use every area and half, Glaciers included (ruling 22, 23)."""
    return True
