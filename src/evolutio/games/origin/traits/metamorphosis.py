"""Metamorphosis (Метаморфоза; Time to Fly): instead of taking a red token, discard one trait card of this animal that
does not raise its need — a paired card, Metamorphosis itself, not Carnivore, Big, Parasite, Trematode, Intellect,
Viviparous, Voracious — and the animal gets one blue token (``metamorphosis(animal, card)``, a main action; ruling 67).
The animal must be able to receive the token, except that discarding the very trait that keeps it from eating is
allowed: active Hibernation (it wakes), the Shell it hides in, the Symbiosis it is the protected partner of. No limit
per turn is printed (option ``metamorphosis_once_per_turn`` adds one). A Shell discarded this way leaves the game
(NOTES §9.2 metamorphosis)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from . import (
    EN,
    FAT,
    FOOD,
    HIBERNATION,
    HOOKS,
    METAMORPHOSIS,
    SHELL,
    SYMBIOSIS,
    mark_kind,
    refuses,
    resolves,
    trait_action,
)
from .shell import IN_SHELL

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

#: the animals that used Metamorphosis this turn (limits it only with ``metamorphosis_once_per_turn``)
METAMORPHOSIS_BIT = 1 << METAMORPHOSIS
METAMORPHOSED = mark_kind("metamorphosis_used", "turn")
MAIN_ACTION_USED = Refusal("you have already used this feeding turn's main action; Metamorphosis is one (ruling 18)")
ONCE = Refusal("this animal has already used Metamorphosis this turn (option metamorphosis_once_per_turn)")
RAISES_NEED = Refusal("Metamorphosis can discard only a trait that does not raise the animal's need (ruling 67)")
FULL = Refusal("the animal could not receive the blue token: it is fed and its Fat Tissue (if any) is full")


def blocker(state: OriginFlow, animal: int, card: int) -> bool:
    """Is ``card`` the trait that now keeps ``animal`` from receiving food (Hibernation, Shell, Symbiosis)?"""
    trait = state.card_trait[card]
    if trait == HIBERNATION:
        return bool((state.hibernating >> animal) & 1)
    if trait == SHELL:
        return bool(state.marks) and state.marked(IN_SHELL, animal)
    return trait == SYMBIOSIS and state.second_animal[card] == animal


@refuses("metamorphosis", "metamorphosis")
def metamorphosis_refusal(state: OriginFlow, animal: int, card: int) -> Refusal | None:
    if state.main_action_used:
        return MAIN_ACTION_USED
    if state.game.options["metamorphosis_once_per_turn"] and state.marked(METAMORPHOSED, animal):
        return ONCE
    if card not in state.trait_cards[animal]:
        return Refusal(f"card {card} is not a trait card of A{animal}")
    trait = state.card_trait[card]
    if FOOD[trait]:
        return RAISES_NEED
    slots = state.fat_tissue_count[animal] - (trait == FAT)
    if state.food[animal] >= state.need[animal] and min(state.fat[animal], slots) >= slots:
        return FULL
    refusal = state.receive_refusal(animal)
    if refusal is None or blocker(state, animal, card):
        return None
    return refusal


@HOOKS.on("main_actions", "metamorphosis", priority=4)
def offer_metamorphoses(state: OriginFlow, animals: list[int], choices: list[Action]) -> None:
    for animal in animals:
        if state.trait_mask[animal] & METAMORPHOSIS_BIT:
            for card in state.trait_cards[animal]:
                if metamorphosis_refusal(state, animal, card) is None:
                    choices.append(Action("metamorphosis", animal, card))


def describe(state: OriginFlow, animal: int, card: int) -> str:
    return (f"Metamorphosis: {state.animal_text(animal, state.actor)} discards {EN[state.card_trait[card]]} (card "
            f"{card}) and gets a blue token")


trait_action("metamorphosis", "metamorphosis", describe, ("animal number", "card id"))


@resolves("metamorphosis")
def metamorphose(state: OriginFlow, animal: int, card: int) -> None:
    state.main_action_used = True
    state.round_had_actions = True
    state.mark(METAMORPHOSED, animal)
    trait = state.card_trait[card]
    if state.log_events:
        state.emit("metamorphosis", {"text": f"Metamorphosis: {state.animal_text(animal)} discards {EN[trait]} (card "
                                     f"{card}) and gets a blue token", "animal": animal, "card": card})
    if trait == HIBERNATION:
        state.hibernating &= ~(1 << animal)   # it wakes up
    elif trait == SHELL and state.marks:
        state.unmark(IN_SHELL, animal)
    owner = state.owner[animal]
    state.discard_trait(animal, card)
    if trait == SHELL:   # a Shell removed by Metamorphosis leaves the game
        state.discard[owner].remove(card)
        state.out_of_play.append(card)
    if state.owner[animal] >= 0 and state.can_receive(animal):
        state.receive(animal, False)
