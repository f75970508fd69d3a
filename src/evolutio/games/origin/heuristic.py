"""A view-based position estimate for ``origin``, used by the ``heuristic`` and ``ismcts`` bots.

Everything here reads one seat's ``view`` — never a state's internals — so the bots built on it see only what that
seat may know. The estimate is each seat's expected final score: the score on the table now, minus the value of
animals likely to starve at the coming extinction, plus a little for the cards in hand (future animals and traits).
"""

from __future__ import annotations

from typing import Any

#: what one card in hand is worth while cards can still be played (a new animal is worth 2 points, a trait 1+)
HAND_CARD_VALUE = 1.0
#: how likely an unfed animal survives when the development phase still lies ahead of the feeding
DEVELOPMENT_SURVIVAL = 0.85
#: the share of a still-hungry animal's missing food the remaining food base is expected to cover
FOOD_BASE_REACH = 0.8
#: how much an undefended animal is discounted per carnivore of another seat on the table
CARNIVORE_THREAT = 0.04
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
        hungry_need = sum(max(0, animal["need"] - animal["food"] - animal["fat"])
                          for player in players for animal in player["animals"]
                          if not (animal["fed"] or animal["hibernating"]))
        base_share = min(1.0, view["food_base"] / hungry_need) if hungry_need else 1.0
        carnivores = [sum(1 for animal in player["animals"] if "carnivore" in _trait_names(animal))
                      for player in players]
        cards_count = not (view["last_turn"] and feeding)
        estimates = []
        for seat, player in enumerate(players):
            threat = CARNIVORE_THREAT * (sum(carnivores) - carnivores[seat])
            total = 0.0
            for animal in player["animals"]:
                total += _animal_value(animal) * _survival(animal, feeding, base_share, threat)
            if cards_count:
                total += HAND_CARD_VALUE * player["hand_size"]
            estimates.append(total)
        return estimates


def _survival(animal: dict[str, Any], feeding: bool, base_share: float, threat: float) -> float:
    if animal["poisoned"]:
        return 0.0
    exposed = threat if not (_trait_names(animal) & PROTECTIVE_TRAITS) else threat / 2
    if animal["fed"] or animal["hibernating"]:
        return 1.0 - exposed
    if not feeding:
        return DEVELOPMENT_SURVIVAL - exposed
    need = animal["need"]
    covered = min(1.0, (animal["food"] + animal["fat"]) / need) if need else 1.0
    return covered + (1.0 - covered) * base_share * FOOD_BASE_REACH - exposed
