"""The games a pilot plays: the arguments GAME SEED FIRST GAMES that heuristic_pilot.py and ismcts_pilot.py share
(games FIRST..FIRST+GAMES-1 of the tournament of seed SEED in ruleset GAME), parsed and checked in one place; the
results files the pilots and their reports read (:func:`read_results`, :func:`searcher_result`); and the weights of
an estimate that heuristic_duel.py and estimate_fit.py change (:func:`weight`, :func:`apply_weights`)."""

from __future__ import annotations

import argparse
import ast
import json
import math
from typing import Any

from evolutio.bots.heuristic import Estimator, ViewEstimate, estimator_for
from evolutio.kernel import list_games


def add_game_range(parser: argparse.ArgumentParser) -> None:
    """The positional arguments GAME SEED FIRST GAMES."""
    parser.add_argument("game", metavar="GAME", help="the ruleset")
    parser.add_argument("seed", metavar="SEED", type=int, help="the tournament's seed")
    parser.add_argument("first", metavar="FIRST", type=int, help="the first game's index")
    parser.add_argument("games", metavar="GAMES", type=int, help="games played")


def check_game_range(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse (argparse's one-line error, exit 2) an unknown ruleset or an empty range of games."""
    if args.game not in list_games():
        parser.error(f"unknown game {args.game!r}; registered games: {', '.join(list_games())}")
    if args.first < 0 or args.games < 1:
        parser.error(f"FIRST must be 0 or more and GAMES at least 1, got {args.first} and {args.games}")


#: the bot the searching seat of a pilot's tournament plays against
OPPONENT = "heuristic"


def read_results(path: str) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """The first line (a tournament's header) and the game rows by index of the JSONL results file at ``path``; a
    last line without its newline (a row being written, or cut short by a stopped run) is left out. FileNotFoundError
    if there is no file; ValueError, with a one-line message, if it cannot be read or a line is not JSON."""
    try:
        with open(path) as handle:
            lines = handle.readlines()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None
    header: dict[str, Any] = {}
    rows: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines, 1):
        if not line.endswith("\n"):
            break
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"{path}, line {number}: not JSON ({error.msg})") from None
        if number == 1:
            header = row
        if isinstance(row, dict) and "index" in row:
            rows[row["index"]] = row
    return header, rows


def searcher_result(row: dict[str, Any]) -> tuple[float, int, int]:
    """(win share, margin over the best other seat, score) of the one seat of a game row that is not an
    :data:`OPPONENT` (shared wins split)."""
    seat = searching_seat(row)
    win, margin = seat_result(row["scores"], row["winners"], seat)
    return win, margin, row["scores"][seat]


def seat_result(scores: list[int], winners: list[int], seat: int) -> tuple[float, int]:
    """(win share, margin over the best other seat) of ``seat`` in a finished game (shared wins split)."""
    win = 1.0 / len(winners) if seat in winners else 0.0
    return win, scores[seat] - max(score for other, score in enumerate(scores) if other != seat)


def searching_seat(row: dict[str, Any]) -> int:
    """The one seat of a game row that is not an :data:`OPPONENT`."""
    return next(index for index, name in enumerate(row["seats"]) if name != OPPONENT)


def sign_test(wins: int, losses: int) -> float:
    """Two-sided exact sign test: the chance of a split at least this uneven if either side were equally likely."""
    flips = wins + losses
    if flips == 0:
        return 1.0
    tail = sum(math.comb(flips, k) for k in range(min(wins, losses) + 1)) / 2 ** flips
    return min(1.0, 2 * tail)


def weight(text: str) -> tuple[str, float]:
    """``NAME=NUMBER`` read into (name, number); argparse's type for a weight."""
    name, equals, raw = text.partition("=")
    try:
        value = ast.literal_eval(raw) if equals and name else None
    except (ValueError, SyntaxError):
        value = None
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise argparse.ArgumentTypeError(f"a weight is written NAME=NUMBER, got {text!r}")
    return name, float(value)


def estimate_weights(plugin: Any) -> dict[str, float]:
    """An estimate plug-in's weights: its public float attributes (class or instance)."""
    return {name: getattr(plugin, name) for name in dir(plugin)
            if not name.startswith("_") and isinstance(getattr(plugin, name), float)}


def apply_weights(parser: argparse.ArgumentParser, game: str, kind: str,
                  weights: list[tuple[str, float]]) -> Estimator:
    """Ruleset ``game``'s estimate of ``kind`` with ``weights`` set on its plug-in; a name that is not one of its
    weights is refused (argparse's one-line error, exit 2)."""
    estimator = estimator_for(game, kind)
    for name, value in weights:
        if not isinstance(estimator, ViewEstimate) or name not in estimate_weights(estimator.plugin):
            parser.error(f"{game}'s {kind!r} estimate has no weight {name!r}")
        setattr(estimator.plugin, name, value)
    return estimator
