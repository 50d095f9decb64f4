"""The discord.py application: one `/axio` command group over storage, engine and render.

`create_bot(settings)` builds an unstarted bot; `setup_hook` opens the database, registers
the cog and the persistent controls, syncs the commands, and starts the delivery loop and
the scheduler, which deliver what is still owed and let computer seats play on: a
restarted bot goes on exactly where the last one stopped.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from storage import GameRecord, Repository, ShardSet
from storage.target import describe

from .builder import Builder
from .config import Settings
from .courier import Courier
from .desk import Desk
from .errors import reply_refusal
from .lobby import Lobby
from .safe_text import NOBODY
from .thinking import Thinker
from .views import DYNAMIC_ITEMS

log = logging.getLogger("axio")


class AxioTree(app_commands.CommandTree):
    """The one error handler. Commands answer their own refusals (`errors.answered`), so
    what arrives here is a bug (logged, with an apology) or a check discord.py ran before
    the command (answered as a refusal)."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await reply_refusal(interaction, error)


class AxioBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, *, shard_count: int | None = None) -> None:
        intents = discord.Intents.default()
        shards = settings.shards
        if settings.shard_count is not None:
            shard_count = settings.shard_count
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=AxioTree,
            shard_count=shard_count,
            shard_ids=sorted(shards.ids) if shards.ids is not None else None,
            allowed_mentions=NOBODY,  # pings are opt-in per message: safe_text.pinging
        )
        self.settings = settings
        self.shards_owned: ShardSet = shards
        """The servers whose games this process looks after: the scheduler, resume and
        delivery ask storage only for these, so two processes never act on one game."""
        self.thinker = Thinker(settings.computer_processes)
        self.repo: Repository = None  # type: ignore[assignment]  # opened in setup_hook
        self.desk = Desk(self)
        self.courier = Courier(self)
        self.lobby = Lobby(self)
        self.builder = Builder(self)
        self._tasks: set[asyncio.Task[Any]] = set()

    async def setup_hook(self) -> None:
        from .cog import AxioCog
        from .scheduler import Scheduler

        self.repo = await Repository.open(
            self.settings.database, clock=lambda: discord.utils.utcnow()
        )
        await self.add_cog(AxioCog(self))
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.sync_commands()
        self.scheduler = Scheduler(self)
        self.scheduler.start()
        self.courier.start()  # its first pass delivers what is owed and resumes computers
        # What start-up made (the engine's tables, the commands, discord.py's state) lives as
        # long as the process: frozen, the collector's full passes stop walking it, so no
        # member's answer waits on a long one.
        gc.collect()
        gc.freeze()
        log.info(
            "ready: database %s, shards %s", describe(self.settings.database), self.shards_owned
        )

    async def sync_commands(self) -> None:
        """Development guilds get their commands at once; everywhere else within an hour."""
        for guild_id in self.settings.dev_guild_ids:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        await self.tree.sync()

    async def close(self) -> None:
        if getattr(self, "scheduler", None):
            self.scheduler.stop()
        self.courier.stop()
        self.thinker.close()
        if self.repo is not None:
            await self.repo.close()
        await super().close()

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run background work (deliveries, computer moves) and log it if it fails; what
        it was doing is stored, so the delivery loop's next pass takes it up again."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background work failed", exc_info=task.exception())

    def log_event(self, record: GameRecord, event: str, **details: Any) -> None:
        """One structured line per game event: game, guild, channel, turn."""
        turn = record.game.turn if record.game is not None else 0
        extra = " ".join(f"{key}={value!r}" for key, value in details.items())
        log.info(
            "event=%r game=%s kind=%s guild=%s channel=%s turn=%s %s",
            event,
            record.id,
            record.kind,
            record.guild_id,
            record.channel_id,
            turn,
            extra,
        )


def create_bot(settings: Settings | None = None, *, shard_count: int | None = None) -> AxioBot:
    return AxioBot(settings or Settings(), shard_count=shard_count)
