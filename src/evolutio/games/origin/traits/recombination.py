"""Recombination (Рекомбинация; Continents; paired): a free action of the owner's feeding turn, once per turn per card
— each of the two linked animals gives one of its unpaired traits to the other (``recombine(animal, card)`` names the
card's first animal and the card: an animal that is the first animal of two unused Recombination cards is offered
each, and its owner chooses the partner). The owner then chooses the trait each animal gives, the first animal's
first (``recombine_give``, naming the trait card; asked only when the animal has more than one to give: the decision
``recombination_gift`` in ``choices.py``). A received trait goes on top (above Neoplasia). If the receiver would then
hold two identical traits or an impossible combination (Carnivore with Scavenger, Regeneration with a forbidden extra),
the received card is discarded. Trematode cannot be moved. Moved traits lose their state: yellow tokens of a moved Fat
Tissue are lost, food above the new need is destroyed, a moved Hibernation wakes its animal, and a trait used this turn
with a once-per-turn limit (Piracy, Carnivore, Migration) stays used on its new animal (NOTES §9.3, ruling 72)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from ..card_data import MAX_CARDS
from ..geography import MIGRATED
from . import (
    CARNIVORE,
    EN,
    HIBERNATION,
    HOOKS,
    MIGRATION,
    PAIRED,
    PIRACY,
    RECOMBINATION,
    TRAIT_NUM,
    TRAITS,
    mark_kind,
    refuses,
    resolves,
    trait_action,
    trait_choice,
)

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

#: the Recombination cards used this turn (marked by card id)
USED = mark_kind("recombination_used", "turn")
#: the decision of the trait an animal gives (argument: the trait card)
GIVE = "recombine_give"
GIVES = tuple(Action(GIVE, c) for c in range(MAX_CARDS))
#: traits that cannot be moved (Trematode, when this evolutio has it)
UNMOVABLE = frozenset(TRAIT_NUM[t] for t in ("trematode",) if t in TRAIT_NUM)
#: per trait: why a card of it is not given (a paired trait, an unmovable one), or ``None``
NOT_GIVEN = tuple(Refusal(f"{EN[t]} is a paired trait: only unpaired traits are given (ruling 72)") if PAIRED[t]
                  else Refusal(f"{EN[t]} is never moved (ruling 72)") if t in UNMOVABLE else None
                  for t in range(len(EN)))
USED_UP = Refusal("this Recombination card has been used this turn (ruling 72: once per turn)")
NOTHING_TO_GIVE = Refusal("each animal of the Recombination pair must have an unpaired trait to give (ruling 72)")


def cards_of(state: OriginFlow, animal: int) -> list[int]:
    """The Recombination cards whose first animal is ``animal``, bottom first."""
    face, first = state.card_trait, state.first_animal
    return [c for c in state.trait_cards[animal] if face[c] == RECOMBINATION and first[c] == animal]


def gifts(state: OriginFlow, animal: int) -> list[int]:
    """The trait cards ``animal`` can give: its movable unpaired traits, bottom first."""
    return [c for c in state.trait_cards[animal] if gift_refusal(state, animal, c) is None]


def gift_refusal(state: OriginFlow, animal: int, card: int) -> Refusal | None:
    """Why ``animal`` cannot give the trait card ``card`` to its Recombination partner, or ``None``."""
    if card not in state.trait_cards[animal]:
        return Refusal(f"card {card} is not a trait of A{animal}: it gives one of its own unpaired traits")
    trait = state.card_trait[card]
    return NOT_GIVEN[trait]


@refuses("recombine", "recombination")
def recombine_refusal(state: OriginFlow, animal: int, card: int) -> Refusal | None:
    if card not in state.trait_cards[animal] or state.card_trait[card] != RECOMBINATION \
            or state.first_animal[card] != animal:
        return Refusal(f"card {card} is no Recombination card whose first animal is A{animal}")
    if state.marked(USED, card):
        return USED_UP
    if not gifts(state, animal) or not gifts(state, state.second_animal[card]):
        return NOTHING_TO_GIVE
    return None


def describe(state: OriginFlow, animal: int, card: int) -> str:
    return (f"Recombination: {state.animal_text(animal, state.actor)} and its partner A{state.second_animal[card]} "
            f"swap a trait each (card {card})")


trait_action("recombination", "recombine", describe, ("animal number", "card id"))


@HOOKS.on("free_actions", "recombination", priority=4)
def offer(state: OriginFlow, animal: int, choices: list[Action]) -> None:
    for card in cards_of(state, animal):
        if recombine_refusal(state, animal, card) is None:
            choices.append(Action("recombine", animal, card))


def cannot_hold(state: OriginFlow, animal: int, trait: int) -> Refusal | None:
    """Why ``animal`` cannot hold one more ``trait`` card (a second copy, an incompatible trait, Regeneration's
    limit), or ``None``."""
    held = state.all_traits(animal)
    if held & (1 << trait) and not TRAITS[trait].multiple:
        return Refusal(f"it already has {EN[trait]} (ruling 6)")
    if any(held & (1 << x) for x in TRAITS[trait].incompatible):
        return Refusal(f"{EN[trait]} cannot share an animal with what it has (ruling 8)")
    for handler in HOOKS.handlers("accepts_trait", held):
        refusal = handler(state, animal, trait)
        if refusal is not None:
            return refusal
    return None


def carry_the_use(state: OriginFlow, trait: int, giver: int, receiver: int) -> None:
    """A trait used this turn with a once-per-turn limit stays used on its new animal (Piracy, Carnivore's attack,
    Migration), and a moved Hibernation wakes its old animal (ruling 72)."""
    giver_bit, receiver_bit = 1 << giver, 1 << receiver
    if trait == PIRACY and state.piracy_used & giver_bit:
        state.piracy_used |= receiver_bit
    elif trait == CARNIVORE and state.attacked & giver_bit:
        state.attacked |= receiver_bit
    elif trait == MIGRATION and state.marked(MIGRATED, giver):
        state.mark(MIGRATED, receiver)
    elif trait == HIBERNATION:
        state.hibernating &= ~giver_bit


@resolves("recombine")
def recombine(state: OriginFlow, animal: int, card: int) -> None:
    """The card is used; the owner chooses the gifts (``choose_gifts``), then they are swapped (:func:`swap`)."""
    state.mark(USED, card)
    state.round_had_actions = True
    state.choose_gifts(card, -1)


def describe_gift(state: OriginFlow, card: int) -> str:
    trait = state.card_trait[card]
    return f"Recombination: give {EN[trait] if trait >= 0 else 'the trait'} (card {card}) to the partner"


trait_choice("recombination", GIVE, "card id", describe_gift)


def swap(state: OriginFlow, card: int, given: int, taken: int) -> None:
    """The two animals of the Recombination ``card`` swap the trait cards ``given`` (from its first animal) and
    ``taken`` (from its second)."""
    animal, other = state.first_animal[card], state.second_animal[card]
    cards_of = state.trait_cards
    cards_of[animal] = tuple(c for c in cards_of[animal] if c != given)
    cards_of[other] = tuple(c for c in cards_of[other] if c != taken)
    state._recalc(animal)
    state._recalc(other)
    if state.log_events:
        state.emit("recombine", {"text": f"Recombination: {state.animal_text(animal)} gives "
                                 f"{state.trait_name(given)} and {state.animal_text(other)} gives "
                                 f"{state.trait_name(taken)}", "animals": [animal, other], "cards": [given, taken]})
    for receiver, giver, c in ((other, animal, given), (animal, other, taken)):
        t = state.card_trait[c]
        carry_the_use(state, t, giver, receiver)
        refusal = cannot_hold(state, receiver, t)
        if refusal is not None:
            state.card_trait[c] = -1
            state.discard[state.owner[receiver]].append(c)
            if state.log_events:
                state.emit("discard_trait", {"text": f"Recombination: {state.trait_name(c)} is discarded from "
                                             f"A{receiver}: {refusal.reason}", "animal": receiver, "card": c})
            continue
        cards_of[receiver] = (*cards_of[receiver], c)
        state._recalc(receiver)
    for a in (animal, other):
        state.food[a] = min(state.food[a], state.need[a])
