"""Scenarios: JSON documents that set up any position. See ``docs/scenarios.md``.

Every scenario has the same header — ``{"game": NAME, "options": {...}, "seed": INT}`` — and a body whose form the
ruleset defines and documents. :func:`load_scenario` checks the header, then hands the body to the ruleset's
``state_from_scenario``, which must raise :class:`ScenarioError` with a precise message for anything invalid.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import EvolutioError, ScenarioError
from .game import State
from .jsonfile import read_json
from .registry import load_game


def load_scenario(data: dict[str, Any] | str | Path) -> State:
    if isinstance(data, (str, Path)):
        data = read_json(data, ScenarioError, f"scenario {data}")
    if not isinstance(data, dict):
        raise ScenarioError(f"a scenario is a JSON object, got {type(data).__name__}")
    name = data.get("game")
    if not isinstance(name, str):
        raise ScenarioError("a scenario needs a 'game' field naming the ruleset")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScenarioError("scenario 'options' must be an object")
    try:
        game = load_game(name, **options)
    except EvolutioError as exc:
        raise ScenarioError(f"scenario header: {exc}") from None
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(f"scenario 'seed' must be an integer, got {seed!r}")
    try:
        return game.state_from_scenario(data)
    except ScenarioError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ScenarioError(f"malformed {name} scenario: {type(exc).__name__}: {exc}") from None
