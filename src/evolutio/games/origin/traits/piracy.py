"""Piracy (Пиратство): a free action once per turn — an unfed Piracy animal steals one token from an animal that has
received food this turn and is not fed (ruling 29); then the victim is chosen (a ``target``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from .. import actions
from . import HOOKS, refuses, resolves

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

ALREADY_STOLEN = Refusal("this Piracy animal has already stolen this turn (ruling 29)")
PIRATE_NOT_HUNGRY = Refusal("a Piracy animal must itself be unfed (and able to receive food) to steal (ruling 29)")
NOTHING_TO_STEAL = Refusal("no animal has received food this turn without being fed, so there is nothing to steal "
                           "(ruling 29)")


@refuses("pirate", "piracy")
def raid_refusal(state: OriginFlow, animal: int) -> Refusal | None:
    """Why the Piracy animal ``animal`` may not steal now: once per turn, only while unfed and able to receive food,
    and only from a victim (``state.piracy_refusal``) (ruling 29)."""
    if (state.piracy_used >> animal) & 1:
        return ALREADY_STOLEN
    if state.is_fed(animal) or not state.can_receive(animal):
        return PIRATE_NOT_HUNGRY
    if not state.has_piracy_victim(animal):
        return NOTHING_TO_STEAL
    return None


@HOOKS.on("free_actions", "piracy", priority=0)
def offer_a_raid(state: OriginFlow, animal: int, choices: list[Action]) -> None:
    if (not (state.piracy_used >> animal) & 1 and state.food[animal] < state.need[animal]   # (no call once used or fed)
            and raid_refusal(state, animal) is None):
        choices.append(actions.PIRATE[animal])


@resolves("pirate")
def choose_a_victim(state: OriginFlow, animal: int) -> None:
    state.choose_piracy_victim(animal)
