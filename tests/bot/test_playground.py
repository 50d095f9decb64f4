"""`axio-bot playground`: the real bot on SimCord's in-memory Discord, driven through the
browser preview's HTTP interface on 127.0.0.1 as a browser would drive it.

The playground's Env lives inside `serve()`; SimCord allows one live Env per event loop,
so this module never asks for the `simcord_env` fixture (the plugin only creates an Env
for tests that request it).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import http.client
import re
import threading
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from urllib.parse import parse_qs, urlsplit

import discord
import pytest
import simcord
from discord.ext import tasks

from bot.config import Settings
from bot.playground import MANAGER, MEMBERS, real_time, serve
from tests.bot.preview_client import Json, PreviewPage, controls
from tests.waiting import GIVE_UP_S

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
async def playground(bot_settings: Settings) -> AsyncIterator[tuple[str, asyncio.Task[None]]]:
    """The playground served from this test's event loop: its URL and its task."""
    ready: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve(bot_settings, seconds=60, ready=ready))
    await asyncio.wait({ready, task}, timeout=GIVE_UP_S, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        task.result()  # serve() failed before it was ready: show why
    assert ready.done(), f"the playground did not start within {GIVE_UP_S} s"
    try:
        yield ready.result(), task
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


def filenames(message: Json) -> set[str]:
    return {attachment["filename"] for attachment in message["attachments"]}


def labels(message: Json) -> list[str]:
    return [c["label"] for c in controls(message) if c.get("label")]


def menu(message: Json, step: str) -> Json:
    """The builder's select menu for one step (tile, position or move)."""
    return next(c for c in controls(message) if c.get("custom_id", "").endswith(f":{step}"))


def said(message: Json) -> str:
    """A message's words: its content and a V2 card's text displays."""
    texts = [c.get("content") or "" for c in controls(message) if c.get("type") == 10]
    return "\n".join([message.get("content") or "", *texts])


def mover(page: PreviewPage, message: Json) -> str:
    """The member a public turn message calls on; it shows the table, offers My tiles and
    links to the game's page (the playground serves the pages)."""
    assert not message["ephemeral"]
    assert filenames(message) == {"table.png"}
    assert labels(message) == [
        "My tiles",
        "Close-up",
        "Game page",
    ]  # no Board: SimCord cannot launch
    (name,) = [
        viewer["name"]
        for viewer in page.state["viewers"]
        if f"<@{viewer['id']}>" in said(message) and "your move" in said(message)
    ]
    return name


async def test_two_members_play_a_game_in_the_browser_preview(playground):
    url, task = playground
    assert url.startswith("http://127.0.0.1:")
    page = await PreviewPage.open(url)
    assert page.viewer == "Ada"
    assert [viewer["name"] for viewer in page.state["viewers"]] == list(MEMBERS)

    await page.run_command("axio new", game="axio", seats="2")
    lobby = page.last_message()["id"]
    assert labels(page.message(lobby)) == [
        "Join",
        "Leave",
        "Add computer",
        "Start",
        "Cancel",
        "How to play",
    ]

    await page.switch_viewer("Brook")
    await page.click(lobby, "Join")
    assert "2. Brook" in page.message(lobby)["content"]
    await page.run_command("axio lobby start")  # not the host: refused, and only Brook is told
    refusal = page.last_message(ephemeral=True)
    assert "Only the host" in refusal["content"]

    await page.switch_viewer("Ada")
    assert refusal["id"] not in page.state["messages"]
    await page.click(lobby, "Start")
    first = page.last_message()
    player, other = ("Ada", "Brook") if mover(page, first) == "Ada" else ("Brook", "Ada")

    # The first player plays a suggested move in the builder only they see: My tiles, the
    # suggestion, Confirm.
    await page.switch_viewer(player)
    await page.click(first["id"], "My tiles")
    builder = page.last_message(ephemeral=True)["id"]
    assert filenames(page.message(builder)) == {"rack.png"}
    suggestion = labels(page.message(builder))[0]
    await page.click(builder, suggestion)
    assert "Preview" in page.message(builder)["content"]
    assert filenames(page.message(builder)) == {"preview.png"}
    await page.click(builder, "Confirm")
    second = page.last_message()
    assert re.search(rf"① \*\*{player}\*\* [A-M]\d+ \+\d", said(second))  # badged ① on the board
    assert mover(page, second) == other
    assert labels(page.message(first["id"])) == []  # the old turn's button is gone

    # The other player does not see that builder; they type a move the bot suggests.
    await page.switch_viewer(other)
    assert builder not in page.state["messages"]
    suggestions = await page.autocomplete("axio play", "move", "")
    await page.run_command("axio play", move=suggestions[0]["value"])
    assert page.last_message(ephemeral=True)["content"].startswith("You played")
    third = page.last_message()
    assert re.search(rf"① \*\*{other}\*\* [A-M]\d+ \+\d", said(third))
    assert mover(page, third) == player

    # A bystander sees the three turns, the older ones shrunk to one line each and the last
    # with its table image, and nobody's private messages.
    await page.switch_viewer("Cyd")
    turns = [m for m in page.messages() if m["id"] in (first["id"], second["id"], third["id"])]
    assert [filenames(m) for m in turns] == [set(), set(), {"table.png"}]
    assert [len(said(m).strip().splitlines()) for m in turns[:2]] == [1, 1]
    assert not any(m["ephemeral"] for m in page.messages())
    image = await page.asset(turns[-1]["attachments"][0]["asset_id"])  # ids are per viewer
    assert image.startswith(PNG_SIGNATURE)

    # The browser's Close button stops the playground; refusals along the way are not errors.
    await page.close_preview()
    assert await asyncio.wait_for(task, timeout=GIVE_UP_S) is None


def database_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}


async def test_the_playground_stops_by_itself_and_closes_its_database(bot_settings: Settings):
    before = database_threads()
    await asyncio.wait_for(serve(bot_settings, seconds=0.2), timeout=GIVE_UP_S)
    leftover = database_threads() - before
    for thread in leftover:
        thread.join(timeout=GIVE_UP_S)
    assert not [t for t in leftover if t.is_alive()]


@pytest.fixture
async def german_brook(bot_settings: Settings) -> AsyncIterator[PreviewPage]:
    """The playground with Brook's Discord in German, as a page opened by Ada."""
    ready: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(
        serve(bot_settings, seconds=60, ready=ready, languages={"Brook": "de"})
    )
    await asyncio.wait({ready, task}, timeout=GIVE_UP_S, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        task.result()
    try:
        yield await PreviewPage.open(ready.result())
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def test_the_manager_may_change_settings_and_a_german_member_is_told_in_german(
    german_brook,
):
    page = german_brook
    await page.switch_viewer("Brook")
    await page.run_command("axio settings", language="de")
    refusal = page.last_message(ephemeral=True)["content"]
    assert refusal.startswith("Nur Mitglieder, die den Server verwalten dürfen")

    await page.switch_viewer(MANAGER)
    await page.run_command("axio settings", language="de")
    assert "Einstellungen gespeichert." in said(page.last_message())


async def test_the_bot_keeps_the_real_time_so_todays_daily_challenge_plays(playground):
    page = await PreviewPage.open(playground[0])
    await page.run_command("axio daily play", game="axio")
    answer = page.last_message(ephemeral=True)
    assert "starts on" not in said(answer)
    assert filenames(answer) == {"daily-board.png", "rack.png"}
    today = datetime.now(UTC)
    assert f"({today.day} {today:%B %Y}) · turn 1" in said(answer)


class Ticking(discord.Client):
    """A bot whose only work is a loop, as the bot's reminders and deliveries are."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())
        self.passes = 0
        self.second_pass = asyncio.Event()
        self.ticking = tasks.loop(seconds=0.05)(self.tick)

    async def setup_hook(self) -> None:
        self.ticking.start()

    async def tick(self) -> None:
        self.passes += 1
        if self.passes == 2:
            self.second_pass.set()


async def test_simcords_clock_follows_the_real_one_so_the_bots_loops_run():
    """SimCord's clock stands still by itself: a loop's second pass, due 0.05 s after its
    first, comes only when the playground moves the clock on as real time passes."""
    bot = Ticking()
    async with simcord.run(bot) as env:
        start = env.now()
        async with real_time(env, step=0.01):
            await asyncio.wait_for(bot.second_pass.wait(), timeout=GIVE_UP_S)
        assert bot.passes == 2
        assert env.now() > start


def location(url: str) -> tuple[int, str]:
    """GET `url` without following a redirect: the status and where it points."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    try:
        connection.request("GET", parts.path)
        response = connection.getresponse()
        return response.status, response.getheader("Location") or response.read().decode()
    finally:
        connection.close()


@contextlib.asynccontextmanager
async def with_front_page(settings: Settings) -> AsyncIterator[tuple[str, str]]:
    """The playground served from this test's loop: the preview's and the front page's URLs."""
    ready: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    threads: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve(settings, seconds=120, ready=ready, threads=threads))
    await asyncio.wait({ready, task}, timeout=GIVE_UP_S, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        task.result()
    try:
        yield ready.result(), threads.result()
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def test_a_tournaments_table_thread_opens_in_the_preview_and_its_game_is_played(
    bot_settings: Settings,
):
    async with with_front_page(bot_settings) as (preview, front_page):
        page = await PreviewPage.open(preview)
        await page.run_command("axio tournament new", game="axio", format="swiss", rounds="1")
        for name in MEMBERS[1:]:
            await page.switch_viewer(name)
            await page.run_command("axio tournament join")
        await page.switch_viewer(MANAGER)
        await page.run_command("axio tournament start")

        front = await asyncio.to_thread(urllib.request.urlopen, front_page, timeout=60)
        listed = re.findall(r'href="open/(\d+)">🧵 ([^<]+)</a>', front.read().decode())
        table = next((tid, name) for tid, name in listed if f"{MANAGER}" in name)
        status, preview_url = await asyncio.to_thread(location, front_page + f"open/{table[0]}")
        assert status == 302

        thread = await PreviewPage.open(preview_url)
        assert thread.state["channel"]["name"] == table[1]
        turn = thread.last_message()
        player = mover(thread, turn)
        await thread.switch_viewer(player)
        await thread.click(turn["id"], "My tiles")
        builder = thread.last_message(ephemeral=True)["id"]
        await thread.click(builder, labels(thread.message(builder))[0])
        await thread.click(builder, "Confirm")
        assert re.search(rf"① \*\*{player}\*\* [A-M]\d+ \+\d", said(thread.last_message()))

        with pytest.raises(urllib.error.URLError):  # #games' session closed: its server too
            await page.refresh()


async def test_each_member_opens_the_board_from_the_front_page(bot_settings: Settings):
    """The front page's Open the board links: the Activity of #games as that member, signed
    in through the SDK's mock (which only the playground's web app accepts), showing the
    game and that member's own rack."""
    import aiohttp

    async with with_front_page(bot_settings) as (preview, front_page):
        page = await PreviewPage.open(preview)
        await page.run_command("axio new", game="axio", seats="2")
        lobby = page.last_message()["id"]
        await page.switch_viewer("Brook")
        await page.click(lobby, "Join")
        await page.switch_viewer("Ada")
        await page.click(lobby, "Start")
        assert "Board" not in labels(page.last_message())  # SimCord cannot launch it

        root = front_page.split(urlsplit(front_page).path)[0] + "/"  # the port alone
        status, text = await asyncio.to_thread(location, root)
        assert status == 404 and "open the one" in text and "printed" in text
        front = await asyncio.to_thread(urllib.request.urlopen, front_page, timeout=60)
        found = re.findall(r'class="board" href="([^"]+)"[^>]*>(\w+)</a>', front.read().decode())
        assert [name for _, name in found] == list(MEMBERS)
        link = html.unescape(dict((name, url) for url, name in found)["Brook"])
        query = parse_qs(urlsplit(link).query)
        brook = query["mock_user"][0]
        async with aiohttp.ClientSession() as http:
            async with http.get(link) as answer:
                assert answer.status == 200
                assert 'id="activity-config"' in await answer.text()
            base = link.split("/activity?")[0]
            body = {
                "code": f"mock:{brook}:front-page",
                **{key: query[key][0] for key in ("instance_id", "guild_id", "channel_id")},
            }
            async with http.post(f"{base}/activity/api/session", json=body) as answer:
                assert answer.status == 200
                session = await answer.json()
            assert session["user_id"] == brook
            params = {"session": session["session"], "instance_id": query["instance_id"][0]}
            async with http.ws_connect(f"{base}/activity/ws", params=params) as ws:
                state = await ws.receive_json(timeout=GIVE_UP_S)
        assert state["type"] == "state" and state["game"]["kind"] == "axio"
        assert [p["name"] for p in state["game"]["players"]] == ["Ada", "Brook"]
        assert state["you"]["seat"] == 1 and len(state["you"]["tiles"]) == 5
