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
    ActionTable,
)
from .data import RulesData
from .state import CARNIVORE_BIT, LEFT, RIGHT, SIDE_LARGE, SIDE_SMALL, SYMBIOSIS, NewWorldState
from .traits import HOOKS

#: the traits that give an additional action in the feeding phase (Piracy, Metamorphosis)
EXTRA_ACTION_BITS = rules.PIRACY_BIT | rules.METAMORPHOSIS_BIT


# ================================================================================================== development
def development(state: NewWorldState, seat: int, arranged: int) -> list[Action]:
    """A development turn's legal actions: pass (unless Catastrophe forbids it), each hand card as an animal and
    each side where it may go, then the rearrangements (:func:`.rules.may_rearrange`).

    Where a trait may go is worked out once per trait (several hand cards often offer the same one); each card side
    then takes its actions from its row of interned actions."""
    out = [] if rules.pass_forbidden(state, seat) else [PASS]
    hand = state.hands[seat]
    own = state.rows[seat]
    links = row_links(state, own)
    if hand:
        targets = TraitTargets(state, seat, own, links)
        sides = card_sides(state.data)
        for card in hand:
            out.append(PLAY_ANIMAL[card])
            for trait, row in sides[card]:
                keys = targets.get(trait)
                if keys is None:
                    keys = targets.find(trait)
                if keys:
                    out.extend([row[key] for key in keys])
    if rules.may_rearrange(state, seat, arranged):
        out.extend(row_rearrangements(own, links))
    return out


def card_sides(data: RulesData) -> list[tuple[tuple[int, ActionTable], tuple[int, ActionTable]]]:
    """Per evolution card, its large and small side: the trait and the row of actions that play it (``play_trait``
    by animal, or ``play_paired`` by ``(animal, direction)``)."""
    cached = _CARD_SIDES.get(id(data))
    if cached is None or cached[0] is not data:
        sides = []
        for card, (large, small) in enumerate(zip(data.card_large, data.card_small)):
            sides.append(tuple((trait, (PLAY_PAIRED_ROWS if data.traits[trait].paired else PLAY_TRAIT_ROWS)[card, side])
                               for side, trait in ((SIDE_LARGE, large), (SIDE_SMALL, small))))
        cached = _CARD_SIDES[id(data)] = (data, sides)
    return cached[1]  # type: ignore[return-value]


_CARD_SIDES: dict[int, tuple[RulesData, list[Any]]] = {}


def row_links(state: NewWorldState, own: list[int]) -> list[bool]:
    """For each neighbour pair of a row (``own[i]``, ``own[i + 1]``): are they linked by a paired card?"""
    linked = state.linked
    return [linked(own[index], own[index + 1]) for index in range(len(own) - 1)]


class TraitTargets(dict[int, list[Any]]):
    """Where each trait may be played now by ``seat`` (filled on demand by :meth:`find`): for a single trait the
    animals (``play_trait``), for a paired trait the ``(animal, direction)`` pairs (``play_paired``), in candidate
    order. The same tests as :func:`.rules.placement_refusal` and :func:`.rules.pair_refusal`: the ownership,
    stacking and link tests are met by construction, and the trait modules' hooks (:func:`.rules.hook_refusal`) are
    asked only for animals carrying a trait that has one."""

    __slots__ = ("hooked", "links", "mask", "own", "seat", "state")

    def __init__(self, state: NewWorldState, seat: int, own: list[int], links: list[bool]) -> None:
        super().__init__()
        self.state = state
        self.seat = seat
        self.own = own
        self.links = links
        self.mask = state.trait_mask
        self.hooked = placement_hooked_mask()

    def find(self, trait: int) -> list[Any]:
        state = self.state
        info = state.data.traits[trait]
        mask = self.mask
        hooked = self.hooked
        keys: list[Any] = []
        if info.paired:
            own = self.own
            for index, animal in enumerate(own):
                for direction, other_index in ((RIGHT, index + 1), (LEFT, index - 1)):
                    if direction == LEFT and trait != SYMBIOSIS or not 0 <= other_index < len(own) or \
                            self.links[min(index, other_index)]:
                        continue
                    other = own[other_index]
                    if (mask[animal] | mask[other]) & hooked and (
                            rules.hook_refusal(state, self.seat, trait, animal)
                            or rules.hook_refusal(state, self.seat, trait, other)):
                        continue
                    keys.append((animal, direction))
        else:
            receivers = info.receivers
            if receivers == "own":
                targets = self.own
            else:
                animals = state.living_animals()
                targets = animals if receivers == "any" else \
                    [animal for animal in animals if state.animal_owner[animal] != self.seat]
            bit = 0 if info.stackable else 1 << trait
            for animal in targets:
                if mask[animal] & bit:
                    continue
                if mask[animal] & hooked and rules.hook_refusal(state, self.seat, trait, animal):
                    continue
                keys.append(animal)
        self[trait] = keys
        return keys


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
    own = state.rows[seat]
    return row_rearrangements(own, row_links(state, own))


def row_rearrangements(own: list[int], links: list[bool]) -> list[Action]:
    """:func:`rearrangements` of a row whose neighbour links are known (the blocks of :func:`.rules.blocks`)."""
    if not own:
        return []
    blocks = [[own[0]]]
    for index in range(1, len(own)):
        if links[index - 1]:
            blocks[-1].append(own[index])
        else:
            blocks.append([own[index]])
    out = []
    count = len(blocks)
    for block_index, block in enumerate(blocks):
        first = block[0]
        for position in range(count):
            if position != block_index:
                out.append(MOVE[first, position])
        if len(block) > 1:
            out.append(REVERSE[first])
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
    unrestricted = open_slots(state.data)
    trait_mask = state.trait_mask
    must_act = False
    for animal in state.rows[seat]:
        before = len(out)
        if shelter_slots and not state.shelter[animal]:
            for slot in shelter_slots:
                if unrestricted[slot] or open_to(animal, slot):
                    out.append(SHELTER[animal, slot])
        if food_slots and state.can_take_food(animal):
            for slot in food_slots:
                if unrestricted[slot] or open_to(animal, slot):
                    out.append(FEED[animal, slot])
        if len(out) > before:
            must_act = True
        if trait_mask[animal] & CARNIVORE_BIT and rules.may_attack(state, animal):
            if animals is None:
                animals = state.living_animals()
            before = len(out)
            for prey in animals:
                if rules.prey_allowed(state, animal, prey):
                    out.append(ATTACK[animal, prey])
            if len(out) > before and state.food[animal] < state.needs[animal]:
                must_act = True  # a hungry predator with prey (a fed one with empty Fat Tissue does not count)
    return out, must_act


def open_slots(data: RulesData) -> list[bool]:
    """Per area slot: is the half open to every animal (no access requirement, :meth:`.state.slot_open_to`)?"""
    cached = _OPEN_SLOTS.get(id(data))
    if cached is None or cached[0] is not data:
        flags = [index < len(area.halves) and area.halves[index].requires is None
                 for area in data.areas for index in range(2)]
        cached = _OPEN_SLOTS[id(data)] = (data, flags)
    return cached[1]


_OPEN_SLOTS: dict[int, tuple[RulesData, list[bool]]] = {}


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
