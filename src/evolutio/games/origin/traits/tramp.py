"""Tramp (Топотун, "Grazing" in cards.json): a free action once per feeding turn — destroy one red token of the food
base (ruling 28)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from .. import actions
from . import HOOKS, refuses, resolves

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

NOTHING_TO_TRAMPLE = Refusal("the food base is empty")
ALREADY_TRAMPLED = Refusal("this Tramp animal has already been used in this feeding turn (ruling 28)")


@refuses("tramp", "tramp")
def trampling_refusal(state: OriginFlow, animal: int) -> Refusal | None:
    if not state.food_base:
        return NOTHING_TO_TRAMPLE
    if (state.tramp_used >> animal) & 1:
        return ALREADY_TRAMPLED
    return None


@HOOKS.on("free_actions", "tramp", priority=1)
def offer_trampling(state: OriginFlow, animal: int, choices: list[Action]) -> None:
    if state.food_base and trampling_refusal(state, animal) is None:   # (no call with an empty base)
        choices.append(actions.TRAMP_A[animal])


@resolves("tramp")
def trample(state: OriginFlow, animal: int) -> None:
    state.tramp_used |= 1 << animal
    state.round_had_actions = True
    state.food_base -= 1
    if state.log_events:
        state.emit("tramp", {"text": f"Tramp: animal A{animal} destroys a red token ({state.food_base} left)",
                             "animal": animal})
