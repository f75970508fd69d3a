"""Piracy (Пиратство): a free action once per turn — an unfed Piracy animal steals one token from an animal that has
received food this turn and is not fed (ruling 29); then the victim is chosen (a ``target``)."""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action

from .. import actions
from . import HOOKS, resolves


@HOOKS.on("free_actions", "piracy", priority=0)
def offer_a_raid(state: Any, animal: int, choices: list[Action]) -> None:
    if (not (state.piracy_used >> animal) & 1 and not state.is_fed(animal) and state.receive_refusal(animal) is None
            and state.piracy_victims(animal)):
        choices.append(actions.PIRATE[animal])


@resolves("pirate")
def choose_a_victim(state: Any, animal: int) -> None:
    state.choose_piracy_victim(animal)
