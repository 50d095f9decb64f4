"""`axio-bot run` as an operator starts it, with SimCord in Discord's place: the child
process of the signal tests (tests/bot/test_signals.py).

    python tests/bot/run_child.py          # environment: DISCORD_TOKEN, DATABASE_PATH, …

Everything is `axio-bot run`'s own (its checks, its logging, its signal handling, the
bot's start and stop) but the connection: `AxioBot.start` attaches the bot to an
in-memory Discord with a guild, a channel and a member, instead of logging in. It prints
`starting` as it begins to connect, and `ready` once the bot is up.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot import cli
from bot.app import AxioBot


async def start_on_simcord(bot: AxioBot, token: str, **_: Any) -> None:
    """In place of logging in with `token`: SimCord's Discord, until the connection ends
    (a signal cancels it, as it cancels discord.py's connection)."""
    print("starting", flush=True)
    async with simcord.run(bot, shard_count=1, check_errors=False) as env:
        guild = env.create_guild("Signals")
        guild.create_text_channel("games")
        guild.add_member(env.create_user("ann"))
        await env.settle()
        print("ready", flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":
    AxioBot.start = start_on_simcord  # type: ignore[method-assign,assignment]
    sys.exit(cli.main(["run"]))
