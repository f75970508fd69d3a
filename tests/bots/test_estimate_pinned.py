"""The views and the heuristic's estimates pinned along seeded games of random bots, per ruleset.

The heuristic bot and the medium search read a seat's view and the estimate built on it for every action they try or
every iteration they end, so a speed change to either must leave every view (its keys in their order, every value)
and every estimate (to the last bit of each float) as they were. A change meant to alter them (a new view field, a
better estimate) changes the digests: then re-pin them here, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from evolutio.bots.heuristic import estimator_for
from evolutio.bots.random_bot import RandomBot
from evolutio.kernel import load_game

#: per ruleset: the pinned games as (players, options, deal seed), and sha256 (first 16 hex digits) of the views'
#: JSON and of the estimates' reprs along all of them
PINNED: dict[str, tuple[list[tuple[int, dict[str, Any], int]], str, str]] = {
    "newworld": ([(4, {}, 3), (4, {}, 4), (4, {"running_horned_optional": True}, 6), (3, {"metamorphosis": "b"}, 5),
                  (2, {"unlimited_hand": True}, 8)], "fe49e1319615cd52", "2883425f4eba73f5"),
    "evo": ([(4, {}, 3), (3, {"advanced": True}, 4), (5, {"layout": "5p"}, 5)], "3c77786bad795211",
            "c979970bbf78764b"),
}
#: positions the games must cover at least, so that the digests really cover whole games
MIN_POSITIONS = 500


@pytest.mark.parametrize("game_name", sorted(PINNED))
def test_views_and_estimates_along_seeded_games_are_the_pinned_ones(game_name: str) -> None:
    games, views_digest, estimates_digest = PINNED[game_name]
    estimator = estimator_for(game_name)
    views = hashlib.sha256()
    estimates = hashlib.sha256()
    positions = 0
    for players, options, seed in games:
        state = load_game(game_name, players=players, **options).new_state(seed)
        walker = RandomBot(seed=seed)
        while not state.is_terminal:
            positions += 1
            for seat in range(players):
                views.update(json.dumps(state.view(seat)).encode())
                estimates.update(repr(estimator.estimate(state, seat)).encode())
            state.apply(walker.choose(state))
    assert positions > MIN_POSITIONS
    assert (views.hexdigest()[:16], estimates.hexdigest()[:16]) == (views_digest, estimates_digest)
