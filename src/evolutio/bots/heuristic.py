"""The ``heuristic`` bot: a one-ply look-ahead (two plies while the same seat completes a compound choice) on an
estimate of every seat's final score.

The estimate comes from the ruleset's ``"heuristic"`` plug-in (:func:`evolutio.kernel.game_plugin`): a class whose
``estimates(view)`` returns an expected final score per seat from one seat's view. A ruleset without one gets
:class:`ScoreEstimate`, which reads the game's own ``scores()``. Look-ahead runs on a determinization of the bot's
seat (``state.determinize(seat, rng)``), never on the real state, so no hidden card can influence the choice.
"""

from __future__ import annotations

from typing import Any, Protocol

from evolutio.kernel import Action, Rng, State, game_plugin

from .base import Bot

#: follow-up decisions of the same seat are searched only when there are at most this many of them
FOLLOW_UP_WIDTH = 16
#: plies searched while the same seat keeps deciding (e.g. choosing a card, then its target)
SAME_SEAT_PLIES = 2
#: weight of the best opponent (the rest goes to the opponents' mean) in the value of a position
BEST_OPPONENT_WEIGHT = 0.5
#: replies of another seat followed at most this deep (an attack's defences: one per defence trait, then the kill)
REPLY_PLIES = 4
#: the faces of the die a reply may roll (each is tried, pinned, and the outcomes averaged)
DIE_FACES = range(1, 7)


class Estimator(Protocol):
    #: how many determinizations each action is tried on (their values are averaged): more than one where dice
    #: decide an action's outcome at once (a fight), so that a lucky roll in one sampled world does not decide
    worlds: int
    #: decisions (the view's ``"decision"``) another seat takes in reply to the bot's action before it resolves (an
    #: attack's defences): the bot follows them — the replying seat's best reply by the estimate, the dice averaged
    replies: frozenset[str]

    def estimate(self, state: State, seat: int) -> list[float]:
        """Expected final score of every seat in ``state`` (a determinization), seen from ``seat``."""


class ScoreEstimate:
    """Generic estimate for any ruleset: the scores on the table now."""

    worlds = 1
    replies: frozenset[str] = frozenset()

    def estimate(self, state: State, seat: int) -> list[float]:
        return [float(score) for score in state.scores()]


class ViewEstimate:
    """A ruleset's view-based estimate (its ``"heuristic"`` plug-in) read from ``state.view(seat)``."""

    def __init__(self, plugin: Any) -> None:
        self.plugin = plugin
        self.worlds = int(getattr(plugin, "worlds", 1))
        #: a plug-in with ``asks_rules`` also gets the determinization, to ask the game's own legality checks (which
        #: animal may attack which) instead of re-implementing them on the view
        self.asks_rules = bool(getattr(plugin, "asks_rules", False))
        self.replies = frozenset(getattr(plugin, "replies", ()))

    def estimate(self, state: State, seat: int) -> list[float]:
        if state.is_terminal:
            return [float(score) for score in state.scores()]
        if self.asks_rules:
            return list(self.plugin.estimates(state.view(seat), state))
        return list(self.plugin.estimates(state.view(seat)))


_ESTIMATORS: dict[str, Estimator] = {}


def estimator_for(game_name: str) -> Estimator:
    """The estimate for ruleset ``game_name``: its plug-in if it has one, else the generic score estimate."""
    found = _ESTIMATORS.get(game_name)
    if found is None:
        plugin_class = game_plugin(game_name, "heuristic")
        found = ViewEstimate(plugin_class()) if plugin_class is not None else ScoreEstimate()
        _ESTIMATORS[game_name] = found
    return found


def seat_value(estimates: list[float], seat: int) -> float:
    """How good the estimates are for ``seat``: its own score against a blend of the best and the mean opponent."""
    others = [value for other, value in enumerate(estimates) if other != seat]
    if not others:
        return estimates[seat]
    blended = BEST_OPPONENT_WEIGHT * max(others) + (1.0 - BEST_OPPONENT_WEIGHT) * sum(others) / len(others)
    return estimates[seat] - blended


class HeuristicBot(Bot):
    """Greedy on the estimate: tries each legal action on one determinization and keeps the best."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = Rng(seed, stream=11)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        assert seat is not None
        estimator = estimator_for(state.game.name)
        worlds = [state.determinize(seat, self.rng) for _ in range(estimator.worlds)]
        for world in worlds:
            world.log_events = False
        best_action = legal[0]
        best_value = float("-inf")
        for action in legal:
            value = sum(self._value_after(world, action, seat, estimator, SAME_SEAT_PLIES) for world in worlds)
            if value > best_value:
                best_action, best_value = action, value
        return best_action

    def _value_after(self, world: State, action: Action, seat: int, estimator: Estimator, plies: int) -> float:
        child = world.clone()
        child.apply_trusted(action)
        if plies > 1 and not child.is_terminal and child.current_player == seat:
            follow_ups = child.legal_actions()
            if len(follow_ups) <= FOLLOW_UP_WIDTH:
                return max(self._value_after(child, follow_up, seat, estimator, plies - 1) for follow_up in follow_ups)
        return seat_value(self._estimates_after_replies(child, seat, estimator, REPLY_PLIES), seat)

    def _estimates_after_replies(self, state: State, seat: int, estimator: Estimator, plies: int) -> list[float]:
        """The estimates of ``state``, or, when another seat must first reply to the bot's action (a decision in
        ``estimator.replies``, e.g. the prey's owner choosing a defence), of the position after the reply that seat
        likes best by the same estimate, each reply's dice averaged over the faces."""
        replier = state.current_player
        if (plies <= 0 or not estimator.replies or replier is None or replier == seat
                or state.view(seat)["decision"] not in estimator.replies):
            return estimator.estimate(state, seat)
        best: list[float] = []
        for reply in state.legal_actions():
            outcome = self._reply_outcome(state, reply, seat, estimator, plies - 1)
            if not best or seat_value(outcome, replier) > seat_value(best, replier):
                best = outcome
        return best

    def _reply_outcome(self, state: State, reply: Action, seat: int, estimator: Estimator, plies: int) -> list[float]:
        """The estimates after ``reply``: if it rolls a die, the mean over the die's faces (each pinned in turn)."""
        outcomes = []
        for face in DIE_FACES:
            child = state.clone()
            free = not child.rng.pinned_dice   # dice a scenario pinned roll as pinned, once
            if free:
                child.rng.pin_dice([face])
            child.apply_trusted(reply)
            rolled = free and not child.rng.pinned_dice
            if free and not rolled:
                child.rng.pinned_dice = ()   # no die rolled: the pin must not decide a later roll
            outcomes.append(self._estimates_after_replies(child, seat, estimator, plies))
            if not rolled:
                break
        return [sum(values) / len(outcomes) for values in zip(*outcomes)]
