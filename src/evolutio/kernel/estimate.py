"""Arithmetic the rulesets' heuristic plug-ins share (``Game.plugins["heuristic"]``): how food is shared out among
the players, and what a player's hungry animals are worth when a food budget covers some of them.

The games' heuristics differ in what they count (traits, threats, cards); these steps are the same model in each. Who
can attack whom is asked of the game (its own attack legality); what the answers add up to is reckoned here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

#: a hungry animal: (food it still needs, what it is worth alive, share of it exposed to predators, chance that it
#: feeds itself by hunting)
Hungry = tuple[float, float, float, float]


def share_out(food: float, demands: list[float]) -> list[float]:
    """Split ``food`` the way one-at-a-time feeding does: players wanting less than an even share get what they want,
    the rest is split evenly among the others."""
    shares = [0.0] * len(demands)
    left = food
    waiting = sorted(range(len(demands)), key=lambda seat: demands[seat])
    for position, seat in enumerate(waiting):
        shares[seat] = min(demands[seat], left / (len(waiting) - position))
        left -= shares[seat]
    return shares


def add_hungry_animals(total: float, hungry: list[Hungry], budget: float, covered: float, uncovered: float) -> float:
    """``total`` plus the expected worth of the ``hungry`` animals (sorted in place): the ``budget`` feeds the cheapest
    to feed first, hunters last; one it covers survives with ``covered``, one it does not with ``uncovered`` raised by
    the part of its need the rest of the budget meets; a hunter may also feed itself."""
    hungry.sort(key=lambda item: (item[3], item[0] / item[1], item[0]))  # hunters last
    for missing, worth, exposed, hunt in hungry:
        if budget >= missing:
            budget -= missing
            chance = covered
        else:
            chance = uncovered + (covered - uncovered) * budget / missing / 2
            budget = 0.0
        chance = 1.0 - (1.0 - chance) * (1.0 - hunt)
        total += worth * chance * (1.0 - exposed)
    return total


def eaten_share(traits: Iterable[str], escapes: Mapping[str, float]) -> float:
    """The share of the attacks the rules allow on an animal with ``traits`` that end with it eaten: each trait in
    ``escapes`` stops its share of the attacks that get past the others (taken in a fixed order, so that the product
    does not depend on the order of a set)."""
    share = 1.0
    for trait in sorted(set(traits) & escapes.keys()):
        share *= 1.0 - escapes[trait]
    return share


@dataclass
class Predation:
    """Who can eat whom: per predator, the prey it can count on; per animal, the predators of other seats able to
    attack it, each counted by its chance to eat it."""

    prey: dict[int, float]
    threat: dict[int, float]


def predation(animals: Mapping[int, tuple[int, frozenset[str]]], hunters: Iterable[int],
              allowed: Callable[[int, int], bool], escapes: Mapping[str, float],
              fatal: frozenset[str]) -> Predation:
    """``animals``: number → (owner's seat, trait names); ``hunters``: the predators that may still attack;
    ``allowed(predator, target)``: the game's own attack legality. A prey with a ``fatal`` trait (eating it kills the
    predator) threatens nothing but is no prey; a prey's defences (``escapes``) make it count in part."""
    found = Predation({}, dict.fromkeys(animals, 0.0))
    for predator in hunters:
        owner = animals[predator][0]
        prey = 0.0
        for target, (target_owner, traits) in animals.items():
            if target_owner == owner or not allowed(predator, target):
                continue
            eaten = eaten_share(traits, escapes)
            found.threat[target] += eaten
            if not traits & fatal:
                prey += eaten
        found.prey[predator] = prey
    return found
