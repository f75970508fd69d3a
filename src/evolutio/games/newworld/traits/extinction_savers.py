"""Fat Tissue's spending and Hibernation at the start of extinction (NOTES §7 step 1, rulings 62–64).

Fat is spent only when it covers the whole shortfall (engine ruling ``fat_spend_only_if_covers_shortfall``).
Hibernation is refused in Catastrophe and, unless ``hibernation_in_final_period=on``, in the final period."""

from __future__ import annotations

from collections.abc import Iterator

from evolutio.kernel import Action

from .. import flow
from ..state import NewWorldState
from . import HOOKS


@HOOKS.on("savers", "fat_tissue")
def fat(state: NewWorldState, animal: int) -> Iterator[Action]:
    if state.fat[animal] and state.fat[animal] >= state.need(animal) - state.food[animal]:
        yield Action("use_fat", animal)


@HOOKS.on("savers", "hibernation")
def hibernation(state: NewWorldState, animal: int) -> Iterator[Action]:
    if flow.hibernation_allowed(state):
        yield Action("hibernate", animal)
