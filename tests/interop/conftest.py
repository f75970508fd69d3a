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


RULESET_PLAYERS = [(g, p) for g in RULESETS for p in player_counts(g)]


def options_for(name: str, players: int) -> dict:
    """Options to load ``name`` with ``players`` seats (rulesets without a players option take none)."""
    cls = evolutio.kernel.game_class(name)
    return {"players": players} if any(o.name == "players" for o in cls.option_schema) else {}


@pytest.fixture(autouse=True, scope="module")
def _duel_registered():
    mp = pytest.MonkeyPatch()
    registry._discover()
    mp.setitem(registry._GAMES, DUEL, DuelGame)
    yield
    mp.undo()
