"""Carnivore (Хищник): instead of taking a red token, a Carnivore that is not fed (or has an empty Fat Tissue) may
attack another animal once per turn (rulings 30-34); the attack itself — the target's protections, its defences,
eating, the blue tokens and the Scavenger — is the core of the feeding phase (``flow.OriginFlow``, ``turn.py``). Its
extra food need comes from its data row; it cannot share an animal with Scavenger (``INCOMPATIBLE`` in
``__init__``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from .. import actions
from . import CARNIVORE, HOOKS, mark_kind, refuses, resolves

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

CARNIVORE_BIT = 1 << CARNIVORE
ALREADY_ATTACKED = Refusal("this Carnivore has already attacked this turn (ruling 31)")
ASLEEP = Refusal("a hibernating Carnivore cannot attack")
CANNOT_EAT = Refusal("a Carnivore that is fed and has no empty Fat Tissue cannot attack (ruling 32)")
NO_PREY = Refusal("this Carnivore has no animal it may attack (every other animal is protected)")
#: the Carnivores that attacked in this feeding round — set only when the deck has Ambush, whose out-of-turn attack
#: is its player's one Carnivore use of the round (ruling 76)
ATTACKED_THIS_ROUND = mark_kind("attacked_this_round", "round")
#: the Carnivore attacking from Ambush right now (cleared when the ambushed take finishes; traits/ambush.py)
AMBUSHING = mark_kind("ambushing", "turn")
AMBUSHED_THIS_ROUND = Refusal("one of your Carnivores has already attacked in this feeding round, from Ambush "
                              "(rulings 31, 76)")


@refuses("attack", "carnivore")
def attack_refusal(state: OriginFlow, carnivore: int) -> Refusal | None:
    """Why the feeding player's Carnivore ``carnivore`` may not attack now (ignoring the main action): once per turn,
    not while hibernating, only while it can eat, and only if some animal is not protected from it (rulings 30-32)."""
    if (state.attacked >> carnivore) & 1:
        return ALREADY_ATTACKED
    round_attackers = state.marks.get(ATTACKED_THIS_ROUND, 0) if state.marks else 0
    if round_attackers:
        for a in state.animals[state.owner[carnivore]]:
            if (round_attackers >> a) & 1:
                return AMBUSHED_THIS_ROUND
    if (state.hibernating >> carnivore) & 1:
        return ASLEEP
    if not state.can_receive(carnivore):
        return CANNOT_EAT
    if not state.has_attack_target(carnivore):
        return NO_PREY
    return None


@HOOKS.on("main_actions", "carnivore", priority=0)
def offer_attacks(state: OriginFlow, animals: list[int], choices: list[Action]) -> None:
    masks, attack, marks = state.trait_mask, actions.ATTACK, state.marks
    spent = state.attacked | state.hibernating   # (refused at once by attack_refusal: no call for them)
    for animal in animals:
        # attack_refusal's rules inline while no marks are set (no call), else the rule itself
        if (masks[animal] & CARNIVORE_BIT and not (spent >> animal) & 1
                and (attack_refusal(state, animal) is None if marks
                     else state.can_receive(animal) and state.has_attack_target(animal))):
            choices.append(attack[animal])


@resolves("attack")
def choose_the_prey(state: OriginFlow, carnivore: int) -> None:
    state.choose_attack_target(carnivore)
