"""Scenarios: set up any New World position from JSON (documented in docs/newworld.md).

Every error names its JSON path (``players[1].animals[0].traits[2]``) and what is wrong."""

from __future__ import annotations

from typing import Any

from evolutio.kernel import ScenarioError
from evolutio.kernel.scenario import apply_scenario_controls, put_on_top, read_bool, read_int, read_list, read_object

from . import flow, scenario_follow_ups, scenario_starts
from .data import TRAIT_IDS, TRAIT_INDEX
from .rules import HIBERNATION_BIT
from .state import NewWorldState

TOP_KEYS = {"game", "options", "seed", "period", "phase", "first_player", "to_act", "final", "areas", "area_deck",
            "players", "comment", "description", "chance", "hold", "attack", "turn", "scavenger", "trigger_order",
            "grazing", "metamorphosis", "mutation"}
PLAYER_KEYS = {"hand", "passed", "animals", "links", "comment"}
ANIMAL_KEYS = {"traits", "food", "fat", "shelter", "rotated", "poisoned", "hibernated", "comment"}
AREA_KEYS = {"area", "food", "shelter", "comment"}
LINK_KEYS = {"trait", "animals", "comment"}
ROTATABLE = ("carnivorous", "piracy", "metamorphosis", "mimicry")
#: the phases a scenario may start in (NOTES §3): the areas phase reveals the top area card, the extinction phase
#: begins with poisoned predators dying (or, with ``to_act``, starts at that seat's saves); ``attack`` and ``discard``
#: start inside the feeding and extinction phases (:mod:`.scenario_starts`); the others start at a decision following
#: an action of a turn (:mod:`.scenario_follow_ups`)
PHASES = ("development", "areas", "feeding", "extinction", "attack", "discard", "scavenger", "trigger_order", "grazing",
          "metamorphosis", "mutation")
#: the top-level fields that describe a start inside a phase, and the phase each belongs to
START_FIELDS = {"attack": "attack", "turn": "feeding", "scavenger": "scavenger", "trigger_order": "trigger_order",
                "grazing": "grazing", "metamorphosis": "metamorphosis", "mutation": "mutation"}
#: the decks a scenario's ``chance`` list may pin: the evolution cards and the area cards
MAIN_DECK, AREA_DECK = "main", "areas"


def _trait(value: Any, where: str) -> int:
    if not isinstance(value, str) or value not in TRAIT_INDEX:
        raise ScenarioError(f"{where}: unknown trait {value!r}; traits: {', '.join(TRAIT_IDS)}")
    return TRAIT_INDEX[value]


class CardPool:
    """Hands out evolution cards by trait or by kind ("large/small"); what is left becomes the deck. ``free`` is
    where the cards come from (default: every card) and ``place`` what errors call it."""

    def __init__(self, state: NewWorldState, free: list[int] | None = None, place: str = "free card") -> None:
        self.state = state
        self.free = list(range(len(state.data.card_large))) if free is None else free
        self.place = place

    def by_trait(self, trait: int, where: str) -> tuple[int, int]:
        """A free card offering ``trait``; returns (card, side)."""
        data = self.state.data
        for card in self.free:
            for side, face in ((0, data.card_large[card]), (1, data.card_small[card])):
                if face == trait:
                    self.free.remove(card)
                    return card, side
        raise ScenarioError(f"{where}: no {self.place} offering {TRAIT_IDS[trait]} is left")

    def by_kind(self, spec: Any, where: str) -> int:
        if not isinstance(spec, str):
            raise ScenarioError(f"{where}: a card is named \"large/small\" or by one trait, got {spec!r}")
        if "/" not in spec:
            return self.by_trait(_trait(spec, where), where)[0]
        large_name, _, small_name = spec.partition("/")
        large, small = _trait(large_name, where), _trait(small_name, where)
        data = self.state.data
        for card in self.free:
            if data.card_large[card] == large and data.card_small[card] == small:
                self.free.remove(card)
                return card
        raise ScenarioError(f"{where}: no {self.place} {spec!r} is left")


def build_scenario(state: NewWorldState, document: dict[str, Any]) -> None:
    doc = read_object(document, "scenario", TOP_KEYS)
    data = state.data
    players = state.num_players
    state.period = read_int(doc.get("period", 1), "period", 1)
    phase = doc.get("phase", "development")
    if phase not in PHASES:
        raise ScenarioError(f"phase: must be one of {', '.join(PHASES)}; got {phase!r}")
    state.phase = phase
    state.first_player = read_int(doc.get("first_player", 0), "first_player", 0, players - 1)
    to_act = read_int(doc.get("to_act", state.first_player), "to_act", 0, players - 1)
    state.final = int(read_bool(doc.get("final", False), "final"))
    state.catastrophe = int(bool(state.options["catastrophe"]))
    if state.catastrophe:
        state.final = 1  # Catastrophe has one period only
    elif state.final and phase in ("development", "areas", "mutation"):
        raise ScenarioError(f"final: the final period begins with its areas phase; a {phase}-phase scenario "
                            "still has the last area card in the deck (set final to false)")
    if state.catastrophe and phase == "areas":
        raise ScenarioError("phase: Catastrophe has no areas phase (its areas are all laid out at the start)")
    if "to_act" in doc and phase == "areas":
        raise ScenarioError("to_act: nobody acts in the areas phase (it is automatic)")
    for field, owner in START_FIELDS.items():
        if field in doc and phase != owner:
            raise ScenarioError(f'{field}: only a scenario with "phase": "{owner}" has this field; got {phase!r}')

    # areas
    unused = list(range(len(data.areas)))
    area_ids = {area.id: index for index, area in enumerate(data.areas)}
    for index, entry in enumerate(read_list(doc.get("areas", []), "areas")):
        where = f"areas[{index}]"
        entry = read_object(entry, where, AREA_KEYS)
        area = area_ids.get(entry.get("area"))  # type: ignore[arg-type]
        if area is None:
            raise ScenarioError(f"{where}.area: unknown area {entry.get('area')!r}; areas: {', '.join(area_ids)}")
        if area not in unused:
            raise ScenarioError(f"{where}.area: {data.areas[area].id} is already in the row")
        unused.remove(area)
        state.area_row.append(area)
        halves = data.areas[area].halves
        for key, symbols, store in (("food", [h.food for h in halves], state.area_food),
                                    ("shelter", [h.shelter for h in halves], state.area_shelter)):
            counts = read_list(entry.get(key, symbols), f"{where}.{key}")
            if len(counts) != len(halves):
                raise ScenarioError(f"{where}.{key}: {data.areas[area].id} has {len(halves)} half(s), "
                                    f"got {len(counts)} counts")
            for half, count in enumerate(counts):
                cap = halves[half].food_cap if key == "food" else 99
                store[2 * area + half] = read_int(count, f"{where}.{key}[{half}]", 0, cap)
    if not state.area_row:
        raise ScenarioError("areas: the row needs at least one area card")
    deck_spec = doc.get("area_deck", 0 if state.final else 1)
    named: list[int] = []
    if isinstance(deck_spec, list):  # area ids, the top card first
        for index, name in enumerate(deck_spec):
            area = area_ids.get(name) if isinstance(name, str) else None
            if area is None or area not in unused:
                raise ScenarioError(f"area_deck[{index}]: {name!r} is not an area card left out of the row")
            unused.remove(area)
            named.append(area)
        deck_size = len(named)
    else:
        deck_size = read_int(deck_spec, "area_deck", 0, len(unused))
    if state.final and deck_size:
        raise ScenarioError("area_deck: the final period has an empty area deck")
    if not state.final and not deck_size:
        raise ScenarioError("area_deck: before the final period at least one area card must be left in the deck "
                            "(or set final to true)")
    state.rng.shuffle(unused)
    state.area_deck = list(reversed(named)) if named else [unused.pop() for _ in range(deck_size)]
    state.area_box = unused

    # players, hands, animals, links
    seats = read_list(doc.get("players"), "players")
    if len(seats) != players:
        raise ScenarioError(f"players lists {len(seats)} player(s) but the game has {players} (set options.players)")
    pool = CardPool(state)
    paths: dict[int, str] = {}  # each animal's JSON path, for the errors of the mid-phase starts
    hibernated: list[int] = []
    for seat, entry in enumerate(seats):
        where = f"players[{seat}]"
        entry = read_object(entry, where, PLAYER_KEYS)
        state.passed[seat] = int(read_bool(entry.get("passed", False), f"{where}.passed"))
        for index, spec in enumerate(read_list(entry.get("hand", []), f"{where}.hand")):
            state.hands[seat].append(pool.by_kind(spec, f"{where}.hand[{index}]"))
        animals = []
        for index, animal_entry in enumerate(read_list(entry.get("animals", []), f"{where}.animals")):
            animal_where = f"{where}.animals[{index}]"
            animal_entry = read_object(animal_entry, animal_where, ANIMAL_KEYS)
            if not pool.free:
                raise ScenarioError(f"{animal_where}: no card is left for this animal")
            animal = state.new_animal(seat, pool.free.pop())
            animals.append(animal)
            paths[animal] = animal_where
            for trait_index, spec in enumerate(read_list(animal_entry.get("traits", []), f"{animal_where}.traits")):
                trait_where = f"{animal_where}.traits[{trait_index}]"
                trait = _trait(spec, trait_where)
                info = data.traits[trait]
                if info.paired:
                    raise ScenarioError(f"{trait_where}: {info.en} is paired; list it under {where}.links")
                if not info.stackable and state.trait_mask[animal] & (1 << trait):
                    raise ScenarioError(f"{trait_where}: the animal already has {info.en}")
                card, _ = pool.by_trait(trait, trait_where)
                state.attach(card, trait, animal)
            for name in read_list(animal_entry.get("rotated", []), f"{animal_where}.rotated"):
                if name not in ROTATABLE or not state.trait_mask[animal] & (1 << TRAIT_INDEX[name]):
                    raise ScenarioError(f"{animal_where}.rotated: {name!r} is not a rotatable trait of this animal "
                                        f"({', '.join(ROTATABLE)})")
                state.used[animal] |= 1 << TRAIT_INDEX[name]
            state.food[animal] = read_int(animal_entry.get("food", 0), f"{animal_where}.food", 0,
                                          state.need(animal) + 9)
            fat_cards = sum(1 for card in state.animal_cards[animal] if state.card_trait[card] == TRAIT_INDEX[
                "fat_tissue"])
            state.fat[animal] = read_int(animal_entry.get("fat", 0), f"{animal_where}.fat", 0, fat_cards)
            state.shelter[animal] = int(read_bool(animal_entry.get("shelter", False), f"{animal_where}.shelter"))
            state.poisoned[animal] = int(read_bool(animal_entry.get("poisoned", False), f"{animal_where}.poisoned"))
            if read_bool(animal_entry.get("hibernated", False), f"{animal_where}.hibernated"):
                if phase != "extinction" or "to_act" not in doc:
                    raise ScenarioError(f"{animal_where}.hibernated: only an extinction started at a seat's saves "
                                        '("phase": "extinction" with "to_act") has animals that hibernated in it')
                if state.trait_mask[animal] & HIBERNATION_BIT:
                    raise ScenarioError(f"{animal_where}.hibernated: hibernating discards the Hibernation card; "
                                        "leave it out of traits")
                state.used[animal] |= HIBERNATION_BIT
                hibernated.append(animal)
        for index, link in enumerate(read_list(entry.get("links", []), f"{where}.links")):
            link_where = f"{where}.links[{index}]"
            link = read_object(link, link_where, LINK_KEYS)
            trait = _trait(link.get("trait"), f"{link_where}.trait")
            if not data.traits[trait].paired:
                raise ScenarioError(f"{link_where}.trait: {TRAIT_IDS[trait]} is not a paired trait")
            pair = read_list(link.get("animals"), f"{link_where}.animals")
            if len(pair) != 2:
                raise ScenarioError(f"{link_where}.animals: name two of this player's animals (by position)")
            first, second = (animals[read_int(position, f"{link_where}.animals[{k}]", 0, len(animals) - 1)]
                             for k, position in enumerate(pair))
            if abs(state.rows[seat].index(first) - state.rows[seat].index(second)) != 1:
                raise ScenarioError(f"{link_where}.animals: the two animals must be neighbours")
            if state.linked(first, second):
                raise ScenarioError(f"{link_where}.animals: these neighbours are already linked")
            card, _ = pool.by_trait(trait, f"{link_where}.trait")
            state.attach(card, trait, first, second)  # Symbiosis: the first animal is the guardian
    state.rng.shuffle(pool.free)
    if state.catastrophe:
        state.card_box = pool.free  # NOTES §12: the undealt cards are boxed
    else:
        state.deck = pool.free

    if phase in ("development", "feeding"):
        if state.passed[to_act]:
            raise ScenarioError(f"to_act: seat {to_act} has passed")
        if "turn" in doc:
            scenario_follow_ups.start_feeding_turn(state, doc["turn"], to_act)
        else:
            state.push(flow.development_turn(state, to_act) if phase == "development" else flow.FeedingTurn(to_act))
    elif phase == "attack":
        scenario_starts.start_attack(state, doc.get("attack"), to_act if "to_act" in doc else None)
    elif phase in START_FIELDS:
        start_follow_up(state, phase, doc, paths)
    elif phase == "discard":
        state.passed = [1] * players
        scenario_starts.start_discard(state, to_act, paths)
    elif phase == "extinction" and "to_act" in doc:
        state.passed = [1] * players
        scenario_starts.start_saves(state, to_act, paths, hibernated)
    else:  # every seat is done with the phase before
        state.passed = [1] * players
        state.push(flow.AreasPhase() if phase == "areas" else flow.ExtinctionPhase())
    apply_scenario_controls(state, doc, lambda deck, cards, path: pin_deck(state, deck, cards, path))
    state.settle()


def start_follow_up(state: NewWorldState, phase: str, doc: dict[str, Any], paths: dict[int, str]) -> None:
    """The starts of :mod:`.scenario_follow_ups`; ``to_act``, if given, is the seat on turn."""
    spec = doc.get(phase)
    to_act = doc.get("to_act")  # already checked to be a seat
    if phase == "scavenger":
        scenario_follow_ups.start_scavenger(state, spec, to_act, paths)
    elif phase == "trigger_order":
        scenario_follow_ups.start_trigger_order(state, spec, to_act)
    elif phase == "grazing":
        scenario_follow_ups.start_grazing(state, spec, to_act)
    elif phase == "metamorphosis":
        scenario_follow_ups.start_metamorphosis(state, spec, to_act)
    else:  # "mutation"
        pool = CardPool(state, state.deck, "card in the draw deck")  # taking a card takes it out of the deck
        scenario_follow_ups.start_mutation(state, spec, to_act, pool.by_kind)


def pin_deck(state: NewWorldState, deck: str, cards: list[Any], path: str) -> None:
    """A scenario's pinned draws, the first listed drawn first: ``{"deck": "main", "cards": ["large/small" or a
    trait, ...]}`` (evolution cards in the draw deck) or ``{"deck": "areas", "cards": [area id, ...]}`` (area cards
    not yet seen: in the area deck, or in the box — such a card trades places with the deck's bottom card)."""
    where = f"{path}.cards"
    if deck == MAIN_DECK:
        pool = CardPool(state, sorted(state.deck), "card in the draw deck")
        chosen = [pool.by_kind(spec, f"{where}[{index}]") for index, spec in enumerate(cards)]
        put_on_top(state.deck, chosen, [], where)
    elif deck == AREA_DECK:
        areas = state.data.areas
        unseen = {areas[area].id: area for area in state.area_deck + state.area_box}
        chosen = []
        for index, name in enumerate(cards):
            area = unseen.get(name) if isinstance(name, str) else None
            if area is None or area in chosen:
                raise ScenarioError(f"{where}[{index}]: {name!r} is not an area card still unseen (known: "
                                    f"{', '.join(sorted(unseen))})")
            chosen.append(area)
        put_on_top(state.area_deck, chosen, state.area_box, where)
    else:
        raise ScenarioError(f"{path}.deck: newworld has no deck named {deck!r} (known: {AREA_DECK}, {MAIN_DECK})")
