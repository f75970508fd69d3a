"""A cheap rollout policy for ISMCTS in ``newworld`` (``Game.plugins["rollout"]``): a few microseconds a decision, in
place of uniform play, which passes its development turns with cards in hand, rearranges its row for nothing, lets
its animals starve beside the food and attacks its own animals.

It reads the determinization it is given the way the game's own code does (rows, food, needs, trait bits) and plays
the common cases as the heuristic bot would: in development it plays its cards (a new animal while the seat has few,
otherwise mostly traits) and seldom passes before its hand is empty; in feeding a hungry animal takes food first, a
hungry predator attacks another seat's animal that is not deadly to eat when it has no food to take (and now and
then when it has), an animal takes shelter when another seat has a predator, an empty Fat Tissue fills last, and
Piracy steals from another seat; at the extinction a seat saves what it can, and an attacked animal defends itself.
Any other decision is a uniform pick.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, Rng, actions_by_kind

from .state import BIT, CARNIVORE_BIT

#: chance that a development decision passes while cards are left to play (never in the last development phase, the
#: one before the last area card is revealed, or in Catastrophe's one period: a card left in hand scores nothing)
PASS_CHANCE = 0.05
#: a seat with fewer animals than this plays its cards as animals
FEW_ANIMALS = 2
#: once the seat has enough animals, the chance that a card is still played as an animal
ANIMAL_CHANCE = 0.1
#: chance that a hungry predator attacks when it could take food instead
ATTACK_CHANCE = 0.3
#: chance that a feeding turn with Metamorphosis on offer uses it instead of ending the turn
METAMORPHOSIS_CHANCE = 0.1
#: the prey whose eating (or attacking) may kill the predator
DEADLY_PREY_BITS = BIT["poisonous"] | BIT["horned"]
#: the actions of a seat saving its animals at the extinction, and of a prey defending itself
SAVES = ("use_fat", "hibernate")
DEFENDING = "defend"


def choose(state: Any, legal: list[Action], rng: Rng) -> Action:
    """The rollout's action for whichever seat decides in ``state`` (a determinization), among ``legal``."""
    by_kind = actions_by_kind(legal)
    if "feed" in by_kind or "shelter" in by_kind or "attack" in by_kind:
        return _basic_feeding_action(state, by_kind, rng)
    if "play_animal" in by_kind:
        return _development_action(state, by_kind, rng)
    ends = by_kind.get("end_turn") or by_kind.get("pass")
    if ends is not None:
        # a feeding turn after its basic action (an additional action or the turn's end), one with only additional
        # actions or nothing to do, or a development turn without cards (pass rather than only rearrange the row)
        piracy = by_kind.get("piracy")
        if piracy is not None:
            owner = state.animal_owner
            robbing = [action for action in piracy if owner[action.args[1]] != owner[action.args[0]]]
            if robbing:
                return robbing[rng.randbelow(len(robbing))]
        morphs = by_kind.get("metamorphosis")
        if morphs is not None and rng.random() < METAMORPHOSIS_CHANCE:
            return morphs[rng.randbelow(len(morphs))]
        return ends[0]
    for kind in SAVES:
        saves = by_kind.get(kind)
        if saves is not None:
            return saves[rng.randbelow(len(saves))]
    defences = by_kind.get(DEFENDING)
    if defences is not None:
        return defences[rng.randbelow(len(defences))]
    return legal[rng.randbelow(len(legal))]


def _basic_feeding_action(state: Any, by_kind: dict[str, list[Action]], rng: Rng) -> Action:
    """A feeding turn's basic action: food for a hungry animal, a paying attack, shelter, or fat."""
    food = state.food
    needs = state.needs
    feeds = by_kind.get("feed", ())
    hungry = [action for action in feeds if food[action.args[0]] < needs[action.args[0]]]
    attacks = _paying_attacks(state, by_kind.get("attack", ()))
    if attacks and (not hungry or rng.random() < ATTACK_CHANCE):
        return attacks[rng.randbelow(len(attacks))]
    if hungry:
        return hungry[rng.randbelow(len(hungry))]
    shelters = by_kind.get("shelter")
    if shelters is not None and (not feeds or _threatened(state)):
        return shelters[rng.randbelow(len(shelters))]
    if feeds:  # fat for an empty Fat Tissue
        return feeds[rng.randbelow(len(feeds))]
    if shelters is not None:
        return shelters[rng.randbelow(len(shelters))]
    ends = by_kind.get("pass") or by_kind.get("end_turn")
    if ends:
        return ends[0]
    others = [action for actions in by_kind.values() for action in actions]
    return others[rng.randbelow(len(others))]


def _paying_attacks(state: Any, attacks: Any) -> list[Action]:
    """The attacks of a hungry predator on another seat's animal that is not deadly to eat."""
    owner = state.animal_owner
    food = state.food
    needs = state.needs
    mask = state.trait_mask
    return [action for action in attacks
            if food[action.args[0]] < needs[action.args[0]] and owner[action.args[1]] != owner[action.args[0]]
            and not mask[action.args[1]] & DEADLY_PREY_BITS]


def _threatened(state: Any) -> bool:
    """Has another seat than the deciding one a predator?"""
    seat = state.current_player
    mask = state.trait_mask
    return any(mask[animal] & CARNIVORE_BIT for other, row in enumerate(state.rows) if other != seat for animal in row)


def _development_action(state: Any, by_kind: dict[str, list[Action]], rng: Rng) -> Action:
    """A development turn: play a card (an animal while the seat has few), seldom pass, never only rearrange."""
    passes = by_kind.get("pass")
    last = state.final or len(state.area_deck) <= 1
    if passes is not None and not last and rng.random() < PASS_CHANCE:
        return passes[0]
    animals = by_kind["play_animal"]
    # the trait plays are the single ones, then the paired ones: picked by one draw over both groups (not joined)
    singles = by_kind.get("play_trait", ())
    paired = by_kind.get("play_paired", ())
    count = len(singles) + len(paired)
    if not count or len(state.rows[state.current_player]) < FEW_ANIMALS or rng.random() < ANIMAL_CHANCE:
        return animals[rng.randbelow(len(animals))]
    pick = rng.randbelow(count)
    return singles[pick] if pick < len(singles) else paired[pick - len(singles)]
