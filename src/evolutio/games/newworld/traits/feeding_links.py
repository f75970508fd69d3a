"""Communication and Cooperation (NOTES §10.2, rulings 55–57, 61): paired cards that pass food along.

Each card acts at most once per turn and counts as used only when it moved a token (ruling 61). When several cards
of one animal can act at once, :mod:`..pipeline` lets the owner choose the order where it can matter (§6.8.4)."""

from __future__ import annotations

from ..pipeline import BLUE, give_food
from ..rules import mark_triggered, trigger_ready
from ..state import NewWorldState
from . import HOOKS

COMMUNICATION = HOOKS.traits.index("communication")
COOPERATION = HOOKS.traits.index("cooperation")


@HOOKS.on("food_triggers", "cooperation")
def cooperation_cards(state: NewWorldState, animal: int, slot: int) -> list[int]:
    """Any token gained, red or blue, sets off every Cooperation card of the animal (ruling 57)."""
    return state.cards_with(animal, COOPERATION)


@HOOKS.on("food_triggers", "communication")
def communication_cards(state: NewWorldState, animal: int, slot: int) -> list[int]:
    """Only a red token taken from an area sets off Communication (ruling 56)."""
    return state.cards_with(animal, COMMUNICATION) if slot != BLUE else []


@HOOKS.on("can_fire", "cooperation")
def cooperation_can_act(state: NewWorldState, animal: int, slot: int, card: int) -> bool:
    return trigger_ready(state, card) and state.alive(animal) and state.can_take_food(state.partner(card, animal))


@HOOKS.on("fire", "cooperation")
def cooperation(state: NewWorldState, animal: int, slot: int, card: int) -> None:
    """The partner gets 1 blue from the supply."""
    mark_triggered(state, card)
    give_food(state, state.partner(card, animal))


@HOOKS.on("can_fire", "communication")
def communication_can_act(state: NewWorldState, animal: int, slot: int, card: int) -> bool:
    """Red is left in the same half, and the partner may use that half and take food."""
    if not trigger_ready(state, card) or not state.alive(animal) or not state.area_food[slot]:
        return False
    partner = state.partner(card, animal)
    return state.slot_open_to(partner, slot) and state.can_take_food(partner)


@HOOKS.on("fire", "communication")
def communication(state: NewWorldState, animal: int, slot: int, card: int) -> None:
    """The partner takes 1 red from the same area half."""
    mark_triggered(state, card)
    give_food(state, state.partner(card, animal), slot)
