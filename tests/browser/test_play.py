"""Two people in two browser contexts and two bots play whole games through the UI; "why not?" gives the rules'
reason; a reload resumes the seat; a dropped socket reconnects; a spectator sees no hand; the replay viewer steps
through the stored game; the table fits a phone screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import LAPTOP, PHONE
from .helpers import (
    STEP_TIMEOUT_MS,
    create_table,
    finished,
    play_to_the_end,
    table_id,
    turn,
)

SEATS = ["human", "human", "bot:random", "bot:random"]
SEED = 7
#: the table screenshot is taken after this many clicks, when the board is full
MID_GAME_CLICKS = 30
NOT_A_RULE = ("not your decision", "a seat token is required", "unknown")


#: the sources of points each game's end screen breaks a score into (the rules engine's own parts)
SCORE_SOURCES = {"origin": ["animals", "traits"],
                 "northstar": ["food in the bag and on Fat Tissue", "population", "trait cards"]}


def assert_score_breakdown(page: Any, sources: list[str]) -> None:
    """The end screen has a column per source of points, and in every player's row the parts add up to the score."""
    headers = page.locator(".end-screen .scores thead th[data-source]")
    assert [headers.nth(index).get_attribute("data-source") for index in range(headers.count())] == sources
    rows = page.locator(".end-screen .scores tbody tr")
    for index in range(rows.count()):
        row = rows.nth(index)
        parts = [int(text) for text in row.locator("td.part").all_inner_texts()]
        assert len(parts) == len(sources) and sum(parts) == int(row.locator("td.total").inner_text())


def seat_pages(browser: Any, server_url: str, game: str, screenshots: Path | None) -> tuple[Any, Any, list[Any]]:
    """Person A creates the table and sits at seat 1; person B opens the invite link for seat 2 in another context."""
    first = browser.new_context(viewport=LAPTOP)
    second = browser.new_context(viewport=LAPTOP)
    page_a = first.new_page()
    lobby_shot = screenshots / f"lobby-{game}.png" if screenshots is not None else None
    invites = create_table(page_a, server_url, game, SEATS, SEED, screenshot=lobby_shot)
    if screenshots is not None and game == "origin":
        page_a.screenshot(path=str(screenshots / "waiting-room.png"), full_page=True)
    page_a.click('.invite[data-seat="0"] .take-seat')
    page_a.wait_for_selector(".board", timeout=STEP_TIMEOUT_MS)
    page_b = second.new_page()
    page_b.goto(invites["1"])
    page_b.wait_for_selector(".board", timeout=STEP_TIMEOUT_MS)
    return first, second, [page_a, page_b]


@pytest.mark.parametrize("game", ["origin", "northstar"])
def test_two_people_and_two_bots_play_to_the_end(browser: Any, server_url: str, game: str,
                                                  screenshots: Path | None) -> None:
    first, second, pages = seat_pages(browser, server_url, game, screenshots)
    page_a, page_b = pages
    assert "seat 1" in page_a.inner_text(".banner-meta")
    assert "seat 2" in page_b.inner_text(".banner-meta")
    assert "token=" not in page_b.url, "the invite token stays out of the address bar once stored"
    table_shot = screenshots / f"table-{game}.png" if screenshots is not None else None
    log = play_to_the_end(pages, screenshot=table_shot, screenshot_at_click=MID_GAME_CLICKS)

    for page in pages:
        assert finished(page)
        assert page.get_attribute(".banner", "data-mood") == "finished"
        rows = page.locator(".end-screen .scores tbody tr")
        assert rows.count() == len(SEATS)
        assert page.locator(".end-screen .scores tr.winner").count() >= 1
        assert_score_breakdown(page, SCORE_SOURCES[game])
        assert "game over" in page.inner_text(".log").lower()
    assert turn(page_a) == turn(page_b) > log.clicks, "bots moved too, and both people see the same final turn"
    # "why not?" answered with a rule of the game, not a refusal of the request
    assert log.why_answers, "no disabled card or animal was ever offered during the game"
    print(f"{game}: {log.clicks} clicks by the people, {turn(page_a)} actions in all; why not? -> {log.why_answers}")
    for answer in log.why_answers:
        assert answer.strip() and not answer.lower().startswith(NOT_A_RULE), answer
    if screenshots is not None:
        page_a.screenshot(path=str(screenshots / f"end-{game}.png"), full_page=True)

    # the replay viewer steps through every stored action
    page_a.goto(f"{page_a.url.split('?')[0]}?table={table_id(page_a)}&replay=1")
    page_a.wait_for_selector(".replay-actions", timeout=STEP_TIMEOUT_MS)
    assert page_a.locator(".replay-actions li").count() == turn(page_b)
    page_a.click(".step-back")
    assert page_a.locator(".replay-actions li.todo").count() == 1
    # the board is redrawn as the seat saw it one action before the end
    page_a.wait_for_selector(f'.replay-board[data-at="{turn(page_b) - 1}"] .board', timeout=STEP_TIMEOUT_MS)
    if screenshots is not None:
        page_a.screenshot(path=str(screenshots / f"replay-{game}.png"))
    first.close()
    second.close()


def test_reload_resumes_the_seat_and_a_dropped_socket_reconnects(browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    create_table(page, server_url, "northstar", ["human", "bot:random"], SEED)
    page.click('.invite[data-seat="0"] .take-seat')
    page.wait_for_selector(".hand .card", timeout=STEP_TIMEOUT_MS)
    hand_before = page.inner_text(".hand")
    table = table_id(page)

    page.reload()
    page.wait_for_selector(".hand .card", timeout=STEP_TIMEOUT_MS)
    assert table_id(page) == table
    assert "seat 1" in page.inner_text(".banner-meta")
    assert page.inner_text(".hand") == hand_before

    page.wait_for_selector('.connection[data-status="live"]', timeout=STEP_TIMEOUT_MS)
    page.evaluate("window.evolutioTable.live.drop()")
    page.wait_for_selector('.connection[data-status="offline"]', timeout=STEP_TIMEOUT_MS)
    page.wait_for_selector('.connection[data-status="live"]', timeout=STEP_TIMEOUT_MS)
    # still playable after the reconnect: a click moves the table on
    before = turn(page)
    page.locator(".board .playable").first.click()
    page.locator(".selection .choice").first.click()
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.turn) > {before}",
                           timeout=STEP_TIMEOUT_MS)
    context.close()


def test_a_spectator_sees_the_table_but_no_hand(browser: Any, server_url: str, screenshots: Path | None) -> None:
    owner = browser.new_context(viewport=LAPTOP)
    page = owner.new_page()
    create_table(page, server_url, "origin", ["human", "bot:random", "bot:random"], SEED)
    table = table_id(page)
    page.click('.invite[data-seat="0"] .take-seat')
    page.wait_for_selector(".hand .card", timeout=STEP_TIMEOUT_MS)
    own_cards = page.locator(".hand .card .name-en").all_inner_texts()

    watcher = browser.new_context(viewport=LAPTOP)
    spectator = watcher.new_page()
    spectator.goto(f"{server_url}/?table={table}")
    spectator.wait_for_selector(".board .player-zone", timeout=STEP_TIMEOUT_MS)
    assert spectator.locator(".hand").count() == 0
    assert spectator.locator(".player-zone.mine").count() == 0
    assert "spectator" in spectator.inner_text(".banner-meta")
    assert spectator.locator(".board .playable").count() == 0
    assert own_cards and spectator.locator(".action-bar .choice").count() == 0
    # the seat's private draw ("Player 1 draws Piracy (card 2), …") is in its own log, not in the spectator's page
    private_lines = [line for line in page.locator(".log li").all_inner_texts() if "(card " in line]
    assert private_lines
    spectator_text = spectator.content()
    assert not any(line in spectator_text for line in private_lines)
    if screenshots is not None:
        spectator.screenshot(path=str(screenshots / "spectator.png"), full_page=True)
    owner.close()
    watcher.close()


def test_the_table_fits_a_phone_and_speaks_russian(browser: Any, server_url: str, screenshots: Path | None) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{server_url}/")
    page.wait_for_selector("#create-table", timeout=STEP_TIMEOUT_MS)
    if screenshots is not None:
        page.screenshot(path=str(screenshots / "lobby-phone.png"), full_page=True)
    page.select_option("#language", "ru")
    page.wait_for_selector("text=Новый стол", timeout=STEP_TIMEOUT_MS)
    assert page.inner_text("#create-table") == "Создать стол"
    create_table(page, server_url, "origin", ["human", "bot:random"], SEED)
    page.click('.invite[data-seat="0"] .take-seat')
    page.wait_for_selector(".hand .card", timeout=STEP_TIMEOUT_MS)
    assert "Ваша рука" in page.inner_text(".hand h3")
    # Russian card names beside the English ones
    assert page.locator('.hand .name-original[lang="ru"]').count() == page.locator(".hand .card").count()
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the table is {overflow}px wider than the phone screen"
    if screenshots is not None:
        page.screenshot(path=str(screenshots / "table-phone.png"), full_page=True)
    context.close()


def test_a_refused_seat_token_falls_back_to_watching(browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    create_table(page, server_url, "northstar", ["human", "bot:random"], SEED)
    table = table_id(page)
    page.goto(f"{server_url}/?table={table}&token=not-a-real-token")
    page.wait_for_selector(".board .player-zone", timeout=STEP_TIMEOUT_MS)
    page.wait_for_selector(".notice span", timeout=STEP_TIMEOUT_MS)
    assert "spectator" in page.inner_text(".banner-meta")
    assert page.locator(".hand").count() == 0
    context.close()
