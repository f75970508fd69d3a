"""Poisonous (Ядовитое): the Carnivore that eats this animal dies in the next extinction phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow


@HOOKS.on("on_eaten", "poisonous")
def poison_the_carnivore(state: OriginFlow, carnivore: int, target: int) -> str:
    state.poison(carnivore)
    return "and is poisoned"
