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
seconds per game of the whole game (nearly all of it the ISMCTS seat's).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from typing import Any

from pilot_games import add_game_range, check_game_range

from evolutio.bots import register_bot
from evolutio.bots.ismcts import LEVELS, IsmctsBot
from evolutio.sim.tournament import play_tournament_game

BASE_NAME = "ismcts:medium"
OPPONENT = "heuristic"
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
    """The rows of a finished tournament's JSONL by game index; argparse's type for BASELINE."""
    baseline: dict[int, dict[str, Any]] = {}
    try:
        with open(path) as handle:
            for line in handle:
                row = json.loads(line)
                if "index" in row:
                    baseline[row["index"]] = row
    except OSError as error:
        raise argparse.ArgumentTypeError(f"cannot read {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise argparse.ArgumentTypeError(f"{path} is not JSONL ({error.msg}, line {error.lineno})") from None
    return baseline


def _parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="ismcts_pilot.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_range(parser)
    parser.add_argument("variant", metavar="VARIANT", type=_variant_argument, help="NAME=key:value,... (see above)")
    parser.add_argument("baseline", metavar="BASELINE.jsonl", nargs="?", type=_read_baseline, default={},
                        help="a finished tournament's results file, set beside the pilot game by game")
    args = parser.parse_args()
    check_game_range(parser, args)
    return args


def _searcher_result(row: dict[str, Any]) -> tuple[float, int]:
    """(win share of the searching seat, its margin over the best opponent) in one game row."""
    seat = next(index for index, name in enumerate(row["seats"]) if name != OPPONENT)
    scores, winners = row["scores"], row["winners"]
    win = 1.0 / len(winners) if seat in winners else 0.0
    return win, scores[seat] - max(score for other, score in enumerate(scores) if other != seat)


def main() -> None:
    args = _parse_arguments()
    game, seed, first, games = args.game, args.seed, args.first, args.games
    variant_text, (name, fields, reward) = args.variant
    baseline: dict[int, dict[str, Any]] = args.baseline
    level = dataclasses.replace(LEVELS["medium"].for_game(game), **fields)  # the medium as it plays in GAME, changed
    register_bot(BASE_NAME, lambda seed: IsmctsBot(seed=seed, level=level, reward=reward))
    spec = {"game": game, "bots": [BASE_NAME, OPPONENT, OPPONENT, OPPONENT], "games": first + games, "seed": seed,
            "options": {"players": PLAYERS}}
    mine: list[tuple[float, int]] = []
    paired: list[tuple[float, int]] = []
    cpu_total = 0.0
    for index in range(first, first + games):
        start = time.process_time()
        row = play_tournament_game(spec, index)
        cpu = time.process_time() - start
        cpu_total += cpu
        mine.append(_searcher_result(row))
        base = baseline.get(index)
        if base is not None:
            paired.append(_searcher_result(base))
        base_text = f"  base {paired[-1][0]:.2f} {paired[-1][1]:+d}" if base is not None else ""
        if base is not None:   # the same game to the point? (a speed change to the medium level must keep them all)
            same = all(row[key] == base.get(key) for key in SAME_GAME_KEYS)
            base_text += f" {'same game' if same else 'another game'}"
        print(f"game {index}: {name} {mine[-1][0]:.2f} {mine[-1][1]:+d} scores {row['scores']}{base_text}  "
              f"cpu {cpu:.1f}s", flush=True)
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
