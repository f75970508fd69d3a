"""Arithmetic the rulesets' heuristic plug-ins share (``Game.plugins["heuristic"]``): how food is shared out among
the players, and what a player's hungry animals are worth when a food budget covers some of them.

The games' heuristics differ in what they count (traits, threats, cards); these steps are the same model in each. Who
can attack whom is asked of the game (its own attack legality); what the answers add up to is reckoned here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass


@dataclass
class Hungry:
    """A hungry animal of the seat being valued: the food it still needs, what it is worth alive, the share of it
    exposed to predators and its chance to feed itself by hunting; where a ruleset has such a rule, its ``number`` and
    the hungry animals it must wait for (``waits_for``: a Symbiosis ward's guardians)."""

    missing: float
    worth: float
    exposed: float
    hunt: float
    number: int = -1
    waits_for: Sequence[int] = ()


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


def fed_chance(missing: float, budget: float, covered: float, uncovered: float) -> tuple[float, float]:
    """The chance an animal missing ``missing`` food is fed from ``budget``, and the budget left after it: ``covered``
    in full, or ``uncovered`` raised by half the part of its need the budget meets."""
    if budget >= missing:
        return covered, budget - missing
    return uncovered + (covered - uncovered) * budget / missing / 2, 0.0


def cheapest_first(animal: Hungry) -> tuple[bool, float, float, float]:
    """The order :func:`add_hungry_animals` feeds in unless told otherwise: an animal that waits for hungry guardians
    after every other, hunters last, then the least food per point worth first."""
    return bool(animal.waits_for), animal.hunt, animal.missing / animal.worth, animal.missing


def add_hungry_animals(total: float, hungry: list[Hungry], budget: float, covered: float, uncovered: float,
                       hunt_food: float | None = None,
                       order: Callable[[Hungry], tuple[bool, float, float, float]] = cheapest_first) -> float:
    """``total`` plus the expected worth of the ``hungry`` animals (sorted in place by ``order``): the ``budget`` feeds
    them in that order — by default the cheapest to feed first, hunters last, and an animal that waits for hungry
    guardians after every other (:func:`fed_chance` for each); a hunter may also feed itself — fully, or with
    ``hunt_food`` per kill only as far as the budget meets the rest of its need; a ward survives only as far as its
    guardians are fed (an uncovered guardian leaves it the ``uncovered`` chance)."""
    hungry.sort(key=order)
    fed: dict[int, float] = {}
    for animal in hungry:
        before = budget
        chance, budget = fed_chance(animal.missing, budget, covered, uncovered)
        if hunt_food is None:   # a kill feeds any hunter (written as the complement, as the estimates always were)
            chance = 1.0 - (1.0 - chance) * (1.0 - animal.hunt)
        elif animal.hunt:   # a kill brings hunt_food: the rest of the need must come from the budget
            rest = animal.missing - hunt_food
            after_kill = 1.0 if rest <= 0 else fed_chance(rest, before, covered, uncovered)[0]
            chance = (1.0 - animal.hunt) * chance + animal.hunt * after_kill
        for guardian in animal.waits_for:
            guardian_fed = min(1.0, fed.get(guardian, covered) / covered)
            chance = guardian_fed * chance + (1.0 - guardian_fed) * uncovered
        fed[animal.number] = chance
        total += animal.worth * chance * (1.0 - animal.exposed)
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
    shares: dict[int, float] = {}   # each prey's eaten share, worked out once for all its predators
    for predator in hunters:
        owner = animals[predator][0]
        prey = 0.0
        for target, (target_owner, traits) in animals.items():
            if target_owner == owner or not allowed(predator, target):
                continue
            eaten = shares.get(target)
            if eaten is None:
                eaten = shares[target] = eaten_share(traits, escapes)
            found.threat[target] += eaten
            if not traits & fatal:
                prey += eaten
        found.prey[predator] = prey
    return found
