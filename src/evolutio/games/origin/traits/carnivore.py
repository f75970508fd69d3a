"""Carnivore (Хищник): instead of taking a red token, a Carnivore that is not fed (or has an empty Fat Tissue) may
attack another animal once per turn (rulings 30-34); the attack itself — the target's protections, its defences,
eating, the blue tokens and the Scavenger — is the core of the feeding phase (``state.py``). Its extra food need
comes from its data row; it cannot share an animal with Scavenger (``INCOMPATIBLE`` in ``__init__``)."""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action

from .. import actions
from . import HOOKS, resolves


@HOOKS.on("main_actions", "carnivore", priority=0)
def offer_an_attack(state: Any, animal: int, choices: list[Action]) -> None:
    if state.carnivore_ready(animal) and state.has_attack_target(animal):
        choices.append(actions.ATTACK[animal])


@resolves("attack")
def choose_the_prey(state: Any, carnivore: int) -> None:
    state.choose_attack_target(carnivore)
