"""Voracious (Прожорливое; originally Теплокровность, "warm-blooded"; gift cards): a free action once per own feeding
turn — the animal takes one more red token from the food base, whatever the player's main action was (a take, an
attack or none) and at any moment of the feeding turn, while the animal is not fed: the extra token never goes into
Fat Tissue. It is a red-token take, so Communication passes it on (NOTES §9.4, ruling 30)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from ..card_data import MAX_CARDS
from . import HOOKS, mark_kind, refuses, resolves, trait_action

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

#: the animals that have taken their extra token in this feeding turn
ATE_EXTRA = mark_kind("voracious_used", "feeding_turn")
TAKE_EXTRA = tuple(Action("voracious", animal) for animal in range(MAX_CARDS))

USED = Refusal("this Voracious animal has already taken its extra red token in this feeding turn (ruling 30)")
EMPTY_BASE = Refusal("the food base is empty")
FED = Refusal("a fed Voracious animal takes no extra token: the extra token never fills Fat Tissue (ruling 30)")


@refuses("voracious", "voracious")
def extra_token_refusal(state: OriginFlow, animal: int) -> Refusal | None:
    """Why the feeding player's Voracious ``animal`` may not take its extra red token now (``None`` if it may)."""
    if state.marked(ATE_EXTRA, animal):
        return USED
    if not state.food_base:
        return EMPTY_BASE
    if state.is_fed(animal):
        return FED
    return state.receive_refusal(animal)


def describe(state: OriginFlow, animal: int) -> str:
    return f"Voracious: {state.animal_text(animal, state.actor)} takes an extra red token"


trait_action("voracious", "voracious", describe)


@HOOKS.on("free_actions", "voracious", priority=3)
def offer_the_extra_token(state: OriginFlow, animal: int, choices: list[Action]) -> None:
    if extra_token_refusal(state, animal) is None:
        choices.append(TAKE_EXTRA[animal])


@resolves("voracious")
def take_the_extra_token(state: OriginFlow, animal: int) -> None:
    state.mark(ATE_EXTRA, animal)
    state.round_had_actions = True
    if state.log_events:
        state.emit("voracious", {"text": f"Voracious: {state.animal_text(animal)} takes an extra red token "
                                 f"({state.food_base - 1} left)", "animal": animal})
    state.red_token_for(animal)   # (a red-token take: an Ambush may interrupt it)
