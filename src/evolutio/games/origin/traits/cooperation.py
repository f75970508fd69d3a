"""Cooperation (Сотрудничество), a paired trait: when one of the two animals receives a red or blue token, the other
gets a blue token (once per card per feeding round; rulings 21-23)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import HOOKS, TRAIT_NUM

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

COOPERATION = TRAIT_NUM["cooperation"]


@HOOKS.on("on_receive", "cooperation")
def share_every_token(state: OriginFlow, animal: int, red: bool) -> None:
    state.queue_paired_triggers(animal, COOPERATION)


@HOOKS.on("fire_trigger", "cooperation")
def give_a_blue_token(state: OriginFlow, card: int, receiver: int) -> None:
    if state.log_events:
        state.emit("cooperation", {"text": f"Cooperation (card {card}): {state.animal_text(receiver)} gets a blue "
                                   "token", "card": card, "animal": receiver})
    state.receive(receiver, False)
