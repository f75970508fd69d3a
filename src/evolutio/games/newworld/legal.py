"""Legal-action generation for the hot steps (the development and feeding turns), written directly.

The kernel's generic way is to list a step's candidates and keep those its ``check`` allows; ``check`` words a
refusal for every rejected candidate, which is what a refused ``apply`` shows but is wasted work in a playout. The
functions here give the same list in the same order (``tests/newworld/test_fast_legal.py`` compares them at every
decision of random games) by asking the same rule functions of :mod:`.rules` only where a hook could refuse, and by
taking actions from the interned tables of :mod:`.actions`."""

from __future__ import annotations

from typing import Any, Iterator

from evolutio.kernel import Action

from . import rules
from .actions import (
    ATTACK_ROWS,
    END_TURN,
    FEED_ROWS,
    METAMORPHOSIS_ACTION,
    MOVE,
    PASS,
    PIRACY,
    PLAY_ANIMAL,
    REVERSE,
    SHELTER_ROWS,
)
from .state import (
    ADAPTABLE_BIT,
    CARNIVORE_BIT,
    FAT_TISSUE_BIT,
    LEFT,
    RIGHT,
    SYMBIOSIS,
    TAKE_FOOD_BITS,
    NewWorldState,
)
from .tables import AREA_ROWS_REMEMBERED, TO_ANY, TO_OWN, TRAIT_BITS, VERDICTS_REMEMBERED
from .traits import PREDATOR_CHECKS, PREY_CHECKS

#: the traits that give an additional action in the feeding phase (Piracy, Metamorphosis)
EXTRA_ACTION_BITS = rules.PIRACY_BIT | rules.METAMORPHOSIS_BIT


# ================================================================================================== development
def development(state: NewWorldState, seat: int, arranged: int) -> list[Action]:
    """A development turn's legal actions: pass (unless Catastrophe forbids it), each hand card as an animal and
    each side where it may go, then the rearrangements (:func:`.rules.may_rearrange`).

    Where a trait may go is worked out once per trait (several hand cards often offer the same one, and both sides of
    a card may); each card side then takes its actions from its row of interned actions. The tests are those of
    :func:`.rules.placement_refusal` and :func:`.rules.pair_refusal`: the ownership, stacking and link tests are met
    by construction, and the trait modules' hooks (:func:`.rules.hook_refusal`) are asked only for animals carrying a
    trait that has one. A single trait goes on every animal of its receivers when none of them carries its bit or a
    hooked trait (the group's traits together say so at once)."""
    out = [] if state.catastrophe and rules.pass_forbidden(state, seat) else [PASS]
    hand = state.hands[seat]
    own = state.rows[seat]
    mask = state.trait_mask
    own_traits = 0
    for animal in own:
        own_traits |= mask[animal]
    # (row_links, asked only when two of the row's animals could share a paired card)
    links = row_links(state, own) if own_traits & state.data.paired_mask and len(own) > 1 else [False] * (len(own) - 1)
    if hand:
        tables = state.tables
        sides = tables.card_sides
        placing = tables.placement
        hooked = tables.placement_hooked
        reads = tables.placement_reads
        verdicts = tables.verdicts
        found: list[list[Any] | None] = [None] * len(placing)  # by trait, worked out on first use
        groups: list[list[int] | None] = [own, None, None]  # by receivers code; the others made on first use
        carried: list[int | None] = [own_traits, None, None]  # by receivers code: the traits of the group's animals
        for card in hand:
            out.append(PLAY_ANIMAL[card])
            for trait, row in sides[card]:
                keys = found[trait]
                if keys is None:
                    paired, receivers, bit = placing[trait]
                    if paired:
                        keys = paired_targets(state, seat, trait, own, links)
                    else:
                        targets = groups[receivers]
                        if targets is None:
                            targets = groups[receivers] = receiver_group(state, seat, receivers)
                        traits = carried[receivers]
                        if traits is None:
                            traits = 0
                            for animal in targets:
                                traits |= mask[animal]
                            carried[receivers] = traits
                        refused = bit | hooked
                        if not traits & refused:
                            keys = targets
                        else:
                            keys = []
                            for animal in targets:
                                carries = mask[animal]
                                if not carries & refused:
                                    keys.append(animal)
                                elif not carries & bit:
                                    allowed = verdicts.get((carries & reads) << TRAIT_BITS | trait)  # (hooks_allow)
                                    if allowed or allowed is None and hooks_allow(state, seat, trait, animal):
                                        keys.append(animal)
                    found[trait] = keys
                for key in keys:  # (a loop: faster than extend(map(...)) for the one to three keys a side has)
                    out.append(row[key])
    if arranged < len(own):  # rules.may_rearrange
        out.extend(row_rearrangements(own, links) if own_traits & state.data.paired_mask else
                   UNLINKED_ROW_MOVES[tuple(own)])
    return out


def row_links(state: NewWorldState, own: list[int]) -> list[bool]:
    """For each neighbour pair of a row (``own[i]``, ``own[i + 1]``): are they linked by a paired card?"""
    if len(own) < 2:
        return []
    linked = state.linked
    mask = state.trait_mask
    paired = state.data.paired_mask  # two animals without a common paired trait cannot share a paired card
    return [bool(mask[first] & mask[second] & paired) and linked(first, second) for first, second in zip(own, own[1:])]


def receiver_group(state: NewWorldState, seat: int, receivers: int) -> list[int]:
    """The animals a single trait card of ``seat`` may go on by its receivers code (before the stacking and hook
    tests), in candidate order."""
    if receivers == TO_OWN:
        return state.rows[seat]
    animals = state.living_animals()
    if receivers == TO_ANY:
        return animals
    owner = state.animal_owner
    return [animal for animal in animals if owner[animal] != seat]


def paired_targets(state: NewWorldState, seat: int, trait: int, own: list[int], links: list[bool]) -> list[Any]:
    """Where ``seat`` may play the paired ``trait`` now: the ``(animal, direction)`` pairs (``play_paired``)."""
    mask = state.trait_mask
    hooked = state.tables.placement_hooked
    keys: list[Any] = []
    last = len(own) - 1
    for index, animal in enumerate(own):
        if index < last and not links[index]:
            other = own[index + 1]
            if not (mask[animal] | mask[other]) & hooked or (
                    hooks_allow(state, seat, trait, animal) and hooks_allow(state, seat, trait, other)):
                keys.append((animal, RIGHT))
        if trait == SYMBIOSIS and index > 0 and not links[index - 1]:
            other = own[index - 1]
            if not (mask[animal] | mask[other]) & hooked or (
                    hooks_allow(state, seat, trait, animal) and hooks_allow(state, seat, trait, other)):
                keys.append((animal, LEFT))
    return keys


def hooks_allow(state: NewWorldState, seat: int, trait: int, animal: int) -> bool:
    """``rules.hook_refusal(...) is None``: the trait modules let ``trait`` go on ``animal``. Their verdict depends
    only on the trait, the rules data and the animal's traits among ``placement_reads`` (the ``placement_check``
    contract), so it is remembered per trait and those bits for each data set."""
    tables = state.tables
    key = (state.trait_mask[animal] & tables.placement_reads) << TRAIT_BITS | trait
    verdicts = tables.verdicts
    allowed = verdicts.get(key)
    if allowed is None:
        if len(verdicts) >= VERDICTS_REMEMBERED:  # only when every bit is read: masks are many, start afresh
            verdicts.clear()
        allowed = verdicts[key] = rules.hook_refusal(state, seat, trait, animal) is None
    return allowed


def rearrangements(state: NewWorldState, seat: int) -> list[Action]:
    """Every rearrangement of the row (NOTES §4.4): a block of linked animals to another position, or a block of
    two or more turned round."""
    own = state.rows[seat]
    return row_rearrangements(own, row_links(state, own))


def row_rearrangements(own: list[int], links: list[bool]) -> list[Action]:
    """:func:`rearrangements` of a row whose neighbour links are known (the blocks of :func:`.rules.blocks`). The
    list may be shared: extend another list with it, never change it."""
    if not any(links):  # every animal is a block of its own
        return UNLINKED_ROW_MOVES[tuple(own)]
    blocks = [[own[0]]]
    for index in range(1, len(own)):
        if links[index - 1]:
            blocks[-1].append(own[index])
        else:
            blocks.append([own[index]])
    out = []
    count = len(blocks)
    for block_index, block in enumerate(blocks):
        out.extend(BLOCK_MOVES[block[0], block_index, count])
        if len(block) > 1:
            out.append(REVERSE[block[0]])
    return out


class BlockMoves(dict[tuple[int, int, int], list[Action]]):
    """``BLOCK_MOVES[first, index, count]``: the ``move`` actions of the block starting with animal ``first``, at
    position ``index`` of a row of ``count`` blocks, to every other position (made on first use)."""

    def __missing__(self, key: tuple[int, int, int]) -> list[Action]:
        first, index, count = key
        moves = self[key] = [MOVE[first, position] for position in range(count) if position != index]
        return moves


class UnlinkedRowMoves(dict[tuple[int, ...], list[Action]]):
    """``UNLINKED_ROW_MOVES[row]``: the rearrangements of a row without links (every animal a block of its own), by
    the row's animals in order; made on first use (a seat's row often stays the same over its turns), and started
    afresh when ``ROWS_REMEMBERED`` are kept."""

    def __missing__(self, row: tuple[int, ...]) -> list[Action]:
        if len(self) >= ROWS_REMEMBERED:
            self.clear()
        count = len(row)
        moves = self[row] = [move for index, first in enumerate(row) for move in BLOCK_MOVES[first, index, count]]
        return moves


#: the most rows :data:`UNLINKED_ROW_MOVES` keeps
ROWS_REMEMBERED = 8192
UNLINKED_ROW_MOVES = UnlinkedRowMoves()
BLOCK_MOVES = BlockMoves()


# ====================================================================================================== feeding
def feeding(state: NewWorldState, seat: int, basic_done: int, extra_done: int) -> list[Action]:
    """A feeding turn's legal actions: pass or end the turn, the basic actions, the additional actions. The
    must-act test (:func:`.rules.must_act`) is read off the basic actions found: any shelter or feeding, or an attack
    by a hungry predator.

    Area access is read from the data's ``slot_access`` table (the test of
    :meth:`.state.NewWorldState.slot_open_to`, which is asked itself for an Adaptable animal); a prey is put to
    :func:`.rules.prey_allowed` only when some hook of its or the predator's traits could refuse it; the additional
    actions are looked for only when an animal of the row has Piracy or Metamorphosis."""
    if basic_done:
        out = [END_TURN]
        if not extra_done:
            out.extend(additional(state, seat))
        return out
    out = []
    area_shelter = state.area_shelter
    area_food = state.area_food
    shelter_slots = []
    food_slots = []
    for slot in area_slots(state):
        if area_shelter[slot]:
            shelter_slots.append(slot)
        if area_food[slot]:
            food_slots.append(slot)
    animals: list[int] | None = None
    access = state.tables.slot_access
    trait_mask = state.trait_mask
    animal_cards = state.animal_cards
    shelter = state.shelter
    food = state.food
    needs = state.needs
    must_act = False
    row_traits = 0
    for animal in state.rows[seat]:
        mask = trait_mask[animal]
        row_traits |= mask
        before = len(out)
        if shelter_slots and not shelter[animal]:
            row = SHELTER_ROWS[animal]
            for slot in shelter_slots:
                needed = access[slot]
                if not needed or (mask & needed if needed > 0 else not animal_cards[animal]) or \
                        mask & ADAPTABLE_BIT and state.slot_open_to(animal, slot):
                    out.append(row[slot])
        if food_slots and (food[animal] < needs[animal] if not mask & TAKE_FOOD_BITS else state.can_take_food(animal)):
            row = FEED_ROWS[animal]
            for slot in food_slots:
                needed = access[slot]
                if not needed or (mask & needed if needed > 0 else not animal_cards[animal]) or \
                        mask & ADAPTABLE_BIT and state.slot_open_to(animal, slot):
                    out.append(row[slot])
        if len(out) > before:
            must_act = True
        if mask & CARNIVORE_BIT and not state.used[animal] & CARNIVORE_BIT and (
                food[animal] < needs[animal] or mask & FAT_TISSUE_BIT and state.empty_fat_tissue(animal)):
            # (rules.may_attack)
            if animals is None:
                animals = state.living_animals()
            before = len(out)
            predator_checks = PREDATOR_CHECKS[mask]
            row = ATTACK_ROWS[animal]
            for prey in animals:
                if prey == animal or shelter[prey]:
                    continue
                if (predator_checks or PREY_CHECKS[trait_mask[prey]]) and not rules.prey_allowed(state, animal, prey):
                    continue
                out.append(row[prey])
            if len(out) > before and food[animal] < needs[animal]:
                must_act = True  # a hungry predator with prey (a fed one with empty Fat Tissue does not count)
    if not must_act:
        out.insert(0, END_TURN if extra_done else PASS)
    if not extra_done and row_traits & EXTRA_ACTION_BITS:
        out.extend(additional(state, seat))
    return out


def area_slots(state: NewWorldState) -> tuple[int, ...]:
    """:meth:`.state.NewWorldState.slots` (every area half in play, left to right), remembered per area row of each
    data set (the data say how many halves each area card has)."""
    by_row = state.tables.slots_by_row
    row = tuple(state.area_row)
    slots = by_row.get(row)
    if slots is None:
        if len(by_row) >= AREA_ROWS_REMEMBERED:  # rows are many over long runs: start afresh rather than grow
            by_row.clear()
        slots = by_row[row] = tuple(state.slots())
    return slots


def has_additional(state: NewWorldState, seat: int) -> bool:
    """Has the seat an additional action left (:func:`additional` is not empty)? Asked after each basic action, and
    by the turn's decider whenever the position is settled, so it stops at the first action it finds."""
    trait_mask = state.trait_mask
    for animal in state.rows[seat]:
        if trait_mask[animal] & EXTRA_ACTION_BITS:
            return next(_additional_actions(state, seat), None) is not None
    return False


def additional(state: NewWorldState, seat: int) -> list[Action]:
    """The additional actions :func:`.rules.piracy_refusal` and :func:`.rules.metamorphosis_refusal` allow, in
    candidate order."""
    return list(_additional_actions(state, seat))


def _additional_actions(state: NewWorldState, seat: int) -> Iterator[Action]:
    """:func:`additional`'s actions one at a time, so :func:`has_additional` can stop at the first."""
    food = state.food
    needs = state.needs
    trait_mask = state.trait_mask
    used = state.used
    for animal in state.rows[seat]:
        mask = trait_mask[animal]
        if not mask & EXTRA_ACTION_BITS:
            continue
        if mask & rules.PIRACY_BIT and not used[animal] & rules.PIRACY_BIT and (
                not state.options["pirate_must_take_food"] or state.can_take_food(animal)):
            for victim in state.living_animals():
                if victim != animal and 0 < food[victim] < needs[victim]:
                    yield PIRACY[animal, victim]
        if mask & rules.METAMORPHOSIS_BIT and not used[animal] & rules.METAMORPHOSIS_BIT:
            for card in state.animal_cards[animal]:
                if rules.metamorphosis_refusal(state, animal, card) is None:
                    yield METAMORPHOSIS_ACTION[animal, card]
