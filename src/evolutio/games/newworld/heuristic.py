"""A view-based position estimate for ``newworld``, used by the ``heuristic`` and ``ismcts`` bots.

Everything here reads one seat's ``view`` — never a state's internals — so the bots built on it see only what that seat
may know; which animal may attack which is asked of the game's own attack check on the bot's determinization of that
view (``rules``), when given. The estimate is each seat's expected final score: every animal's points (3, +1 per trait,
half of a paired card, + the bonus of the traits that cost food) weighted by its chance to survive the coming
extinction, plus what cards in hand and the cards a surviving animal draws are worth while periods remain.

The chance to survive comes from a food budget: the red food on the areas (during feeding) or the food their symbols
will hold once refilled (before), of which the seats count on ``FOOD_REACH``, shared out the way one-token-a-turn
feeding shares it — a seat wanting less than an even share gets what it wants, the rest is split among the hungrier
seats — and each seat feeds its animals in whichever of a few orders (the least food per point first, the fewest missing
first, the most points first) saves the most; at the extinction no area food is left to count. A seat wants no more than
the food on the halves its hungry animals may feed on (the rules' access test: Glaciers, Caves, Savanna and Lakes are
closed to most), and during the feeding the food of a half that no seat's hungry animals may feed on is no one's: it is
left out of the food the seats share. Fat counts as food while it may still be spent (until the seat's save at the
extinction has gone by); a hibernating animal counts as fed, a poisoned one as dead. A Symbiosis ward takes no food
while its guardian is hungry, so it is fed only as far as its guardian is. A hungry predator may feed itself by hunting,
but a kill brings 2 food: one missing more counts on the hunt only together with the budget's food for the rest. An
animal without shelter or a protective trait is discounted for every predator of another seat. In the final period a
surviving animal also counts a little besides its points, as the tie rule does (more surviving animals win a tied
score). Cards in hand count only as far as the next draw leaves room for them under the hand limit (the rest would be
discarded), so the bot plays them instead of passing on a full hand.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel.estimate import Hungry, Predation, add_hungry_animals, cheapest_first, predation, share_out

from .rules import may_attack, prey_allowed
from .state import NewWorldState

#: the number of periods in a game (one per area card)
PERIODS = 6
#: what one card in hand is worth while periods remain (a new animal is worth 3 points, a trait 1 or more)
HAND_CARD_VALUE = 0.6
#: cards a seat draws per period for each surviving animal, and on top of those
CARDS_PER_ANIMAL = 1
CARDS_PER_DRAW = 2
#: hands are cut down to this many cards after the draw: cards beyond what the next draw leaves room for are lost
HAND_LIMIT = 6
#: what a surviving animal adds in the final period besides its points: a tied score goes to the seat with more
#: surviving animals (the tie rule), so between equal scores the bot keeps more animals alive; far less than a point
TIE_BREAK_PER_ANIMAL = 0.1
#: periods of card income a surviving animal is credited with at most
FUTURE_PERIODS_CREDITED = 2
#: chance to survive of a hungry animal the food budget covers, and of one it does not cover
COVERED_SURVIVAL = 0.9
UNCOVERED_SURVIVAL = 0.15
#: ... and of one it does not cover during the feeding phase, when the food left on the areas is known
UNCOVERED_SURVIVAL_FEEDING = 0.15
#: the share of the area food the seats can count on (Grazing and Piracy take some, shelters cost turns)
FOOD_REACH = 0.8
#: red food a new area card adds in the areas phase, on average
NEW_AREA_FOOD = 2.0
#: how much an animal is discounted per predator of another seat that the rules let attack it
PREDATOR_THREAT = 0.15
MAX_THREAT = 0.8
#: a hungry predator's chance to feed itself by hunting when there is prey on the table
HUNT_SUCCESS = 0.3
#: food a successful attack brings the predator (2 blue; a predator attacks at most once a feeding phase), so a hunt
#: alone feeds only a predator missing no more than this
HUNT_FOOD = 2
#: the share of the attacks the rules allow that a defence of the prey stops (Running and Horned by a die, Tail Loss
#: and Repellent at the cost of a trait)
ESCAPE_CHANCE = {"running": 0.5, "tail_loss": 0.7, "repellent": 0.7, "horned": 0.33}
#: traits that make an animal a poor prey: eating it (or attacking it) may kill the predator
FATAL_PREY_TRAITS = frozenset({"poisonous", "horned"})
#: traits that make an animal harder to attack (used only when no rules are at hand to ask)
PROTECTIVE_TRAITS = frozenset({"camouflage", "burrowing", "running", "mimicry", "swimming", "tail_loss", "poisonous",
                               "massive", "horned", "flight", "herding", "shy", "nocturnal", "repellent"})
#: the part of a paired trait card (Symbiosis, Communication, Cooperation) each of its two animals counts
PAIRED_CARD_SHARE = 0.5
PREDATOR = "carnivorous"
#: the role a Symbiosis card gives the animal that may feed only once its partner (the guardian) is fed
WARD = "ward"
ADAPTABLE = "adaptable"
#: how the view names the requirement of a half only animals without traits may use (Glaciers)
NO_TRAITS_NAME = "no traits"


def _trait_names(animal: dict[str, Any]) -> set[str]:
    return {trait["trait"] for trait in animal["traits"] if isinstance(trait, dict) and "trait" in trait}


def _animal_points(animal: dict[str, Any]) -> float:
    """3, plus 1 per trait card, plus the bonus of the traits that cost food (the need above 1). A paired card scores
    once for the two animals it links (and is lost with either), so each of them counts half of it."""
    traits = animal["traits"]
    paired = 0
    for trait in traits:
        if "partner" in trait:
            paired += 1
    # (the sum of the cards' 1.0 and PAIRED_CARD_SHARE: exact in any order, so the same float as adding them up)
    return 2.0 + ((len(traits) - paired) + PAIRED_CARD_SHARE * paired) + animal["need"]


def _hunger(animal: dict[str, Any], fat_counts: bool = True) -> int:
    """Food the animal still needs to survive the coming extinction: its fat counts while it may still be spent; a
    hibernating animal counts as fed."""
    if animal.get("hibernating"):
        return 0
    return max(0, animal["need"] - animal["food"] - (animal["fat"] if fat_counts else 0))


def _fat_spendable(view: dict[str, Any], seat: int) -> bool:
    """May ``seat`` still spend fat before the coming starvation? Always before the extinction phase; in it, only
    until its turn to save animals has gone by (seats save in turn from the first player)."""
    if view["phase"] != "extinction":
        return True
    to_act = view["to_act"]
    if to_act is None:
        return False
    players = len(view["players"])
    first = view["first_player"]
    return (seat - first) % players >= (to_act - first) % players


def _half_food(half: dict[str, Any], feeding: bool) -> float:
    """Red food on an area half this period: what lies on it (during feeding) or what its symbols will hold."""
    return float(half["food"] if feeding else max(half["food"], half["symbols"]["food"]))


def _opens_to(half: dict[str, Any], animal: dict[str, Any], rules: NewWorldState | None) -> bool:
    """May the animal feed on this half? Asked of the rules (their access test) when given, else read off the view
    (the half's required trait, or none at all for "no traits"; Adaptable opens every half)."""
    if rules is not None:
        return rules.slot_open_to(animal["animal"], half["slot"])
    requires = half["requires"]
    if requires is None:
        return True
    names = {trait["name"] for trait in animal["traits"]}
    if ADAPTABLE in _trait_names(animal):
        return True
    return not animal["traits"] if requires == NO_TRAITS_NAME else requires in names


def _reachable_food(view: dict[str, Any], feeding: bool, hungry: list[list[dict[str, Any]]],
                    rules: NewWorldState | None) -> tuple[float, list[float]]:
    """The red food of this period the seats may take, and the part each seat's hungry animals can reach (a half whose
    requirement none of them meets is no food for that seat). Before the feeding phase the new area card (unknown)
    is counted as open to all. During the feeding phase a restricted half that no seat's hungry animals may feed on
    is food for no one: it is left out of the food the seats share."""
    halves = [half for area in view["areas"] for half in area["halves"]]
    extra = 0.0 if feeding else NEW_AREA_FOOD
    open_food = extra + sum(_half_food(half, feeding) for half in halves if half["requires"] is None)
    total = open_food
    reach = [open_food] * len(hungry)
    for half in halves:
        if half["requires"] is None:
            continue
        amount = _half_food(half, feeding)
        if not amount:
            continue
        if rules is not None:   # (_opens_to, inline: the rules' access test)
            slot = half["slot"]
            open_to = rules.slot_open_to
            takers = [seat for seat, animals in enumerate(hungry)
                      if any(open_to(animal["animal"], slot) for animal in animals)]
        else:
            takers = [seat for seat, animals in enumerate(hungry)
                      if any(_opens_to(half, animal, rules) for animal in animals)]
        for seat in takers:
            reach[seat] += amount
        if takers or not feeding:
            total += amount
    return total, reach


def _predation(players: list[dict[str, Any]], feeding: bool, rules: NewWorldState | None) -> Predation:
    """Who can attack whom: the predators that may still attack (during feeding: hungry, or with an empty Fat Tissue,
    and not done attacking this phase), and what the rules let each attack (without rules: every animal out of a
    shelter and without a protective trait)."""
    animals = {animal["animal"]: (seat, frozenset([trait["trait"] for trait in animal["traits"]
                                                   if isinstance(trait, dict) and "trait" in trait]))
               for seat, player in enumerate(players) for animal in player["animals"]}   # (_trait_names, inline)
    hunters = [number for number, (_, traits) in animals.items() if PREDATOR in traits
               and not (feeding and rules is not None and not may_attack(rules, number))]
    if not hunters:
        return Predation({}, dict.fromkeys(animals, 0.0))   # (what predation() finds without hunters)
    if rules is not None:
        def allowed(predator: int, target: int) -> bool:
            return prey_allowed(rules, predator, target)
    else:
        sheltered = {animal["animal"] for player in players for animal in player["animals"] if animal["shelter"]}

        def allowed(predator: int, target: int) -> bool:
            return target not in sheltered and not (animals[target][1] & PROTECTIVE_TRAITS)
    return predation(animals, hunters, allowed, ESCAPE_CHANCE, FATAL_PREY_TRAITS)


def _fewest_missing_first(animal: Hungry) -> tuple[bool, float, float, float]:
    """A feeding order: the animals missing the least food first (the most animals saved), the most worth first
    among those missing as much."""
    return bool(animal.waits_for), animal.hunt, animal.missing, -animal.worth


def _most_worth_first(animal: Hungry) -> tuple[bool, float, float, float]:
    """A feeding order: the animals worth the most first (the most points at risk saved)."""
    return bool(animal.waits_for), animal.hunt, -animal.worth, animal.missing


#: the feeding orders a seat's budget is tried in; the seat feeds the way that saves the most (it chooses whom to feed)
FEEDING_ORDERS = (cheapest_first, _fewest_missing_first, _most_worth_first)


def _food_hungry(animals: list[dict[str, Any]]) -> set[int]:
    """The seat's animals that still need food to eat their need (fat does not count while the feeding lasts; a
    hibernating animal is fed, a poisoned one dies first): a Symbiosis ward waits for such a guardian."""
    return {animal["animal"] for animal in animals
            if _hunger(animal, fat_counts=False) and not animal.get("poisoned")}


def _guardians(animal: dict[str, Any]) -> list[int]:
    """The animals whose Symbiosis ward this one is: it takes no food while one of them is hungry."""
    return [trait["partner"] for trait in animal["traits"] if trait.get("role") == WARD]


class NewWorldHeuristic:
    """Expected final score of every seat, estimated from one seat's view (and, when given, the game's own attack
    legality on a determinization of it)."""

    #: the heuristic bot passes its determinization as ``rules``
    asks_rules = True

    def estimates(self, view: dict[str, Any], rules: NewWorldState | None = None) -> list[float]:
        players = view["players"]
        feeding = view["phase"] in ("feeding", "extinction")
        final = bool(view["final_period"])
        hunting = _predation(players, feeding, rules)
        fat_counts = [_fat_spendable(view, seat) for seat in range(len(players))]
        # each animal's hunger, worked out once (fat counted while the seat may still spend it)
        hungers = [[_hunger(animal, fat_counts[seat]) for animal in player["animals"]]
                   for seat, player in enumerate(players)]
        hungry_animals = [[animal for animal, missing in zip(player["animals"], hungers[seat]) if missing]
                          for seat, player in enumerate(players)]
        food, reachable = _reachable_food(view, feeding, hungry_animals, rules)
        demands = [min(reachable[seat], float(sum(hungers[seat]))) for seat in range(len(players))]
        if view["phase"] == "extinction":
            budgets = [0.0] * len(players)   # the feeding is over: no more food comes from the areas
        else:
            budgets = share_out(FOOD_REACH * food, demands)
        periods_left = 0 if final else PERIODS - view["period"]
        card_value = HAND_CARD_VALUE if periods_left > 0 else 0.0
        animal_future = (TIE_BREAK_PER_ANIMAL if final
                         else HAND_CARD_VALUE * CARDS_PER_ANIMAL * min(periods_left, FUTURE_PERIODS_CREDITED))
        threat = hunting.threat
        prey = hunting.prey
        estimates = []
        for seat, player in enumerate(players):
            budget = budgets[seat]
            animals = player["animals"]
            kept_cards = min(player["hand_size"], max(0, HAND_LIMIT - CARDS_PER_ANIMAL * len(animals)
                                                      - CARDS_PER_DRAW))
            total = card_value * kept_cards
            # a guardian blocks its ward until it has eaten its need (fat does not count while feeding lasts); made
            # when the seat has a hungry ward
            food_hungry: set[int] | None = None
            hungry: list[Hungry] = []
            for animal, missing in zip(animals, hungers[seat]):
                if animal.get("poisoned"):
                    continue  # it dies at the start of the extinction phase
                worth = _animal_points(animal) + animal_future
                number = animal["animal"]
                exposed = min(MAX_THREAT, PREDATOR_THREAT * threat[number])
                if missing == 0:
                    total += worth * (1.0 - exposed)
                    continue
                hunt = HUNT_SUCCESS * min(1.0, prey.get(number, 0.0))
                guardians = _guardians(animal)
                if guardians:
                    if food_hungry is None:
                        food_hungry = _food_hungry(animals)
                    waits_for = [guardian for guardian in guardians if guardian in food_hungry]
                else:
                    waits_for = []
                hungry.append(Hungry(missing, worth, exposed, hunt, number, waits_for))
            uncovered = UNCOVERED_SURVIVAL_FEEDING if feeding else UNCOVERED_SURVIVAL
            # the order matters only when the budget cannot cover every hungry animal
            if len(hungry) > 1 and budget < sum(animal.missing for animal in hungry):
                total += max(add_hungry_animals(0.0, list(hungry), budget, COVERED_SURVIVAL, uncovered, HUNT_FOOD,
                                                order) for order in FEEDING_ORDERS)
            else:
                total += add_hungry_animals(0.0, hungry, budget, COVERED_SURVIVAL, uncovered, HUNT_FOOD,
                                            FEEDING_ORDERS[0])
            estimates.append(total)
        return estimates
