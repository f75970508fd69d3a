"""Golden playthroughs: a seed and random bots give exactly the recorded game (event texts digest and scores).

Regenerate after a deliberate rules change with ``NEWWORLD_GOLDEN=write`` and bump the rules version."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import load_game
from evolutio.sim import play_game

GOLDEN = Path(__file__).parent / "golden"
CASES = [(2, 1, {}), (3, 2, {}), (4, 3, {}), (3, 4, {"catastrophe": True}), (2, 5, {"unlimited_hand": True}),
         (3, 6, {"random_mutations": True})]


def playthrough(players: int, seed: int, options: dict) -> dict:
    game = load_game("newworld", players=players, **options)
    state = play_game(game, seed, [RandomBot(seed=seed * 10 + i) for i in range(players)], log_events=True)
    texts = "\n".join(event["text"] for event in state.events_for(None))
    return {"rules_version": game.rules_version, "decisions": state.num_actions_applied,
            "scores": state.scores(), "winners": state.winners(),
            "events_sha256": hashlib.sha256(texts.encode()).hexdigest()}


@pytest.mark.parametrize("players,seed,options", CASES)
def test_golden_playthrough(players, seed, options):
    name = f"p{players}_s{seed}{''.join('_' + key for key in sorted(options))}.json"
    path = GOLDEN / name
    result = playthrough(players, seed, options)
    if os.environ.get("NEWWORLD_GOLDEN") == "write":
        path.write_text(json.dumps(result, indent=1) + "\n")
    assert result == json.loads(path.read_text())
