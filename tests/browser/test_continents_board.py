"""The origin board with Continents' locations (-o sets=continents): each location's red tokens in the status row, a
player's animals grouped by location, and the new animal's continent chosen by clicking."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import STEP_TIMEOUT_MS

LAPTOP = {"width": 1280, "height": 900}
SEED = 7
MAX_CLICKS = 12


def test_the_board_groups_animals_by_location_and_the_new_animals_continent_is_clicked(
        browser: Any, server_url: str, screenshots: Path | None) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.goto(f"{server_url}/")
    page.wait_for_selector("#create-table", timeout=STEP_TIMEOUT_MS)
    page.select_option("#game", "origin")
    page.fill("#option-players", "2")
    page.dispatch_event("#option-players", "change")
    page.fill("#option-sets", "continents")
    page.dispatch_event("#option-sets", "change")
    page.select_option('select[name="seat-0"]', "human")
    page.select_option('select[name="seat-1"]', "bot:random")
    page.fill("#seed", str(SEED))
    page.dispatch_event("#seed", "change")
    page.click("#create-table")
    page.wait_for_selector(".invites", timeout=STEP_TIMEOUT_MS)
    page.click('.invite[data-seat="0"] .take-seat')
    page.wait_for_selector(".hand .card", timeout=STEP_TIMEOUT_MS)
    assert page.locator(".hand .card").count() == 10   # Continents' starting hand
    for _ in range(MAX_CLICKS):
        if page.locator('.player-zone.mine .location-gondwana .animal').count():
            break
        page.wait_for_selector(".board .playable", timeout=STEP_TIMEOUT_MS)
        page.locator(".board .playable").first.click()
        choices = page.locator(".selection .choice")
        choices.first.wait_for(timeout=STEP_TIMEOUT_MS)
        gondwana = choices.filter(has_text="in Gondwana")
        animal = choices.filter(has_text="as a new animal")
        (gondwana if gondwana.count() else animal if animal.count() else choices).first.click()
        page.wait_for_timeout(300)
    assert page.locator('.player-zone.mine .location-gondwana .animal').count() >= 1
    assert page.locator(".player-zone.mine .location h4").first.inner_text() in ("Laurasia", "Gondwana", "Ocean")
    if screenshots is not None:
        page.screenshot(path=str(screenshots / "origin-continents.png"), full_page=True)
    context.close()
