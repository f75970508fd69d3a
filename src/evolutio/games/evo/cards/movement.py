"""Movement-phase cards: Vegetarian Diet, Truce, Big Brother, Bulking Up, Motivation (NOTES §6, ruling 36a)."""

from __future__ import annotations

from typing import Any

from evolutio.kernel.flow import Refusal

from . import BIT, MOVEMENT_START, card, hooks

BIG_BROTHER_HORNS = 2
BULKING_UP_HORNS = 2

vegetarian_diet = card("vegetarian_diet", (MOVEMENT_START,))


def _vegetarian(state: Any, seat: int, target: int) -> None:
    state.global_effects |= vegetarian_diet.bit


vegetarian_diet.play = _vegetarian


@hooks.on("attack_refusal", "vegetarian_diet")
def _no_attacks(state: Any, attacker: int, defender: int) -> Refusal | None:
    if state.global_effects & vegetarian_diet.bit:
        return Refusal("Vegetarian Diet was played: nobody may attack this round")
    return None


truce = card("truce", (MOVEMENT_START,))
truce.targets = lambda state, seat: [other for other in range(state.num_players) if other != seat]
truce.describe_target = lambda state, target: f" with {state.player_name(target)}"


def _truce(state: Any, seat: int, target: int) -> None:
    state.effects[seat] |= truce.bit
    state.effects[target] |= truce.bit
    state.truce_with[seat] |= 1 << target
    state.truce_with[target] |= 1 << seat


truce.play = _truce


@hooks.on("attack_refusal", "truce")
def _no_attacks_in_truce(state: Any, attacker: int, defender: int) -> Refusal | None:
    if state.truce_with[attacker] & (1 << defender):
        return Refusal(f"you and {state.player_name(defender)} are under a Truce this round")
    return None


big_brother = card("big_brother", (MOVEMENT_START,))
big_brother.play = lambda state, seat, target: _set(state, seat, "big_brother")
bulking_up = card("bulking_up", (MOVEMENT_START,))
bulking_up.play = lambda state, seat, target: _set(state, seat, "bulking_up")


def _set(state: Any, seat: int, card_id: str) -> None:
    state.effects[seat] |= BIT[card_id]


@hooks.on("defence_bonus", "big_brother")
def _big_brother(state: Any, seat: int) -> int:
    return BIG_BROTHER_HORNS if state.effects[seat] & big_brother.bit else 0


@hooks.on("attack_bonus", "bulking_up")
def _bulking_up(state: Any, seat: int) -> int:
    return BULKING_UP_HORNS if state.effects[seat] & bulking_up.bit else 0


motivation = card("motivation", (MOVEMENT_START,))


def _motivation(state: Any, seat: int, target: int) -> None:
    state.effects[seat] |= motivation.bit
    state.motivation[seat] = state.dinos_on_board(seat)  # counted when played


motivation.play = _motivation


@hooks.on("movement_points", "motivation")
def _motivated(state: Any, seat: int, points: int) -> int:
    return state.motivation[seat] if state.effects[seat] & motivation.bit else points
