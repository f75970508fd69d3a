"""A cheap rollout policy for ISMCTS in ``northstar`` (``Game.plugins["rollout"]``): a few microseconds a decision,
in place of uniform play, which ends its play turns at random and attacks whatever it may.

ISMCTS also plays the other seats by this policy inside its search (``opponents="policy"``), so it is shaped after
what the heuristic bot does (measured on heuristic games, docs/bots.md): feed a hungry species when it can (the one
missing the most food), attack about as often as it feeds when a carnivore may; in a play turn choose the kind of
play first — a trait twice as often as a new species or a population step, a body step rarely — and end the turn
with a small chance; any other decision is uniform.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, Rng, actions_by_kind

from .cards import CARNIVORE
from .config import FOOD_, POP

#: chance that a feeding turn with an attack on offer attacks instead of feeding
ATTACK_CHANCE = 0.5
#: chance that a play-turn decision ends the turn while cards are left to play
END_TURN_CHANCE = 0.02
#: the plays a play turn chooses among first by kind, with their weights (the heuristic bot plays traits about twice
#: as often as new species or population, and body size rarely)
PLAY_WEIGHTS = (("trait", 2.0), ("new_species", 1.0), ("grow_pop", 1.0), ("grow_body", 0.2))


def choose(state: Any, legal: list[Action], rng: Rng) -> Action:
    """The rollout's action for whichever seat decides in ``state`` (a determinization), among ``legal``."""
    by_kind = actions_by_kind(legal)
    if "feed" in by_kind or "store_fat" in by_kind:
        attacks = by_kind.get("attack")
        if attacks is not None and rng.random() < ATTACK_CHANCE:
            return rng.choice(attacks)
        feeds = by_kind.get("feed")
        return _hungriest(state, feeds, rng) if feeds else rng.choice(by_kind["store_fat"])
    if "end_turn" in by_kind:
        if "trait" in by_kind:
            by_kind["trait"] = _herbivore_traits(state, by_kind["trait"])
        plays = [(by_kind[kind], weight) for kind, weight in PLAY_WEIGHTS if by_kind.get(kind)]
        if not plays or rng.random() < END_TURN_CHANCE:
            return by_kind["end_turn"][0]
        return rng.choice(_weighted(plays, rng))
    attacks = by_kind.get("attack")
    if attacks is not None and "pass" in by_kind and rng.random() >= ATTACK_CHANCE:
        return by_kind["pass"][0]
    return rng.choice(legal)


def _hungriest(state: Any, feeds: list[Action], rng: Rng) -> Action:
    """A feed action for a species of the seat to act missing the most food (ties at random)."""
    board = state.boards[state.current_player]
    missing = [board[action.args[0]][POP] - board[action.args[0]][FOOD_] for action in feeds]
    most = max(missing)
    return rng.choice([action for action, lack in zip(feeds, missing) if lack == most])


def _herbivore_traits(state: Any, traits: list[Action]) -> list[Action]:
    """The trait plays that do not make a species a Carnivore (a small carnivore starves: the heuristic bot seldom
    plays one, and random Carnivore plays made every rollout a famine)."""
    card_traits = state.cfg.ctrait
    return [action for action in traits if card_traits[action.args[0]] != CARNIVORE]


def _weighted(plays: list[tuple[list[Action], float]], rng: Rng) -> list[Action]:
    """One of ``plays`` (a kind's actions and its weight) drawn in proportion to the weights."""
    point = rng.random() * sum(weight for _, weight in plays)
    for actions, weight in plays:
        point -= weight
        if point < 0:
            return actions
    return plays[-1][0]
