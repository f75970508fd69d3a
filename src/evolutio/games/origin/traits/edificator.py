"""Edificator (Эдификатор; Continents): at the start of the feeding phase, 2 more red tokens in the food base of its
location for each animal with a working Edificator there (an Edificator switched off by Neoplasia in the same
food-base phase adds nothing: Neoplasia advances first) — NOTES §9.3, ruling 13."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

EDIFICATOR = HOOKS.bit["edificator"]
TOKENS = 2


@HOOKS.on("food_roll", "edificator", priority=1)
def grow_food(state: OriginFlow) -> None:
    trait_masks = state.trait_mask
    for animals in state.animals:
        for a in animals:
            if trait_masks[a] & EDIFICATOR:
                here = state.location[a] if state.location else 0
                state.add_food(here, TOKENS)
                if state.log_events:
                    state.emit("edificator", {"text": f"Edificator: {state.animal_text(a)} adds {TOKENS} red "
                                              f"tokens{state.where(a)}", "animal": a, "tokens": TOKENS})
