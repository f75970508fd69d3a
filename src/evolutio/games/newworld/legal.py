"""Legal-action generation for the hot steps (the development and feeding turns), written directly.

The kernel's generic way is to list a step's candidates and keep those its ``check`` allows; ``check`` words a
refusal for every rejected candidate, which is what a refused ``apply`` shows but is wasted work in a playout. The
functions here give the same list in the same order (``tests/newworld/test_fast_legal.py`` compares them at every
decision of random games) by asking the same rule functions of :mod:`.rules` only where a hook could refuse, and by
taking actions from the interned tables of :mod:`.actions`."""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action

from . import rules
from .actions import (
    ATTACK,
    END_TURN,
    FEED,
    METAMORPHOSIS_ACTION,
    MOVE,
    PASS,
    PIRACY,
    PLAY_ANIMAL,
    PLAY_PAIRED_ROWS,
    PLAY_TRAIT_ROWS,
    REVERSE,
    SHELTER,
    RowTable,
)
from .state import LEFT, RIGHT, SIDE_LARGE, SIDE_SMALL, SYMBIOSIS, NewWorldState
from .traits import HOOKS

#: the traits that give an additional action in the feeding phase (Piracy, Metamorphosis)
EXTRA_ACTION_BITS = rules.PIRACY_BIT | rules.METAMORPHOSIS_BIT


# ================================================================================================== development
def development(state: NewWorldState, seat: int, arranged: int) -> list[Action]:
    """A development turn's legal actions: pass (unless Catastrophe forbids it), each hand card as an animal and
    each side where it may go, then the rearrangements (unless the row was rearranged this turn).

    Where a trait may go is worked out once per trait (several hand cards often offer the same one); each card side
    then takes its actions from its row of interned actions."""
    out = [] if rules.pass_forbidden(state, seat) else [PASS]
    hand = state.hands[seat]
    if hand:
        targets = TraitTargets(state, seat)
        card_large = state.data.card_large
        card_small = state.data.card_small
        for card in hand:
            out.append(PLAY_ANIMAL[card])
            for side, trait in ((SIDE_LARGE, card_large[card]), (SIDE_SMALL, card_small[card])):
                found = targets.get(trait)
                if found is None:
                    found = targets.find(trait)
                rows, keys = found
                if keys:
                    row = rows[card, side]
                    out.extend([row[key] for key in keys])
    if not arranged:
        out.extend(rearrangements(state, seat))
    return out


class TraitTargets(dict[int, tuple[RowTable, list[Any]]]):
    """Where each trait may be played now by ``seat`` (filled on demand by :meth:`find`): for a single trait the
    animals (with the ``play_trait`` rows), for a paired trait the ``(animal, direction)`` pairs (with the
    ``play_paired`` rows), in candidate order. The same tests as :func:`.rules.placement_refusal` and
    :func:`.rules.pair_refusal`, which are asked only for animals carrying a trait with a placement hook."""

    __slots__ = ("animals", "hooked", "mask", "others", "own", "pairs", "seat", "state")

    def __init__(self, state: NewWorldState, seat: int) -> None:
        super().__init__()
        self.state = state
        self.seat = seat
        self.own = own = state.rows[seat]
        self.animals = state.living_animals()
        self.others = [animal for animal in self.animals if state.animal_owner[animal] != seat]
        self.mask = state.trait_mask
        self.hooked = placement_hooked_mask()
        # the free link slots of the row: (left animal, right animal) of each unlinked neighbour pair
        self.pairs = [(own[index], own[index + 1]) for index in range(len(own) - 1)
                      if not state.linked(own[index], own[index + 1])]

    def find(self, trait: int) -> tuple[RowTable, list[Any]]:
        state = self.state
        info = state.data.traits[trait]
        mask = self.mask
        hooked = self.hooked
        keys: list[Any] = []
        if info.paired:
            free_right = dict(self.pairs)
            free_left = {right: left for left, right in self.pairs} if trait == SYMBIOSIS else {}
            for animal in self.own:
                for direction, partners in ((RIGHT, free_right), (LEFT, free_left)):
                    other = partners.get(animal)
                    if other is None:
                        continue
                    if (mask[animal] | mask[other]) & hooked and \
                            rules.pair_refusal(state, self.seat, trait, animal, other) is not None:
                        continue
                    keys.append((animal, direction))
        else:
            receivers = info.receivers
            bit = 0 if info.stackable else 1 << trait
            for animal in self.own if receivers == "own" else self.animals if receivers == "any" else self.others:
                if mask[animal] & bit:
                    continue
                if mask[animal] & hooked and rules.placement_refusal(state, self.seat, trait, animal) is not None:
                    continue
                keys.append(animal)
        found = self[trait] = (PLAY_PAIRED_ROWS if info.paired else PLAY_TRAIT_ROWS, keys)
        return found


def placement_hooked_mask() -> int:
    """The traits with a ``placement_check`` hook (every trait when a hook applies to all animals)."""
    global _PLACEMENT_HOOKED
    if _PLACEMENT_HOOKED is None:
        _PLACEMENT_HOOKED = -1 if HOOKS.handlers("placement_check", 0) else HOOKS.traits_with("placement_check")
    return _PLACEMENT_HOOKED


_PLACEMENT_HOOKED: int | None = None


def rearrangements(state: NewWorldState, seat: int) -> list[Action]:
    """Every rearrangement of the row (NOTES §4.4): a block of linked animals to another position, or a block of
    two or more turned round."""
    out = []
    block_list = rules.blocks(state, seat)
    for block_index, block in enumerate(block_list):
        for position in range(len(block_list)):
            if position != block_index:
                out.append(MOVE[block[0], position])
        if len(block) > 1:
            out.append(REVERSE[block[0]])
    return out


# ====================================================================================================== feeding
def feeding(state: NewWorldState, seat: int, basic_done: int, extra_done: int) -> list[Action]:
    """A feeding turn's legal actions: pass or end the turn, the basic actions, the additional actions. The
    must-act test is read off the basic actions found: any shelter or feeding, or an attack by a hungry predator."""
    out = []
    if basic_done:
        out.append(END_TURN)
    else:
        basic, must_act = basic_actions(state, seat)
        if not must_act:
            out.append(END_TURN if extra_done else PASS)
        out.extend(basic)
    if not extra_done:
        out.extend(additional(state, seat))
    return out


def basic_actions(state: NewWorldState, seat: int) -> tuple[list[Action], bool]:
    """The legal basic actions in candidate order, and whether the must-act test (:func:`.rules.must_act`)
    holds."""
    out: list[Action] = []
    slots = state.slots()
    shelter_slots = [slot for slot in slots if state.area_shelter[slot]]
    food_slots = [slot for slot in slots if state.area_food[slot]]
    animals: list[int] | None = None
    open_to = state.slot_open_to
    must_act = False
    for animal in state.rows[seat]:
        before = len(out)
        if shelter_slots and not state.shelter[animal]:
            for slot in shelter_slots:
                if open_to(animal, slot):
                    out.append(SHELTER[animal, slot])
        if food_slots and state.can_take_food(animal):
            for slot in food_slots:
                if open_to(animal, slot):
                    out.append(FEED[animal, slot])
        if len(out) > before:
            must_act = True
        if rules.may_attack(state, animal):
            if animals is None:
                animals = state.living_animals()
            before = len(out)
            for prey in animals:
                if rules.prey_allowed(state, animal, prey):
                    out.append(ATTACK[animal, prey])
            if len(out) > before and state.food[animal] < state.needs[animal]:
                must_act = True  # a hungry predator with prey (a fed one with empty Fat Tissue does not count)
    return out, must_act


def additional(state: NewWorldState, seat: int) -> list[Action]:
    """The additional actions :func:`.rules.piracy_refusal` and :func:`.rules.metamorphosis_refusal` allow, in
    candidate order."""
    out: list[Action] = []
    food = state.food
    needs = state.needs
    for animal in state.rows[seat]:
        mask = state.trait_mask[animal]
        if not mask & EXTRA_ACTION_BITS:
            continue
        if mask & rules.PIRACY_BIT and not state.used[animal] & rules.PIRACY_BIT and (
                not state.options["pirate_must_take_food"] or state.can_take_food(animal)):
            for victim in state.living_animals():
                if victim != animal and 0 < food[victim] < needs[victim]:
                    out.append(PIRACY[animal, victim])
        if mask & rules.METAMORPHOSIS_BIT and not state.used[animal] & rules.METAMORPHOSIS_BIT:
            for card in state.animal_cards[animal]:
                if rules.metamorphosis_refusal(state, animal, card) is None:
                    out.append(METAMORPHOSIS_ACTION[animal, card])
    return out
