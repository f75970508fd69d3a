"""Golden playthroughs: seed + options → final digest, scores and action count. Regenerate with
``EVOLUTIO_UPDATE_GOLDEN=1 pytest tests/northstar/test_golden.py``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import load_game
from evolutio.sim import derive_seed, play_game

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "2p-standard": ({"players": 2}, 101),
    "3p-standard": ({"players": 3}, 202),
    "4p-quick": ({"players": 4, "quick_play": True}, 303),
    "5p-standard": ({"players": 5}, 404),
    "6p-quick": ({"players": 6}, 505),
    "3p-hungarian-options": ({"players": 3, "intelligence_any_time": True, "warning_call_hu": True,
                              "scavenger_on_meat": True}, 606),
    "4p-cs4500": ({"players": 4, "variant": "cs4500"}, 707),
    "4p-store-surplus": ({"players": 4}, 824),  # a seed whose game asks a store-surplus decision (R16)
}


def play(opts, seed):
    game = load_game("northstar", **opts)
    bots = [RandomBot(seed=derive_seed(seed, i)) for i in range(game.num_players)]
    st = play_game(game, seed, bots, log_events=True)
    return {"options": opts, "seed": seed, "rules_version": game.rules_version, "actions": st.num_actions_applied,
            "rounds": st.turn_number, "scores": st.scores(), "winners": st.winners(), "digest": st.digest(),
            "events": len(st.events), "last_events": [e["text"] for e in st.events_for(None)[-3:]]}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name):
    opts, seed = CASES[name]
    got = play(opts, seed)
    path = GOLDEN / f"{name}.json"
    if os.environ.get("EVOLUTIO_UPDATE_GOLDEN") == "1" or not path.exists():
        if os.environ.get("EVOLUTIO_UPDATE_GOLDEN") != "1":
            pytest.fail(f"missing golden file {path}; run with EVOLUTIO_UPDATE_GOLDEN=1 to create it")
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    want = json.loads(path.read_text(encoding="utf-8"))
    assert got == want, f"{name} drifted from its golden playthrough (regenerate with EVOLUTIO_UPDATE_GOLDEN=1 if " \
                        f"the change is intended)"
