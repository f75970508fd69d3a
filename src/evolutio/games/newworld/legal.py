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
    ATTACK_ROWS,
    END_TURN,
    FEED_ROWS,
    METAMORPHOSIS_ACTION,
    MOVE,
    PASS,
    PIRACY,
    PLAY_ANIMAL,
    PLAY_PAIRED_ROWS,
    PLAY_TRAIT_ROWS,
    REVERSE,
    SHELTER_ROWS,
    ActionTable,
)
from .data import NO_TRAITS, RulesData
from .state import (
    ADAPTABLE_BIT,
    BIT,
    CARNIVORE_BIT,
    LEFT,
    RIGHT,
    SIDE_LARGE,
    SIDE_SMALL,
    SYMBIOSIS,
    SYMBIOSIS_BIT,
    NewWorldState,
)
from .traits import HOOKS, PREDATOR_CHECKS, PREY_CHECKS

#: the traits that give an additional action in the feeding phase (Piracy, Metamorphosis)
EXTRA_ACTION_BITS = rules.PIRACY_BIT | rules.METAMORPHOSIS_BIT


# ================================================================================================== development
def development(state: NewWorldState, seat: int, arranged: int) -> list[Action]:
    """A development turn's legal actions: pass (unless Catastrophe forbids it), each hand card as an animal and
    each side where it may go, then the rearrangements (:func:`.rules.may_rearrange`).

    Where a trait may go is worked out once per trait (several hand cards often offer the same one, and both sides of
    a card may), by :func:`trait_targets`; each card side then takes its actions from its row of interned actions."""
    out = [] if rules.pass_forbidden(state, seat) else [PASS]
    hand = state.hands[seat]
    own = state.rows[seat]
    links = row_links(state, own)
    if hand:
        data = state.data
        sides = card_sides(data)
        placing = trait_placement(data)
        hooked = placement_hooked_mask()
        mask = state.trait_mask
        found: list[list[Any] | None] = [None] * len(placing)  # by trait, worked out on first use
        groups: list[list[int] | None] = [own, None, None]  # by receivers code; the others made on first use
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
                        refused = bit | hooked
                        keys = [animal for animal in targets if not mask[animal] & refused or not mask[animal] & bit
                                and hooks_allow(state, seat, trait, animal)]
                    found[trait] = keys
                if keys:
                    out.extend(map(row.__getitem__, keys))
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
    if len(own) < 2:
        return []
    linked = state.linked
    mask = state.trait_mask
    paired = state.data.paired_mask  # two animals without a common paired trait cannot share a paired card
    return [bool(mask[first] & mask[second] & paired) and linked(first, second) for first, second in zip(own, own[1:])]


#: who may receive a single trait card (``Trait.receivers``), as the codes :func:`trait_targets` tests
TO_OWN, TO_ANY, TO_OPPONENTS = 0, 1, 2


def trait_placement(data: RulesData) -> list[tuple[bool, int, int]]:
    """Per trait: paired?, who receives it (``TO_OWN``/``TO_ANY``/``TO_OPPONENTS``), and the bit an animal that
    already has it refuses a second copy by (0 for a stackable trait)."""
    cached = _PLACEMENT.get(id(data))
    if cached is None or cached[0] is not data:
        codes = {"own": TO_OWN, "any": TO_ANY}
        rows = [(info.paired, codes.get(info.receivers, TO_OPPONENTS), 0 if info.stackable else 1 << index)
                for index, info in enumerate(data.traits)]
        cached = _PLACEMENT[id(data)] = (data, rows)
    return cached[1]


_PLACEMENT: dict[int, tuple[RulesData, list[tuple[bool, int, int]]]] = {}


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


def trait_targets(state: NewWorldState, seat: int, trait: int, own: list[int], links: list[bool]) -> list[Any]:
    """Where ``seat`` may play ``trait`` now, in candidate order: for a single trait the animals (``play_trait``),
    for a paired trait the ``(animal, direction)`` pairs (``play_paired``). The same tests as
    :func:`.rules.placement_refusal` and :func:`.rules.pair_refusal`: the ownership, stacking and link tests are met
    by construction, and the trait modules' hooks (:func:`.rules.hook_refusal`) are asked only for animals carrying a
    trait that has one. (:func:`development` does the same inline.)"""
    paired, receivers, bit = trait_placement(state.data)[trait]
    if paired:
        return paired_targets(state, seat, trait, own, links)
    mask = state.trait_mask
    refused = bit | placement_hooked_mask()
    return [animal for animal in receiver_group(state, seat, receivers) if not mask[animal] & refused
            or not mask[animal] & bit and hooks_allow(state, seat, trait, animal)]


def paired_targets(state: NewWorldState, seat: int, trait: int, own: list[int], links: list[bool]) -> list[Any]:
    """The ``(animal, direction)`` pairs of :func:`trait_targets` for a paired trait."""
    mask = state.trait_mask
    hooked = placement_hooked_mask()
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
    only on the trait, the animal's traits and the rules data (the ``placement_check`` contract), so it is remembered
    per trait and trait mask for each data set."""
    key = (trait, state.trait_mask[animal])
    verdicts = _HOOK_VERDICTS.get(id(state.data))
    if verdicts is None or verdicts[0] is not state.data:
        verdicts = _HOOK_VERDICTS[id(state.data)] = (state.data, {})
    allowed = verdicts[1].get(key)
    if allowed is None:
        if len(verdicts[1]) >= VERDICTS_REMEMBERED:  # trait masks are many over long runs: start afresh
            verdicts[1].clear()
        allowed = verdicts[1][key] = rules.hook_refusal(state, seat, trait, animal) is None
    return allowed


_HOOK_VERDICTS: dict[int, tuple[RulesData, dict[tuple[int, int], bool]]] = {}
#: the most (trait, trait mask) verdicts :func:`hooks_allow` keeps per data set
VERDICTS_REMEMBERED = 16384


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
    if not any(links):  # every animal is a block of its own
        count = len(own)
        out = []
        for block_index, first in enumerate(own):
            out.extend(BLOCK_MOVES[first, block_index, count])
        return out
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


BLOCK_MOVES = BlockMoves()


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
    holds. Area access is read from :func:`slot_access` (the test of :meth:`.state.NewWorldState.slot_open_to`,
    which is asked itself for an Adaptable animal); a prey is put to :func:`.rules.prey_allowed` only when some
    hook of its or the predator's traits could refuse it."""
    out: list[Action] = []
    slots = area_slots(state)
    area_shelter = state.area_shelter
    area_food = state.area_food
    shelter_slots = [slot for slot in slots if area_shelter[slot]]
    food_slots = [slot for slot in slots if area_food[slot]]
    animals: list[int] | None = None
    open_to = state.slot_open_to
    access = slot_access(state.data)
    trait_mask = state.trait_mask
    animal_cards = state.animal_cards
    shelter = state.shelter
    food = state.food
    needs = state.needs
    must_act = False
    for animal in state.rows[seat]:
        before = len(out)
        mask = trait_mask[animal]
        if shelter_slots and not shelter[animal]:
            row = SHELTER_ROWS[animal]
            for slot in shelter_slots:
                needed = access[slot]
                if not needed or (mask & needed if needed > 0 else not animal_cards[animal]) or \
                        mask & ADAPTABLE_BIT and open_to(animal, slot):
                    out.append(row[slot])
        if food_slots and (food[animal] < needs[animal] and not mask & SYMBIOSIS_BIT or state.can_take_food(animal)):
            row = FEED_ROWS[animal]
            for slot in food_slots:
                needed = access[slot]
                if not needed or (mask & needed if needed > 0 else not animal_cards[animal]) or \
                        mask & ADAPTABLE_BIT and open_to(animal, slot):
                    out.append(row[slot])
        if len(out) > before:
            must_act = True
        if mask & CARNIVORE_BIT and rules.may_attack(state, animal):
            if animals is None:
                animals = state.living_animals()
            before = len(out)
            allowed = rules.prey_allowed
            predator_checks = PREDATOR_CHECKS[mask]
            row = ATTACK_ROWS[animal]
            for prey in animals:
                if prey == animal or shelter[prey]:
                    continue
                if (predator_checks or PREY_CHECKS[trait_mask[prey]]) and not allowed(state, animal, prey):
                    continue
                out.append(row[prey])
            if len(out) > before and food[animal] < needs[animal]:
                must_act = True  # a hungry predator with prey (a fed one with empty Fat Tissue does not count)
    return out, must_act


#: :func:`slot_access` of a half that only an animal without trait cards may use (Glaciers)
NEEDS_NO_TRAITS = -1


def slot_access(data: RulesData) -> list[int]:
    """Per area slot, what :meth:`.state.NewWorldState.slot_open_to` asks of an animal without Adaptable: 0 (open to
    every animal), the bit of the trait it needs, or ``NEEDS_NO_TRAITS``."""
    cached = _SLOT_ACCESS.get(id(data))
    if cached is None or cached[0] is not data:
        codes = []
        for area in data.areas:
            for index in range(2):
                requires = area.halves[index].requires if index < len(area.halves) else None
                codes.append(0 if requires is None else NEEDS_NO_TRAITS if requires == NO_TRAITS else BIT[requires])
        cached = _SLOT_ACCESS[id(data)] = (data, codes)
    return cached[1]


_SLOT_ACCESS: dict[int, tuple[RulesData, list[int]]] = {}


def area_slots(state: NewWorldState) -> tuple[int, ...]:
    """:meth:`.state.NewWorldState.slots` (every area half in play, left to right), remembered per area row of each
    data set (the data say how many halves each area card has)."""
    data = state.data
    cached = _SLOTS_BY_ROW.get(id(data))
    if cached is None or cached[0] is not data:
        cached = _SLOTS_BY_ROW[id(data)] = (data, {})
    row = tuple(state.area_row)
    by_row = cached[1]
    slots = by_row.get(row)
    if slots is None:
        if len(by_row) >= AREA_ROWS_REMEMBERED:  # rows are many over long runs: start afresh rather than grow
            by_row.clear()
        slots = by_row[row] = tuple(state.slots())
    return slots


#: per data set, the area slots by the area row they come from (a row is a tuple of area card indices)
_SLOTS_BY_ROW: dict[int, tuple[RulesData, dict[tuple[int, ...], tuple[int, ...]]]] = {}
#: the most area rows :func:`area_slots` keeps per data set
AREA_ROWS_REMEMBERED = 4096


def has_additional(state: NewWorldState, seat: int) -> bool:
    """Has the seat an additional action left (:func:`additional` is not empty)? Asked after each basic action."""
    trait_mask = state.trait_mask
    for animal in state.rows[seat]:
        if trait_mask[animal] & EXTRA_ACTION_BITS:
            return bool(additional(state, seat))
    return False


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
