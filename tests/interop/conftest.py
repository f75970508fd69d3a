"""Interop test setup: every registered ruleset plus a test-only fixture ruleset (``duel.py``).

The fixture ruleset is registered with the kernel registry only while an interop test module runs (module-scoped
monkeypatch), so no other test ever sees it. Test modules parametrise over :data:`RULESETS`:
``evolutio.list_games()`` at collection time — a new ruleset is covered the day it registers — plus the fixture.
"""

from __future__ import annotations

import pytest

import evolutio
from evolutio.kernel import registry

from .duel import NAME as DUEL
from .duel import DuelGame

pytest.importorskip("numpy")

REAL = evolutio.list_games()
RULESETS = [*REAL, DUEL]


def player_counts(name: str) -> list[int]:
    if name == DUEL:
        return [2]
    cls = evolutio.kernel.game_class(name)
    lo, hi = cls.min_players, cls.max_players
    return sorted({lo, hi})


#: origin's expansions, each also run through every conformance test that takes RULESET_PLAYERS (one set mixed into
#: the base deck per case, at origin's player bounds), and every set at once
ORIGIN_SETS = ["gift", "ice_age", "time_to_fly", "continents", "time_to_fly,continents,gift,ice_age"]

#: (ruleset, players, extra options): every ruleset at its player bounds with its default options, then origin with
#: each of :data:`ORIGIN_SETS` (a mix as a list: the multi-choice value)
RULESET_PLAYERS = [
    *(pytest.param(g, p, {}, id=f"{g}-{p}") for g in RULESETS for p in player_counts(g)),
    *(pytest.param("origin", p, {"sets": s.split(",") if "," in s else s}, id=f"origin-sets={s}-{p}")
      for s in ORIGIN_SETS for p in player_counts("origin")),
]


def options_for(name: str, players: int, extra: dict | None = None) -> dict:
    """Options to load ``name`` with ``players`` seats (rulesets without a players option take none) and the
    ``extra`` options of the case."""
    cls = evolutio.kernel.game_class(name)
    seats = {"players": players} if any(o.name == "players" for o in cls.option_schema) else {}
    return {**seats, **(extra or {})}


@pytest.fixture(autouse=True, scope="module")
def _duel_registered():
    mp = pytest.MonkeyPatch()
    registry._discover()
    mp.setitem(registry._GAMES, DUEL, DuelGame)
    yield
    mp.undo()
