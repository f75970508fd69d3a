"""Golden playthroughs: seed -> final digest, scores, action count. Regenerate with EVOLUTIO_UPDATE_GOLDEN=1."""

import json
import os
from pathlib import Path

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import load_game

GOLDEN = Path(__file__).parent / "golden" / "playthroughs.json"
CASES = [(2, 11, {}), (3, 12, {}), (4, 13, {}), (4, 14, {"deck": "edition2"}), (6, 15, {}), (8, 16, {}),
         (4, 17, {"mimicry_unlimited": True, "paired_scores_per_animal": True, "tiebreak_dice": True})]


def run(players, seed, options):
    g = load_game("origin", players=players, **options)
    s = g.new_state(seed)
    bot = RandomBot(seed)
    while not s.is_terminal:
        s.apply(bot.choose(s))
    texts = [e["text"] for e in s.events_for(None)]
    return {"players": players, "seed": seed, "options": options, "digest": s.digest(), "scores": s.scores(),
            "winners": s.winners(), "actions": s.num_actions_applied, "turns": s.turn_number,
            "log_tail": texts[-3:]}


def key(players, seed, options):
    return f"{players}p-seed{seed}" + "".join(f"-{k}={v}" for k, v in sorted(options.items()))


def test_golden_playthroughs():
    got = {key(*c): run(*c) for c in CASES}
    if os.environ.get("EVOLUTIO_UPDATE_GOLDEN") == "1" or not GOLDEN.exists():
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        if os.environ.get("EVOLUTIO_UPDATE_GOLDEN") != "1":
            pytest.fail("golden file was missing and has been written; run the tests again")
    want = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert sorted(want) == sorted(got)
    for k in want:
        assert got[k] == want[k], f"playthrough {k} drifted (rules change? regenerate with EVOLUTIO_UPDATE_GOLDEN=1)"
