"""Mimicry (Мимикрия): when attacked, redirect the attack to another of your animals that this Carnivore could attack.
Compulsory when possible; each Mimicry card works once per turn unless the ``mimicry_unlimited`` option is on
(ruling 44)."""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action

from .. import actions
from . import HOOKS, TRAIT_NUM, resolves

MIMICRY = TRAIT_NUM["mimicry"]


def mimicry_card(state: Any, animal: int) -> int:
    """The Mimicry card on ``animal`` (-1 if none)."""
    for card in state.trait_cards[animal]:
        if state.card_trait[card] == MIMICRY:
            return card
    return -1


@HOOKS.on("defences", "mimicry", priority=1)
def offer_redirects(state: Any, carnivore: int, target: int, rolled: bool, targeted: int,
                    choices: list[Action]) -> bool:
    unlimited = state.config.mimicry_unlimited
    if not unlimited and (state.mimicry_used >> mimicry_card(state, target)) & 1:
        return False
    # ruling 44: any other own animal this carnivore could attack — including one targeted earlier in this attack
    # (its Mimicry is spent, so chains end). Only without the once-per-turn limit are animals already targeted in
    # this attack excluded, or redirects could loop forever.
    excluded = targeted if unlimited else 0
    offered = False
    for other in state.animals[state.owner[target]]:
        if (other != target and other != carnivore and not (excluded >> other) & 1
                and state.attack_refusal(carnivore, other) is None):
            choices.append(actions.MIMIC[other])
            offered = True
    return offered


@resolves("mimic")
def redirect(state: Any, attack: Any, new_target: int) -> None:
    """``attack``: the defence step being answered (its carnivore, target and the animals targeted so far)."""
    carnivore, target, targeted = attack.carnivore, attack.target, attack.targeted
    state.mimicry_used |= 1 << mimicry_card(state, target)
    if state.log_events:
        state.emit("mimicry", {"text": f"Mimicry: the attack on A{target} is redirected to "
                               f"{state.animal_text(new_target)}", "from": target, "to": new_target})
    state.defend(carnivore, new_target, False, targeted | (1 << new_target))
