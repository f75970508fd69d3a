"""Short pilots of ISMCTS variants against three heuristic bots, set beside a finished tournament's games.

A variant is ``NAME=key:value,...`` with fields of :class:`evolutio.bots.ismcts.Level` (``iterations``,
``rollout_depth``, ``worlds``, ``exploration``, ``temperature``, ...) changed from the medium level as it plays in
GAME (its ``by_game`` fields for GAME applied first), plus
``reward:win|share`` (a yes/no field takes 1 or 0). The pilot plays games ``FIRST``..``FIRST+GAMES-1`` of the
tournament ``ismcts:medium,heuristic,heuristic,heuristic`` (the same deal seeds, seat rotation and bot seeds as
``evolutio tournament GAME --seed SEED``) with the variant in the ISMCTS seat, and sets each game beside the game of
the same index in a baseline JSONL of that tournament, if given. The pairing is exact only when the baseline was
played by the same code apart from the level: a rules change that draws the deal differently changes every game.
It prints one line per game (with its scores, and whether it is the same game as the baseline's to its scores,
length and final traits) and a table: win share (ties split), mean margin over the best opponent, and the CPU
seconds per game of the whole game (nearly all of it the ISMCTS seat's). With ``--out FILE`` every game's row is
also appended to FILE in the tournament's JSONL format (a first line names the tournament and the variant), so
``strength_report.py`` reads it and the same command resumes it: games already in FILE are not played again.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from typing import Any

from pilot_games import OPPONENT, add_game_range, check_game_range, read_results, searcher_result

from evolutio.bots import register_bot
from evolutio.bots.ismcts import LEVELS, IsmctsBot
from evolutio.kernel import load_game
from evolutio.sim.tournament import play_tournament_game

BASE_NAME = "ismcts:medium"
PLAYERS = 4
#: what a game row must share with the baseline's row of the same index to be the same game: its scores, winners,
#: length and the traits every seat ended with
SAME_GAME_KEYS = ("scores", "winners", "decisions", "rounds", "traits")
REWARDS = ("win", "share")
EXAMPLE = """example: .venv/bin/python benchmarks/ismcts_pilot.py origin 1 0 40 d0=rollout_depth:0 \\
             benchmarks/results/origin-ismcts-vs-heuristic.jsonl"""


def _variant(spec: str) -> tuple[str, dict[str, Any], str]:
    """``NAME=key:value,...`` read into (name, the Level fields changed, reward); argparse's type for VARIANT."""
    name, equals, rest = spec.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"a variant is written NAME=key:value,... (NAME= for the medium level "
                                         f"unchanged), got {spec!r}")
    fields: dict[str, Any] = {}
    reward = "win"
    for item in filter(None, rest.split(",")):
        key, colon, raw = item.partition(":")
        if not colon:
            raise argparse.ArgumentTypeError(f"{item!r} in the variant {spec!r} is not key:value")
        if key == "reward":
            if raw not in REWARDS:
                raise argparse.ArgumentTypeError(f"reward is one of {', '.join(REWARDS)}, got {raw!r}")
            reward = raw
            continue
        if not hasattr(LEVELS["medium"], key):
            known = ", ".join(field.name for field in dataclasses.fields(LEVELS["medium"]))
            raise argparse.ArgumentTypeError(f"{key!r} is not a field of the ISMCTS level (fields: {known}, reward)")
        default = getattr(LEVELS["medium"], key)
        if isinstance(default, bool):
            fields[key] = raw.lower() in ("1", "true", "yes")
        else:
            try:
                fields[key] = type(default)(raw) if default is not None else raw
            except ValueError:
                raise argparse.ArgumentTypeError(f"{key} takes {type(default).__name__} values, got {raw!r}") from None
    return name, fields, reward


def _variant_argument(spec: str) -> tuple[str, tuple[str, dict[str, Any], str]]:
    """The variant as written (for the table) with what it reads as."""
    return spec, _variant(spec)


def _read_baseline(path: str) -> dict[int, dict[str, Any]]:
    """The rows of a tournament's JSONL by game index; argparse's type for BASELINE."""
    try:
        return read_results(path)[1]
    except FileNotFoundError as error:
        raise argparse.ArgumentTypeError(f"cannot read {path}: {error.strerror}") from None
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="ismcts_pilot.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_range(parser)
    parser.add_argument("variant", metavar="VARIANT", type=_variant_argument, help="NAME=key:value,... (see above)")
    parser.add_argument("baseline", metavar="BASELINE.jsonl", nargs="?", type=_read_baseline, default={},
                        help="a finished tournament's results file, set beside the pilot game by game")
    parser.add_argument("--out", metavar="FILE", help="append each game's row to FILE (the tournament's JSONL format); "
                        "games already in FILE are skipped, so the same command resumes the pilot")
    args = parser.parse_args()
    check_game_range(parser, args)
    args.done = set()
    if args.out:
        variant_text, (_, _, reward) = args.variant
        args.header = _results_header(args.game, args.seed, variant_text, reward)
        try:
            args.done = _games_in_results(args.out, args.header)
        except ValueError as error:
            parser.error(str(error))
    return args


def _results_header(game: str, seed: int, variant_text: str, reward: str) -> dict[str, Any]:
    """The first line of a pilot's results file: the tournament it plays (as ``evolutio tournament`` names it) and
    the variant in its ISMCTS seat."""
    return {"tournament": {"game": game, "bots": [BASE_NAME, OPPONENT, OPPONENT, OPPONENT], "seed": seed,
                           "options": _options(game)},
            "variant": variant_text, "reward": reward}


def _options(game: str) -> dict[str, Any]:
    """The tournament's options as ``evolutio tournament`` writes them (every option, defaults filled in), so that
    the tournament itself can resume a pilot's file once its variant has become the level."""
    return load_game(game, players=PLAYERS).options_json()


def _games_in_results(path: str, header: dict[str, Any]) -> set[int]:
    """The game indices already in the pilot's results file at ``path`` (none if it does not exist); ValueError if
    it holds another pilot or a line that is not JSON (a last line cut short by a stopped run is ignored)."""
    try:
        first_line, rows = read_results(path)
    except FileNotFoundError:
        return set()
    except ValueError as error:
        raise ValueError(f"--out {error}") from None
    if first_line and first_line != header:
        raise ValueError(f"--out {path} holds another pilot or tournament ({json.dumps(first_line)[:120]}); "
                         f"give another file")
    return set(rows)


def _prepare_results(path: str, header: dict[str, Any]) -> None:
    """Make the results file ready for rows: the header written into a new or empty file, a last line cut short by
    a stopped run dropped (its game is played again)."""
    try:
        with open(path, "rb+") as handle:
            data = handle.read()
            handle.truncate(data.rfind(b"\n") + 1)
    except FileNotFoundError:
        data = b""
    if b"\n" not in data:
        with open(path, "w") as handle:
            handle.write(json.dumps(header) + "\n")


def _append_row(path: str, row: dict[str, Any]) -> None:
    """One game's row, appended in one write (two pilot processes may share the file, each on its own games)."""
    with open(path, "a") as handle:
        handle.write(json.dumps(row) + "\n")


def main() -> None:
    args = _parse_arguments()
    game, seed, first, games = args.game, args.seed, args.first, args.games
    variant_text, (name, fields, reward) = args.variant
    baseline: dict[int, dict[str, Any]] = args.baseline
    level = dataclasses.replace(LEVELS["medium"].for_game(game), **fields)  # the medium as it plays in GAME, changed
    register_bot(BASE_NAME, lambda seed: IsmctsBot(seed=seed, level=level, reward=reward))
    spec = {"game": game, "bots": [BASE_NAME, OPPONENT, OPPONENT, OPPONENT], "games": first + games, "seed": seed,
            "options": _options(game)}
    mine: list[tuple[float, int]] = []
    paired: list[tuple[float, int]] = []
    cpu_total = 0.0
    done: set[int] = args.done
    if args.out:
        _prepare_results(args.out, args.header)
    for index in range(first, first + games):
        if index in done:
            continue
        start = time.process_time()
        row = play_tournament_game(spec, index)
        if args.out:
            _append_row(args.out, row)
        cpu = time.process_time() - start
        cpu_total += cpu
        mine.append(searcher_result(row)[:2])
        base = baseline.get(index)
        if base is not None:
            paired.append(searcher_result(base)[:2])
        base_text = f"  base {paired[-1][0]:.2f} {paired[-1][1]:+d}" if base is not None else ""
        if base is not None:   # the same game to the point? (a speed change to the medium level must keep them all)
            same = all(row[key] == base.get(key) for key in SAME_GAME_KEYS)
            base_text += f" {'same game' if same else 'another game'}"
        print(f"game {index}: {name} {mine[-1][0]:.2f} {mine[-1][1]:+d} scores {row['scores']}{base_text}  "
              f"cpu {cpu:.1f}s", flush=True)
    if not mine:
        print(f"every game of {first}-{first + games - 1} is already in {args.out}")
        return
    print(f"| {game} seed {seed}, games {first}-{first + games - 1} | games | win share | mean margin | CPU s/game |")
    print("|---|---:|---:|---:|---:|")
    print(f"| {name} ({variant_text}) | {len(mine)} | {sum(w for w, _ in mine) / len(mine):.1%} | "
          f"{sum(m for _, m in mine) / len(mine):+.2f} | {cpu_total / len(mine):.1f} |")
    if paired:
        share = sum(w for w, _ in paired) / len(paired)
        print(f"| baseline {BASE_NAME} on the same games | {len(paired)} | {share:.1%}"
              f" | {sum(m for _, m in paired) / len(paired):+.2f} | |")


if __name__ == "__main__":
    main()
