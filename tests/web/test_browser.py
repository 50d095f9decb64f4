"""The game page in a real browser (Debian's chromium, through Python playwright) at a
phone's 390×844: a whole AXIO and a whole Rota game stepped through with the arrow key,
every step's scores as the engine has them; a German reader's page; a live page that
catches up after a failed read, and one whose game ends. Skipped where chromium is absent
(.ci/run installs it)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.web.app import PagesInThread
from engine import game_class
from render.marks import recent_marks
from tests.web.browser import has_chromium, phone_page
from tests.web.conftest import played, result_in_english, winners_of

pytestmark = pytest.mark.skipif(not has_chromium(), reason="no chromium at /usr/bin/chromium")


@pytest.fixture
def pages(tmp_path: Path) -> Iterator[str]:
    """The pages of the test's database (the `repo` fixture's), served as `axio-bot web`
    serves them beside the bot: their address."""
    served = PagesInThread(tmp_path / "axio.sqlite3")
    port = served.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        served.stop()


async def scores_shown(page) -> list[list[int]]:
    return await page.eval_on_selector_all(
        "#scores tbody tr",
        "rows => rows.map(r => [...r.querySelectorAll('td')].map(c => Number(c.textContent)))",
    )


@pytest.mark.parametrize("kind", ["axio", "rota"])
async def test_stepping_through_a_whole_game_shows_the_engines_scores(repo, pages, kind):
    record, code = await played(repo, kind, humans=2, computers=("hard", "easy"))
    game = game_class(kind)(record.game.players, record.seed)
    async with phone_page() as page:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.goto(f"{pages}/g/{code}#0")
        await page.wait_for_selector("#board svg")
        board = await page.locator("#board svg").bounding_box()
        assert board["width"] >= 370 and board["y"] < 844  # the board fills a phone's width
        assert await scores_shown(page) == [[0] * 5 for _ in range(game.players)]
        for number, entry in enumerate(record.game.log, start=1):
            game.play(entry.move)
            await page.keyboard.press("ArrowRight")
            await page.wait_for_function(f"location.hash === '#{number}'")
            expected = [list(game.scores(s)) for s in range(game.players)]
            assert await scores_shown(page) == expected, f"step {number}"
            badges = await page.locator("#board svg circle.badge").count()
            assert badges == len(recent_marks(game)), f"step {number}"  # as the picture
            current = page.locator("#moves li.current")
            assert await current.get_attribute("data-step") == str(number)
        assert "#" + str(record.move_count) in page.url
        await page.click("[data-go=first]")
        await page.wait_for_function("location.hash === '#0'")
        text = await page.locator("#where").text_content()
        assert text == "Start of the game"
        assert errors == []


async def test_a_german_readers_page_and_a_link_to_a_step(repo, pages):
    _, code = await played(repo, "axio", moves=12)
    async with phone_page(locale="de-DE") as page:
        await page.goto(f"{pages}/g/{code}#5")
        await page.wait_for_selector("#board svg")
        assert (await page.locator("#where").text_content()).startswith("Zug 5 von 12")
        assert await page.locator("h2").first.text_content() == "Punkte"
        cells = await page.locator("#cells li").all_text_contents()
        assert cells and all("Steinhälfte" in c or "Pyramide" in c or "tot" in c for c in cells)


async def test_a_live_page_whose_read_of_a_new_move_fails_catches_up(repo, pages):
    """The JSON answers 503 once (the database away) when the page hears of a new move: the
    page reads it again after a pause and shows the move, still saying it is live."""
    record, code = await played(repo, "axio", moves=4)
    async with phone_page() as page:
        await page.goto(f"{pages}/g/{code}")
        await page.wait_for_function("location.hash === '#4'")
        refused: list[str] = []

        async def away_once(route):
            if refused:
                await route.continue_()
            else:
                refused.append(route.request.url)
                await route.fulfill(status=503, body="the database is away")

        await page.route(f"**/g/{code}.json", away_once)
        move = str(record.game.legal_moves()[0])
        await repo.record_move(record.id, record.move_count, move)
        await page.locator("#moves li").nth(4).wait_for()  # the fifth move listed
        assert page.url.endswith("#5")  # and shown: the page was at the last move
        assert refused  # the first read after the move was the one refused
        live = await page.locator("#live").text_content()
        assert live.startswith("Live")


async def test_a_live_page_whose_game_ends_says_so_and_who_won_and_no_longer_live(repo, pages):
    record, code = await played(repo, "rota", moves=2)
    async with phone_page() as page:
        await page.goto(f"{pages}/g/{code}")
        await page.locator("#live", has_text="Live").wait_for()
        rng = random.Random(3)
        while record.status == "running":
            move = rng.choice(record.game.legal_moves())
            record, _ = await repo.record_move(record.id, record.move_count, str(move))
        await page.locator("#status-word", has_text="finished").wait_for()
        assert await page.locator("#live").text_content() == ""
        assert await page.locator("#moves li").count() == record.move_count
        said = result_in_english(winners_of(record))
        assert await page.locator("#result").text_content() == said
