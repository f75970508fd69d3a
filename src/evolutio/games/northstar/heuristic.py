"""A view-based position estimate for ``northstar``, used by the ``heuristic`` and ``ismcts`` bots.

Everything here reads one seat's ``view`` — never a state's internals — so the bots built on it see only what that
seat may know. The estimate is each seat's expected final score: food in the bag and on Fat Tissue, the population
each species is likely to keep after feeding, its trait cards, and a little for the cards in hand.
"""

from __future__ import annotations

from typing import Any

#: what one card in hand is worth (a trait, a body or population step, or a new species later)
HAND_CARD_VALUE = 0.8
#: how much of a species' population is expected to survive when feeding is still ahead
PLANNING_SURVIVAL = 0.85
#: the share of a hungry species' missing food the watering hole is expected to cover
WATERING_HOLE_REACH = 0.7
#: the value of a carnivore species' hunger that prey on the table may cover, per potential prey species
PREY_REACH = 0.05


class NorthstarHeuristic:
    """Expected final score of every seat, estimated from one seat's view."""

    def estimates(self, view: dict[str, Any]) -> list[float]:
        players = view["players"]
        feeding = view["phase"] not in ("select-food", "play-cards")
        hunger = sum(max(0, species["population"] - species["food"])
                     for player in players for species in player["species"])
        hole_share = min(1.0, view["watering_hole"] / hunger) if hunger else 1.0
        last_round = view["last_round"] is not None and view["last_round"] <= view["round"]
        estimates = []
        for player in players:
            total = float(player["bag"])
            for species in player["species"]:
                total += species["fat"] + len(species["traits"])
                population = species["population"]
                fed = min(population, species["food"])
                if feeding:
                    total += fed + (population - fed) * hole_share * WATERING_HOLE_REACH
                else:
                    total += population * PLANNING_SURVIVAL
                total += species["food"]  # food eaten this round goes to the bag when the round ends
            if not last_round:
                total += HAND_CARD_VALUE * player["hand_count"]
            estimates.append(total)
        return estimates
