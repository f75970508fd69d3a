"""A test-only ruleset for the generic board: the interop fixture *Duel* (tests/interop/duel.py) under its own name
and with the usual ``players`` option (the server sets ``players`` from the number of seats)."""

from __future__ import annotations

from evolutio.kernel.game import players_option
from tests.interop.duel import DuelGame

NAME = "zz_browser_duel"
PLAYERS = 2


class BrowserDuelGame(DuelGame):
    name = NAME
    title = "Duel (browser test fixture)"
    # DuelGame's empty option tuple gives mypy the type tuple[()]; this ruleset has one option
    option_schema = (players_option(PLAYERS, PLAYERS, PLAYERS),)  # type: ignore[assignment]
