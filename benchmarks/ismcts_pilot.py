"""Short pilots of ISMCTS variants against three heuristic bots, set beside a finished tournament's games.

A variant is ``NAME=key:value,...`` with fields of :class:`evolutio.bots.ismcts.Level` (``iterations``,
``rollout_depth``, ``worlds``, ``exploration``, ``temperature``, ...) changed from the medium level, plus
``reward:win|share`` (a yes/no field takes 1 or 0). The pilot plays games ``FIRST``..``FIRST+GAMES-1`` of the
tournament ``ismcts:medium,heuristic,heuristic,heuristic`` (the same deal seeds, seat rotation and bot seeds as
``evolutio tournament GAME --seed SEED``) with the variant in the ISMCTS seat, and sets each game beside the game of
the same index in a baseline JSONL of that tournament, if given. The pairing is exact only when the baseline was
played by the same code apart from the level: a rules change that draws the deal differently changes every game.
It prints one line per game and a table: win share (ties split), mean margin over the best opponent, and the CPU
seconds per game of the whole game (nearly all of it the ISMCTS seat's).

Usage: .venv/bin/python benchmarks/ismcts_pilot.py GAME SEED FIRST GAMES VARIANT [BASELINE.jsonl]
e.g.   .venv/bin/python benchmarks/ismcts_pilot.py origin 1 0 40 d0=rollout_depth:0 \\
           benchmarks/results/origin-ismcts-vs-heuristic.jsonl
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from typing import Any

from evolutio.bots import register_bot
from evolutio.bots.ismcts import LEVELS, IsmctsBot
from evolutio.sim.tournament import play_tournament_game

BASE_NAME = "ismcts:medium"
OPPONENT = "heuristic"
PLAYERS = 4


def _variant(spec: str) -> tuple[str, dict[str, Any], str]:
    name, _, rest = spec.partition("=")
    fields: dict[str, Any] = {}
    reward = "win"
    for item in filter(None, rest.split(",")):
        key, _, raw = item.partition(":")
        if key == "reward":
            reward = raw
            continue
        default = getattr(LEVELS["medium"], key)
        if isinstance(default, bool):
            fields[key] = raw.lower() in ("1", "true", "yes")
        else:
            fields[key] = type(default)(raw) if default is not None else raw
    return name, fields, reward


def _searcher_result(row: dict[str, Any]) -> tuple[float, int]:
    """(win share of the searching seat, its margin over the best opponent) in one game row."""
    seat = next(index for index, name in enumerate(row["seats"]) if name != OPPONENT)
    scores, winners = row["scores"], row["winners"]
    win = 1.0 / len(winners) if seat in winners else 0.0
    return win, scores[seat] - max(score for other, score in enumerate(scores) if other != seat)


def main() -> None:
    game, seed, first, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    name, fields, reward = _variant(sys.argv[5])
    baseline: dict[int, dict[str, Any]] = {}
    if len(sys.argv) > 6:
        with open(sys.argv[6]) as handle:
            for line in handle:
                row = json.loads(line)
                if "index" in row:
                    baseline[row["index"]] = row
    level = dataclasses.replace(LEVELS["medium"], **fields)
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
        print(f"game {index}: {name} {mine[-1][0]:.2f} {mine[-1][1]:+d}{base_text}  cpu {cpu:.1f}s", flush=True)
    print(f"| {game} seed {seed}, games {first}-{first + games - 1} | games | win share | mean margin | CPU s/game |")
    print("|---|---:|---:|---:|---:|")
    print(f"| {name} ({sys.argv[5]}) | {len(mine)} | {sum(w for w, _ in mine) / len(mine):.1%} | "
          f"{sum(m for _, m in mine) / len(mine):+.2f} | {cpu_total / len(mine):.1f} |")
    if paired:
        share = sum(w for w, _ in paired) / len(paired)
        print(f"| baseline {BASE_NAME} on the same games | {len(paired)} | {share:.1%}"
              f" | {sum(m for _, m in paired) / len(paired):+.2f} | |")


if __name__ == "__main__":
    main()
