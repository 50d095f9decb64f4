"""The Activity in Debian's chromium at a phone's 390×844, against the bot on SimCord (its
Activity served as the playground serves it, the pages on the SDK's `DiscordSDKMock`):
two members in two browser contexts play a whole AXIO game and a whole Rota game by
tapping the board, one of them in German; a third watches and never receives a tile in
any WebSocket frame; a move typed with `/axio play` meanwhile shows on both boards; and a
connection cut mid-game comes back by itself, its board equal to the database."""

from __future__ import annotations

import json
import random
import re
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlencode

import pytest

from bot.web.activity import routes as activity_routes
from bot.web.activity.sessions import Sessions
from storage import DatabaseUnavailableError
from tests.bot.table import Table
from tests.web.activity_harness import *  # noqa: F403  (the bot's table with the Activity on)
from tests.web.activity_harness import Boards, serve_activity
from tests.web.activity_taps import tap_move
from tests.web.browser import CHROMIUM, PHONE, has_chromium
from tests.web.conftest import result_in_english, winners_of
from tests.web.discord_standin import DiscordStandIn

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not has_chromium(), reason="no /usr/bin/chromium"),
    pytest.mark.simcord(settle_timeout=120),
]
INSTANCE = "i-browser-table"
CUT_AT = 8
CUT = 4000
"""The close code a cut connection gets (any but the session's own, 4401 and 4403)."""
TYPED_AT = 5


@pytest.fixture
async def boards(table: Table, discord_standin: DiscordStandIn) -> AsyncIterator[Boards]:
    """The Activity served with the mock's sign-ins (the pages run on DiscordSDKMock), under
    the pages' own per-address limit (three boards' pages and sockets fit in it)."""
    served = await serve_activity(table, discord_standin, mock=True)
    yield served
    await served.close()


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox"]
        )
        yield launched
        await launched.close()


class Cuttable:
    """A page's WebSocket routed through the test, so it can be cut and held off."""

    def __init__(self) -> None:
        self.routes: list[Any] = []
        self.held = False

    async def route(self, ws: Any) -> None:
        if self.held:
            await ws.close(code=CUT, reason="cut")
            return
        ws.connect_to_server()
        self.routes.append(ws)

    async def cut(self) -> None:
        self.held = True
        routes, self.routes = self.routes, []
        for ws in routes:
            await ws.close(code=CUT, reason="cut")


async def open_board(
    browser: Any,
    boards: Boards,
    member: Any,
    *,
    locale: str = "en-US",
    cuttable: Cuttable | None = None,
) -> tuple[Any, list[dict[str, Any]]]:
    """The member's Activity in a context of its own; every message its socket receives."""
    context = await browser.new_context(viewport=PHONE, locale=locale)
    page = await context.new_page()
    frames: list[dict[str, Any]] = []
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda data: frames.append(json.loads(data))),
    )
    if cuttable is not None:
        await page.route_web_socket(re.compile(r".*/activity/ws.*"), cuttable.route)
    at = boards.table
    query = urlencode(
        {
            "mock_user": member.id,
            "guild_id": at.guild.id,
            "channel_id": at.channel.id,
            "instance_id": INSTANCE,
        }
    )
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    await page.goto(f"{boards.client.make_url('/activity')}?{query}")
    try:
        await page.wait_for_selector("#activity:not([aria-busy])", state="attached")
    except Exception:
        status = await page.locator("#status").text_content()
        raise AssertionError(f"{member.name}'s board did not open: {status!r} {errors}") from None
    page.errors = errors  # type: ignore[attr-defined]
    return page, frames


async def shows(page: Any, move_count: int) -> None:
    """Waits until the board shows the game after `move_count` moves (a CSS selector: the
    page's CSP allows no string to be evaluated, as wait_for_function would)."""
    await page.locator(f"#activity[data-move-count='{move_count}']").wait_for(state="attached")


async def scores_shown(page: Any) -> list[list[int]]:
    return await page.eval_on_selector_all(
        ".player",
        "ps => ps.map(p => [...p.querySelectorAll('.score')].map(c => Number(c.textContent)))",
    )


async def start_game(table: Table, kind: str) -> None:
    lobby = (await table.slash(table.ann, "axio new", game=kind)).response
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")


async def tap_a_move(page: Any, record: Any, rng: random.Random) -> str:
    """The player to move makes a random legal move on their board by tapping."""
    game = record.game
    await page.wait_for_selector("#confirm:not([hidden])")
    if getattr(game, "phase", "place") == "exchange":
        answer = rng.choice(["exchange", "keep"])
        await page.click(f"[data-answer={answer}]")
        await page.click("#confirm")
        return answer
    move = str(rng.choice(game.legal_moves()))
    taps = await tap_move(page, record.kind, move)
    assert taps <= (3 if record.kind == "axio" else 4)
    await page.click("#confirm")
    return move


def assert_no_tiles(frames: list[dict[str, Any]]) -> None:
    """A watcher's frames: states with no rack, no hand tile, no moves, none suggested."""
    states = [f for f in frames if f.get("type") == "state"]
    assert states
    for frame in states:
        you = frame["you"]
        assert you["seat"] is None
        assert not you.get("tiles") and not you.get("moves") and not you.get("suggested"), you


@pytest.mark.parametrize("kind", ["axio", "rota"])
async def test_two_members_play_a_whole_game_by_tapping(
    table: Table,
    boards: Boards,
    browser: Any,
    kind: str,
):
    await start_game(table, kind)
    cuttable = Cuttable()
    german = table.ben if kind == "axio" else table.ann
    pages = {}
    for member in (table.ann, table.ben):
        locale = "de-DE" if member is german else "en-US"
        page, _ = await open_board(
            browser,
            boards,
            member,
            locale=locale,
            cuttable=cuttable if member is table.ben else None,
        )
        pages[member.id] = page
    watcher, watched = await open_board(browser, boards, table.cat)
    assert await pages[german.id].locator("#confirm").text_content() == "Bestätigen"
    assert await watcher.locator("#tray").is_hidden()
    rng = random.Random(7)
    record = await table.game()
    moves = typed = 0
    cut_done = False
    while record.status == "running":
        mover = table.member_for(record)
        if record.move_count == TYPED_AT and not typed:  # typed in Discord meanwhile
            move = str(rng.choice(record.game.legal_moves()))
            await table.slash(mover, "axio play", move=move)
            typed = record.move_count + 1
        else:
            if record.move_count >= CUT_AT and not cut_done and mover is table.ann:
                await cuttable.cut()  # Ben's connection drops while Ann moves
            await tap_a_move(pages[mover.id], record, rng)
        record = await table.record(record.id)
        while record.move_count == moves:  # the move is stored once the desk has played it
            await shows(pages[table.ann.id], moves + 1)
            record = await table.record(record.id)
        moves = record.move_count
        if cuttable.held and not cut_done:
            await shows(pages[table.ann.id], moves)
            assert await pages[table.ben.id].locator("#activity").get_attribute(
                "data-move-count"
            ) != str(moves)
            cuttable.held = False  # back: Ben's board reconnects by itself
            cut_done = True
        for page in (*pages.values(), watcher):
            await shows(page, moves)
        if typed == moves:
            typed = -1  # the typed move showed on both boards (above)
    assert typed == -1 and cut_done and moves >= 20
    expected = [list(record.game.scores(seat)) for seat in range(2)]
    for page in (*pages.values(), watcher):
        assert await scores_shown(page) == expected
        assert page.errors == []
    assert_no_tiles(watched)
    winners = winners_of(record)
    said = result_in_english(winners)
    assert await watcher.locator("#status").text_content() == said  # as the engine ranks it
    crowned = await watcher.locator(".player .name").all_text_contents()
    assert [name.removeprefix("★ ") for name in crowned if name.startswith("★")] == winners
    assert await watcher.locator(".player .winner").first.get_attribute("aria-label") == "winner: "


async def test_a_board_opened_before_its_game_says_how_to_start_one_and_then_shows_it(
    table: Table,
    boards: Boards,
    browser: Any,
):
    """Its words say what happens: the game appears on the board as it starts, without
    opening the board again."""
    page, frames = await open_board(browser, boards, table.ann, locale="de-DE")
    await page.locator("#no-game:not([hidden])").wait_for()
    said = await page.locator("#no-game").text_content()
    assert "/axio new" in said and "`" not in said and "sobald" in said
    assert "wieder" not in said and "erneut" not in said
    assert await page.locator("#tray").is_hidden()
    assert frames[0]["game"] is None and page.errors == []
    await start_game(table, "rota")
    await shows(page, 0)
    await page.locator("#no-game").wait_for(state="hidden")
    assert page.errors == []


async def test_a_board_the_bot_no_longer_knows_signs_in_again_by_itself(
    table: Table,
    boards: Boards,
    browser: Any,
):
    """A restarted bot has forgotten every session: the open board's socket drops, comes
    back with a session the bot does not know (4401), signs in again through the SDK
    without the member doing anything, shows the moves made meanwhile, and no longer says
    it is reconnecting."""
    await start_game(table, "rota")
    cuttable = Cuttable()
    page, _ = await open_board(browser, boards, table.ann, cuttable=cuttable)
    record = await table.game()
    await shows(page, record.move_count)
    activity = table.bot.axio_activity
    activity.sessions = Sessions()  # all a restart keeps of them
    await cuttable.cut()
    mover = table.member_for(record)
    await table.slash(mover, "axio play", move=str(record.game.legal_moves()[0]))
    cuttable.held = False  # the bot is back
    await shows(page, record.move_count + 1)
    assert len(activity.sessions) == 1  # a new sign-in, by the page itself
    status = await page.locator("#status").text_content()
    assert "reconnecting" not in status and "expired" not in status, status
    assert page.errors == []


async def test_a_board_refused_as_one_too_many_says_so_until_it_opens(
    table: Table,
    boards: Boards,
    browser: Any,
    monkeypatch: pytest.MonkeyPatch,
):
    """The refusal stays on the status line while the board tries again, and goes once
    another board is closed and this one opens."""
    monkeypatch.setattr(activity_routes, "BOARDS_PER_MEMBER", 1)
    await start_game(table, "rota")
    first, _ = await open_board(browser, boards, table.ann)
    second, _ = await open_board(browser, boards, table.ann)
    await second.locator("#status", has_text="too many boards").wait_for()
    await first.context.close()
    await shows(second, (await table.game()).move_count)
    status = await second.locator("#status").text_content()
    assert "too many" not in status and "reconnecting" not in status, status
    assert second.errors == []


async def test_a_refused_move_is_said_until_the_board_shows_the_next_state(
    table: Table,
    boards: Boards,
    browser: Any,
    monkeypatch: pytest.MonkeyPatch,
):
    """A move the database did not take is refused in words on the status line; once the
    game moves on (here the same member types the move in Discord), the board shows it and
    the refusal, no longer true, is gone."""
    await start_game(table, "rota")
    record = await table.game()
    mover = table.member_for(record)
    page, _ = await open_board(browser, boards, mover)
    activity = table.bot.axio_activity

    async def away(*args: Any, **kwargs: Any) -> Any:
        raise DatabaseUnavailableError("no answer in time (test)")

    monkeypatch.setattr(activity, "play", away)
    move = await tap_a_move(page, record, random.Random(5))
    await page.locator("#status", has_text="not answering").wait_for()
    monkeypatch.undo()
    await table.slash(mover, "axio play", move=move)
    await shows(page, record.move_count + 1)
    status = await page.locator("#status").text_content()
    assert "not answering" not in status, status
    assert page.errors == []


async def test_a_game_ended_without_a_result_says_so_on_the_board(
    table: Table,
    boards: Boards,
    browser: Any,
):
    await start_game(table, "rota")
    page, _ = await open_board(browser, boards, table.ben)
    await shows(page, 0)
    await table.slash(table.ann, "axio end")
    status = page.locator("#status", has_text="ended without a result")
    await status.wait_for()
    assert await status.text_content() == "Game over: ended without a result"
    assert await page.locator("#tray").is_hidden() and page.errors == []
