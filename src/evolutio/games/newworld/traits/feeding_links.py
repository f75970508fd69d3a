"""Communication and Cooperation (NOTES §10.2, rulings 55–57, 61): paired cards that pass food along.

Each card acts at most once per turn and counts as used only when it moved a token (ruling 61). When several cards
of one animal trigger at once, they resolve in the order the cards were placed (the owner's choice of order is not
offered)."""

from __future__ import annotations

from ..rules import give_food, mark_triggered, trigger_ready
from ..state import NewWorldState
from . import HOOKS

COMMUNICATION = HOOKS.traits.index("communication")
COOPERATION = HOOKS.traits.index("cooperation")


@HOOKS.on("red_taken", "communication")
def communication(state: NewWorldState, animal: int, slot: int) -> None:
    """The partner takes 1 red from the same area half, if it can use that half and take food (ruling 56)."""
    for card in state.cards_with(animal, COMMUNICATION):
        if not trigger_ready(state, card) or not state.alive(animal):
            continue
        partner = state.partner(card, animal)
        if state.area_food[slot] and state.slot_open_to(partner, slot) and state.can_take_food(partner):
            mark_triggered(state, card)
            give_food(state, partner, slot)


@HOOKS.on("food_gained", "cooperation")
def cooperation(state: NewWorldState, animal: int) -> None:
    """The partner gets 1 blue from the supply when this animal gains food, red or blue (ruling 57)."""
    for card in state.cards_with(animal, COOPERATION):
        if not trigger_ready(state, card) or not state.alive(animal):
            continue
        partner = state.partner(card, animal)
        if state.can_take_food(partner):
            mark_triggered(state, card)
            give_food(state, partner)
