"""Hibernation (Спячка): a free action — the animal counts as fed this turn and receives nothing; not in two
consecutive turns, and not in the last turn (ruling 27)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from .. import actions
from . import HOOKS, refuses, resolves

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

ALREADY_ASLEEP = Refusal("this animal is already hibernating")
SLEPT_LAST_TURN = Refusal("Hibernation cannot be used in two consecutive turns (ruling 27)")
LAST_TURN = Refusal("Hibernation cannot be used in the last turn, when the deck is empty (ruling 27)")


@refuses("hibernate", "hibernation")
def sleep_refusal(state: OriginFlow, animal: int) -> Refusal | None:
    if (state.hibernating >> animal) & 1:
        return ALREADY_ASLEEP
    if (state.hibernated_last_turn >> animal) & 1:
        return SLEPT_LAST_TURN
    if not state.deck:
        return LAST_TURN
    return None


@HOOKS.on("free_actions", "hibernation", priority=2)
def offer_sleep(state: OriginFlow, animal: int, choices: list[Action]) -> None:
    if not ((state.hibernating | state.hibernated_last_turn) >> animal) & 1 and sleep_refusal(state, animal) is None:
        choices.append(actions.HIBERNATE[animal])


@resolves("hibernate")
def fall_asleep(state: OriginFlow, animal: int) -> None:
    was_fed = state.is_fed(animal)
    state.hibernating |= 1 << animal
    state.round_had_actions = True
    if state.log_events:
        state.emit("hibernation", {"text": f"{state.animal_text(animal)} hibernates", "animal": animal})
    state.check_became_fed(animal, was_fed)   # a hibernating animal counts as fed (Viviparous, ruling 77)
