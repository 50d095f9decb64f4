"""The discord.py application: one `/axio` command group over storage, engine and render.

`create_bot(settings)` builds an unstarted bot; `setup_hook` opens the database, builds the
table's machinery (each part given only what it uses), registers the cog and the
controls, syncs the commands, and starts the delivery loops (the games' posts, and the
channel posts of the daily challenge and tournaments) and the scheduler, which deliver
what is still owed and let computer seats play on: a restarted bot goes on exactly where
the last one stopped. When the database answers again after an outage (storage's
`health.on_back`), the courier records what it could not and delivers what is owed at
once, and games whose channels were deleted meanwhile end; deleted channels and threads
end their games (`table/vanished.py`).

It also sets up what operators see (`ops/`): the metrics every part reports to, and, with
METRICS_PORT set, the internal port serving /metrics, /healthz and /readyz. On SQLite the
bot holds its database file (a shared lock, see storage/backup.py) for as long as it runs,
so `axio-bot restore` refuses while it does.

This is the one place that knows every part; nothing imports it but the core (`cli`,
`playground`).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

import discord
from discord import app_commands
from discord.ext import commands

from storage import GameRecord, ShardSet
from storage.backup import DatabaseHold, hold_database
from storage.target import describe, is_postgres_url, sqlite_path

from .commands.answers import Answers
from .commands.builder import Builder
from .commands.cog import AxioCog
from .commands.controls import dynamic_items
from .commands.daily_flow import DailyBuilder
from .commands.entry_point import sync_global
from .commands.services import Services
from .config import Settings
from .i18n import language_of, use
from .i18n.commands import CatalogTranslator
from .ops import collector
from .ops.collector import Collector
from .ops.health import ShardState, Watch
from .ops.measured import MeasuredRepository, open_measured
from .ops.metrics import Metrics, command_label
from .ops.server import OpsServer
from .screens.refusals import reply_refusal
from .screens.safe_text import NOBODY
from .table.background import Background
from .table.channels import Channels
from .table.courier import Courier
from .table.desk import Desk
from .table.in_flight import InFlight
from .table.lobby import Lobby
from .table.notices import Notices
from .table.page_links import PageLinks
from .table.painter import Painter
from .table.private import PrivateControls
from .table.reviews import Reviews
from .table.scheduler import Scheduler
from .table.signup import Signup
from .table.thinking import Thinker
from .table.vanished import ChannelWatch
from .web.activity import Activity, Application
from .web.app import WebServer, live_poll_s, start_web

log = logging.getLogger("axio")
NO_MESSAGE_CACHE = None
"""discord.py's `max_messages`: it keeps no message it sees. The bot reads no cached message
(its own posts are edited by id, and what it changes is fetched), while a cache of 1,000
made every edit event search it and kept each message alive into the collector's older
generations."""


def needed_intents() -> discord.Intents:
    """The gateway events the bot listens to: servers, their channels and threads (their
    deletion ends a game, a server left ends its links). Nothing listens to messages,
    reactions, typing, voice or the rest of `Intents.default()`: with them Discord would
    send every message of every channel of every server, each built into an object and
    dispatched only to be dropped (in `bench_load`, an event for each post and each edit
    the bot makes itself)."""
    return discord.Intents(guilds=True)


class AxioTree(app_commands.CommandTree):
    """The one error handler. Commands answer their own refusals (`refusals.answered`), so
    what arrives here is a bug (logged, with an apology) or a check discord.py ran before
    the command (answered as a refusal).

    Every slash command and autocomplete passes `_call`, so it is timed there
    (`measure(command, seconds)`); the controls are timed where they are handled."""

    measure: staticmethod = staticmethod(lambda command, seconds: None)
    in_flight = InFlight()
    """The interactions being answered, which a stopping bot waits for (the bot's own)."""

    async def _call(self, interaction: discord.Interaction) -> None:
        started = time.perf_counter()
        use(language_of(interaction.locale))  # this task answers only this member
        try:
            with self.in_flight.one():
                await super()._call(interaction)
        finally:
            self.measure(command_label(interaction), time.perf_counter() - started)

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        with self.in_flight.one():
            await reply_refusal(interaction, error)


class AxioBot(commands.AutoShardedBot):
    desk: Desk
    courier: Courier
    lobby: Lobby
    builder: Builder
    scheduler: Scheduler
    notices: Notices
    services: Services
    watch: Watch

    def __init__(
        self,
        settings: Settings,
        *,
        shard_count: int | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        intents = needed_intents()
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
            max_messages=NO_MESSAGE_CACHE,
        )
        self.settings = settings
        self.clock: Callable[[], datetime] = clock or discord.utils.utcnow
        """What every part asks for the time (tests inject one: a daily challenge's day)."""
        self.shards_owned: ShardSet = shards
        """The servers whose games this process looks after: the scheduler, resume and
        delivery ask storage only for these, so two processes never act on one game."""
        self.thinker = Thinker(settings.computer_processes)
        self.painter = Painter(settings.picture_processes)
        self.background = Background()
        self.metrics = Metrics()
        self.tree.measure = self.metrics.command_done  # type: ignore[attr-defined]
        self.in_flight = InFlight()
        self.tree.in_flight = self.in_flight  # type: ignore[attr-defined]
        self.repo: MeasuredRepository = None  # type: ignore[assignment]  # opened in setup_hook
        self.ops_server: OpsServer | None = None
        self.web_server: WebServer | None = None
        self.axio_activity: Activity | None = None
        self._hold: DatabaseHold | None = None
        self._loops: list[Courier | Scheduler | Notices] = []
        self.collector: Collector | None = None
        self._released = False

    async def setup_hook(self) -> None:
        settings, owned, clock = self.settings, self.shards_owned, self.clock
        await self.tree.set_translator(CatalogTranslator())
        if not is_postgres_url(settings.database):
            self._hold = hold_database(sqlite_path(settings.database))
        self.repo = await open_measured(settings.database, self.metrics, clock=lambda: clock())
        channels = Channels(self)
        private = PrivateControls(self.background)
        self.desk = Desk(
            self.repo,
            self.thinker,
            self.background,
            deliver=self._stored,
            ended=lambda record: self.notices.kick(),
            owned=owned,
            computer_budget_s=settings.computer_budget_s,
            clock=clock,
            on_move=self.metrics.move,  # type: ignore[arg-type]
            moved=private.retire,
        )
        if settings.activity_on:
            activity = self.axio_activity = the_activity(settings, self.repo, self.desk)
            self.metrics.activity_boards.set_function(lambda: len(activity.boards))
        links = PageLinks(
            self.repo, settings.public_url, self.background, board=settings.activity_on
        )
        self.add_listener(links.on_guild_remove)
        self.repo.health.on_back(links.database_back)
        self.courier = Courier(
            self.repo,
            channels,
            self.background,
            owned=owned,
            idle_seconds=settings.delivery_idle_seconds,
            on_pass=self.desk.resume,
            paint=self.painter.paint,
            clock=clock,
            links=links,
        )
        self.notices = Notices(
            self.repo,
            channels,
            self.background,
            owned=owned,
            idle_seconds=settings.delivery_idle_seconds,
            opened=self._started,
            paint=self.painter.paint,
            clock=clock,
        )
        self.courier.retried = self.metrics.delivery_retry  # type: ignore[method-assign]
        deletions = ChannelWatch(self.repo, self.background)
        self.add_listener(deletions.on_guild_channel_delete)
        self.add_listener(deletions.on_raw_thread_delete)
        self.repo.health.on_back(self.courier.database_back)
        self.repo.health.on_back(self.notices.database_back)
        self.repo.health.on_back(deletions.database_back)
        self.lobby = Lobby(self.repo, started=self._started, clock=clock)
        self.builder = Builder(self.desk, private, self.painter.paint, board=settings.activity_on)
        self.scheduler = Scheduler(
            self.repo,
            self.desk,
            channels,
            owned=owned,
            minutes=settings.scheduler_minutes,
            notify=self.notices.kick,
            clock=clock,
        )
        self.services = Services(
            self.repo,
            self.desk,
            self.lobby,
            self.builder,
            channels,
            self.background,
            clock,
            self.metrics,
            private,
            Answers(self.repo, self.desk, clock, self.painter.paint),
            daily=DailyBuilder(self.desk, private, self.repo, clock, self.painter.paint),
            signup=Signup(self.repo, channels, clock=clock),
            notices=self.notices,
            paint=self.painter.paint,
            reviews=Reviews(
                self.repo, self.thinker, budget_s=settings.review_budget_s, clock=clock
            ),
            in_flight=self.in_flight,
            links=links,
        )
        self.painter.start()  # spawned now, so that the first picture does not wait for it
        await self.add_cog(AxioCog(self.services))
        self.add_dynamic_items(*dynamic_items())
        await self.sync_commands()
        for loop in (self.scheduler, self.courier, self.notices):
            loop.start()  # the first passes deliver what is owed and resume computers
            self._loops.append(loop)
        self.watch = Watch(
            self.repo,
            self.metrics,
            shards=self.shard_states,
            owned=owned,
            stall_after=timedelta(seconds=max(300, 3 * settings.delivery_idle_seconds)),
        )
        if settings.metrics_port is not None:
            self.ops_server = OpsServer(
                self.metrics, self.watch, host=settings.metrics_host, port=settings.metrics_port
            )
            await self.ops_server.start()
        if settings.web_port is not None:
            self.web_server = await start_web(
                self.repo,
                settings.database,
                host=settings.web_host,
                port=settings.web_port,
                public_url=settings.public_url,
                clock=clock,
                paint=self.painter.paint,
                activity=self.axio_activity,
                observe=self.metrics.web_request,
            )
        # What start-up made (the engine's tables, the commands, discord.py's state) lives as
        # long as the process: frozen, the collector's full passes stop walking it, so no
        # member's answer waits on a long one (ops/collector.py).
        collector.settle()
        self.collector = Collector(asyncio.get_running_loop().call_soon_threadsafe)
        self.collector.start()
        log.info("ready: database %s, shards %s", describe(settings.database), owned)

    def _started(self, record: GameRecord) -> None:
        """A game was dealt: the desk shows it and lets computers open, and the boards
        open in its channel show it."""
        self.desk.started(record)
        if self.axio_activity is not None:
            self.axio_activity.opened(record)

    def _stored(self, game_id: int) -> None:
        """A commit of the game owes posts (the courier delivers them) and may have moved
        it on (its open pages and boards hear of it)."""
        self.courier.kick(game_id)
        if self.web_server is not None:
            self.web_server.moved(game_id)
        if self.axio_activity is not None:
            self.axio_activity.moved(game_id)

    def shard_states(self) -> list[ShardState]:
        """The shards this process runs, as readiness and the metrics see them."""
        ready = self.is_ready()
        return [
            ShardState(shard_id, ready and not info.is_closed(), info.latency)
            for shard_id, info in sorted(self.shards.items())
        ]

    async def sync_commands(self) -> None:
        """Development guilds get their commands at once; everywhere else within an hour."""
        for guild_id in self.settings.dev_guild_ids:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        await sync_global(self.tree)

    async def on_ready(self) -> None:
        """Every shard is connected and discord.py's cache of servers is full: it lives as
        long as the process, so it is frozen too."""
        collector.settle()

    async def stop(self) -> None:
        """Stop taking commands (the gateway's shards disconnect; Discord's HTTP stays up),
        let those in flight answer (`table/in_flight.py`: a few seconds at most), then close
        everything the bot opened. Discord's own connection is `close`'s to end (SimCord's,
        in the playground and the tests, is SimCord's)."""
        for shard in self.shards.values():
            await shard.disconnect()
        await self.in_flight.drain()
        await self.release()

    async def release(self) -> None:
        """Close what the bot opened, each part even when another fails, in an order that
        leaves none of them used after it closed: the loops and background work first, the
        database last. No thread or worker process of the bot outlives this (a database
        connection's thread would keep the process from exiting). Safe to call again."""
        if self._released:
            return
        self._released = True
        steps: list[Callable[[], Awaitable[None] | None]] = [
            *(loop.stop for loop in self._loops),
            self.collector.stop if self.collector is not None else lambda: None,
            self.background.stop,
            self.ops_server.stop if self.ops_server is not None else lambda: None,
            self.web_server.stop if self.web_server is not None else lambda: None,
            self.axio_activity.stop if self.axio_activity is not None else lambda: None,
            self.thinker.close,
            self.painter.close,
            self.repo.close if self.repo is not None else lambda: None,
            self._hold.release if self._hold is not None else lambda: None,
        ]
        for step in steps:
            try:
                done = step()
                if inspect.isawaitable(done):
                    await done
            except Exception:
                name = getattr(step, "__qualname__", step)
                log.exception("closing %s failed; closing the rest", name)

    async def close(self) -> None:
        await self.stop()
        await super().close()


def the_activity(settings: Settings, repo: MeasuredRepository, desk: Desk) -> Activity:
    """The Activity's part of the bot: moves from the board take the desk's one path."""
    assert settings.discord_client_id is not None and settings.discord_client_secret is not None
    application = Application(
        settings.discord_client_id,
        settings.discord_client_secret,
        settings.discord_token,
        settings.discord_api,
    )
    return Activity(repo, desk, application, poll_s=live_poll_s(settings.database))


def create_bot(
    settings: Settings | None = None,
    *,
    shard_count: int | None = None,
    clock: Callable[[], datetime] | None = None,
) -> AxioBot:
    """An unstarted bot. `clock` (default: discord's UTC now) is the time every part uses:
    tests give one to play a daily challenge on a chosen day."""
    return AxioBot(settings or Settings(), shard_count=shard_count, clock=clock)
