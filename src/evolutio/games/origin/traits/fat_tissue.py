"""Fat Tissue (Жировой запас): an animal may carry several; each holds one yellow (fat) token, filled by the tokens it
receives once fed. As its main action a player may turn any number of an animal's yellow tokens into food, even on a
fed or hibernating animal (converting is not receiving food, ruling 24; the tokens beyond the need stay this turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from .. import actions
from . import FAT, HOOKS, refuses, resolves

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

FAT_BIT = 1 << FAT
NO_YELLOW_TOKENS = Refusal("this animal has no yellow fat tokens")


@refuses("convert", "fat_tissue")
def conversion_refusal(state: OriginFlow, animal: int, tokens: int) -> Refusal | None:
    """Any number of the animal's yellow tokens, from 1 to all of them (also on a fed or hibernating animal)."""
    held = state.fat[animal]
    if not held:
        return NO_YELLOW_TOKENS
    if not 1 <= tokens <= held:
        return Refusal(f"you can convert 1..{held} token(s) here (the yellow tokens on it), not {tokens}")
    return None


@HOOKS.on("main_actions", "fat_tissue", priority=1)
def offer_conversions(state: OriginFlow, animals: list[int], choices: list[Action]) -> None:
    masks, fat, convert = state.trait_mask, state.fat, actions.CONVERT
    for animal in animals:
        tokens = fat[animal]   # conversion_refusal allows exactly 1..tokens
        if tokens and masks[animal] & FAT_BIT:
            choices.extend(convert[animal][:tokens])


@resolves("convert")
def convert_fat(state: OriginFlow, animal: int, tokens: int) -> None:
    state.main_action_used = True
    state.round_had_actions = True
    state.fat[animal] -= tokens
    state.food[animal] += tokens
    if state.log_events:
        state.emit("convert", {"text": f"{state.player_name(state.actor)} converts {tokens} fat token(s) into food "
                               f"on animal A{animal}", "animal": animal, "tokens": tokens})
