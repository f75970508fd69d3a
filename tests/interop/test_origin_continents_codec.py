"""The action codec encodes Continents' actions (settle, follow, migrate, recombine): every legal action of random
origin games with -o sets=continents (with and without locations) has a code that decodes back to it."""

from __future__ import annotations

import pytest

from evolutio.bots import RandomBot
from evolutio.interop.actions import ActionCodec
from evolutio.kernel import load_game

pytestmark = pytest.mark.interop

CONTINENT_KINDS = {"settle_laurasia", "settle_gondwana", "follow", "migrate_laurasia", "migrate_gondwana",
                   "migrate_ocean", "recombine"}


@pytest.mark.parametrize("without", [False, True])
def test_continents_actions_round_trip_through_the_codec(without):
    game = load_game("origin", players=3, sets="continents", continents_without_locations=without)
    codec = ActionCodec(game)
    assert codec.num_actions == game.action_schema().num_actions
    kinds = set(game.action_schema().kinds)
    assert (CONTINENT_KINDS - {"recombine"}).isdisjoint(kinds) if without else kinds >= CONTINENT_KINDS
    seen = set()
    for seed in range(3):
        state = game.new_state(seed)
        bot = RandomBot(seed=seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            codes = codec.legal_codes(state)
            assert sorted(codec.decode(c) for c in codes) == sorted(legal)
            seen |= {a.kind for a in legal}
            state.apply(bot.choose(state))
    if not without:
        assert {"settle_laurasia", "migrate_gondwana"} <= seen
