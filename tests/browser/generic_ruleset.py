"""A test-only ruleset for the generic board: the interop fixture *Duel* (tests/interop/duel.py) under its own name.
Like Duel it has no options at all — no ``players`` either: the server must seat it without one."""

from __future__ import annotations

from tests.interop.duel import DuelGame

NAME = "zz_browser_duel"


class BrowserDuelGame(DuelGame):
    name = NAME
    title = "Duel (browser test fixture)"
