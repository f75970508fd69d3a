"""A cheap rollout policy for ISMCTS in ``evo`` (``Game.plugins["rollout"]``): a few microseconds a decision, in
place of uniform play, which bids a random share of its score on every gene, walks its dinos at random, attacks at
any odds and puts its newborns on lethal hexes.

The policy reads the determinization it is given the way the game's own steps do (who holds each hex, the terrain,
the favourable terrain, the genes) and plays the heuristic's common choices:

* movement: move a dino that would die where it stands (or survive only within a limit) to a hex where it is safer;
  attack when the dice favour it clearly, or when the attacking dino would die anyway; otherwise end the movement,
  now and then wandering instead;
* birth: put a newborn on the favourable terrain, else one step from it, never on a lethal hex when another is free;
* auction: take an empty row at the lowest bid, outbid only cheaply, pass rather than overpay when passing is allowed;
* card windows and payment: keep the cards (they are worth something in hand), now and then playing one.

:func:`choose_imitating` (``Game.plugins["rollout_imitating"]``, for pilots: ``Level.opponent_policy``) bids as the
heuristic bot does and plays every other decision as :func:`choose`. The heuristic bot outbids another seat at most
of its bids (about two in three in games of four heuristic bots, against about one in ten for :func:`choose`): it
weighs a row's gene by what it adds to its herd's points to come, less the lowest bid's price, plus what the
displaced seat loses. :func:`choose_imitating` makes that weighing with the heuristic's own herd model, taking the
dinos on the board as the herd. The medium level modelling the other seats by it did not play better
(``docs/bots-pilots.md``, "Evo: the other seats bidding as the heuristic bots do").

Any other decision (the first dino, which dino dies in a crowded zone) is uniform.

:func:`stage` (``Game.plugins["rollout_stage"]``) says which stretch of the game a position is in: a round's life
(initiative to scoring: movement, births, survival) or its meteor and gene auction.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from evolutio.kernel import Action, Rng, actions_by_kind

from .board import CARD_GENE, GENES
from .heuristic import CARD_VALUE, EvoHeuristic, future_scorings
from .state import EMPTY, METEOR, attacker_wins_on

#: chance that a movement turn with no saving move moves a dino anyway (to another hex of the same worth)
WANDER_CHANCE = 0.1
#: the lowest winning die face (of six) at which an attack from a hex where the dino survives is worth making
ATTACK_FACE = 5
#: chance that a card window plays one of the cards on offer instead of closing
PLAY_CARD_CHANCE = 0.05
#: the most points (after the mutant discount) the policy pays to displace another seat's marker
MAX_OUTBID_PAYMENT = 2
#: chance that a bid outbids another seat (cheaply) though an empty row is free at the lowest bid
OUTBID_CHANCE = 0.2
#: how far from the favourable terrain a hex is lethal
LETHAL = 2


def choose(state: Any, legal: list[Action], rng: Rng) -> Action:
    """The rollout's action for whichever seat decides in ``state`` (a determinization), among ``legal``."""
    # (the wide decisions, movement, births and bids, are told by their first action, without grouping the list)
    first = legal[0].kind
    if first == "move":
        return _movement(state, legal, rng)
    if first == "birth":
        return _birth(state, legal, rng)
    if first == "bid":
        return _bid(state, legal, rng)
    by_kind = actions_by_kind(legal)
    if "pay" in by_kind:
        return by_kind["pay"][0]
    if "pass" in by_kind:   # a bid with no row left within reach
        return by_kind["pass"][0]
    if "done" in by_kind:   # a card window (a movement turn with no move left ends here too)
        plays = by_kind.get("play")
        if plays is not None and rng.random() < PLAY_CARD_CHANCE:
            return plays[rng.randbelow(len(plays))]
        return by_kind["done_round"][0] if "done_round" in by_kind else by_kind["done"][0]
    return legal[rng.randbelow(len(legal))]


def _movement(state: Any, legal: list[Action], rng: Rng) -> Action:
    """A saving move or a paying attack, else (mostly) the end of the movement (``done``, among ``legal``)."""
    seat = state.current_player
    owner = state.owner
    terrain = state.board.terrain
    favourable = state.board.ring[state.climate]
    saving: list[Action] = []
    attacks: list[Action] = []
    wanders: list[Action] = []
    odds: dict[int, int] = {}   # defender -> the highest winning face against it
    done = legal[-1]
    for action in legal:
        if action.kind != "move":
            done = action
            continue
        source, target = action.args
        here = abs(terrain[source] - favourable)   # (moves come only in the movement phase: the climate is rolled)
        there = abs(terrain[target] - favourable)
        defender = owner[target]
        if defender == EMPTY:
            if there < here:
                saving.append(action)
            elif there == here:
                wanders.append(action)
            continue
        face = odds.get(defender, -1)
        if face < 0:
            face = odds[defender] = attacker_wins_on(state.horns(seat, True) - state.horns(defender, False))
        if there < LETHAL and (face >= ATTACK_FACE or here >= LETHAL and face > 0):
            attacks.append(action)
    if attacks:
        return attacks[rng.randbelow(len(attacks))]
    if saving:
        return saving[rng.randbelow(len(saving))]
    if wanders and rng.random() < WANDER_CHANCE:
        return wanders[rng.randbelow(len(wanders))]
    return done


def _birth(state: Any, births: list[Action], rng: Rng) -> Action:
    """A newborn on the safest hex on offer (a uniform pick among the equally safe)."""
    owner = state.owner
    terrain = state.board.terrain
    favourable = state.board.ring[state.climate]
    best: list[Action] = []
    least = 0
    for action in births:
        target = action.args[0]
        danger = abs(terrain[target] - favourable) + (owner[target] != EMPTY)   # a birth onto a dino is a fight
        if not best or danger < least:
            least = danger
            best = [action]
        elif danger == least:
            best.append(action)
    return best[rng.randbelow(len(best))]


def _bid(state: Any, legal: list[Action], rng: Rng) -> Action:
    """The lowest bid on a free row; now and then a cheap outbid; passing (or the cheapest bid) rather than
    overpaying."""
    lowest, passing = _lowest_bids(legal)
    held = set(state.bid_row)
    cheap = MAX_OUTBID_PAYMENT + state.mutants(state.current_player)
    free = [row for row in lowest if row not in held]
    cheap_outbids = [row for row in lowest if row in held and lowest[row].args[1] <= cheap]
    if cheap_outbids and (not free or rng.random() < OUTBID_CHANCE):
        row = cheap_outbids[rng.randbelow(len(cheap_outbids))]
    elif free:
        row = free[rng.randbelow(len(free))]
    elif passing is not None:
        return passing
    else:
        row = min(lowest, key=lambda candidate: lowest[candidate].args[1])
    return lowest[row]


def _lowest_bids(legal: list[Action]) -> tuple[dict[int, Action], Action | None]:
    """Each row's lowest bid among ``legal`` (row -> its bid), and the pass if it is legal."""
    lowest: dict[int, Action] = {}
    passing = None
    for action in legal:
        kind = action.kind
        if kind == "bid":
            # the legal bids come row by row, each row's amounts rising (the candidates' order, which the legal
            # list keeps: tests/evo/test_legal_lists.py), so a row's first bid is its lowest
            row = action.args[0]
            if row not in lowest:
                lowest[row] = action
        elif kind == "pass":
            passing = action
    return lowest, passing


def choose_imitating(state: Any, legal: list[Action], rng: Rng) -> Action:
    """:func:`choose`, with the heuristic bot's bids."""
    if legal[0].kind == "bid":
        return _bid_imitating(state, legal)
    return choose(state, legal, rng)


#: how much of a loss of the leading other seat (by points) counts against it, as the heuristic bot weighs its best
#: opponent against the mean of the others when it compares positions (a game knows no bot: the weight is the
#: imitation's own)
LEADER_WEIGHT = 0.5
#: the heuristic bot's own estimate, whose herd model values a gene tile
_HEURISTIC_ESTIMATE = EvoHeuristic()


@lru_cache(maxsize=16)
def _meteor_track(board: Any) -> list[dict[str, Any]]:
    """The board's meteor track as a view shows it (what :func:`future_scorings` reads), built once per board."""
    return [{"faces": faces, "final": final} for faces, final in zip(board.meteor_faces, board.meteor_final)]


def _tile_gain(state: Any, seat: int, gene: int, future: float) -> float:
    """What gene tile ``gene`` adds to ``seat``'s points to come by the heuristic's herd model (its dinos on the
    board taken as the herd), before its price."""
    if gene == CARD_GENE:
        return CARD_VALUE
    genes = dict(zip(GENES, state.genes[seat]))
    herd = float(state.owner.count(seat))
    without = _HEURISTIC_ESTIMATE.herd_points(genes, herd, herd, future)
    genes[GENES[gene]] += 1
    return _HEURISTIC_ESTIMATE.herd_points(genes, herd, herd, future) - without


def _bid_imitating(state: Any, legal: list[Action]) -> Action:
    """The lowest bid on the row worth most to the seat: the tile's gain less its price, plus (for a row another
    seat holds) what that seat loses, weighted as the heuristic's ``seat_value`` weighs the other seats; passing
    (when allowed) if no row is worth its price."""
    seat = state.current_player
    lowest, passing = _lowest_bids(legal)
    future = future_scorings(_meteor_track(state.board), state.meteor) + 1.0   # the tile counts from next round on
    others = [other for other in range(state.num_players) if other != seat]
    leader = max(others, key=lambda other: state.score[other])
    best: Action | None = None
    best_value = 0.0
    for row, action in lowest.items():
        gene = state.tiles[row]
        value = _tile_gain(state, seat, gene, future) - max(0, action.args[1] - state.mutants(seat))
        holder = next((other for other in others if state.bid_row[other] == row), EMPTY)
        if holder != EMPTY:
            weight = (1.0 - LEADER_WEIGHT) / len(others) + (LEADER_WEIGHT if holder == leader else 0.0)
            price = max(0, state.bid_amount[holder] - state.mutants(holder))
            value += weight * (_tile_gain(state, holder, gene, future) - price)
        if best is None or value > best_value:
            best, best_value = action, value
    if best is None or (best_value < 0.0 and passing is not None):
        return passing if passing is not None else legal[0]
    return best


def stage(state: Any) -> tuple[int, bool]:
    """(the round, whether its meteor phase and gene auction are under way) of ``state``: both are public."""
    return state.round, state.phase == METEOR
