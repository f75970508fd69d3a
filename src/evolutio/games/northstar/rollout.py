"""A cheap rollout policy for ISMCTS in ``northstar`` (``Game.plugins["rollout"]``): a few microseconds a decision,
in place of uniform play, which ends its play turns at random and attacks whatever it may.

It reads only the action kinds: feed a species when it can (attacking now and then), in a play turn choose the kind
of play first (a trait, a new species, body size or population, each as likely whatever the number of cards and
species behind it) and end the turn with a small chance; any other decision is uniform.

:func:`choose_careful` (``Game.plugins["rollout_careful"]``, for pilots) is the same policy in everything but the
plays it draws: no Carnivore trait on a species with nothing smaller to hunt, and body size a quarter as likely as the
other kinds of play (the plays the estimate punishes most).

:func:`choose_ending_turns` (``Game.plugins["rollout_ends_turns"]``, for pilots) is the same policy but for its play
turns, which it ends at once: as the searching seat's own continuation after the tree (``Level.rollout_policy``, with
the other seats on the default by ``Level.opponent_policy``) it judges a play by what it adds and not by the random
plays after it, so "end the turn" and a play are compared on equal terms.

:func:`stage` (``Game.plugins["rollout_stage"]``) says which stretch of the game a position is in: a round's planning
(the food-card choice and the play turns) or the rest of it (leaf effects and feeding).
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, Rng, actions_by_kind

from .cards import CARNIVORE
from .config import BODY, FOOD, PLAY, REPLACE

#: chance that a feeding turn with an attack on offer attacks instead of feeding
ATTACK_CHANCE = 0.25
#: chance that a play-turn decision ends the turn while cards are left to play
END_TURN_CHANCE = 0.02
#: the plays a play turn chooses among first by kind
PLAYS = ("trait", "new_species", "grow_body", "grow_pop")
#: the careful policy's weight of each kind of play (the estimate values body size least; the others about alike)
CAREFUL_WEIGHTS = {"trait": 1.0, "new_species": 1.0, "grow_body": 0.25, "grow_pop": 1.0}
#: the phases of a round's planning stretch (the rest of the round is its feeding stretch)
PLANNING = frozenset((FOOD, PLAY, REPLACE))


def choose(state: Any, legal: list[Action], rng: Rng) -> Action:
    """The rollout's action for whichever seat decides in ``state`` (a determinization), among ``legal``."""
    by_kind = actions_by_kind(legal)
    if "feed" in by_kind or "store_fat" in by_kind:
        attacks = by_kind.get("attack")
        if attacks is not None and rng.random() < ATTACK_CHANCE:
            return rng.choice(attacks)
        return rng.choice(by_kind.get("feed") or by_kind["store_fat"])
    if "end_turn" in by_kind:
        plays = [by_kind[kind] for kind in PLAYS if kind in by_kind]
        if not plays or rng.random() < END_TURN_CHANCE:
            return by_kind["end_turn"][0]
        return rng.choice(rng.choice(plays))
    attacks = by_kind.get("attack")
    if attacks is not None and "pass" in by_kind and rng.random() >= ATTACK_CHANCE:
        return by_kind["pass"][0]
    return rng.choice(legal)


def choose_careful(state: Any, legal: list[Action], rng: Rng) -> Action:
    """:func:`choose`, but a play turn draws no Carnivore trait without prey and body size less often."""
    by_kind = actions_by_kind(legal)
    ends = by_kind.get("end_turn")
    if ends is None or "feed" in by_kind or "store_fat" in by_kind:
        return choose(state, legal, rng)
    plays = {kind: by_kind[kind] for kind in PLAYS if kind in by_kind}
    if "trait" in plays:
        sensible = [action for action in plays["trait"] if not _carnivore_without_prey(state, action)]
        if sensible:
            plays["trait"] = sensible
        else:
            del plays["trait"]
    if not plays or rng.random() < END_TURN_CHANCE:
        return ends[0]
    draw = rng.random() * sum(CAREFUL_WEIGHTS[kind] for kind in plays)
    for kind, actions in plays.items():
        draw -= CAREFUL_WEIGHTS[kind]
        if draw < 0:
            return rng.choice(actions)
    return rng.choice(actions)


def choose_ending_turns(state: Any, legal: list[Action], rng: Rng) -> Action:
    """:func:`choose`, but a play turn is ended at once, whatever is left to play."""
    by_kind = actions_by_kind(legal)
    ends = by_kind.get("end_turn")
    if ends is not None and "feed" not in by_kind and "store_fat" not in by_kind:
        return ends[0]
    return choose(state, legal, rng)


def _carnivore_without_prey(state: Any, action: Action) -> bool:
    """Whether ``action`` (a trait play) puts a Carnivore on a species no other seat's species is smaller than."""
    card, species = action.args
    if state.cfg.ctrait[card] != CARNIVORE:
        return False
    seat = state.current_player
    row = state.boards[seat]
    body = row[species][BODY] if species < len(row) else state.cfg.minbody
    return not any(other[BODY] < body for owner, board in enumerate(state.boards) if owner != seat for other in board)


def stage(state: Any) -> tuple[int, bool]:
    """(the round, whether it is in its planning stretch) of ``state``: both are public."""
    return state.turn_number, state.phase in PLANNING


def round_stage(state: Any) -> int:
    """The round of ``state`` (public): a stretch that runs from a round's first play to the end of its feeding."""
    return int(state.turn_number)
