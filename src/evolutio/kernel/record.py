"""Game records: rules version + options + seed (or a starting scenario) + the action list.

A record replays bit-for-bit: :func:`replay` rebuilds the game from its header, applies every action with full
legality checks and, when the record carries a final digest, verifies the final position against it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from .action import Action
from .errors import EvolutioError, IllegalAction, RecordError
from .game import Game, State
from .jsonfile import read_json
from .registry import load_game

FORMAT = "evolutio-record/1"


def make_record(state: State, *, players: Sequence[str] | None = None, start: dict[str, Any] | None = None,
                meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``state``'s game so far. ``start`` is the scenario it began from, if any."""
    rec: dict[str, Any] = {
        "format": FORMAT,
        "game": state.game.name,
        "rules_version": state.game.rules_version,
        "options": state.game.options_json(),
        "seed": state.seed,
        "actions": [a.to_json() for a in state.history],
    }
    if start is not None:
        rec["scenario"] = start
    if players is not None:
        rec["players"] = list(players)
    if meta:
        rec["meta"] = meta
    rec["final"] = {
        "terminal": state.is_terminal,
        "digest": state.digest(),
    }
    if state.is_terminal:
        rec["final"]["scores"] = state.scores()
        rec["final"]["winners"] = state.winners()
    return rec


def _check_header(rec: Any) -> None:
    if not isinstance(rec, dict):
        raise RecordError(f"a record is a JSON object, got {type(rec).__name__}")
    if rec.get("format") != FORMAT:
        raise RecordError(f"not an evolutio record: 'format' must be {FORMAT!r}, got {rec.get('format')!r}")
    for key, typ in (("game", str), ("options", dict), ("actions", list)):
        if not isinstance(rec.get(key), typ):
            raise RecordError(f"record field {key!r} is missing or not a {typ.__name__}")
    if "scenario" not in rec and (not isinstance(rec.get("seed"), int) or isinstance(rec.get("seed"), bool)):
        raise RecordError("record field 'seed' is missing or not an integer")


def start_state(rec: dict[str, Any]) -> State:
    _check_header(rec)
    try:
        game: Game = load_game(rec["game"], **rec["options"])
    except EvolutioError as exc:
        raise RecordError(f"record header: {exc}") from None
    if rec.get("rules_version") not in (None, game.rules_version):
        raise RecordError(
            f"record was made with {rec['game']} rules version {rec['rules_version']!r}; "
            f"this evolutio has {game.rules_version!r}"
        )
    if "scenario" in rec:
        from .scenario import load_scenario

        return load_scenario(rec["scenario"])
    return game.new_state(rec["seed"])


def replay(rec: dict[str, Any], *, verify: bool = True) -> State:
    """Rebuild the final state of a record. Raises ``RecordError`` naming the first action that fails."""
    state = start_state(rec)
    for i, raw in enumerate(rec["actions"]):
        try:
            action = Action.from_json(raw)
            state.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"action #{i + 1} {raw!r} does not replay: {exc}") from None
    final = rec.get("final")
    if verify and isinstance(final, dict) and "digest" in final:
        if state.digest() != final["digest"]:
            raise RecordError("the replayed game does not reach the recorded final position (digest differs)")
    return state


def save_record(rec: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")


def load_record(path: str | Path) -> dict[str, Any]:
    rec = read_json(path, RecordError, f"record {path}")
    _check_header(rec)
    return rec
