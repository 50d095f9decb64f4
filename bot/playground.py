"""`axio-bot playground`: the real bot, unchanged, on SimCord's in-memory Discord.

A guild with a #games channel and four members; SimCord's browser preview shows the
channel as any of them (switch at the top), so one person can play a whole table's game
with no token and no Discord account. Served on 127.0.0.1 only, and so are the game pages
(on a free port, PUBLIC_URL set to it), beside the bot as `axio-bot web` serves them.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import simcord

from .app import AxioBot, create_bot
from .config import Settings
from .web.app import PagesInThread

MEMBERS = ("Ada", "Brook", "Cyd", "Dee")


def free_port() -> int:
    """A port free on 127.0.0.1 now (the pages' address must be known before the bot
    starts, as its posts link to it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.asynccontextmanager
async def simulated(bot: AxioBot, **options: Any) -> AsyncIterator[simcord.Env]:
    """The bot on SimCord's in-memory Discord (`options` go to `simcord.run`). SimCord
    detaches the bot without closing it, so its database is closed here: the open
    connection's thread would otherwise keep the process alive."""
    try:
        async with simcord.run(bot, **options) as env:
            yield env
    finally:
        if bot.repo is not None:
            await bot.repo.close()


async def serve(
    settings: Settings,
    *,
    seconds: float | None = None,
    port: int | None = None,
    ready: asyncio.Future[str] | None = None,
) -> None:
    """Run until the browser's Close button, `seconds`, or Ctrl-C. The URL is printed (and
    handed to `ready`, for tests)."""
    with tempfile.TemporaryDirectory(prefix="axio-playground-") as folder:
        web_port = free_port()  # the game pages, linked from the posts as on a real server
        scratch = {
            "database_path": Path(folder) / "playground.sqlite3",
            "database_url": None,
            "web_port": None,  # served beside the bot, below
            "public_url": f"http://127.0.0.1:{web_port}",
        }
        local = settings.model_copy(update=scratch)  # never the configured (real) database
        # A bug is logged (and answered with an apology) rather than stopping the playground.
        async with simulated(create_bot(local, shard_count=1), check_errors=False) as env:
            guild = env.create_guild("AXIO playground")
            channel = guild.create_text_channel("games")
            members = [guild.add_member(env.create_user(name)) for name in MEMBERS]
            pages = PagesInThread(local.database, public_url=local.public_url)
            pages.start(web_port)
            async with env.preview(channel, viewers=members, layout="channel", port=port) as pv:
                print(f"AXIO playground: open {pv.url}", flush=True)
                print("Type /axio new in the channel; switch members at the top.", flush=True)
                print(f"Game pages: {local.public_url}/g/…", flush=True)
                if ready is not None:
                    ready.set_result(pv.url)
                try:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(pv.wait_closed(), timeout=seconds)
                finally:
                    pages.stop()
