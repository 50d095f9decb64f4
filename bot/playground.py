"""`axio-bot playground`: the real bot, unchanged, on SimCord's in-memory Discord.

A guild with a #games channel and four members, Ada managing the server; SimCord's
browser preview shows the channel as any of them (switch at the top), so one person can
play a whole table's game with no token and no Discord account. Served on 127.0.0.1 only,
and so are the game pages (on a free port, PUBLIC_URL set to it), beside the bot as
`axio-bot web` serves them.

What SimCord's defaults would hide is set here: an action's answer is awaited however
long the bot takes (a review, expert computers), the bot's clock is the real one and
SimCord's clock is moved on with it (so reminders, timeouts and the daily challenge come
when they are due), and each member may have their own Discord language.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import simcord
import simcord.interactions
from pydantic import SecretStr

from .app import AxioBot, create_bot
from .config import Settings
from .playground_rooms import Rooms
from .web.app import PagesInThread, WebServer, create_app

log = logging.getLogger(__name__)

MEMBERS = ("Ada", "Brook", "Cyd", "Dee")
MANAGER = "Ada"
"""The member who may manage the server and its messages: `/axio settings`, ending any
game or tournament."""
PLAYGROUND_APPLICATION = "1000000000000000001"
"""The playground's stand-in application id (its Activity signs in through the mock)."""

SETTLE_LIMIT_S = 3600.0
"""How long an action's answer is awaited before the preview calls it uncertain. SimCord's
5 s default hid everything slower (a review, three expert computers in a row); SimCord
takes only a finite limit, so this is one no answer of the bot comes near."""

SCHEDULER_MINUTES = 1.0
"""Reminders and timeouts are looked for every minute, so that one set to a few minutes
(`/axio settings reminder_hours:0.05`) is seen when it is due."""

CLOCK_STEP_S = 60 * SCHEDULER_MINUTES
"""How often SimCord's clock is moved on to the real time: once a scheduler pass. SimCord
answers a member's action that comes while its clock moves with an error (the page then
says the outcome is uncertain): the clock moves rarely, and for a few milliseconds."""

RETRY_S = 1.0
"""How soon the clock is tried again when an action was being answered."""


def real_now() -> datetime:
    """The real UTC time: the bot's clock here, where SimCord's stands at 1 January 2026
    (stdlib's `datetime`, which SimCord leaves alone; it replaces discord.py's)."""
    return datetime.now(UTC)


def language_option(value: str) -> tuple[str, str]:
    """`Brook=de` → ("Brook", "de"): a member and a Discord locale, for `--language`."""
    name, _, locale = value.partition("=")
    locales = sorted(item.value for item in discord.Locale)
    if name not in MEMBERS:
        raise ValueError(f"{name!r} is not a member; the members are {', '.join(MEMBERS)}")
    if locale not in locales:
        raise ValueError(f"{locale!r} is not a Discord language; one of {', '.join(locales)}")
    return name, locale


def with_locales(original: Callable[..., Any], locales: Mapping[int, str]) -> Callable[..., Any]:
    """SimCord's interaction payload with each member's `locale` (member ids to Discord
    locales, others `en-US`) and the server's `preferred_locale` as `guild_locale`, as
    Discord sends them: SimCord sends every interaction as `en-US` from an `en-US` server."""

    def payload_with_locales(backend: Any, **kw: Any) -> Any:
        record, payload = original(backend, **kw)
        payload["locale"] = locales.get(kw["user_id"], "en-US")
        if kw.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(kw["guild_id"]).preferred_locale
        return record, payload

    return payload_with_locales


@contextlib.contextmanager
def member_languages(locales: Mapping[int, str]) -> Iterator[None]:
    """Members speak their own Discord language while the block runs. SimCord has no
    setting for it, so its payload builder is wrapped (as the tests do) and put back."""
    original = simcord.interactions.base_payload
    simcord.interactions.base_payload = with_locales(original, locales)
    try:
        yield
    finally:
        simcord.interactions.base_payload = original


def free_port() -> int:
    """A port free on 127.0.0.1 now (the pages' address must be known before the bot
    starts, as its posts link to it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.asynccontextmanager
async def simulated(bot: AxioBot, **options: Any) -> AsyncIterator[simcord.Env]:
    """The bot on SimCord's in-memory Discord (`options` go to `simcord.run`). SimCord
    detaches the bot without closing it, so the bot stops here, as `axio-bot run` stops
    (bot/ops/stopping.py): the commands in flight answer before SimCord detaches it, then
    its database and workers close (a connection's thread would keep the process alive)."""
    try:
        async with simcord.run(bot, **options) as env:
            try:
                yield env
            finally:
                await bot.stop()
    finally:
        await bot.release()  # SimCord could not attach it: what its start opened


async def follow_real_time(env: simcord.Env, step: float = CLOCK_STEP_S) -> None:
    """Move SimCord's clock on as real time passes, so the bot's loops (reminders,
    timeouts, daily posts, a tournament's start, retries) run when they are due. SimCord
    refuses to move it while a member's action is answered: it is tried again soon."""
    behind, last, wait = 0.0, time.perf_counter(), step
    while True:
        await asyncio.sleep(wait)
        now = time.perf_counter()
        behind, last = behind + now - last, now
        try:
            await env.advance_time(behind)
        except simcord.SetupError:
            wait = min(step, RETRY_S)  # an action is being answered
            continue
        except TimeoutError:
            log.warning("the bot did not settle while the playground's clock moved on")
        behind, wait = 0.0, step


@contextlib.asynccontextmanager
async def real_time(env: simcord.Env, step: float = CLOCK_STEP_S) -> AsyncIterator[None]:
    """SimCord's clock follows the real one while the block runs."""
    follower = asyncio.create_task(follow_real_time(env, step))
    try:
        yield
    finally:
        follower.cancel()
        await asyncio.gather(follower, return_exceptions=True)


def furnish(
    env: simcord.Env, languages: Mapping[str, str]
) -> tuple[simcord.builders.ChannelHandle, list[Any], dict[int, str]]:
    """The server: #games, the members (the manager with a role that may manage the
    server), and each member's Discord language by member id."""
    guild = env.create_guild("AXIO playground")
    channel = guild.create_text_channel("games")
    may_manage = discord.Permissions(manage_guild=True, manage_messages=True)
    managers = guild.create_role("Server managers", permissions=may_manage)
    members = [
        guild.add_member(env.create_user(name), roles=[managers] if name == MANAGER else [])
        for name in MEMBERS
    ]
    locales = {
        member.id: languages[name]
        for name, member in zip(MEMBERS, members, strict=True)
        if name in languages
    }
    return channel, members, locales


class Boards:
    """The Activity's web app, served from the playground's own task on a free port (SimCord
    would count an open board's socket as the bot's work and wait for it to end)."""

    def __init__(self, server: WebServer) -> None:
        self.server = server
        self.url = f"http://127.0.0.1:{server.port}"

    async def stop(self) -> None:
        await self.server.stop()


async def serve_boards(bot: AxioBot, public_url: str | None) -> Boards:
    """The bot's Activity, whose pages sign in through the SDK's mock. SimCord cannot launch
    an Activity, so the posts carry no **Board**: the front page's links open it."""
    assert bot.axio_activity is not None
    bot.services.links.board = bot.builder.board = False
    app = create_app(bot.repo, public_url=public_url, activity=bot.axio_activity, mock_discord=True)
    server = WebServer(app, host="127.0.0.1", port=0, serving="the board (the Activity)")
    await server.start()
    return Boards(server)


def channel_guild(env: simcord.Env, channel: simcord.builders.ChannelHandle) -> int:
    """The server a channel is in (the Activity is launched in a server's channel)."""
    return env.backend.get_channel(channel.id).guild_id


def who(languages: Mapping[str, str]) -> str:
    """The members as the start-up lines name them: `Ada (manages the server), Brook (de)`."""
    notes = {name: [f"Discord in {locale}"] for name, locale in languages.items()}
    notes.setdefault(MANAGER, []).insert(0, "manages the server")
    return ", ".join(f"{n} ({', '.join(notes[n])})" if n in notes else n for n in MEMBERS)


async def serve(
    settings: Settings,
    *,
    seconds: float | None = None,
    port: int | None = None,
    ready: asyncio.Future[str] | None = None,
    languages: Mapping[str, str] | None = None,
    threads: asyncio.Future[str] | None = None,
) -> None:
    """Run until the browser's Close button, `seconds`, or SIGINT (Ctrl-C) or SIGTERM
    (`axio-bot playground` runs it under `until_signalled`). The URL is printed (and
    handed to `ready`, for tests), and the front page's that opens threads (`threads`).
    `port` is the front page's. `languages`: member names to Discord locales."""
    languages = dict(languages or {})
    with tempfile.TemporaryDirectory(prefix="axio-playground-") as folder:
        web_port = free_port()  # the game pages, linked from the posts as on a real server
        scratch = {
            "database_path": Path(folder) / "playground.sqlite3",
            "database_url": None,  # never the configured (real) database
            "scheduler_minutes": SCHEDULER_MINUTES,
            "web_port": None,  # served beside the bot, below
            "public_url": f"http://127.0.0.1:{web_port}",
            # The Activity, served below with the SDK mock's sign-ins (never by `run`).
            "discord_client_id": PLAYGROUND_APPLICATION,
            "discord_client_secret": SecretStr("playground"),
        }
        local = settings.model_copy(update=scratch)
        bot = create_bot(local, shard_count=1, clock=real_now)
        # A bug is logged (and answered with an apology) rather than stopping the playground.
        options = {"check_errors": False, "settle_timeout": SETTLE_LIMIT_S}
        async with simulated(bot, **options) as env:
            channel, members, locales = furnish(env, languages)
            boards = await serve_boards(bot, local.public_url)
            rooms = Rooms(
                env, channel, members, boards=boards.url, guild_id=channel_guild(env, channel)
            )
            pages = PagesInThread(local.database, public_url=local.public_url)
            pages.start(web_port)
            with member_languages(locales):
                try:
                    front = await rooms.start(port)
                    url = await rooms.show(channel)
                    async with real_time(env):
                        print(f"AXIO playground: open {url}", flush=True)
                        print(f"Members: {who(languages)}.", flush=True)
                        print(
                            "Type /axio new in the channel; switch members at the top.", flush=True
                        )
                        print(
                            "The board (the Discord Activity) as each member, and threads the "
                            f"bot makes (a tournament's tables), open from {front}",
                            flush=True,
                        )
                        print(f"Game pages: {local.public_url}/g/…", flush=True)
                        if ready is not None:
                            ready.set_result(url)
                        if threads is not None:
                            threads.set_result(front)
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(rooms.closed_by_member.wait(), timeout=seconds)
                finally:
                    await rooms.stop()
                    await boards.stop()
                    pages.stop()
