"""The steps' direct legal-action generation (``legal``) gives exactly the list the kernel's generic filter gives
(the candidates that pass ``check``), in the same order, at every decision of random games in every variant."""

from __future__ import annotations

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import load_game
from evolutio.kernel.flow import Step, legal_by_check
from evolutio.sim import play_game

VARIANTS = [
    (2, {}), (3, {}), (4, {}), (3, {"catastrophe": True}), (2, {"unlimited_hand": True}),
    (3, {"random_mutations": True}), (4, {"running_horned_optional": True, "metamorphosis": "a"}),
    (3, {"metamorphosis": "b", "pirate_must_take_food": False}),
]
SEEDS_PER_VARIANT = 3


@pytest.mark.parametrize("players,options", VARIANTS)
def test_direct_legal_actions_equal_filtered_candidates(players, options):
    game = load_game("newworld", players=players, **options)
    compared = {"fast": 0}

    def compare(state) -> None:
        step = state.flow[-1]
        if type(step).legal is Step.legal:  # the kernel's own filter: nothing to compare
            return
        filtered = legal_by_check(step, state)
        assert step.legal(state) == filtered, f"{step!r}: {step.legal(state)} != {filtered}"
        compared["fast"] += 1

    for seed in range(SEEDS_PER_VARIANT):
        play_game(game, seed, [RandomBot(seed=seed * 5 + seat) for seat in range(players)], on_decision=compare)
    assert compared["fast"] > 50  # the comparison really ran along the games
