"""`axio-bot playground`: the real bot, unchanged, on SimCord's in-memory Discord.

A guild with a #games channel and four members; SimCord's browser preview shows the
channel as any of them (switch at the top), so one person can play a whole table's game
with no token and no Discord account. Served on 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import simcord

from .app import AxioBot, create_bot
from .config import Settings

MEMBERS = ("Ada", "Brook", "Cyd", "Dee")


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


async def serve(
    settings: Settings,
    *,
    seconds: float | None = None,
    port: int | None = None,
    ready: asyncio.Future[str] | None = None,
) -> None:
    """Run until the browser's Close button, `seconds`, or SIGINT (Ctrl-C) or SIGTERM
    (`axio-bot playground` runs it under `until_signalled`). The URL is printed (and handed
    to `ready`, for tests)."""
    with tempfile.TemporaryDirectory(prefix="axio-playground-") as folder:
        scratch = {"database_path": Path(folder) / "playground.sqlite3", "database_url": None}
        local = settings.model_copy(update=scratch)  # never the configured (real) database
        # A bug is logged (and answered with an apology) rather than stopping the playground.
        async with simulated(create_bot(local, shard_count=1), check_errors=False) as env:
            guild = env.create_guild("AXIO playground")
            channel = guild.create_text_channel("games")
            members = [guild.add_member(env.create_user(name)) for name in MEMBERS]
            async with env.preview(channel, viewers=members, layout="channel", port=port) as pv:
                print(f"AXIO playground: open {pv.url}", flush=True)
                print("Type /axio new in the channel; switch members at the top.", flush=True)
                if ready is not None:
                    ready.set_result(pv.url)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(pv.wait_closed(), timeout=seconds)
