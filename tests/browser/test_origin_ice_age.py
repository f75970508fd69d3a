"""The browser board of origin with Ice Age (`sets=ice_age`): the nature-change panel, and the reconstructed cards
marked as such (NOTES §11.2: the game shows wherever a player sees these cards that they are reconstructed)."""

from __future__ import annotations

from typing import Any

from .conftest import LAPTOP
from .helpers import STEP_TIMEOUT_MS

#: a seed whose starting hand of seat 1 (2 players, sets=ice_age) holds an Ice Age trait card
SEED = 7


def test_the_board_shows_the_nature_panel_and_marks_reconstructed_cards(browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.goto(f"{server_url}/")
    page.wait_for_selector("#create-table", timeout=STEP_TIMEOUT_MS)
    page.select_option("#game", "origin")
    for field, value in (("#option-players", "2"), ("#option-sets", "ice_age"), ("#seed", str(SEED))):
        page.fill(field, value)
        page.dispatch_event(field, "change")
    page.select_option('select[name="seat-0"]', "human")
    page.select_option('select[name="seat-1"]', "bot:random")
    page.click("#create-table")
    page.wait_for_selector(".invites", timeout=STEP_TIMEOUT_MS)
    page.click('.invite[data-seat="0"] .take-seat')
    page.wait_for_selector(".board .nature", timeout=STEP_TIMEOUT_MS)
    panel = page.inner_text(".board .nature")
    assert "Nature change" in panel and "14 in the nature deck" in panel
    assert "no nature-change card revealed yet" in panel
    marked = page.locator(".hand .card .reconstructed")
    assert marked.count() >= 1 and marked.first.inner_text() == "reconstructed"
    context.close()
