"""A view-based position estimate for ``origin``, used by the ``heuristic`` and ``ismcts`` bots.

Everything here reads one seat's ``view`` — never a state's internals — so the bots built on it see only what that seat
may know; which animal may attack which is asked of the game's own attack check on the bot's determinization of that
view (``rules``), when given. The estimate is each seat's expected final score: every animal's points weighted by its
chance to survive the coming extinction, plus what cards in hand and the cards a surviving animal draws are worth while
turns remain, plus a little for fat kept for a lean turn.

The chance to survive comes from a food budget. The food base (rolled, or its expected size before the roll) is
shared out the way compulsory feeding shares it — one token a seat a round, so a seat that wants little gets all it
wants and the rest is split evenly among the hungrier seats — and each seat covers its cheapest animals first. An
animal that has eaten is safe (but for carnivores); one the budget covers is likely to survive; one it does not
cover rarely does. A hungry carnivore with prey on the table counts on hunting.
"""

from __future__ import annotations

from typing import Any, Protocol

from evolutio.kernel.estimate import Hungry, Predation, add_hungry_animals, predation, share_out

from .geography import LOCATION_FOOD

#: expected size of the food base by number of players (the dice table: 2 → 1d6+2, 3 → 2d6, 4 → 2d6+2, …)
EXPECTED_FOOD_BASE = {2: 5.5, 3: 7.0, 4: 9.0, 5: 12.5, 6: 14.5, 7: 16.0, 8: 18.0}
#: Continents: the expected food of the three locations together (a die shows 3.5 on average)
EXPECTED_LOCATION_FOOD = {players: sum(3.5 * dice + plus for dice, plus in (laurasia, gondwana)) + ocean
                          for players, (laurasia, gondwana, ocean) in LOCATION_FOOD.items()}
#: Continents: what an animal in the Ocean scores on top
OCEAN_POINTS = 1.0
#: the part of the food base a seat can count on (Tramp destroys tokens, Piracy steals them)
FOOD_REACH = 1.0
#: what one card in hand is worth while turns remain (a new animal is worth 2 points, a trait 1 or more)
HAND_CARD_VALUE = 0.6
#: what a fat token stored on an animal is worth for a later turn
FAT_TOKEN_VALUE = 0.3
#: chance to survive of an animal whose food (or fat) covers its need during feeding
SAFE_SURVIVAL = 1.0
#: ... of an animal with enough fat to cover its need, not converted yet
FAT_COVERED_SURVIVAL = 0.97
#: ... of a hungry animal the food budget covers, during feeding / before the food base is rolled
COVERED_SURVIVAL_FEEDING = 0.9
COVERED_SURVIVAL_DEVELOPMENT = 0.9
#: ... of a hungry animal the budget does not cover
UNCOVERED_SURVIVAL = 0.15
#: chance that a hungry carnivore with prey on the table feeds itself by hunting
HUNT_SUCCESS = 0.75
#: how much an animal is discounted per carnivore of another seat on the table
CARNIVORE_THREAT = 0.2
#: the discount never goes beyond this
MAX_THREAT = 0.8
#: cards a seat draws per turn for each surviving animal (the rules: 1 + the number of animals)
CARDS_PER_ANIMAL = 1
#: how many future turns of card income a surviving animal is credited with at most
FUTURE_TURNS_CREDITED = 2
#: the share of the attacks the rules allow that a defence of the prey stops (Running escapes on 4–6; Tail Loss
#: costs a trait and leaves the carnivore one token)
ESCAPE_CHANCE = {"running": 0.5, "tail_loss": 0.7}
#: traits that make an animal a poor prey: eating it kills the carnivore
FATAL_PREY_TRAITS = frozenset({"poisonous"})
#: traits that make an animal harder to attack (used only when no rules are at hand to ask)
PROTECTIVE_TRAITS = frozenset({"camouflage", "burrowing", "running", "mimicry", "swimming", "tail_loss", "poisonous",
                               "big", "sharp_vision", "herding", "toxic", "shy"})


def _animal_points(animal: dict[str, Any]) -> float:
    """Points the animal scores at the end: 2, plus 1 per trait, plus the food its traits add to its need, plus 1 in
    the Ocean (Continents)."""
    return 1.0 + len(animal["traits"]) + animal["need"] + (OCEAN_POINTS if animal.get("location") == "ocean" else 0.0)


def _trait_names(animal: dict[str, Any]) -> set[str]:
    return {trait["trait"] for trait in animal["traits"]}


def _hunger(animal: dict[str, Any]) -> int:
    """Food the animal still needs, counting its fat as food (fat can be converted)."""
    if animal["fed"] or animal["hibernating"] or animal["poisoned"]:
        return 0
    return max(0, animal["need"] - animal["food"] - animal["fat"])


class AttackRules(Protocol):
    """The game's own attack legality (a state of ``origin``; animal numbers are the view's ``id``)."""

    def attack_refusal(self, carnivore: int, target: int) -> object | None: ...


def _predation(players: list[dict[str, Any]], feeding: bool, rules: AttackRules | None) -> Predation:
    """Who can attack whom: the carnivores that may still attack (during feeding: not fed, hibernating nor done
    attacking this turn), and what the rules let each attack (without rules: every animal without a protective
    trait)."""
    animals: dict[int, tuple[int, frozenset[str]]] = {}
    hunters: list[int] = []
    for seat, player in enumerate(players):
        for animal in player["animals"]:
            traits = frozenset(_trait_names(animal))
            animals[animal["id"]] = (seat, traits)
            if "carnivore" in traits and not animal["poisoned"] and not (
                    feeding and (animal["fed"] or animal["hibernating"] or animal["attacked_this_turn"])):
                hunters.append(animal["id"])
    if rules is not None:
        def allowed(carnivore: int, target: int) -> bool:
            return rules.attack_refusal(carnivore, target) is None
    else:
        def allowed(carnivore: int, target: int) -> bool:
            return not (animals[target][1] & PROTECTIVE_TRAITS)
    return predation(animals, hunters, allowed, ESCAPE_CHANCE, FATAL_PREY_TRAITS)


class OriginHeuristic:
    """Expected final score of every seat, estimated from one seat's view (and, when given, the game's own attack
    legality on a determinization of it)."""

    #: the heuristic bot passes its determinization as ``rules``
    asks_rules = True

    def estimates(self, view: dict[str, Any], rules: AttackRules | None = None) -> list[float]:
        players = view["players"]
        feeding = view["phase"] == "feeding"
        last_turn = bool(view["last_turn"])
        hunting = _predation(players, feeding, rules)
        if feeding:
            food = float(view["food_base"])
            covered_survival = COVERED_SURVIVAL_FEEDING
        else:
            table = EXPECTED_LOCATION_FOOD if "locations" in view else EXPECTED_FOOD_BASE
            food = table.get(len(players), 2.25 * len(players))
            covered_survival = COVERED_SURVIVAL_DEVELOPMENT
        hungers = [[_hunger(animal) for animal in player["animals"]] for player in players]
        demands = [float(sum(seat_hungers)) for seat_hungers in hungers]
        budgets = share_out(food * FOOD_REACH, demands)
        card_value, animal_future = self._future_values(view, last_turn)
        estimates = []
        for seat, player in enumerate(players):
            budget = budgets[seat]
            total = 0.0
            hungry: list[Hungry] = []
            for animal, missing in zip(player["animals"], hungers[seat]):
                if animal["poisoned"]:
                    continue
                worth = _animal_points(animal) + animal_future
                exposed = min(MAX_THREAT, CARNIVORE_THREAT * hunting.threat[animal["id"]])
                if not last_turn:
                    total += FAT_TOKEN_VALUE * animal["fat"]
                if animal["fed"] or animal["hibernating"] or animal["need"] <= animal["food"]:
                    chance = SAFE_SURVIVAL
                elif missing == 0:
                    chance = FAT_COVERED_SURVIVAL
                else:
                    hunt = HUNT_SUCCESS * min(1.0, hunting.prey.get(animal["id"], 0.0))
                    hungry.append(Hungry(missing, worth, exposed, hunt))
                    continue
                total += worth * chance * (1.0 - exposed)
            total = add_hungry_animals(total, hungry, budget, covered_survival, UNCOVERED_SURVIVAL)
            total += card_value * player["hand_size"]
            estimates.append(total)
        return estimates

    @staticmethod
    def _future_values(view: dict[str, Any], last_turn: bool) -> tuple[float, float]:
        """What a card in hand is worth, and what a surviving animal is worth beyond its points (the cards it draws),
        given how many turns the deck still holds."""
        if last_turn:
            return 0.0, 0.0
        players = view["players"]
        drawn_per_turn = sum(len(player["animals"]) + 1 for player in players) or 1
        turns_left = view["deck_size"] / drawn_per_turn
        card_value = HAND_CARD_VALUE if view["phase"] != "feeding" or view["deck_size"] > 0 else 0.0
        return card_value, HAND_CARD_VALUE * CARDS_PER_ANIMAL * min(turns_left, FUTURE_TURNS_CREDITED)
