"""Symbiosis (Симбиоз), a paired trait: the protected partner cannot be attacked while its symbiont is alive, and
receives food only after its symbiont is fed (ruling 25). On a Symbiosis card the first animal is the symbiont."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel.flow import Refusal

from . import HOOKS, TRAIT_NUM

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

SYMBIOSIS = TRAIT_NUM["symbiosis"]
SHELTERED = Refusal("it is protected by Symbiosis while its symbiont is alive")


def symbionts_of(state: OriginFlow, animal: int) -> list[int]:
    """The symbionts protecting ``animal`` (the first animals of the Symbiosis cards where it is the second)."""
    face, first, second = state.card_trait, state.first_animal, state.second_animal
    symbionts = []   # (a loop: a comprehension would cost this hot function four closure cells per call)
    for card in state.trait_cards[animal]:
        if face[card] == SYMBIOSIS and second[card] == animal:
            symbionts.append(first[card])
    return symbionts


@HOOKS.on("can_be_attacked", "symbiosis", priority=4)
def sheltered_by_symbiont(state: OriginFlow, carnivore: int, target: int) -> Refusal | None:
    return SHELTERED if symbionts_of(state, target) else None


@HOOKS.on("can_receive", "symbiosis")
def fed_after_symbiont(state: OriginFlow, animal: int) -> Refusal | None:
    for symbiont in symbionts_of(state, animal):
        if not state.is_fed(symbiont):
            return RECEIVES_AFTER_SYMBIONT
    return None


RECEIVES_AFTER_SYMBIONT = Refusal("the protected partner of a Symbiosis receives food only after its symbiont is fed "
                                  "(ruling 25)")
