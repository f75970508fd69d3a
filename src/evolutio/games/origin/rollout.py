"""Cheap rollout policies for ISMCTS in ``origin``: a few microseconds a decision.

:func:`choose` is the default (``Game.plugins["rollout"]``), far better than uniform play, which passes the development
phase at random and spends feeding turns on hopeless attacks while its animals starve: feed a hungry animal first (a
fed one stores fat), attack now and then, defend when it can, and in development play a card as an animal while the
seat has few, otherwise as a trait, passing with a small chance.

:func:`choose_imitating` (``Game.plugins["rollout_imitating"]``, for pilots: ``Level.rollout_policy``) imitates the
heuristic bot's usual choices with a few table look-ups instead of an estimate per legal action; it picks the
heuristic's move about twice as often as the default, but the medium level did not play better with it
(``docs/bots-pilots.md``, "Origin: a rollout policy closer to the heuristic"):

- development: a card goes on as the trait worth most by :data:`TRAIT_VALUE` (protective traits worth more for each
  Carnivore of the other seats, a Carnivore less for each one the seat has) unless a new animal is worth more
  (:data:`ANIMAL_VALUE`, by the animals the seat has); a new animal is the first card of the hand; with no trait to
  play, a seat whose animals already need two tokens passes; else it passes only now and then. A protective trait
  goes on an animal without protection yet, a Carnivore on the first animal that can take it, Parasite on the animal
  with the most traits of the seat with the most points, any other trait on the animal with the most traits;
- feeding: a token for the hungry animal with the most points per missing token (a Carnivore counts less: it may
  hunt); a hungry Carnivore with prey that has no defence attacks instead, choosing the prey of another seat with the
  most points of the seat with the most points; fat is converted only for a hungry animal; Tramp destroys a token
  unless the seat still wants food and the food base is low;
- a defender uses a defence rather than accept.

Both read only the determinization they are given (the searching seat's sample of the game).
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, Rng, actions_by_kind

from . import actions as A
from .traits import (
    BIG,
    BURROWING,
    CAMOUFLAGE,
    CARNIVORE,
    COMMUNICATION,
    COOPERATION,
    FAT,
    HIBERNATION,
    MIMICRY,
    PARASITE,
    PIRACY,
    POISONOUS,
    RUNNING,
    SCAVENGER,
    SHARP_VISION,
    SWIMMING,
    SYMBIOSIS,
    TAIL_LOSS,
    TRAITS,
    TRAMP,
)

#: chance that a development decision passes (ends the seat's development phase) while cards are left to play
PASS_CHANCE = 0.05
#: the chance that a feeding turn ends with a free action (Piracy) left unused
PASS_CHANCE_FEEDING = 0.05
#: what a card played as a trait is worth, by trait (the heuristic bot's order of preference in four-player games of
#: heuristic bots; fitted to its choices, see the docs); a trait not listed (the expansions') is worth
#: :data:`OTHER_TRAIT_VALUE`
BASE_TRAIT_VALUE = {
    CARNIVORE: 2.7, BIG: 2.6, CAMOUFLAGE: 1.8, TAIL_LOSS: 1.7, SWIMMING: 1.5, SHARP_VISION: 1.3, RUNNING: 1.2,
    PIRACY: 1.2, SCAVENGER: 1.2, MIMICRY: 1.1, TRAMP: 1.1, FAT: 1.0, HIBERNATION: 0.9, PARASITE: 0.8, BURROWING: 0.7,
    POISONOUS: 0.5, SYMBIOSIS: 0.0, COOPERATION: 0.0, COMMUNICATION: 0.0,
}
OTHER_TRAIT_VALUE = 1.0
TRAIT_VALUE = tuple(BASE_TRAIT_VALUE.get(trait.num, OTHER_TRAIT_VALUE) for trait in TRAITS)
#: the traits that keep some Carnivores off an animal or let it escape
PROTECTIVE = (1 << BIG | 1 << SWIMMING | 1 << CAMOUFLAGE | 1 << BURROWING | 1 << RUNNING | 1 << MIMICRY
              | 1 << TAIL_LOSS)
#: a protective trait's value is raised by this for each Carnivore of the other seats
PROTECTIVE_VALUE_PER_CARNIVORE = 0.3
#: a protective trait's value is lowered by this while no other seat has a Carnivore (and raised by
#: :data:`PROTECTIVE_VALUE_PER_CARNIVORE` for each of them, counting at most :data:`CARNIVORES_COUNTED`)
PROTECTIVE_VALUE_OFFSET = 0.3
CARNIVORES_COUNTED = 3
#: a Carnivore's value is lowered by this for each Carnivore the seat already has
CARNIVORE_VALUE_PER_OWN = 0.5
#: with no trait to play, a seat whose animals need this much food passes rather than add an animal
PASS_NEED = 2
#: what a card played as a new animal is worth, by the number of animals the seat has (the last for more)
ANIMAL_VALUE = (9.0, 2.0, 1.6, 1.2, 1.0)
#: defences a prey cannot be counted on to lack: an attack on it hands the choice to its owner (Running's die,
#: Mimicry, Tail Loss), and a Poisonous prey kills the Carnivore
DEFENDED = 1 << RUNNING | 1 << MIMICRY | 1 << TAIL_LOSS | 1 << POISONOUS
CARNIVORE_BIT = 1 << CARNIVORE
#: a Carnivore's points count this much less when choosing which animal takes a token (it may hunt instead)
CARNIVORE_TAKE_DISCOUNT = 2.0
#: Tramp destroys a token while the seat's animals still want food only when the food base has at least this many
TRAMP_FOOD_BASE = 4
#: the defences a defender prefers to being eaten (``accept``)
DEFENCES = frozenset(("run", "tail", "mimic"))

# the default policy's own constants (it shares PASS_CHANCE and DEFENCES)
#: chance that a feeding turn with a Carnivore's attack on offer attacks instead of taking food
ATTACK_CHANCE = 0.5
#: a seat with fewer animals than this plays its cards as animals
FEW_ANIMALS = 2
#: once the seat has enough animals, the chance that a card is still played as an animal
ANIMAL_CHANCE = 0.1


def choose(state: Any, legal: list[Action], rng: Rng) -> Action:
    """The rollout's action for whichever seat decides in ``state`` (a determinization), among ``legal``."""
    # (a uniform pick is written ``options[rng.randbelow(len(options))]``, the same draw as ``rng.choice`` one call
    # shorter: this runs at most decisions of every search iteration)
    by_kind = actions_by_kind(legal)
    takes = by_kind.get("take")
    if takes is not None:
        attacks = by_kind.get("attack")
        if attacks is not None and rng.random() < ATTACK_CHANCE:
            return attacks[rng.randbelow(len(attacks))]
        is_fed = state.is_fed
        hungry = [action for action in takes if not is_fed(action.args[0])] or takes
        return hungry[rng.randbelow(len(hungry))]
    animals = by_kind.get("animal")
    if animals is not None:
        if rng.random() < PASS_CHANCE and "pass" in by_kind:
            return by_kind["pass"][0]
        traits = by_kind.get("trait")
        if (traits is None or len(state.animals[state.current_player]) < FEW_ANIMALS
                or rng.random() < ANIMAL_CHANCE):
            return animals[rng.randbelow(len(animals))]
        return traits[rng.randbelow(len(traits))]
    if "accept" in by_kind:
        defences = [action for action in legal if action.kind in DEFENCES]
        if defences:
            return defences[rng.randbelow(len(defences))]
    attacks = by_kind.get("attack")
    if attacks is not None and rng.random() < ATTACK_CHANCE:
        return attacks[rng.randbelow(len(attacks))]
    if len(by_kind) > 1 and "pass" in by_kind:   # a free action, a conversion or an attack instead of ending the turn
        others = [action for action in legal if action.kind != "pass" and action.kind != "attack"]
        if others and rng.random() >= PASS_CHANCE:
            return others[rng.randbelow(len(others))]
        return by_kind["pass"][0]
    return legal[rng.randbelow(len(legal))]


def choose_imitating(state: Any, legal: list[Action], rng: Rng) -> Action:
    """The imitating policy's action for whichever seat decides in ``state`` (a determinization), among ``legal``."""
    # (a uniform pick is written ``options[rng.randbelow(len(options))]``, the same draw as ``rng.choice`` one call
    # shorter: this runs at most decisions of every search iteration)
    by_kind = actions_by_kind(legal)
    takes = by_kind.get("take")
    if takes is not None:
        attacks = by_kind.get("attack")
        if attacks is not None:
            attack = _worthwhile_attack(state, attacks)
            if attack is not None:
                return attack
        return _best_take(state, takes)
    animals = by_kind.get("animal")
    if animals is not None:
        return _development(state, by_kind, animals, rng)
    if "target" in by_kind:
        return _target(state, legal)
    if "accept" in by_kind:
        defences = [action for action in legal if action.kind in DEFENCES]
        if defences:
            return defences[rng.randbelow(len(defences))]
    attacks = by_kind.get("attack")
    if attacks is not None:
        attack = _worthwhile_attack(state, attacks)
        if attack is not None:
            return attack
    if "pass" in by_kind and len(by_kind) > 1:   # a free action or a conversion instead of ending the turn
        return _feeding_extra(state, by_kind, rng)
    return legal[rng.randbelow(len(legal))]


def _development(state: Any, by_kind: dict[str, list[Action]], animals: list[Action], rng: Rng) -> Action:
    """A card as the trait worth most, or as a new animal (the first card of the hand) when that is worth more."""
    if "pass" in by_kind and rng.random() < PASS_CHANCE:
        return by_kind["pass"][0]
    seat = state.current_player
    count = len(state.animals[seat])
    animal_value = ANIMAL_VALUE[min(count, len(ANIMAL_VALUE) - 1)]
    traits = by_kind.get("trait")
    if traits is None or count == 0:
        if count and "pass" in by_kind and sum(state.need[animal] for animal in state.animals[seat]) >= PASS_NEED:
            return by_kind["pass"][0]
        return animals[0]
    masks = state.trait_mask
    own_carnivores = other_carnivores = 0
    for owner, herd in enumerate(state.animals):
        for animal in herd:
            if masks[animal] & CARNIVORE_BIT:
                if owner == seat:
                    own_carnivores += 1
                else:
                    other_carnivores += 1
    protection = PROTECTIVE_VALUE_PER_CARNIVORE * min(other_carnivores, CARNIVORES_COUNTED) - PROTECTIVE_VALUE_OFFSET
    carnivore = CARNIVORE_VALUE_PER_OWN * own_carnivores
    faces = state.config.faces
    best, best_value = animals[0], animal_value
    for action in traits:
        trait = faces[action.args[0]][action.args[1]]
        value = TRAIT_VALUE[trait]
        if (PROTECTIVE >> trait) & 1:
            value += protection
        elif trait == CARNIVORE:
            value -= carnivore
        if value > best_value:
            best, best_value = action, value
    return best


def _target(state: Any, legal: list[Action]) -> Action:
    """The animal a trait goes on, a Carnivore attacks or Piracy robs (the first of equals)."""
    step = state.step
    name = step.name
    if name == "attack_target":
        return _prey(state, [action.args[0] for action in legal], step.player)
    if name != "trait_target":
        return legal[0]
    trait = state.config.faces[step.card][step.face]
    if trait == CARNIVORE:
        return legal[0]
    masks, cards = state.trait_mask, state.trait_cards
    if trait == PARASITE:
        points = _seat_points(state)
        owner = state.owner
        chosen = max(range(len(legal)), key=lambda index: (points[owner[legal[index].args[0]]],
                                                           len(cards[legal[index].args[0]]), -index))
        return legal[chosen]
    protective = (PROTECTIVE >> trait) & 1
    best, best_key = legal[0], (-1, -1)
    for action in legal:
        animal = action.args[0]
        key = (not (protective and masks[animal] & PROTECTIVE), len(cards[animal]))
        if key > best_key:
            best, best_key = action, key
    return best


def _seat_points(state: Any) -> list[int]:
    """Each seat's points on the table now (an animal: 1, plus its trait cards, plus its need)."""
    cards, need = state.trait_cards, state.need
    return [sum(1 + len(cards[animal]) + need[animal] for animal in herd) for herd in state.animals]


def _prey(state: Any, targets: list[int], seat: int) -> Action:
    """The prey without a defence of another seat, of the seat with the most points, with the most points itself."""
    masks, owner, cards, need = state.trait_mask, state.owner, state.trait_cards, state.need
    points = _seat_points(state)
    best, best_key = targets[0], (False, False, -1, -1)
    for target in targets:
        key = (not masks[target] & DEFENDED, owner[target] != seat, points[owner[target]],
               len(cards[target]) + need[target])
        if key > best_key:
            best, best_key = target, key
    return A.TARGET[best]


def _worthwhile_attack(state: Any, attacks: list[Action]) -> Action | None:
    """The attack of a hungry Carnivore that has prey of another seat without a defence, or ``None``."""
    is_fed, masks, owner = state.is_fed, state.trait_mask, state.owner
    for action in attacks:
        carnivore = action.args[0]
        if is_fed(carnivore):
            continue
        seat = owner[carnivore]
        for target in state.attack_targets(carnivore):
            if owner[target] != seat and not masks[target] & DEFENDED:
                return action
    return None


def _best_take(state: Any, takes: list[Action]) -> Action:
    """The token for the hungry animal with the most points per missing token (a Carnivore discounted); the first
    animal that can store fat when every one has eaten."""
    is_fed, need, food, cards, masks = state.is_fed, state.need, state.food, state.trait_cards, state.trait_mask
    best, best_value = takes[0], -1e9
    for action in takes:
        animal = action.args[0]
        if is_fed(animal):
            continue
        value = (1 + len(cards[animal]) + need[animal]) / max(1, need[animal] - food[animal])
        if masks[animal] & CARNIVORE_BIT:
            value -= CARNIVORE_TAKE_DISCOUNT
        if value > best_value:
            best, best_value = action, value
    return best


def _feeding_extra(state: Any, by_kind: dict[str, list[Action]], rng: Rng) -> Action:
    """With ``pass`` on offer: convert fat for a hungry animal, use Tramp while it pays, another free action
    (Piracy, an expansion's) but now and then, else end the turn."""
    is_fed = state.is_fed
    for action in by_kind.get("convert", ()):
        if not is_fed(action.args[0]):
            return action
    tramps = by_kind.get("tramp")
    if tramps is not None:
        seat = state.current_player
        wants = any(state.can_receive(animal) for animal in state.animals[seat])
        if not wants or state.food_base >= TRAMP_FOOD_BASE:
            return tramps[0]
    others = [action for kind, actions in by_kind.items() if kind not in ("pass", "attack", "convert", "tramp")
              for action in actions]
    if others and rng.random() >= PASS_CHANCE_FEEDING:
        return others[rng.randbelow(len(others))]
    return by_kind["pass"][0]
