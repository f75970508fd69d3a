"""A view-based position estimate for ``origin``, used by the ``heuristic`` and ``ismcts`` bots.

Everything here reads one seat's ``view`` — never a state's internals — so the bots built on it see only what that
seat may know. The estimate is each seat's expected final score: every animal's points weighted by its chance to
survive the coming extinction, plus a little for the cards in hand (future animals and traits). The chance to
survive comes from a food budget: what the animal holds, its fat, and the seat's share of the food base (or, before
the dice are rolled, of the expected food base); the cheapest animals to feed are fed first.
"""

from __future__ import annotations

from typing import Any

#: what one card in hand is worth while cards can still be played (a new animal is worth 2 points, a trait 1+)
HAND_CARD_VALUE = 0.35
#: expected red tokens one seat gets from the food base per turn (the base is about 2.2 tokens per player)
EXPECTED_FOOD_PER_SEAT = 2.2
#: expected tokens a carnivore brings home per turn when there is prey on the table
CARNIVORE_FOOD = 1.2
#: chance to survive of an animal the food budget covers, during the development phase / during feeding
COVERED_SURVIVAL_DEVELOPMENT = 0.85
COVERED_SURVIVAL_FEEDING = 0.95
#: chance to survive of an animal the budget does not cover (someone may attack less, food may be left over)
UNCOVERED_SURVIVAL = 0.3
#: how much an undefended animal is discounted per carnivore of another seat on the table
CARNIVORE_THREAT = 0.03
#: traits that make an animal harder to attack
PROTECTIVE_TRAITS = frozenset({"camouflage", "burrowing", "running", "mimicry", "swimming", "tail_loss", "poisonous",
                               "big", "sharp_vision"})


def _animal_value(animal: dict[str, Any]) -> float:
    """Points the animal scores at the end: 2, plus 1 per trait, plus the food each trait adds to its need."""
    return 1.0 + len(animal["traits"]) + animal["need"]


def _trait_names(animal: dict[str, Any]) -> set[str]:
    return {trait["trait"] for trait in animal["traits"]}


class OriginHeuristic:
    """Expected final score of every seat, estimated from one seat's view."""

    def estimates(self, view: dict[str, Any]) -> list[float]:
        players = view["players"]
        feeding = view["phase"] == "feeding"
        still_feeding = sum(1 for player in players if not player["passed"]) or 1
        carnivores = [sum(1 for animal in player["animals"] if "carnivore" in _trait_names(animal))
                      for player in players]
        cards_count = not (view["last_turn"] and feeding)
        estimates = []
        for seat, player in enumerate(players):
            if feeding:
                budget = 0.0 if player["passed"] else view["food_base"] / still_feeding
                covered_survival = COVERED_SURVIVAL_FEEDING
            else:
                budget = EXPECTED_FOOD_PER_SEAT + CARNIVORE_FOOD * min(carnivores[seat], 1)
                covered_survival = COVERED_SURVIVAL_DEVELOPMENT
            threat = CARNIVORE_THREAT * (sum(carnivores) - carnivores[seat])
            total = 0.0
            hungry: list[tuple[float, dict[str, Any]]] = []
            for animal in player["animals"]:
                if animal["poisoned"]:
                    continue
                exposed = threat if not (_trait_names(animal) & PROTECTIVE_TRAITS) else threat / 2
                missing = max(0, animal["need"] - animal["food"] - animal["fat"])
                if animal["fed"] or animal["hibernating"] or missing == 0:
                    total += _animal_value(animal) * (1.0 - exposed)
                else:
                    hungry.append((missing, animal))
            hungry.sort(key=lambda item: (item[0] / _animal_value(item[1]), item[0]))
            for missing, animal in hungry:
                if budget >= missing:
                    budget -= missing
                    chance = covered_survival
                else:
                    chance = UNCOVERED_SURVIVAL + (covered_survival - UNCOVERED_SURVIVAL) * budget / missing / 2
                    budget = 0.0
                total += _animal_value(animal) * chance
            if cards_count:
                total += HAND_CARD_VALUE * player["hand_size"]
            estimates.append(total)
        return estimates
