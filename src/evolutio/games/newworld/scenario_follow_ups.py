"""Scenarios that start at a decision following an action, inside a feeding or development turn (documented in
docs/newworld.md). In each, ``to_act`` (if given) is the seat whose turn it is, and the turn's other action is
described by ``additional_used`` (the turn's additional action is spent too) or ``basic_used``:

- ``"phase": "feeding"`` with ``"turn": {"basic_used": bool, "additional_used": bool}``: a feeding turn with one of
  its two actions already taken (NOTES §6.2);
- ``"phase": "scavenger"`` with ``"scavenger": {"attacker": S, "additional_used": bool}``: an animal died during
  seat S's attack and the Scavenger search (ruling 53, from the attacker clockwise) stopped at a seat with two or more
  Scavengers that can take food: their owner picks one. The kill's food is already given;
- ``"phase": "trigger_order"`` with ``"trigger_order": {"animal": A, "area": ID, "half": H, ...}``: animal A has just
  taken 1 red from that area half (its owner's basic action), and two or more of its trait cards that the token sets
  off can act, in an order that matters: its owner picks the first (NOTES §6.8.4);
- ``"phase": "grazing"`` with ``"grazing": {"animal": A, "area": ID, "half": H, ...}``: the same token, and Grazing
  acts first: its owner may destroy 1 more red of that half (ruling 58); the token's other cards act after it;
- ``"phase": "metamorphosis"`` with ``"metamorphosis": {"animal": A, "basic_used": bool}``: A's Metamorphosis
  (the turn's additional action) has discarded a trait card; its owner chooses a hand card as a trait, 1 blue, or
  nothing (reconstructed R1). The traits listed are those left after the discard;
- ``"phase": "mutation"`` (Random Mutations) with ``"mutation": {"animal": A, "card": "large/small"}``: the top card
  of the gene pool is revealed for animal A (the animal chosen, or its right-hand neighbour when the card fitted
  neither side of the chosen one); its owner chooses the side (NOTES §12).

Every error names its JSON path, as in :mod:`.scenario`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evolutio.kernel import ScenarioError
from evolutio.kernel.flow import Step
from evolutio.kernel.scenario import read_bool, read_object

from . import flow, legal, pipeline
from .rules import METAMORPHOSIS_BIT
from .scenario_starts import read_animal
from .state import NewWorldState
from .traits import FOOD_TRIGGERS
from .traits.grazing import GRAZING, GrazingStep
from .traits.metamorphosis import MetamorphosisStep
from .traits.scavenger import ScavengerStep, recipients
from .variants.random_mutations import MutationPlacement, placements

TURN_KEYS = {"basic_used", "additional_used", "comment"}
SCAVENGER_KEYS = {"attacker", "additional_used", "comment"}
TOKEN_KEYS = {"animal", "area", "half", "additional_used", "comment"}
METAMORPHOSIS_KEYS = {"animal", "basic_used", "comment"}
MUTATION_KEYS = {"animal", "card", "comment"}
#: takes an evolution card named "large/small" or by one trait out of the draw deck: (spec, JSON path) -> card
CardTaker = Callable[[Any, str], int]


def start_feeding_turn(state: NewWorldState, spec: Any, seat: int) -> None:
    """Seat ``seat``'s feeding turn with its basic or its additional action already taken."""
    spec = read_object(spec, "turn", TURN_KEYS)
    basic = read_bool(spec.get("basic_used", False), "turn.basic_used")
    additional = read_bool(spec.get("additional_used", False), "turn.additional_used")
    if basic and additional:
        raise ScenarioError("turn: a turn whose basic and additional actions are both taken is over; start at the "
                            "next seat's turn")
    if basic and not legal.has_additional(state, seat):
        raise ScenarioError(f"turn.basic_used: seat {seat} has no additional action (Piracy or Metamorphosis) to "
                            "take, so its turn would end at once")
    state.phase = "feeding"
    state.push(flow.FeedingTurn(seat, int(basic), int(additional)))


def turn_of(state: NewWorldState, animal: int, to_act: int | None, where: str) -> int:
    """The seat on turn: the owner of ``animal``, which must agree with ``to_act`` and not have passed."""
    seat = state.animal_owner[animal]
    if to_act is not None and to_act != seat:
        raise ScenarioError(f"to_act: animal {animal} is seat {seat}'s ({state.player_name(seat)}), so it is "
                            f"seat {seat}'s turn, not seat {to_act}'s")
    if state.passed[seat]:
        raise ScenarioError(f"{where}: animal {animal}'s owner, seat {seat}, has passed")
    return seat


def during_feeding_turn(state: NewWorldState, seat: int, basic: bool, additional: bool, *steps: Step) -> None:
    state.phase = "feeding"
    state.push(flow.FeedingTurn(seat, int(basic), int(additional)), *steps)


def start_scavenger(state: NewWorldState, spec: Any, to_act: int | None, paths: dict[int, str]) -> None:
    """The Scavenger search after a death in seat ``attacker``'s attack stopped at a seat that must choose."""
    if spec is None:
        raise ScenarioError('scavenger: missing; a scavenger scenario names {"attacker": SEAT}')
    spec = read_object(spec, "scavenger", SCAVENGER_KEYS)
    players = state.num_players
    attacker = spec.get("attacker")
    if not isinstance(attacker, int) or isinstance(attacker, bool) or not 0 <= attacker < players:
        raise ScenarioError(f"scavenger.attacker: must be a seat between 0 and {players - 1}, got {attacker!r}")
    if to_act is not None and to_act != attacker:
        raise ScenarioError(f"to_act: the attack was seat {attacker}'s (scavenger.attacker), so it is seat "
                            f"{attacker}'s feeding turn, not seat {to_act}'s")
    if state.passed[attacker]:
        raise ScenarioError(f"scavenger.attacker: seat {attacker} has passed, so it made no attack")
    additional = read_bool(spec.get("additional_used", False), "scavenger.additional_used")
    for offset in range(players):
        seat = (attacker + offset) % players
        found = recipients(state, seat)
        if len(found) == 1:
            raise ScenarioError(f"{paths[found[0]]}: the search from seat {attacker} stops at seat {seat}, whose only "
                                f"Scavenger that can take food, animal {found[0]}, is fed at once: there is no choice")
        if found:
            during_feeding_turn(state, attacker, True, additional, ScavengerStep(seat))
            return
    raise ScenarioError("players: no animal has Scavenger and can take food, so nobody feeds on the dead")


def read_slot(state: NewWorldState, spec: dict[str, Any], where: str) -> int:
    """The area half ``{"area": ID, "half": H}`` (half 0 by default) of an area in the row, as a slot number."""
    areas = state.data.areas
    in_row = {areas[area].id: area for area in state.area_row}
    name = spec.get("area")
    area = in_row.get(name) if isinstance(name, str) else None
    if area is None:
        raise ScenarioError(f"{where}.area: {name!r} is not an area in the row (the row: {', '.join(in_row)})")
    half = spec.get("half", 0)
    count = len(areas[area].halves)
    if not isinstance(half, int) or isinstance(half, bool) or half not in range(count):
        raise ScenarioError(f"{where}.half: {areas[area].id} has {count} half(s), numbered from 0; got {half!r}")
    return 2 * area + half


def red_just_taken(state: NewWorldState, spec: Any, where: str, to_act: int | None) -> tuple[int, int, int]:
    """``(animal, slot, seat)``: animal has just taken 1 red from ``slot`` with its owner's (seat's) basic action."""
    if spec is None:
        raise ScenarioError(f'{where}: missing; a {where} scenario names {{"animal": A, "area": ID, "half": H}}')
    spec = read_object(spec, where, TOKEN_KEYS)
    animal = read_animal(state, spec.get("animal"), f"{where}.animal")
    seat = turn_of(state, animal, to_act, f"{where}.animal")
    slot = read_slot(state, spec, where)
    half = state.data.areas[slot >> 1].halves[slot & 1]
    if not state.slot_open_to(animal, slot):
        raise ScenarioError(f"{where}.area: animal {animal} cannot use {half.en}, so it took no food there")
    if not state.food[animal] and not state.fat[animal]:
        raise ScenarioError(f"{where}.animal: animal {animal} holds no food and no fat, so it has taken no token")
    return animal, slot, seat


def set_off_cards(state: NewWorldState, animal: int, slot: int) -> tuple[int, ...]:
    """The animal's trait cards a red token from ``slot`` sets off (Communication, Cooperation, Grazing)."""
    return tuple(card for handler in FOOD_TRIGGERS[state.trait_mask[animal]] for card in handler(state, animal, slot))


def start_trigger_order(state: NewWorldState, spec: Any, to_act: int | None) -> None:
    animal, slot, seat = red_just_taken(state, spec, "trigger_order", to_act)
    pending = set_off_cards(state, animal, slot)
    can = pipeline.ready(state, animal, slot, pending)
    if not pipeline.order_matters(state, can):
        names = ", ".join(state.trait_name(state.card_trait[card]) for card in can) or "none"
        raise ScenarioError(f"trigger_order.animal: the order of animal {animal}'s cards cannot matter: two or more "
                            f"must be able to act on this token, not all Cooperation (those that can: {names})")
    additional = read_bool(spec.get("additional_used", False), "trigger_order.additional_used")
    during_feeding_turn(state, seat, True, additional, pipeline.TriggerOrder(animal, slot, pending))


def start_grazing(state: NewWorldState, spec: Any, to_act: int | None) -> None:
    animal, slot, seat = red_just_taken(state, spec, "grazing", to_act)
    if not state.trait_mask[animal] & 1 << GRAZING:
        raise ScenarioError(f"grazing.animal: animal {animal} has no Grazing")
    if not state.area_food[slot]:
        half = state.data.areas[slot >> 1].halves[slot & 1]
        raise ScenarioError(f"grazing.area: {half.en} has no food left, so Grazing has nothing to destroy")
    additional = read_bool(spec.get("additional_used", False), "grazing.additional_used")
    rest = tuple(card for card in set_off_cards(state, animal, slot) if state.card_trait[card] != GRAZING)
    steps: list[Step] = [pipeline.TriggerOrder(animal, slot, rest)] if rest else []
    during_feeding_turn(state, seat, True, additional, *steps, GrazingStep(animal, slot))


def start_metamorphosis(state: NewWorldState, spec: Any, to_act: int | None) -> None:
    if spec is None:
        raise ScenarioError('metamorphosis: missing; a metamorphosis scenario names {"animal": A}')
    spec = read_object(spec, "metamorphosis", METAMORPHOSIS_KEYS)
    animal = read_animal(state, spec.get("animal"), "metamorphosis.animal")
    seat = turn_of(state, animal, to_act, "metamorphosis.animal")
    if not state.trait_mask[animal] & METAMORPHOSIS_BIT:
        raise ScenarioError(f"metamorphosis.animal: animal {animal} has no Metamorphosis")
    if state.used[animal] & METAMORPHOSIS_BIT:
        raise ScenarioError(f"metamorphosis.animal: animal {animal}'s Metamorphosis is listed as rotated; the start "
                            "rotates it (leave it out of rotated)")
    basic = read_bool(spec.get("basic_used", False), "metamorphosis.basic_used")
    state.used[animal] |= METAMORPHOSIS_BIT
    during_feeding_turn(state, seat, basic, True, MetamorphosisStep(animal))


def start_mutation(state: NewWorldState, spec: Any, to_act: int | None, take_card: CardTaker) -> None:
    if not state.options["random_mutations"]:
        raise ScenarioError("phase: a mutation is revealed only in Random Mutations (set options.random_mutations)")
    if spec is None:
        raise ScenarioError('mutation: missing; a mutation scenario names {"animal": A, "card": "large/small"}')
    spec = read_object(spec, "mutation", MUTATION_KEYS)
    animal = read_animal(state, spec.get("animal"), "mutation.animal")
    seat = turn_of(state, animal, to_act, "mutation.animal")
    card = take_card(spec.get("card"), "mutation.card")
    if not any(True for _ in placements(state, seat, card, animal)):
        data = state.data
        sides = f"{data.traits[data.card_large[card]].id}/{data.traits[data.card_small[card]].id}"
        raise ScenarioError(f"mutation.card: neither side of {sides} fits animal {animal}; such a card goes on or "
                            "becomes a new animal without a decision")
    state.played[seat] += 1
    state.phase = "development"
    state.push(flow.NextDevelopment(seat), MutationPlacement(seat, card, animal))

