"""A view-based position estimate for ``northstar``, used by the ``heuristic`` and ``ismcts`` bots.

Everything here reads one seat's ``view`` — never a state's internals — so the bots built on it see only what that
seat may know. The estimate is each seat's expected final score: food in the bag and on Fat Tissue, the population
each species is likely to keep after this round's feeding, its trait cards, the food its population is likely to eat
in the rounds still to come, and a little for the cards in hand.

Plant food is shared the way feeding turns share the watering hole (or, before it is filled, the food the food cards
are expected to bring): one feeding a seat a turn, so a seat that wants less than an even share gets all it wants and
the rest is split evenly among the hungrier seats; Foraging and Cooperation get a seat more food per turn, Long Neck
and Scavenger bring food from outside the watering hole. A carnivore counts on hunting when the table has a species
it can out-size; a species an opposing carnivore can out-size, and that no defence covers, is expected to lose some
population.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel.estimate import share_out

#: what one card in hand is worth while it can still be played (a trait, a body or population step, a species)
HAND_CARD_VALUE = 0.2
#: the mean plant-food number of a trait card (the deck's table); each seat puts one on the watering hole a round
MEAN_FOOD_CARD = 2.4
#: the share of a hungry species' missing food the watering hole is expected to cover when it holds enough
WATERING_HOLE_REACH = 0.8
#: a hungry carnivore's chance to feed a population step by hunting when it has prey
HUNT_REACH = 0.6
#: how much of a species' population is kept when feeding is still ahead, at a full share of the food
PLANNING_SURVIVAL = 0.9
#: the weight of the food a species is expected to eat in each round after this one
FUTURE_FOOD_WEIGHT = 0.6
#: the number of future rounds credited at most
FUTURE_ROUNDS_CREDITED = 3
#: population a species expects to lose per opposing carnivore that can attack it
ATTACK_LOSS = 0.25
#: extra plant food per feeding turn a seat gets from a hungry Foraging herbivore, and per Cooperation link
FORAGING_BONUS = 0.5
COOPERATION_BONUS = 0.5
#: meat a Scavenger expects per round for every carnivore on the table
SCAVENGED_PER_CARNIVORE = 0.7
#: what a species is worth for the extra card it brings in each deal
FUTURE_CARD_VALUE = 0.5
#: phases before feeding, while cards are still played
PLANNING_PHASES = ("select-food", "play-cards")
#: defence traits that stop most attacks outright
DEFENCES = frozenset({"burrowing", "climbing", "symbiosis", "warning-call", "defensive-herding"})
#: Hard Shell's bonus to defence size
HARD_SHELL_BONUS = 4
#: the defence size that stands for "no species" (larger than any species can be)
NO_SPECIES_SIZE = 99
#: cards dealt to a seat each round: this many, plus one per species
CARDS_PER_SEAT = 3


def _traits(species: dict[str, Any]) -> set[str]:
    """The species' traits this seat can see (face-down cards of other seats are unknown)."""
    names = set()
    for trait in species["traits"]:
        if isinstance(trait, str):
            names.add(trait)
        elif isinstance(trait, dict) and isinstance(trait.get("trait"), str):
            names.add(trait["trait"])
    return names


def _least(first: float, second: float) -> float:
    """``min(first, second)`` (the first when they are equal), without the cost of a call to ``min``."""
    return second if second < first else first


def _attackers(names: set[str], size: int, carnivores: list[int]) -> int:
    """How many of the carnivores of body sizes ``carnivores`` out-size a species of trait ``names`` and defence size
    ``size`` and may attack it: none if a defence covers it."""
    if names & DEFENCES:
        return 0
    count = 0
    for body in carnivores:
        if body > size:
            count += 1
    return count


def _intake_factor(species_traits: list[set[str]]) -> float:
    """How much plant food the seat gets per feeding turn, relative to one token: Foraging takes two, and
    Cooperation passes food on to a right-hand neighbour."""
    foraging = False
    links = 0
    rightmost = len(species_traits) - 1  # the rightmost species has no neighbour to pass food to
    for index, names in enumerate(species_traits):
        if "foraging" in names and "carnivore" not in names:
            foraging = True
        if index < rightmost and "cooperation" in names:
            links += 1
    factor = 1.0 + FORAGING_BONUS if foraging else 1.0
    return factor + COOPERATION_BONUS * links


class NorthstarHeuristic:
    """Expected final score of every seat, estimated from one seat's view. The weights a subclass may change are class
    attributes (the module's constants by default)."""

    planning_survival = PLANNING_SURVIVAL
    watering_hole_reach = WATERING_HOLE_REACH
    hunt_reach = HUNT_REACH
    attack_loss = ATTACK_LOSS
    future_card_value = FUTURE_CARD_VALUE
    future_food_weight = FUTURE_FOOD_WEIGHT

    def estimates(self, view: dict[str, Any]) -> list[float]:
        # The heuristic bot and every ISMCTS iteration call this on each position they weigh, so it is written for
        # speed: plain loops and comparisons instead of generators and calls to ``min`` (the same arithmetic in the
        # same order, so the same floats).
        players = view["players"]
        seats = range(len(players))
        attack_loss = self.attack_loss
        planning = view["phase"] in PLANNING_PHASES
        feeding = not planning and view["phase"] != "leaf-effects"
        traits = [[_traits(species) for species in player["species"]] for player in players]
        carnivores: list[list[int]] = []
        plant_hunger: list[float] = []
        smallest: list[int] = []
        sizes: list[list[int]] = []  # every species' defence size: its body, Hard Shell's bonus included
        for player, seat_traits in zip(players, traits):
            seat_sizes = []
            bodies = []
            hunger = 0
            least = NO_SPECIES_SIZE
            for species, names in zip(player["species"], seat_traits):
                body = species["body"]
                if "carnivore" in names:
                    bodies.append(body)
                else:
                    missing = species["population"] - species["food"]
                    if missing > 0:
                        hunger += missing
                size = body + HARD_SHELL_BONUS if "hard-shell" in names else body
                seat_sizes.append(size)
                if size < least:
                    least = size
            carnivores.append(bodies)
            plant_hunger.append(float(hunger))
            smallest.append(least)
            sizes.append(seat_sizes)
        carnivores_on_table = sum(len(bodies) for bodies in carnivores)
        intake = [_intake_factor(traits[seat]) for seat in seats]
        round_food = view["watering_hole"] + (0.0 if feeding else MEAN_FOOD_CARD * len(players))
        reach = self.watering_hole_reach if feeding else self.planning_survival
        turns = share_out(round_food * reach, [hunger / intake[seat] for seat, hunger in enumerate(plant_hunger)])
        budgets = [_least(plant_hunger[seat], turns[seat] * intake[seat]) for seat in seats]
        future_rounds = self.rounds_left(view)
        last_round = view["last_round"] is not None and view["last_round"] <= view["round"]
        kept_populations: list[float] = []
        extra_food: list[float] = []
        estimates = []
        for seat, player in enumerate(players):
            total = float(player["bag"])
            plant_share = budgets[seat] / plant_hunger[seat] if plant_hunger[seat] else 1.0
            others_smallest = NO_SPECIES_SIZE
            hunters: list[int] = []  # the body sizes of the other seats' carnivores
            for other in seats:
                if other != seat:
                    if smallest[other] < others_smallest:
                        others_smallest = smallest[other]
                    hunters += carnivores[other]
            kept_population = 0.0
            own_food = 0.0  # food from outside the watering hole each round: Long Neck, Scavenger
            for species, names, size in zip(player["species"], traits[seat], sizes[seat]):
                population = species["population"]
                food = species["food"]
                fed = food if food < population else population
                if "carnivore" in names:
                    share = self.hunt_reach if others_smallest < species["body"] else 0.0
                else:
                    share = plant_share
                bonus = (1.0 if "long-neck" in names else 0.0) + (
                    SCAVENGED_PER_CARNIVORE * carnivores_on_table if "scavenger" in names else 0.0)
                own_food += bonus
                if planning:
                    fed = _least(population, fed + bonus)
                expected_food = fed + (population - fed) * share
                kept = expected_food - (attack_loss * _attackers(names, size, hunters) if hunters else 0.0)
                if not kept > 0.0:
                    kept = 0.0
                kept_population += kept
                total += species["fat"] + len(species["traits"]) * (kept if kept < 1.0 else 1.0) + kept
                total += expected_food  # food eaten this round goes to the bag when the round ends
            kept_populations.append(kept_population)
            extra_food.append(own_food)
            if not last_round:
                total += HAND_CARD_VALUE * player["hand_count"]
                total += self.future_card_value * _least(1.0, future_rounds) * len(player["species"])
            estimates.append(total)
        if future_rounds > 0:
            future_turns = share_out(MEAN_FOOD_CARD * len(players),
                                     [kept / intake[seat] for seat, kept in enumerate(kept_populations)])
            for seat in seats:
                future_food = _least(kept_populations[seat], future_turns[seat] * intake[seat] + extra_food[seat])
                estimates[seat] += future_rounds * self.future_food_weight * future_food
        return estimates

    @staticmethod
    def rounds_left(view: dict[str, Any]) -> float:
        """Rounds expected after this one: known once the last round is fixed, else from the draw pile."""
        if view["last_round"] is not None:
            return float(max(0, view["last_round"] - view["round"]))
        dealt = sum(CARDS_PER_SEAT + len(player["species"]) for player in view["players"]) or 1
        # the game ends at the first reshuffle: the round whose deal empties the pile is the last
        return float(min(FUTURE_ROUNDS_CREDITED, view["draw_pile"] / dealt))


class NorthstarEstimateAgainstHeuristic(NorthstarHeuristic):
    """The estimate with weights tuned on games of one seat against three ``heuristic`` bots: the plug-in kind
    ``"estimate_against_heuristic"``, which northstar's ``ismcts:medium`` reads (docs/bots-pilots.md, "Northstar: the
    estimate tuned against the heuristic bots"). Those bots punish hungry and exposed species harder than random play
    does, so a species still to be fed is expected to keep less of its population, each carnivore that out-sizes an
    undefended species is expected to take twice as much of it, and a species' future cards count for less."""

    planning_survival = 0.7
    future_card_value = 0.25
    attack_loss = 0.5
