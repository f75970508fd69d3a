"""A view-based position estimate for ``evo``, used by the ``heuristic`` and ``ismcts`` bots.

Everything here reads one seat's ``view`` — never a state's internals — so the bots built on it see only what that
seat may know. The estimate is each seat's expected final score: the points it has, the points this round's scoring
will bring (the dinos that survive the climate), and the points of the rounds the meteor is expected to leave, from a
simple model of a herd that keeps part of its dinos each round and adds its births. Genes enter through that model
(eggs add births, legs, parasols and furs keep more dinos), gene tiles held in the auction count at what they add
minus what they cost, and action cards in hand count a little.

Survival: a dino on the favourable terrain survives; of a seat's dinos one step too hot (too cold) at most
1 + parasols (1 + furs) survive; two steps or more is lethal. Before the climate roll the favourable terrain is taken
over the die's three outcomes. A seat that still moves this round is credited with the dinos one step from a hex
where they would survive, as many as its movement points; the seat moving now is nudged toward such hexes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .board import TERRAINS

#: the climate die: chance that the marker moves one space counter-clockwise, stays, moves clockwise (1 / 2 / 3-6)
CLIMATE_SHIFTS = ((-1, 1 / 6), (0, 1 / 6), (1, 4 / 6))
#: axial neighbour offsets of a hex
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
#: dinos of a species (pieces in its colour)
DINOS_PER_SPECIES = 10
#: the share of its dinos a herd keeps from one round to the next, and what each leg, parasol and fur gene adds
BASE_KEEP = 0.7
KEEP_PER_LEG = 0.05
KEEP_PER_CLIMATE_GENE = 0.04
MAX_KEEP = 0.95
#: the share of a round's newborns expected to survive that round
NEWBORN_KEEP = 0.75
#: the weight of where the dinos stand now (against the herd model) in next round's survivors
POSITION_WEIGHT = 0.5
#: points a horn, a tail and a mutant gene are worth per round still to come
HORN_VALUE_PER_ROUND = 0.15
TAIL_VALUE_PER_ROUND = 0.05
MUTANT_VALUE_PER_ROUND = 0.3
#: what an action card in hand (or a card gene, which draws one) is worth
CARD_VALUE = 0.8
#: how much a point the auction will take from a seat counts against the worth of the tile it buys (1: at par)
BID_COST_WEIGHT = 1.0
#: how strongly the seat moving now is drawn toward a hex where a doomed dino would survive (per hex of distance)
RESCUE_PULL = 0.3
#: newborns of a seat still to give birth this round, as a share of its births, that are expected to survive
PENDING_BIRTH_KEEP = 0.7
#: auction steps: once one is on the stack the meteor has moved this round
AUCTION_STEPS = frozenset({"auction_start", "bid", "pay", "grant"})
#: phases whose scoring is still ahead in the round
BEFORE_SCORING = ("initiative", "climate", "movement", "birth", "survival")
HOT, COLD = -1, 1
#: the coldest terrain's number (TERRAINS runs from the hottest to the coldest)
LAST_TERRAIN = len(TERRAINS) - 1
#: worlds (determinizations, each with its own dice) the heuristic bot tries every action on
WORLDS = 3
#: a terrain's number by its name in the view
TERRAIN_NUMBER = {name: number for number, name in enumerate(TERRAINS)}


@lru_cache(maxsize=16)
def _neighbours(coords: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    index = {coord: position for position, coord in enumerate(coords)}
    return tuple(tuple(index[(q + dq, r + dr)] for dq, dr in NEIGHBOURS if (q + dq, r + dr) in index)
                 for q, r in coords)


def future_scorings(track: list[dict[str, Any]], meteor: int) -> float:
    """Expected number of scorings after the current round's, with the meteor on ``meteor`` before it moves
    (``track``: the view's ``meteor_track``)."""
    expected = 0.0
    reach = 1.0
    for space in track[meteor + 1:]:
        if space["final"]:
            break
        reach *= 1.0 - len(space["faces"]) / 6
        expected += reach
    return expected


class _Herd:
    """One seat's dinos counted by terrain, with how many of them could step onto each terrain (a free neighbour
    of it), its survival limits one step too hot and too cold (``None``: no limit) and its movement points."""

    __slots__ = ("by_terrain", "reach", "total", "hot_limit", "cold_limit", "points")

    def __init__(self, mine: list[int], terrain: list[int], owner: list[int | None],
                 neighbours: tuple[tuple[int, ...], ...], hot_limit: int | None, cold_limit: int | None,
                 points: int) -> None:
        by_terrain = [0] * len(TERRAINS)
        reach = [0] * len(TERRAINS)
        for index in mine:
            own = terrain[index]
            by_terrain[own] += 1
            seen = [False] * len(TERRAINS)
            for near in neighbours[index]:
                if owner[near] is None:
                    seen[terrain[near]] = True
            seen[own] = False
            for kind, reachable in enumerate(seen):
                if reachable:
                    reach[kind] += 1
        self.by_terrain = by_terrain
        self.reach = reach
        self.total = len(mine)
        self.hot_limit = hot_limit
        self.cold_limit = cold_limit
        self.points = points

    def survivors(self, favourable: int, mobile: bool) -> float:
        """Dinos that survive where they stand with ``favourable`` terrain, plus (for a seat that still moves) those
        of the others that could step onto a free hex of it, up to its movement points."""
        by_terrain = self.by_terrain
        hot = by_terrain[favourable + HOT] if favourable > 0 else 0
        cold = by_terrain[favourable + COLD] if favourable < LAST_TERRAIN else 0
        if self.hot_limit is not None and hot > self.hot_limit:
            hot = self.hot_limit
        if self.cold_limit is not None and cold > self.cold_limit:
            cold = self.cold_limit
        kept = by_terrain[favourable] + hot + cold
        if not mobile:
            return float(kept)
        rescued = self.reach[favourable]
        if rescued > self.total - kept:
            rescued = self.total - kept
        return float(kept) + (self.points if self.points < rescued else rescued)


class EvoHeuristic:
    """Expected final score of every seat, estimated from one seat's view. The weights a subclass may change are
    class attributes (their defaults are the module's constants)."""

    #: determinizations each action is tried on: a fight is decided by a die at once
    worlds = WORLDS
    base_keep = BASE_KEEP
    keep_per_leg = KEEP_PER_LEG
    keep_per_climate_gene = KEEP_PER_CLIMATE_GENE
    newborn_keep = NEWBORN_KEEP
    position_weight = POSITION_WEIGHT
    horn_value_per_round = HORN_VALUE_PER_ROUND
    tail_value_per_round = TAIL_VALUE_PER_ROUND
    mutant_value_per_round = MUTANT_VALUE_PER_ROUND
    card_value = CARD_VALUE
    rescue_pull = RESCUE_PULL
    pending_birth_keep = PENDING_BIRTH_KEEP
    bid_cost_weight = BID_COST_WEIGHT

    def estimates(self, view: dict[str, Any]) -> list[float]:
        if view["terminal"]:
            return [float(score) for score in view["scores"]]
        hexes = view["hexes"]
        terrain = [TERRAIN_NUMBER[cell["terrain"]] for cell in hexes]
        owner = [cell["owner"] for cell in hexes]
        neighbours = _neighbours(tuple([(cell["q"], cell["r"]) for cell in hexes]))
        ring = [TERRAIN_NUMBER[name] for name in view["climate_ring"]]
        phase = view["phase"]
        climate = view["climate"]
        climate_known = phase in ("movement", "birth", "survival")
        future = self.rounds_left(view)
        scoring_ahead = phase in BEFORE_SCORING and not view["ended"]
        # the favourable terrain after each outcome of the climate die, with the outcome's chance
        outcomes = [(ring[(climate + shift) % len(ring)], chance) for shift, chance in CLIMATE_SHIFTS]
        global_effects = set(view["global_effects"])
        order = view["order"]
        current = view["current_player"]
        still_to_act = set(order[order.index(current) + 1:]) if current in order else set()
        estimates = []
        herds: list[list[int]] = [[] for _ in view["players"]]   # each seat's hexes, in order
        for index, held in enumerate(owner):
            if held is not None:
                herds[held].append(index)
        for seat, player in enumerate(view["players"]):
            genes = player["genes"]
            effects = set(player["effects"]) | global_effects
            hot_limit = None if "adaptable_skin" in effects else max(
                0, 1 + genes["parasol"] - ("strong_sun" in effects))
            cold_limit = None if "pterodactyl" in effects else max(0, 1 + genes["fur"] - ("its_freezing" in effects))
            mine = herds[seat]
            points = 1 + genes["leg"]
            if "motivation" in effects:
                points = max(points, len(mine))
            herd = _Herd(mine, terrain, owner, neighbours, hot_limit, cold_limit, points)
            survivors = herd.survivors

            # next round's survivors of the herd as it stands, over the die's outcomes
            placed = 0.0
            for favourable, chance in outcomes:
                placed += chance * survivors(favourable, True)
            total = float(player["score"])
            if scoring_ahead:
                if climate_known:
                    favourable = ring[climate]
                    mobile = phase == "movement" and seat in still_to_act
                    now = survivors(favourable, mobile)
                    if phase == "movement" and seat == current:
                        now += self._rescue_pull(mine, terrain, owner, neighbours, favourable)
                    if phase == "birth" and seat in still_to_act and "population_cap" not in global_effects:
                        now += self.pending_birth_keep * min(1 + genes["egg"], player["supply"])
                else:
                    now = placed
                total += now
            else:
                now = float(len(mine))
            herd_points = self.herd_points(genes, now, placed, future)
            total += herd_points
            total += self.card_value * player["hand_size"]
            total += self._held_tiles(view, seat, genes, now, placed, future, herd_points)
            estimates.append(total)
        return estimates

    @staticmethod
    def rounds_left(view: dict[str, Any]) -> float:
        """Scorings expected after this round's (the meteor may end the game on any space it stops on); none once
        the game has ended. Once the meteor has moved this round (the auction is under way) the next round's
        scoring counts too."""
        if view["ended"]:
            return 0.0
        moved = view["step"] in AUCTION_STEPS
        return future_scorings(view["meteor_track"], view["meteor"]) + (1.0 if moved else 0.0)

    def _rescue_pull(self, mine: list[int], terrain: list[int], owner: list[int | None],
                     neighbours: tuple[tuple[int, ...], ...], favourable: int) -> float:
        """A small bonus for each dino off the favourable terrain that stands close to a free favourable hex."""
        pull = 0.0
        for index in mine:
            if terrain[index] == favourable:
                continue
            frontier, seen = [index], {index}
            for distance in (1, 2, 3):
                frontier = [near for cell in frontier for near in neighbours[cell] if near not in seen]
                seen.update(frontier)
                if any(owner[cell] is None and terrain[cell] == favourable for cell in frontier):
                    pull += self.rescue_pull / distance
                    break
        return pull

    def herd_points(self, genes: dict[str, int], now: float, placed: float, future: float) -> float:
        """Points of the scorings still to come after this round's: the herd keeps a share of its dinos each round
        and adds its newborns (the first round partly judged by where the dinos stand now)."""
        keep = min(MAX_KEEP, self.base_keep + self.keep_per_leg * genes["leg"]
                   + self.keep_per_climate_gene * (genes["parasol"] + genes["fur"]))
        births = (1 + genes["egg"]) * self.newborn_keep
        herd = now
        total = 0.0
        remaining = future
        first = True
        while remaining > 0:
            modelled = herd * keep
            if first:   # the first round to come: where the dinos stand now weighs as much as the model says
                modelled = self.position_weight * (placed if placed < herd else herd) + (
                    1.0 - self.position_weight) * modelled
                first = False
            herd = modelled + births
            if herd > DINOS_PER_SPECIES:
                herd = float(DINOS_PER_SPECIES)
            step = 1.0 if remaining > 1.0 else remaining
            total += herd * step
            remaining -= step
        total += future * (self.horn_value_per_round * genes["horn"] + self.tail_value_per_round * genes["tail"]
                           + self.mutant_value_per_round * genes["mutant"])
        return total

    def _held_tiles(self, view: dict[str, Any], seat: int, genes: dict[str, int], now: float, placed: float,
                    future: float, herd_points: float) -> float:
        """What the auction rows ``seat`` holds add to its herd (``herd_points`` without them), less what the bids
        will cost it."""
        value = 0.0
        for row in view["auction"]:
            if row["holder"] != seat:
                continue
            gene = row["gene"]
            cost = max(0, row["bid"] - genes["mutant"])
            if gene == "card":
                gain = self.card_value
            else:
                more = dict(genes)
                more[gene] += 1
                # the tile is used from the next round on: one scoring fewer than this round's count
                gain = self.herd_points(more, now, placed, future) - herd_points
            value += gain - self.bid_cost_weight * cost
        return value


class EvoEstimateAgainstHeuristic(EvoHeuristic):
    """The estimate with weights tuned on games of one seat against three ``heuristic`` bots: the plug-in kind
    ``"estimate_against_heuristic"``, which evo's ``ismcts:medium`` reads (docs/bots-pilots.md, "Evo: the tuned
    estimate on other deals, and registered"). A herd is expected to keep 60% of its dinos from one round to the next
    instead of 70%: the rounds after this one count for less against this round's survivors, and so do the genes
    (eggs, legs, parasols, furs) whose worth is measured against the herds of those rounds. Against heuristic seats
    it won more games, on deals it was not tuned on as well; why was not analysed."""

    base_keep = 0.6
