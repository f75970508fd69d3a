"""Rollout policies for ISMCTS: how the search plays on after its tree.

A ruleset may provide a cheap policy through the registry, ``Game.plugins["rollout"] = "module:function"``, a
function ``choose(state, legal, rng) -> Action`` called on the search's own determinization for whichever seat is to
act (a few microseconds a decision, not an estimate per legal action as the heuristic bot needs). A ruleset without
one gets :func:`uniform`. ``epsilon`` mixes uniform play into a ruleset's policy.

A ruleset may also say where a stretch of its game ends, ``Game.plugins["rollout_stage"] = "module:function"``, a
function ``stage(state) -> Hashable`` of the public position (e.g. the round and whether its plays or its feeding are
under way): a search may then cut every rollout where the stage changes, so that every root action is judged after
the same stretch of play by every seat (``Level.cut_at_stage_end``). Another kind of stage plug-in names a longer
or shorter stretch for a pilot (e.g. northstar's ``"rollout_stage_round"``: a whole round, its feeding included).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from evolutio.kernel import Action, Rng, State, game_plugin

RolloutPolicy = Callable[[State, list[Action], Rng], Action]
RolloutStage = Callable[[State], Hashable]


def uniform(state: State, legal: list[Action], rng: Rng) -> Action:
    """Any legal action, each as likely."""
    return legal[rng.randbelow(len(legal))]


#: the plug-in kind of a ruleset's rollout policy
DEFAULT_POLICY = "rollout"

_POLICIES: dict[tuple[str, str], RolloutPolicy] = {}


def rollout_policy_for(game_name: str, kind: str = DEFAULT_POLICY) -> RolloutPolicy:
    """The rollout policy of ruleset ``game_name``: its plug-in of ``kind`` (another kind than the default names an
    alternative policy, e.g. for a pilot) if it has one, else its default policy, else :func:`uniform`."""
    found = _POLICIES.get((game_name, kind))
    if found is None:
        found = game_plugin(game_name, kind, fallback=DEFAULT_POLICY) or uniform
        _POLICIES[(game_name, kind)] = found
    return found


#: the plug-in kind of a ruleset's stage function
DEFAULT_STAGE = "rollout_stage"


def rollout_stage_for(game_name: str, kind: str = DEFAULT_STAGE) -> RolloutStage | None:
    """The stage function of ruleset ``game_name``: its plug-in of ``kind`` if it has one, else its default stage
    function (the ``rollout_stage`` plug-in), else ``None``."""
    found: RolloutStage | None = game_plugin(game_name, kind, fallback=DEFAULT_STAGE)
    return found
