"""Game records: rules version + options + seed (or a starting scenario) + the action list.

A record replays bit-for-bit: :func:`replay` rebuilds the game from its header, applies every action with full
legality checks and compares every stored field (options, seed, players, the final position's digest, terminal
flag, scores and winners) with the replayed game. Records are written atomically; :func:`save_new_record` never
overwrites a file.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

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


#: top-level fields a record may hold; ``meta`` is free-form (who made it, bot seeds …) and is not checked
KNOWN_FIELDS = ("format", "game", "rules_version", "options", "seed", "scenario", "players", "meta", "actions", "final")
#: fields of ``final`` and what each is compared with
FINAL_FIELDS = ("terminal", "digest", "scores", "winners")


def apply_recorded(state: State, actions: Sequence[Any], where: str = "") -> State:
    """Apply recorded actions (their JSON forms) to ``state``, each checked, and return it. Raises ``RecordError``
    naming the first action that fails (prefixed by ``where``, e.g. the record's file, when given)."""
    for number, raw in enumerate(actions, start=1):
        try:
            state.apply(Action.from_json(raw))
        except IllegalAction as exc:
            prefix = f"{where}: " if where else ""
            raise RecordError(f"{prefix}action #{number} {raw!r} does not replay: {exc}") from None
    return state


def replay(rec: dict[str, Any], *, verify: bool = True) -> State:
    """Rebuild the final state of a record. Raises ``RecordError`` naming the first action that fails.

    With ``verify`` every stored field is compared with the replayed game (see :func:`verify_record`)."""
    state = apply_recorded(start_state(rec), rec["actions"])
    if verify:
        verify_record(rec, state)
    return state


def verify_record(rec: dict[str, Any], state: State) -> list[str]:
    """Compare every stored field of ``rec`` with ``state``, the game it replays to. Returns the names of the fields
    checked; raises ``RecordError`` naming the first field that does not match (or is unknown)."""
    checked = ["format", "game", "actions"]
    for key in rec:
        if key not in KNOWN_FIELDS:
            raise RecordError(f"record field {key!r} is not part of {FORMAT} (known: {', '.join(KNOWN_FIELDS)})")
    if rec.get("rules_version") is not None:
        checked.append("rules_version")  # start_state refused any other version
    options = state.game.options_json()
    for name, value in rec["options"].items():
        if name in options and options[name] != value and not _same_option(value, options[name]):
            raise RecordError(f"record field 'options.{name}' is {value!r}, but the game was set up with "
                              f"{options[name]!r}")
    checked.append("options")
    if "seed" in rec:
        if rec["seed"] != state.seed:
            raise RecordError(f"record field 'seed' is {rec['seed']!r}, but the game replayed has seed {state.seed}")
        checked.append("seed")
    if "scenario" in rec:
        checked.append("scenario")
    if "players" in rec:
        players = rec["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("record field 'players' must be a list of names (one per player)")
        if len(players) != state.num_players:
            raise RecordError(f"record field 'players' names {len(players)} players, but the game has "
                              f"{state.num_players}")
        checked.append("players")
    if "meta" in rec and not isinstance(rec["meta"], dict):
        raise RecordError("record field 'meta' must be an object")
    final = rec.get("final")
    if final is None:
        return checked
    if not isinstance(final, dict):
        raise RecordError("record field 'final' must be an object")
    for key in final:
        if key not in FINAL_FIELDS:
            raise RecordError(f"record field 'final.{key}' is not part of {FORMAT} (known: {', '.join(FINAL_FIELDS)})")
    replayed: dict[str, Any] = {"terminal": state.is_terminal, "digest": state.digest()}
    if state.is_terminal:
        replayed["scores"] = state.scores()
        replayed["winners"] = state.winners()
    for key in FINAL_FIELDS:
        if key not in final:
            continue
        if key not in replayed:
            raise RecordError(f"record field 'final.{key}' is given, but the replayed game is not over")
        if final[key] != replayed[key]:
            if key == "digest":
                raise RecordError("record field 'final.digest': the replayed game does not reach the recorded final "
                                  "position (digest differs)")
            raise RecordError(f"record field 'final.{key}' is {final[key]!r}, but the replayed game gives "
                              f"{replayed[key]!r}")
        checked.append(f"final.{key}")
    return checked


def _same_option(stored: Any, value: Any) -> bool:
    """Option values compare equal across JSON forms (a tuple option is stored as a list)."""
    return isinstance(stored, list) and isinstance(value, (list, tuple)) and list(stored) == list(value)


def record_json(rec: dict[str, Any]) -> str:
    return json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n"


def save_record(rec: dict[str, Any], path: str | Path) -> None:
    """Write ``rec`` to ``path`` atomically (a temporary file in the same folder, then renamed over ``path``): a
    crash or Ctrl-C never leaves half a record. Overwrites ``path``; :func:`save_new_record` never does."""
    target = Path(path)
    temporary = _write_temporary(target.parent, record_json(rec))
    try:
        os.replace(temporary, target)
    except OSError:
        temporary.unlink(missing_ok=True)
        raise


def save_new_record(rec: dict[str, Any], path: str | Path) -> Path:
    """Write ``rec`` atomically under ``path`` or, when that file exists, under the first free name ``STEM-2.json``,
    ``STEM-3.json``, …; an existing file is never overwritten. Returns the path written."""
    target = Path(path)
    temporary = _write_temporary(target.parent, record_json(rec))
    try:
        for number in range(1, MAX_NEW_NAMES + 1):
            candidate = target if number == 1 else target.with_name(f"{target.stem}-{number}{target.suffix}")
            try:
                os.link(temporary, candidate)  # fails if candidate exists: no race with another writer
            except FileExistsError:
                continue
            return candidate
        raise RecordError(f"no free record name like {target} (tried {MAX_NEW_NAMES})")
    finally:
        temporary.unlink(missing_ok=True)


#: how many numbered names :func:`save_new_record` tries before giving up
MAX_NEW_NAMES = 10_000


def check_record_folder(folder: str | Path) -> Path:
    """Make sure records can be written in ``folder`` (created if missing) by writing and removing a probe file;
    raise ``RecordError`` saying why not. Call it before a game starts so that a game's record is never lost."""
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise RecordError(f"records folder {folder}: exists and is not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        _write_temporary(path, "").unlink()
    except OSError as exc:
        raise RecordError(f"records folder {folder}: cannot write there ({exc.strerror or exc})") from None
    return path


def _write_temporary(folder: Path, text: str) -> Path:
    handle, name = tempfile.mkstemp(prefix=".record-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return Path(name)


def load_record(path: str | Path) -> dict[str, Any]:
    rec: dict[str, Any] = read_json(path, RecordError, f"record {path}")
    _check_header(rec)
    return rec
