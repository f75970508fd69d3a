"""Poisonous (Ядовитое): the Carnivore that eats this animal dies in the next extinction phase."""

from __future__ import annotations

from typing import Any

from . import HOOKS


@HOOKS.on("on_eaten", "poisonous")
def poison_the_carnivore(state: Any, carnivore: int, target: int) -> str:
    state.poison(carnivore)
    return "and is poisoned"
