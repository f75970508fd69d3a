"""Helpers shared by the origin tests."""

from __future__ import annotations

import pytest

from evolutio.kernel import load_game, load_scenario
from evolutio.bots import RandomBot


def scenario(body: dict, players: int = 2, seed: int = 1, **options):
    """Load an origin scenario: ``body`` is everything but the header."""
    data = {"game": "origin", "options": {"players": players, **options}, "seed": seed, **body}
    return load_scenario(data)


def animal(state, a: int) -> dict:
    for p in state.view(None)["players"]:
        for x in p["animals"]:
            if x["id"] == a:
                return x
    raise KeyError(a)


def alive(state, a: int) -> bool:
    return state.owner[a] >= 0


def kinds(state) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def play_random(game, seed: int, check=None, max_steps: int = 5000):
    state = game.new_state(seed)
    bot = RandomBot(seed)
    steps = 0
    while not state.is_terminal:
        if check is not None:
            check(state)
        state.apply(bot.choose(state))
        steps += 1
        assert steps < max_steps, "game does not terminate"
    return state


@pytest.fixture
def game4():
    return load_game("origin", players=4)
