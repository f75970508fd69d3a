"""Flight (Полёт; Time to Fly): the animal cannot be attacked by a Carnivore with as many trait cards as it has, or
more (NOTES §9.2 flight, ruling 38). Every trait card counts, on both animals: paired cards (Trematode too), Parasite,
each Fat Tissue, r-Strategy, traits another trait switched off; a revealed Hunter's Carnivore counts, a hidden Hunter
has none (``state.trait_count``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel.flow import Refusal

from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

#: the refusals already worded, by (the target's trait cards, the Carnivore's): built once each
TOO_MANY_TRAITS: dict[tuple[int, int], Refusal] = {}

@HOOKS.on("can_be_attacked", "flight", priority=2)
def only_smaller_carnivores(state: OriginFlow, carnivore: int, target: int) -> Refusal | None:
    mine, theirs = state.trait_count(carnivore), state.trait_count(target)
    if mine < theirs:
        return None
    refusal = TOO_MANY_TRAITS.get((theirs, mine))
    if refusal is None:
        refusal = TOO_MANY_TRAITS[theirs, mine] = Refusal(
            f"it has Flight and {theirs} trait card(s); your Carnivore has {mine}: only a Carnivore with fewer trait "
            "cards may attack it (ruling 38)")
    return refusal
