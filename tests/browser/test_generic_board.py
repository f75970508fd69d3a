"""A ruleset with no board of its own is playable in the browser at once: the generic board draws its view and its
legal actions are buttons. The test-only *Duel* ruleset (generic_ruleset.py), which has no options (not even
`players`), is registered in the server for it."""

from __future__ import annotations

from typing import Any

from .conftest import LAPTOP
from .helpers import STEP_TIMEOUT_MS, create_table, finished, play_to_the_end

SERVER_RULESETS = ["tests.browser.generic_ruleset:BrowserDuelGame"]
DUEL = "zz_browser_duel"


def test_a_ruleset_without_a_board_is_played_to_the_end_on_the_generic_board(browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    create_table(page, server_url, DUEL, ["human", "bot:random"], seed=3)
    page.click('.invite[data-seat="0"] .take-seat')
    page.wait_for_selector(".board.generic", timeout=STEP_TIMEOUT_MS)
    # the seat's own hand is drawn from the view, the opponent's is not
    assert "Hand" in page.inner_text(".board.generic")
    log = play_to_the_end([page], want_why=False)
    assert finished(page)
    assert log.clicks > 0
    assert page.locator(".end-screen .scores tbody tr").count() == 2
    context.close()
