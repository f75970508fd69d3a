"""The steps' direct legal-action generation (``legal``) gives exactly the list the kernel's generic filter gives
(the candidates that pass ``check``), in the same order, at every decision of random games in every variant."""

from __future__ import annotations

import pytest

from evolutio.bots import RandomBot
from evolutio.games.newworld import legal
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


@pytest.mark.parametrize("players,options", VARIANTS)
def test_has_additional_answers_as_the_list_of_additional_actions(players, options):
    """``has_additional`` stops at the first additional action it finds: for every seat at every decision of random
    games it says whether ``additional`` lists any."""
    game = load_game("newworld", players=players, **options)
    answers = {True: 0, False: 0}

    def compare(state) -> None:
        for seat in range(players):
            found = legal.has_additional(state, seat)
            assert found == bool(legal.additional(state, seat)), f"seat {seat}: {legal.additional(state, seat)}"
            answers[found] += 1

    for seed in range(SEEDS_PER_VARIANT):
        play_game(game, seed, [RandomBot(seed=seed * 5 + seat) for seat in range(players)], on_decision=compare)
    assert answers[False] > 50  # the comparison really ran along the games


def test_has_additional_finds_piracy_and_metamorphosis():
    """Along random games some seat has an additional action (Piracy or Metamorphosis) at some decision, and
    ``has_additional`` says so."""
    found = 0
    for players, options in VARIANTS:
        game = load_game("newworld", players=players, **options)

        def count(state) -> None:
            nonlocal found
            found += sum(1 for seat in range(state.num_players) if legal.has_additional(state, seat))

        play_game(game, 0, [RandomBot(seed=seat) for seat in range(players)], on_decision=count)
    assert found > 0
