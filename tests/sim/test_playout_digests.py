"""The benchmark's random playouts are pinned: the same seeds must give the same games after any speed work.

``evolutio bench`` plays games with the random driver and ``apply_trusted`` (no legality check, cached legal lists,
the kernel's inline fast paths). These digests were taken before the hot path was tuned; a change that alters any
game of this sample (a different legal-action order, a skipped rule, a different random draw) fails here. Regenerate
only with a rules change that bumps ``rules_version``: ``EVOLUTIO_PRINT_DIGESTS=1 pytest -s`` prints the new values.
"""

from __future__ import annotations

import hashlib
import os

import pytest

from evolutio.kernel import load_game
from evolutio.sim.runner import bench_game

#: (game, players, games) -> sha256 over the digests of the games played with seeds derive_seed(MASTER_SEED, i)
MASTER_SEED = 12345
EXPECTED = {
    ("origin", 4, 40):
        "f52492daeee7e58c5a55b7e149c7edfec357c2a1d6256e14eb5bb0b1bab97830",
    ("origin", 2, 20):
        "09aaa21eedd958050bcabe2a0a221a63eb0e2f88a6855a38b1d710e03d9978bd",
    ("origin", 7, 10):
        "71646d299f4ace079fd39d14601060a65a16ee290d58647b7d99b4bbd4482426",
    ("northstar", 4, 40):
        "cb0ec6f7a07ac6e4854c3eac4a50aed67a9990b0a0cacc895cd1427b024065ba",
    ("northstar", 6, 10):
        "3ac073097f33ef9a7c067984e268202bcdc0917bee2b8289e0d00e913c7a1725",
    ("newworld", 4, 10):
        "674451b937410352418e7fcdfff5b3d3f55caeb44f6881362a026ea8e5507d86",
}


#: the same for rulesets with options: (game, players, games, options) -> sha256
EXPECTED_WITH_OPTIONS = {
    ("northstar", 2, 20, (("variant", "standard"),)):
        "e7f6b399442b83a05672ba34df3d383f169059f757a8b91f6129ec11b0b9aad9",
    ("northstar", 3, 20, (("quick_play", True),)):
        "0bdeedfd1050f3bf164a76219b94a31a458ae6402e15410f76fba5029a22be17",
    ("northstar", 4, 20, (("variant", "cs4500"),)):
        "172b7719d4095f279d8d32eec346cdd1159af9b6c2cc51d8f366c5c221974546",
    # origin's full mix (issue 9), pinned at 681b0f0 before its speed work
    ("origin", 2, 10, (("sets", "time_to_fly,continents,gift,ice_age"),)):
        "1b5d4a841b53512f6c97bc8689ca876c98748b394e3ae19c901ea0dac0d66b1f",
    ("origin", 4, 10, (("sets", "time_to_fly,continents,gift,ice_age"),)):
        "f597e1a010895ff009fa2388ab36446842e13046458f426a222e3dad5d46f3de",
    ("origin", 6, 6, (("sets", "time_to_fly,continents,gift,ice_age"),)):
        "f350a1eb3eb45e904aa86e23b9ed6ee6b9bbbc57f1bb36c1d704e59c10c6e484",
}


def playout_digest(name: str, players: int, games: int, **options: object) -> str:
    """The bench driver (``sim.runner.bench_game``) over ``games`` seeds, each game's final digest folded into one
    hash."""
    game = load_game(name, players=players, **options)
    folded = hashlib.sha256()
    for index in range(games):
        folded.update(bench_game(game, MASTER_SEED, index)[0].digest().encode())
    return folded.hexdigest()


@pytest.mark.parametrize(("name", "players", "games"), sorted(EXPECTED))
def test_random_playouts_give_the_same_games(name: str, players: int, games: int) -> None:
    got = playout_digest(name, players, games)
    if os.environ.get("EVOLUTIO_PRINT_DIGESTS") == "1":
        print(f'    ("{name}", {players}, {games}): "{got}",')
    assert got == EXPECTED[(name, players, games)], f"{name} {players}p: the random playouts changed"


@pytest.mark.parametrize(("name", "players", "games", "options"), sorted(EXPECTED_WITH_OPTIONS))
def test_random_playouts_with_options_give_the_same_games(name: str, players: int, games: int,
                                                          options: tuple[tuple[str, object], ...]) -> None:
    got = playout_digest(name, players, games, **dict(options))
    if os.environ.get("EVOLUTIO_PRINT_DIGESTS") == "1":
        print(f'    ("{name}", {players}, {games}, {options}): "{got}",')
    assert got == EXPECTED_WITH_OPTIONS[(name, players, games, options)], f"{name} {players}p {options}: changed"
