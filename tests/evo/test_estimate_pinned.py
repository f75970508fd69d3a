"""The views and the heuristic's estimates of evo pinned along seeded games of random bots.

The heuristic bot and the medium search read a seat's view and the estimate built on it for every action they try,
so a speed change to either must leave every view (its keys in their order, every value) and every estimate (to the
last bit of each float) as they were. A change meant to alter them (a new view field, a better estimate) changes the
digests: then re-pin them here, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json

from evolutio.bots.heuristic import estimator_for
from evolutio.bots.random_bot import RandomBot
from evolutio.kernel import load_game

#: (players, options, deal seed) of the pinned games
GAMES = [(4, {}, 3), (3, {"advanced": True}, 4), (5, {"layout": "5p"}, 5)]
#: sha256 (first 16 hex digits) of the views' JSON and of the estimates' reprs, along all the games
VIEWS_DIGEST = "3c77786bad795211"
ESTIMATES_DIGEST = "c979970bbf78764b"


def test_views_and_estimates_along_seeded_games_are_the_pinned_ones() -> None:
    estimator = estimator_for("evo")
    views = hashlib.sha256()
    estimates = hashlib.sha256()
    positions = 0
    for players, options, seed in GAMES:
        state = load_game("evo", players=players, **options).new_state(seed)
        walker = RandomBot(seed=seed)
        while not state.is_terminal:
            positions += 1
            for seat in range(players):
                views.update(json.dumps(state.view(seat)).encode())
                estimates.update(repr(estimator.estimate(state, seat)).encode())
            state.apply(walker.choose(state))
    assert positions > 500   # the digests really cover whole games
    assert (views.hexdigest()[:16], estimates.hexdigest()[:16]) == (VIEWS_DIGEST, ESTIMATES_DIGEST)
