"""Poisonous (NOTES §10.2, ruling 47): a predator that eats it dies at the start of that period's extinction."""

from __future__ import annotations

from ..state import NewWorldState
from . import HOOKS


@HOOKS.on("eaten", "poisonous")
def poisonous(state: NewWorldState, predator: int, prey: int) -> None:
    state.poisoned[predator] = 1
    state.emit("poisoned", {"text": f"animal {predator} ate a Poisonous animal and will die at the start of "
                                    "extinction", "animal": predator})
