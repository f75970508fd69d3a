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
#: what winning a tied score is worth on top of the score in a finished game (shared among the winners): less than a
#: point, so that the ruleset's own tie rule (``winners()``) decides between equal scores and nothing else
WIN_CREDIT = 0.5


def finished_values(state: State) -> list[float]:
    """A finished game's value per seat: its score, and where the top score is tied, the winners' share of
    :data:`WIN_CREDIT` (a clear winner gets none, so that finishing the game is worth no more than its score)."""
    values = [float(score) for score in state.scores()]
    top = max(values)
    if sum(value == top for value in values) > 1:
        winners = state.winners()
        for seat in winners:
            values[seat] += WIN_CREDIT / len(winners)
    return values


class Estimator(Protocol):
    #: how many determinizations each action is tried on (their values are averaged): more than one where dice
    #: decide an action's outcome at once (a fight), so that a lucky roll in one sampled world does not decide
    worlds: int

    def estimate(self, state: State, seat: int) -> list[float]:
        """Expected final score of every seat in ``state`` (a determinization), seen from ``seat``."""

    def rounds_left(self, state: State, seat: int) -> float | None:
        """Rounds expected after the current one, seen from ``seat``, or ``None`` where the ruleset does not say."""


class ScoreEstimate:
    """Generic estimate for any ruleset: the scores on the table now."""

    worlds = 1

    def estimate(self, state: State, seat: int) -> list[float]:
        if state.is_terminal:
            return finished_values(state)
        return [float(score) for score in state.scores()]

    def rounds_left(self, state: State, seat: int) -> float | None:
        return None


class ViewEstimate:
    """A ruleset's view-based estimate (its ``"heuristic"`` plug-in) read from ``state.view(seat)``."""

    def __init__(self, plugin: Any) -> None:
        self.plugin = plugin
        self.worlds = int(getattr(plugin, "worlds", 1))
        #: a plug-in with ``asks_rules`` also gets the determinization, to ask the game's own legality checks (which
        #: animal may attack which) instead of re-implementing them on the view
        self.asks_rules = bool(getattr(plugin, "asks_rules", False))

    def estimate(self, state: State, seat: int) -> list[float]:
        if state.is_terminal:
            return finished_values(state)
        if self.asks_rules:
            return list(self.plugin.estimates(state.view(seat), state))
        return list(self.plugin.estimates(state.view(seat)))

    def rounds_left(self, state: State, seat: int) -> float | None:
        """The plug-in's ``rounds_left(view)`` if it has one (none for a finished game)."""
        if state.is_terminal or not hasattr(self.plugin, "rounds_left"):
            return None
        return float(self.plugin.rounds_left(state.view(seat)))


#: the plug-in kind of a ruleset's estimate (the heuristic bot's, and the search's unless its level names another)
DEFAULT_ESTIMATE = "heuristic"

_ESTIMATORS: dict[tuple[str, str], Estimator] = {}


def estimator_for(game_name: str, kind: str = DEFAULT_ESTIMATE) -> Estimator:
    """The estimate for ruleset ``game_name``: its plug-in of ``kind`` (another kind than the default names an
    alternative estimate, e.g. one a search level reads), else its default estimate plug-in, else the generic score
    estimate."""
    found = _ESTIMATORS.get((game_name, kind))
    if found is None:
        plugin_class = game_plugin(game_name, kind, fallback=DEFAULT_ESTIMATE)
        found = ViewEstimate(plugin_class()) if plugin_class is not None else ScoreEstimate()
        _ESTIMATORS[(game_name, kind)] = found
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

    def __init__(self, seed: int = 0, same_seat_plies: int = SAME_SEAT_PLIES, estimate: str = DEFAULT_ESTIMATE,
                 worlds: int | None = None) -> None:
        super().__init__(seed)
        self.rng = Rng(seed, stream=11)
        #: plies looked at while the same seat keeps deciding (1: only the position right after each action)
        self.same_seat_plies = same_seat_plies
        #: the ruleset's estimate plug-in kind it reads (:func:`estimator_for`; e.g. for a duel of two estimates)
        self.estimate = estimate
        #: determinizations each action is tried on; ``None``: the estimate's own ``worlds``
        self.worlds = worlds

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.ranked(state)[0]

    def ranked(self, state: State) -> list[Action]:
        """The legal actions of ``state``, best first by the look-ahead (the first of equal ones first)."""
        legal = state.legal_actions()
        seat = state.current_player
        assert seat is not None
        estimator = estimator_for(state.game.name, self.estimate)
        worlds = [state.determinize(seat, self.rng) for _ in range(self.worlds or estimator.worlds)]
        for world in worlds:
            world.log_events = False
        values = [sum(self._value_after(world, action, seat, estimator, self.same_seat_plies) for world in worlds)
                  for action in legal]
        order = sorted(range(len(legal)), key=lambda index: -values[index])
        return [legal[index] for index in order]

    def _value_after(self, world: State, action: Action, seat: int, estimator: Estimator, plies: int) -> float:
        child = world.clone()
        child.apply_trusted(action)
        if plies > 1 and not child.is_terminal and child.current_player == seat:
            follow_ups = child.legal_actions()
            if len(follow_ups) <= FOLLOW_UP_WIDTH:
                return max(self._value_after(child, follow_up, seat, estimator, plies - 1) for follow_up in follow_ups)
        return seat_value(estimator.estimate(child, seat), seat)
