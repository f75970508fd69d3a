"""Scenarios: JSON documents that set up any position. See ``docs/scenarios.md``.

Every scenario has the same header — ``{"game": NAME, "options": {...}, "seed": INT}`` — and a body whose form the
ruleset defines and documents. :func:`load_scenario` checks the header, then hands the body to the ruleset's
``state_from_scenario``, which must raise :class:`ScenarioError` with a precise message for anything invalid.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from .errors import EvolutioError, ScenarioError
from .flow import FlowState
from .game import Game, State
from .jsonfile import read_json
from .registry import load_game


# -- field readers for rulesets' scenario loaders: each checks one JSON value and names its path when it is wrong ----
def read_int(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    """``value`` as an integer in ``[low, high]`` (no upper bound when ``high`` is ``None``)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"{where}: must be an integer, got {value!r}")
    if value < low or (high is not None and value > high):
        raise ScenarioError(f"{where}: must be between {low} and {high}, got {value}" if high is not None
                            else f"{where}: must be at least {low}, got {value}")
    return value


def read_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"{where}: must be true or false, got {value!r}")
    return value


def read_object(value: Any, where: str, keys: set[str]) -> dict[str, Any]:
    """``value`` as an object whose fields are among ``keys``."""
    if not isinstance(value, dict):
        raise ScenarioError(f"{where}: must be an object, got {type(value).__name__}")
    unknown = set(value) - keys
    if unknown:
        raise ScenarioError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}; known: "
                            f"{', '.join(sorted(keys))}")
    return value


def read_list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: must be a list, got {type(value).__name__}")
    return value


#: puts a scenario's pinned cards on top of a named deck: ``(deck, cards, json_path)``; see :meth:`State.pin_deck`
DeckPinner = Callable[[str, list[Any], str], None]


def apply_scenario_controls(state: State, data: dict[str, Any], pin_deck: DeckPinner | None = None) -> None:
    """Pin a scenario's chance outcomes and set its hold points on a freshly built state.

    A ruleset's ``state_from_scenario`` calls this after placing the position and **before** advancing it to its
    first decision, so that the first roll or reveal is already pinned. The body fields it reads:

    - ``chance``: a list of upcoming outcomes, consumed in order before the seeded generator takes over —
      ``{"die": 5}``, ``{"dice": [3, 4]}`` (results of the ruleset's die, :attr:`Game.die_sides` faces), or
      ``{"deck": NAME, "cards": [...]}`` (the next cards of a named deck, handed to ``pin_deck`` — the ruleset's
      scenario loader passes its own — or else to the state's :meth:`State.pin_deck`);
    - ``hold``: names of hold points (:attr:`Game.hold_points`) where the game stops until ``resume``.

    Errors name the JSON path (``chance[1].die: 7 is not a face of a 6-sided die``).
    """
    game = state.game
    pin = state.pin_deck if pin_deck is None else pin_deck
    chance = data.get("chance", [])
    if not isinstance(chance, list):
        raise ScenarioError(f"chance: expected a list of outcomes, got {type(chance).__name__}")
    dice: list[int] = []
    for index, entry in enumerate(chance):
        path = f"chance[{index}]"
        if not isinstance(entry, dict) or len(set(entry) & {"die", "dice", "deck"}) != 1:
            raise ScenarioError(f'{path}: expected {{"die": N}}, {{"dice": [N, ...]}} or {{"deck": NAME, "cards": '
                                f"[...]}}, got {entry!r}")
        if "deck" in entry:
            extra = set(entry) - {"deck", "cards"}
            if extra:
                raise ScenarioError(f"{path}: unknown field {sorted(extra)[0]!r}")
            name, cards = entry["deck"], entry.get("cards")
            if not isinstance(name, str):
                raise ScenarioError(f"{path}.deck: expected a deck name, got {name!r}")
            if not isinstance(cards, list) or not cards:
                raise ScenarioError(f"{path}.cards: expected a non-empty list of cards")
            pin(name, cards, path)
            continue
        key = "die" if "die" in entry else "dice"
        extra = set(entry) - {key}
        if extra:
            raise ScenarioError(f"{path}: unknown field {sorted(extra)[0]!r}")
        values = [entry[key]] if key == "die" else entry[key]
        if not isinstance(values, list) or not values:
            raise ScenarioError(f"{path}.dice: expected a non-empty list of die results")
        for position, value in enumerate(values):
            where = f"{path}.die" if key == "die" else f"{path}.dice[{position}]"
            if game.die_sides == 0:
                raise ScenarioError(f"{where}: {game.name} rolls no dice")
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= game.die_sides:
                raise ScenarioError(f"{where}: {value!r} is not a face of a {game.die_sides}-sided die")
            dice.append(value)
    state.rng.pin_dice(dice)
    hold = data.get("hold", [])
    if not isinstance(hold, list):
        raise ScenarioError(f"hold: expected a list of hold point names, got {type(hold).__name__}")
    for index, point in enumerate(hold):
        if point not in game.hold_points:
            known = ", ".join(sorted(game.hold_points)) or "none"
            raise ScenarioError(f"hold[{index}]: unknown hold point {point!r} for {game.name} (known: {known})")
    if hold:
        if not isinstance(state, FlowState):
            raise ScenarioError(f"hold: {game.name} has no hold points")
        state.holds = frozenset(hold)


def put_on_top(deck: list[int], chosen: list[int], spare: list[int], where: str) -> None:
    """Move the ``chosen`` cards (the first to be drawn first) to the top of ``deck``, a list drawn from its end.

    Each chosen card is in ``deck`` or in ``spare`` — unseen cards out of play, put there by chance (the box); a card
    from ``spare`` enters the deck in place of the deck's bottom-most card not chosen, which goes to ``spare``, so the
    deck keeps its size. ``where`` is the JSON path of the chosen list, named when the deck is too small."""
    rest = [card for card in deck if card not in chosen]
    for card in chosen:
        if card in spare:
            if not rest:
                raise ScenarioError(f"{where}: {len(chosen)} cards pinned, but the deck holds only {len(deck)}")
            spare.remove(card)
            spare.append(rest.pop(0))
    deck[:] = rest + chosen[::-1]


POSITION_KEY = "position"


def scenario_from_state(state: State) -> dict[str, Any]:
    """A scenario that starts exactly at ``state``'s position, random generator included.

    Its body is ``"position"``: the state's own saved form without history and events, so every ruleset has it and
    the game plays on from it exactly as it would have (same views, legal actions and :meth:`State.position_digest`).
    This is what ``evolutio scenario from-record`` writes for bug reports and puzzles."""
    position = state.to_json()
    position.pop("history", None)
    position.pop("events", None)
    return {"game": state.game.name, "options": state.game.options_json(), "seed": state.seed,
            POSITION_KEY: position}


def _state_from_position(game: Game, position: Any) -> State:
    if not isinstance(position, dict):
        raise ScenarioError(f"{POSITION_KEY}: expected an object (a saved position), got {type(position).__name__}")
    version = position.get("rules_version")
    if version != game.rules_version:
        raise ScenarioError(f"{POSITION_KEY}.rules_version: the position was saved with {game.name} rules version "
                            f"{version!r}; this evolutio has {game.rules_version!r}")
    if position.get("game") != game.name:
        raise ScenarioError(f"{POSITION_KEY}.game: the position is of {position.get('game')!r}, not {game.name!r}")
    try:
        return game.state_from_json({**position, "history": [], "events": []})
    except ScenarioError:
        raise
    except (EvolutioError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise ScenarioError(f"{POSITION_KEY}: not a valid saved {game.name} position ({type(exc).__name__}: {exc})") \
            from None


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
    if POSITION_KEY in data:
        return _state_from_position(game, data[POSITION_KEY])
    try:
        return game.state_from_scenario(data)
    except ScenarioError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ScenarioError(f"malformed {name} scenario: {type(exc).__name__}: {exc}") from None
