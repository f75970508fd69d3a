"""Mimicry (Мимикрия): when attacked, redirect the attack to another of your animals that this Carnivore could attack.
Compulsory when possible; each Mimicry card works once per turn unless the ``mimicry_unlimited`` option is on
(ruling 44)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from .. import actions
from . import HOOKS, TRAIT_NUM, refuses, resolves

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import Defence, OriginFlow

MIMICRY = TRAIT_NUM["mimicry"]
SPENT = Refusal("this Mimicry has already worked this turn; each Mimicry works once per turn (ruling 44)")
NOT_A_DECOY = Refusal("Mimicry must redirect the attack to another of your animals that this Carnivore could attack "
                      "(ruling 44)")
DECOY_TARGETED = Refusal("with unlimited Mimicry the attack cannot be redirected to an animal already targeted in this "
                         "attack (ruling 44; unlimited Mimicry)")


def mimicry_card(state: OriginFlow, animal: int) -> int:
    """The Mimicry card on ``animal`` (-1 if none)."""
    for card in state.trait_cards[animal]:
        if state.card_trait[card] == MIMICRY:
            return card
    return -1


def spent_refusal(state: OriginFlow, target: int) -> Refusal | None:
    """Why the Mimicry of the attacked animal ``target`` cannot work now: once per turn, unless unlimited."""
    if not state.config.mimicry_unlimited and (state.mimicry_used >> mimicry_card(state, target)) & 1:
        return SPENT
    return None


def decoy_refusal(state: OriginFlow, carnivore: int, target: int, targeted: int, other: int) -> Refusal | None:
    """Why the attack on ``target`` may not be redirected to ``other``. Ruling 44: any other own animal this carnivore
    could attack — including one targeted earlier in this attack (its Mimicry is spent, so chains end). Only without
    the once-per-turn limit are animals already targeted in this attack excluded, or redirects could loop forever."""
    if other in (target, carnivore) or state.owner[other] != state.owner[target]:
        return NOT_A_DECOY
    if state.config.mimicry_unlimited and (targeted >> other) & 1:
        return DECOY_TARGETED
    refusal = state.attack_refusal(carnivore, other)
    if refusal is not None:
        return Refusal(f"Mimicry cannot redirect the attack to A{other}: {refusal} (ruling 44)")
    return None


@refuses("mimic", "mimicry")
def redirect_refusal(state: OriginFlow, carnivore: int, target: int, rolled: bool, targeted: int,
                     other: int) -> Refusal | None:
    return spent_refusal(state, target) or decoy_refusal(state, carnivore, target, targeted, other)


@HOOKS.on("defences", "mimicry", priority=1)
def offer_redirects(state: OriginFlow, carnivore: int, target: int, rolled: bool, targeted: int,
                    choices: list[Action]) -> bool:
    if spent_refusal(state, target) is not None:
        return False
    offered = False
    for other in state.animals[state.owner[target]]:
        if decoy_refusal(state, carnivore, target, targeted, other) is None:
            choices.append(actions.MIMIC[other])
            offered = True
    return offered


@resolves("mimic")
def redirect(state: OriginFlow, attack: Defence, new_target: int) -> None:
    """``attack``: the defence step being answered (its carnivore, target and the animals targeted so far)."""
    carnivore, target, targeted = attack.carnivore, attack.target, attack.targeted
    state.mimicry_used |= 1 << mimicry_card(state, target)
    if state.log_events:
        state.emit("mimicry", {"text": f"Mimicry: the attack on A{target} is redirected to "
                               f"{state.animal_text(new_target)}", "from": target, "to": new_target})
    state.defend(carnivore, new_target, False, targeted | (1 << new_target))
