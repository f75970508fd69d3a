"""The steps on the hot path build their legal lists directly; they must agree with the step's own rules."""

from __future__ import annotations

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import load_game
from evolutio.kernel.flow import legal_by_check


@pytest.mark.parametrize("players,seed", [(3, 2), (5, 3)])
def test_legal_lists_built_directly_are_the_candidates_the_rules_allow(players, seed):
    """Bids, moves and card windows build their legal lists without checking every candidate: same list, same
    order, and every other candidate is refused with a reason."""
    state = load_game("evo", players=players).new_state(seed)
    bot = RandomBot(seed=seed)
    while not state.is_terminal:
        step = state.step
        allowed = legal_by_check(step, state)
        assert state.legal_actions() == allowed
        state.apply(bot.choose(state))
