"""A running game's page hears of a move made in Discord (SimCord) without reloading: its
event stream says the new move count, and the JSON then holds the move.

The pages here are served as the playground and `axio-bot web` serve them, beside the bot
(bot/web/app.py: PagesInThread, polling the watched games): SimCord counts every task of
the bot's loop as the bot's work and would wait for an open event stream to end. In the
bot's own process a stored move wakes the watcher at once, shown by the second test."""

from __future__ import annotations

import asyncio
import json
import random

import aiohttp

from bot.web.app import PagesInThread
from bot.web.live import LiveGames
from tests.bot.conftest import (  # noqa: F401  (the bot tests' fixtures)
    bot_clock,
    bot_settings,
    guild_locale,
    simcord_bot,
    table,
)
from tests.bot.table import Table

MOVES = 3


async def next_event(stream: aiohttp.StreamReader) -> dict:
    """The next `data:` event of a Server-Sent Events stream (comments skipped)."""
    while True:
        line = (await stream.readline()).decode().strip()
        if line.startswith("data: "):
            return json.loads(line.removeprefix("data: "))


async def test_a_move_made_in_discord_reaches_an_open_page(table: Table):  # noqa: F811
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    record = await table.game()
    code = await table.bot.repo.game_code(record.id)
    rng = random.Random(4)
    pages = PagesInThread(table.settings.database)
    base = f"http://127.0.0.1:{pages.start()}"
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{base}/g/{code}/events") as events:
                assert events.status == 200
                assert events.headers["Content-Type"] == "text/event-stream"
                first = await asyncio.wait_for(next_event(events.content), 10)
                assert first == {"moveCount": 0, "status": "running"}
                for count in range(1, MOVES + 1):
                    record = await table.record(record.id)
                    await table.play_by_command(record, rng)
                    heard = await asyncio.wait_for(next_event(events.content), 10)
                    assert heard == {"moveCount": count, "status": "running"}
            async with session.get(f"{base}/g/{code}.json") as response:
                data = await response.json()
    finally:
        pages.stop()
    stored = (await table.record(record.id)).game.log
    assert [step["move"]["text"] for step in data["game"]["steps"]] == [e.move for e in stored]


async def test_a_move_stored_in_this_process_wakes_the_watcher_without_a_poll():
    counts = {7: (3, "running")}
    asked = asyncio.Event()

    async def read(ids: list[int]) -> dict[int, tuple[int, str]]:
        asked.set()
        return {i: counts[i] for i in ids if i in counts}

    live = LiveGames(read, poll_s=3600)  # no poll comes within the test
    live.start()
    try:
        with live.watching(7, (3, "running")) as changes:
            await asked.wait()  # the first read, when the page began watching
            counts[7] = (4, "running")
            live.moved(7)
            assert await asyncio.wait_for(changes.get(), 10) == (4, "running")
    finally:
        await live.stop()
