"""Arithmetic the rulesets' heuristic plug-ins share (``Game.plugins["heuristic"]``): how food is shared out among
the players, and what a player's hungry animals are worth when a food budget covers some of them.

The games' heuristics differ in what they count (traits, threats, cards); these two steps are the same model in each.
"""

from __future__ import annotations

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
