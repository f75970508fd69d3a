"""Hibernation (Спячка): a free action — the animal counts as fed this turn and receives nothing; not in two
consecutive turns, and not in the last turn (ruling 27)."""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action

from .. import actions
from . import HOOKS, resolves


@HOOKS.on("free_actions", "hibernation", priority=2)
def offer_sleep(state: Any, animal: int, choices: list[Action]) -> None:
    if not ((state.hibernating | state.hibernated_last_turn) >> animal) & 1 and state.deck:
        choices.append(actions.HIBERNATE[animal])


@resolves("hibernate")
def fall_asleep(state: Any, animal: int) -> None:
    state.hibernating |= 1 << animal
    state.round_had_actions = True
    if state.log_events:
        state.emit("hibernation", {"text": f"{state.animal_text(animal)} hibernates", "animal": animal})
