"""The same seeds give the same games: 200 random playouts (the benchmark's way: no event log, actions taken by index
from ``legal_actions``) across every variant, each compared with its recorded digest (actions and final scores).

Speed work on the hot path must keep every digest; a deliberate rules change regenerates the list with
``NEWWORLD_GOLDEN=write`` and bumps the rules version."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from evolutio.bots import RandomBot
from evolutio.kernel import load_game
from evolutio.kernel.rng import derive_seed

GOLDEN = Path(__file__).parent / "golden" / "random_games_200.json"
GAMES = 200
BASE_SEED = 777
VARIANTS = [(2, {}), (3, {}), (4, {}), (3, {"catastrophe": True}), (2, {"unlimited_hand": True}),
            (3, {"random_mutations": True}), (4, {"running_horned_optional": True, "metamorphosis": "a"}),
            (3, {"metamorphosis": "b", "pirate_must_take_food": False})]


def random_game_digest(index: int) -> str:
    players, options = VARIANTS[index % len(VARIANTS)]
    state = load_game("newworld", players=players, **options).new_state(derive_seed(BASE_SEED, index))
    state.log_events = False
    bot = RandomBot(seed=derive_seed(BASE_SEED, index, 99))
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply_trusted(legal[bot.rng.randbelow(len(legal))])
    played = json.dumps([[action.to_json() for action in state.history], state.scores()])
    return hashlib.sha256(played.encode()).hexdigest()


def test_random_games_give_their_recorded_digests():
    digests = [random_game_digest(index) for index in range(GAMES)]
    if os.environ.get("NEWWORLD_GOLDEN") == "write":
        GOLDEN.write_text(json.dumps(digests, indent=0) + "\n")
    expected = json.loads(GOLDEN.read_text())
    assert len(expected) == GAMES
    differing = [index for index, (got, want) in enumerate(zip(digests, expected)) if got != want]
    assert not differing, f"{len(differing)} games differ, the first is game {differing[0]} " \
                          f"({VARIANTS[differing[0] % len(VARIANTS)]})"
