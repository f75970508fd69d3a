"""What a person does in the browser, written once for the browser tests: create a table in the lobby, take a seat,
and play by clicking — a highlighted card or animal first, then the first choice it offers; the action bar when the
board has nothing highlighted. The choices are deterministic, so with a fixed seed (bots are seeded from it) the
whole game is the same every run."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Playwright waits (milliseconds)
STEP_TIMEOUT_MS = 15_000
#: a full game is a few hundred actions; a game that has not ended after this many clicks is stuck
MAX_CLICKS = 2_000
IDLE_POLL_MS = 25


@dataclass
class PlayLog:
    clicks: int = 0
    why_answers: list[str] = field(default_factory=list)


def create_table(page: Any, server_url: str, game: str, seats: list[str], seed: int,
                 screenshot: Path | None = None) -> dict[str, str]:
    """Fill in the lobby and create the table; returns the waiting room's invite links by seat index."""
    page.goto(f"{server_url}/")
    page.wait_for_selector("#create-table", timeout=STEP_TIMEOUT_MS)
    page.select_option("#game", game)
    if page.locator("#option-players").count():
        page.fill("#option-players", str(len(seats)))
        page.dispatch_event("#option-players", "change")
    for index, kind in enumerate(seats):
        page.select_option(f'select[name="seat-{index}"]', kind)
    page.fill("#seed", str(seed))
    page.dispatch_event("#seed", "change")
    if screenshot is not None:
        page.screenshot(path=str(screenshot), full_page=True)
    page.click("#create-table")
    page.wait_for_selector(".invites", timeout=STEP_TIMEOUT_MS)
    invites = {}
    for index, kind in enumerate(seats):
        if kind == "human":
            invites[str(index)] = page.input_value(f"#invite-{index}")
    return invites


def table_id(page: Any) -> str:
    return page.evaluate("new URLSearchParams(location.search).get('table')")


def turn(page: Any) -> int:
    return int(page.get_attribute("#app", "data-turn") or -1)


def finished(page: Any) -> bool:
    return page.get_attribute("#app", "data-finished") == "true"


def ask_why_once(page: Any, log: PlayLog) -> None:
    """Click the first disabled card or animal, press "why not?" and keep the rules' answer."""
    disabled = page.locator(".board .disabled")
    if disabled.count() == 0:
        return
    disabled.first.click()
    page.click(".selection .why")
    answer = page.locator(".selection .why-answer")
    answer.wait_for(timeout=STEP_TIMEOUT_MS)
    page.wait_for_function("() => { const a = document.querySelector('.selection .why-answer');"
                           " return a && a.textContent && a.textContent !== '…'; }", timeout=STEP_TIMEOUT_MS)
    log.why_answers.append(answer.inner_text())
    disabled.first.click()  # deselect


def play_one(page: Any, log: PlayLog, ask_why: bool, screenshot: Path | None = None) -> bool:
    """Make this page's decision by clicking, and wait until the table has moved on. With ``screenshot``, the page
    is saved while the clicked element's choices are open; says whether it was."""
    saved = False
    before = turn(page)
    if ask_why:
        ask_why_once(page, log)
    playable = page.locator(".board .playable")
    if playable.count():
        playable.first.click()
        choice = page.locator(".selection .choice").first
        choice.wait_for(timeout=STEP_TIMEOUT_MS)
        if screenshot is not None:
            page.screenshot(path=str(screenshot), full_page=True)
            saved = True
        choice.click()
    else:
        page.locator(".action-bar > .choice").first.click()
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.turn) > {before}",
                           timeout=STEP_TIMEOUT_MS)
    log.clicks += 1
    return saved


PAGE_STATUS = """() => ({
    finished: document.getElementById('app').dataset.finished === 'true',
    mine: (document.querySelector('.banner') || {dataset: {}}).dataset.mood === 'yours',
})"""


def play_to_the_end(pages: list[Any], want_why: bool = True, screenshot: Path | None = None,
                    screenshot_at_click: int = 0) -> PlayLog:
    """Let every page decide whenever it is its turn until the game is over (bots move on the server). With
    ``screenshot``, the first page is saved mid-game, at its first decision after ``screenshot_at_click`` clicks."""
    log = PlayLog()
    while True:
        assert log.clicks < MAX_CLICKS, "the game did not end"
        statuses = [page.evaluate(PAGE_STATUS) for page in pages]
        if all(status["finished"] for status in statuses):
            return log
        acted = False
        for page, status in zip(pages, statuses):
            if not status["finished"] and status["mine"]:
                shot = screenshot if page is pages[0] and log.clicks >= screenshot_at_click else None
                if play_one(page, log, ask_why=want_why and len(log.why_answers) < 3, screenshot=shot):
                    screenshot = None
                acted = True
        if not acted:
            pages[0].wait_for_timeout(IDLE_POLL_MS)
