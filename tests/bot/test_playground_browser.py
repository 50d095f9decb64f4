"""The playground in Debian's chromium at a phone's width, as a newcomer meets it: what
the bot takes long over (three expert computers moving in a row) appears by itself,
without pressing Refresh; the page that opens the board, and the board, pass axe-core.
Skipped where /usr/bin/chromium or playwright is missing."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.config import Settings
from bot.playground import MANAGER, serve
from tests.bot.test_playground import with_front_page
from tests.waiting import GIVE_UP_S
from tests.web.browser import phone_page, severe_violations

CHROMIUM = Path("/usr/bin/chromium")
playwright = pytest.importorskip("playwright.async_api")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]
MESSAGES = "#channel-message-list"


@pytest.fixture
async def phone(bot_settings: Settings) -> AsyncIterator[object]:
    """A 390×844 chromium page on the playground, served from this test's event loop."""
    ready: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve(bot_settings, seconds=600, ready=ready))
    await asyncio.wait({ready, task}, timeout=GIVE_UP_S, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        task.result()
    async with playwright.async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=str(CHROMIUM))
        page = await browser.new_page(viewport={"width": 390, "height": 844})
        await page.goto(ready.result())
        try:
            yield page
        finally:
            await browser.close()
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


async def command(page, text: str, **options: str | tuple[str, str]) -> None:
    """Type a slash command in the composer, fill its options (a choice as (its name, what
    is typed to find it)) and send it, as a member does."""
    await page.locator("#channel-composer-input").click()
    await page.keyboard.type(text)
    await page.get_by_text(text, exact=True).first.click()
    suggestions = page.locator("#command-suggestion-listbox [role=option]")
    for name, value in options.items():
        field = page.locator(f'input.command-option-input[data-option="{name}"]')
        choice, typed = value if isinstance(value, tuple) else (None, value)
        if not await field.count():  # an optional one: "+N more", then its name
            await page.locator("button.command-ghost").click()
            await suggestions.filter(has_text=name).first.click()
        await field.click()
        await field.type(typed)
        if choice is not None:
            await suggestions.filter(has_text=choice).first.click()
    await page.locator("#send-message").click()


async def press(page, label: str, timeout: float = 30_000) -> None:
    """The newest button with this label in the channel."""
    button = page.locator(f"{MESSAGES} button").filter(has_text=label).last
    await button.click(timeout=timeout)


async def test_three_expert_computers_moving_in_a_row_appear_without_a_refresh(phone):
    page = phone
    await command(page, "/axio new", game=("AXIO", "AX"), seats="4")
    for _ in range(3):
        await press(page, "Add computer")
        await press(page, "Expert")
        joined = page.locator(f"{MESSAGES} :text('(expert) joined')")
        await joined.nth(_).wait_for()
    await press(page, "Start")
    await press(page, "My tiles", timeout=120_000)  # after any computers seated first
    await page.locator(f"{MESSAGES} button").filter(has_text=" · ").first.click()
    await press(page, "Confirm")
    # Ada's move is answered with the three computers' moves after it, told in brief on
    # the card that calls on her again: seconds of thinking, which SimCord's default 5 s
    # limit cut off ("Action outcome uncertain").
    turn = page.locator(f"{MESSAGES} > *").filter(has_text="③ Bot C")
    turn = turn.filter(has_text="your move").last
    await turn.wait_for(timeout=120_000)
    computers = re.findall(r"[①②③] Bot [ABC] ", await turn.inner_text())
    assert len(computers) == 3
    assert await page.get_by_text("uncertain").count() == 0


async def test_the_front_page_and_a_members_board_have_no_severe_accessibility_violation(
    bot_settings: Settings,
):
    """axe-core on the page that opens the board and threads, and on the board (the
    Activity) of a game in #games as a player, before and while she picks a tile; the
    front page asks for nothing that is not there (its icon included)."""
    async with (
        with_front_page(bot_settings) as (preview, front),
        phone_page(bypass_csp=True) as page,
    ):
        errors: list[str] = []
        page.on("console", lambda said: errors.append(said.text) if said.type == "error" else 0)
        await page.goto(front)
        await page.wait_for_load_state("networkidle")
        assert errors == []
        assert await severe_violations(page) == []
        await page.goto(preview)
        await command(page, "/axio new", game=("AXIO", "AX"), seats="2")
        await press(page, "Add computer")
        await press(page, "Normal")
        await press(page, "Start")
        await page.goto(front)
        board = page.locator("a.board").filter(has_text=MANAGER)  # opens a tab: here instead
        await page.goto(await board.get_attribute("href"))
        piece = page.locator("#pieces button").first
        await piece.wait_for()
        assert await severe_violations(page) == []
        await piece.click()
        assert await severe_violations(page) == []
