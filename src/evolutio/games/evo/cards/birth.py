"""Birth-phase cards: Egg Laying Muscles, Population Cap, Tough Babies, You're Not My Husband! (NOTES §7)."""

from __future__ import annotations

from typing import Any

from evolutio.kernel.flow import Refusal

from . import AFTER_BIRTH_STEP, BIRTH_START, OWN_BIRTH_STEP, card, hooks

EGG_LAYING_REACH = 3
TOUGH_BABY_HORNS = 1
HUSBAND_MIN_DINOS = 5  # ruling 35
EMPTY = -1

egg_laying_muscles = card("egg_laying_muscles", (OWN_BIRTH_STEP,))


def _set_own(spec: Any) -> Any:
    def play(state: Any, seat: int, target: int) -> None:
        state.effects[seat] |= spec.bit
    return play


egg_laying_muscles.play = _set_own(egg_laying_muscles)


@hooks.on("birth_reach", "egg_laying_muscles")
def _reach(state: Any, seat: int) -> int:
    return EGG_LAYING_REACH if state.effects[seat] & egg_laying_muscles.bit else 1


population_cap = card("population_cap", (BIRTH_START,))


def _population_cap(state: Any, seat: int, target: int) -> None:
    state.global_effects |= population_cap.bit


population_cap.play = _population_cap


@hooks.on("births", "population_cap")
def _no_births(state: Any, seat: int, births: int) -> int:
    return 0  # ruling 18


tough_babies = card("tough_babies", (OWN_BIRTH_STEP,))
tough_babies.play = _set_own(tough_babies)


@hooks.on("newborn_attack", "tough_babies")
def _tough(state: Any, seat: int) -> int | None:
    return TOUGH_BABY_HORNS if state.effects[seat] & tough_babies.bit else None


not_my_husband = card("not_my_husband", (AFTER_BIRTH_STEP,))


def _husband_targets(state: Any, seat: int) -> list[int]:
    subject = state.birth_turn
    if subject in (EMPTY, seat):
        return []
    return [hex_index for hex_index, holder in enumerate(state.owner) if holder == subject and state.newborn[hex_index]]


def _husband_check(state: Any, seat: int, target: int) -> Refusal | None:
    holder = state.owner[target]
    if state.dinos_on_board(holder) < HUSBAND_MIN_DINOS:
        return Refusal(f"You're Not My Husband! needs a target player with at least {HUSBAND_MIN_DINOS} dinos on the "
                       f"board")
    if state.supply[seat] == 0:
        return Refusal("you have no dino left in your supply")
    return None


def _husband(state: Any, seat: int, target: int) -> None:
    state.remove(target)
    state.place(seat, target)
    state.newborn[target] = False


not_my_husband.targets = _husband_targets
not_my_husband.check = _husband_check
not_my_husband.play = _husband
not_my_husband.describe_target = lambda state, target: f" on the newborn at {state.hex_name(target)}"
