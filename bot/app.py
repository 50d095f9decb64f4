"""The discord.py application: one `/axio` command group over storage, engine and render.

`create_bot(settings)` builds an unstarted bot; `setup_hook` opens the database, builds the
table's machinery (each part given only what it uses), registers the cog and the
controls, syncs the commands, and starts the delivery loop and the scheduler, which deliver
what is still owed and let computer seats play on: a restarted bot goes on exactly where
the last one stopped.

This is the one place that knows every part; nothing imports it but the core (`cli`,
`playground`).
"""

from __future__ import annotations

import gc
import logging

import discord
from discord import app_commands
from discord.ext import commands

from storage import Repository, ShardSet
from storage.target import describe

from .commands.answers import Answers
from .commands.builder import Builder
from .commands.cog import AxioCog
from .commands.controls import DYNAMIC_ITEMS
from .commands.services import Services
from .config import Settings
from .screens.refusals import reply_refusal
from .screens.safe_text import NOBODY
from .table.background import Background
from .table.channels import Channels
from .table.courier import Courier
from .table.desk import Desk
from .table.lobby import Lobby
from .table.private import PrivateControls
from .table.scheduler import Scheduler
from .table.thinking import Thinker

log = logging.getLogger("axio")


class AxioTree(app_commands.CommandTree):
    """The one error handler. Commands answer their own refusals (`refusals.answered`), so
    what arrives here is a bug (logged, with an apology) or a check discord.py ran before
    the command (answered as a refusal)."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await reply_refusal(interaction, error)


class AxioBot(commands.AutoShardedBot):
    desk: Desk
    courier: Courier
    lobby: Lobby
    builder: Builder
    scheduler: Scheduler
    services: Services

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
        self.background = Background()
        self.repo: Repository = None  # type: ignore[assignment]  # opened in setup_hook
        self._loops: list[Courier | Scheduler] = []

    async def setup_hook(self) -> None:
        settings, owned, clock = self.settings, self.shards_owned, discord.utils.utcnow
        self.repo = await Repository.open(settings.database, clock=lambda: clock())
        channels = Channels(self)
        private = PrivateControls(self.background)
        self.desk = Desk(
            self.repo,
            self.thinker,
            self.background,
            deliver=lambda game_id: self.courier.kick(game_id),
            owned=owned,
            computer_budget_s=settings.computer_budget_s,
            moved=private.retire,
        )
        self.courier = Courier(
            self.repo,
            channels,
            self.background,
            owned=owned,
            idle_seconds=settings.delivery_idle_seconds,
            on_pass=self.desk.resume,
        )
        self.lobby = Lobby(self.repo, started=self.desk.started)
        self.builder = Builder(self.desk, private)
        self.scheduler = Scheduler(
            self.repo, self.desk, channels, owned=owned, minutes=settings.scheduler_minutes
        )
        self.services = Services(
            self.repo,
            self.desk,
            self.lobby,
            self.builder,
            channels,
            self.background,
            clock,
            private,
            Answers(self.repo, self.desk, clock),
        )
        await self.add_cog(AxioCog(self.services))
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.sync_commands()
        for loop in (self.scheduler, self.courier):
            loop.start()  # the courier's first pass delivers what is owed, resumes computers
            self._loops.append(loop)
        # What start-up made (the engine's tables, the commands, discord.py's state) lives as
        # long as the process: frozen, the collector's full passes stop walking it, so no
        # member's answer waits on a long one.
        gc.collect()
        gc.freeze()
        log.info("ready: database %s, shards %s", describe(settings.database), owned)

    async def sync_commands(self) -> None:
        """Development guilds get their commands at once; everywhere else within an hour."""
        for guild_id in self.settings.dev_guild_ids:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        await self.tree.sync()

    async def close(self) -> None:
        for loop in self._loops:
            loop.stop()
        self.thinker.close()
        if self.repo is not None:
            await self.repo.close()
        await super().close()


def create_bot(settings: Settings | None = None, *, shard_count: int | None = None) -> AxioBot:
    return AxioBot(settings or Settings(), shard_count=shard_count)
