"""Communication (Взаимодействие), a paired trait: when one of the two animals takes a red token from the food base,
the other takes one too (once per card per feeding round; rulings 21-23)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel.flow import Refusal

from . import HOOKS, TRAIT_NUM

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

COMMUNICATION = TRAIT_NUM["communication"]
EMPTY_FOOD_BASE = Refusal("the food base is empty")


@HOOKS.on("on_receive", "communication")
def pass_on_red_tokens(state: OriginFlow, animal: int, red: bool) -> None:
    if red:
        state.queue_paired_triggers(animal, COMMUNICATION)


@HOOKS.on("trigger_blocked", "communication")
def needs_food_in_the_base(state: OriginFlow, card: int, receiver: int) -> Refusal | None:
    return None if state.food_base else EMPTY_FOOD_BASE


@HOOKS.on("fire_trigger", "communication")
def take_a_red_token(state: OriginFlow, card: int, receiver: int) -> None:
    if state.log_events:
        state.emit("communication", {"text": f"Communication (card {card}): {state.animal_text(receiver)} takes a "
                                     f"red token ({state.food_base - 1} left)", "card": card, "animal": receiver})
    state.red_token_for(receiver)   # (a red-token take: an Ambush may interrupt it)
