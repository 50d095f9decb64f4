"""The delivery loop of channel posts: the posts no single game owes (the daily post, a
tournament's pairings, its table threads, its standings, its end). The courier's twin.

A post is queued in the transaction that owes it (storage/channel_posts.py) and delivered
here at least once, on the shard that owns its server: each pass leases the due posts,
posts them, and reports each delivered or failed (tried again later, longer after a
refusal). At start-up the leases of a killed predecessor are given back first. After a
command or a move that may have owed posts the loop is kicked; otherwise it sleeps until
the next retry falls due, or `idle` seconds. The database failing stops a pass with one
log line and no traceback (storage logs the outage itself); when it answers again
(storage's `health.on_back`) the loop is kicked at once.

Nothing is posted twice after a crash between "sent" and "recorded": a post tried before
(`attempts > 1`) first looks for itself in its channel (a message of the bot's with the
same first line, or a table's thread by its name, and there the message that pinged the
players), and is recorded as delivered if it is there. Every send also carries the post's
nonce, which Discord uses to refuse a second message within minutes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

import discord
from discord.ext import tasks

from storage import DATABASE_FAULTS, ChannelPost, GameRecord, Repository, ShardSet, StorageError

from ..i18n import speaking
from ..screens.safe_text import pinging
from ..screens.summary import Paint
from ..screens.tournament import CHANNEL_GONE, thread_name, welcome_text
from .background import Background, fault_reason
from .bulletins import Bulletins
from .channels import Channels
from .courier import SOONEST, backoff
from .language import server_language
from .signup import update_signup_message

log = logging.getLogger(__name__)

LOOK_BACK = 50
"""Messages of a channel searched for a post that may already be there."""
THREAD_ARCHIVE_MINUTES = 10080
"""A table's thread stays open a week after its last message (Discord's longest)."""
ANNOUNCES_A_CHANGE = {"tournament_round", "tournament_final", "tournament_cancelled"}
"""Posts after which the tournament's sign-up message is brought up to date."""


class Notices:
    """`opened(record)` is told of every table whose thread was opened (the desk's
    `started`: it shows the table and lets computers move)."""

    def __init__(
        self,
        repo: Repository,
        channels: Channels,
        background: Background,
        *,
        owned: ShardSet,
        idle_seconds: float,
        opened: Callable[[GameRecord], None],
        paint: Paint,
        clock: Callable[[], datetime] = discord.utils.utcnow,
    ) -> None:
        self.repo = repo
        self.channels = channels
        self.background = background
        self.owned = owned
        self.opened = opened
        self.clock = clock
        self.bulletins = Bulletins(repo, paint)
        self.idle = idle_seconds
        self._started = False
        self._running = False
        self._again = False
        self.loop = tasks.loop(seconds=idle_seconds)(self.tick)

    def start(self) -> None:
        self.loop.start()

    def stop(self) -> None:
        self.loop.cancel()

    def database_back(self, outage: object = None) -> None:
        """The database answers again (storage's `health.on_back`): deliver what is due."""
        self.kick()

    def kick(self) -> None:
        """Deliver what is due now (after a change that may have owed posts)."""
        if self._running:
            self._again = True
            return
        self._running = True
        self.background.spawn(self._deliver_all())

    async def tick(self) -> None:
        """One pass of the loop, then sleep until the next retry (at most `idle`)."""
        wait = self.idle
        try:
            if not self._running:
                self._running = True
                await self._deliver_all()
            due = await self.repo.next_channel_post_due(self.owned)
            now = self.clock()
            if due is not None and due > now:
                wait = min(self.idle, (due - now).total_seconds())
        except DATABASE_FAULTS as error:
            log.info("channel post pass stopped by the database (%s)", fault_reason(error))
        except Exception:
            log.exception("channel post pass failed; the next pass tries again")
        self.loop.change_interval(seconds=max(SOONEST, wait))

    async def _deliver_all(self) -> None:
        try:
            while True:
                self._again = False
                if not self._started:  # leases left by a killed predecessor are void
                    await self.repo.release_channel_post_leases(self.owned)
                    self._started = True
                while posts := await self.repo.claim_channel_posts(self.clock(), self.owned):
                    for post in posts:
                        await self.deliver(post)
                if not self._again:
                    return
        finally:
            self._running = False

    async def deliver(self, post: ChannelPost) -> None:
        """Post one, and record how it went; a failure is tried again later."""
        try:
            if post.kind == "tournament_table":
                await self.open_table(post)
            else:
                await self.send(post)
        except discord.NotFound:
            log.warning("post %s: channel %s is gone; dropped", post.key, post.channel_id)
            await self.repo.channel_post_delivered(post.id, outcome="channel gone")
        except DATABASE_FAULTS:
            raise  # the database, not the post: its lease lapses, the next pass takes it
        except Exception as error:
            wait = backoff(post.attempts, error)
            if isinstance(error, discord.HTTPException | StorageError | asyncio.TimeoutError):
                log.warning("post %s failed (%s); again in %s", post.key, error, wait)
            else:
                log.exception("post %s failed", post.key, exc_info=error)
            await self.repo.channel_post_failed(post.id, self.clock() + wait)
            if self.loop.is_running():
                self.loop.change_interval(seconds=SOONEST)

    async def send(self, post: ChannelPost) -> None:
        locale = self.channels.guild_locale(post.guild_id)
        message = await self.bulletins.compose(post, locale)
        channel = await self.channels.by_id(post.channel_id)
        if message is None or channel is None:
            outcome = "nothing to say" if message is None else "channel gone"
            await self.repo.channel_post_delivered(post.id, outcome=outcome)
            return
        first_line = str(message["content"]).split("\n", 1)[0]
        found = await self.posted_before(channel, first_line) if post.attempts > 1 else None
        if found is None:
            found = await channel.send(**message, nonce=post.nonce)  # type: ignore[union-attr]
        await self.repo.channel_post_delivered(post.id, message_id=found.id)
        if post.kind in ANNOUNCES_A_CHANGE:
            t = await self.repo.tournament(int(post.payload["tournament_id"]))
            language = await server_language(self.repo, t.guild_id, locale)
            with speaking(language):  # the sign-up message is the table's
                await update_signup_message(self.channels, t)

    async def posted_before(self, channel: object, first_line: str) -> discord.Message | None:
        """The bot's message in `channel` that starts with `first_line`, if it is there."""
        async for message in channel.history(limit=LOOK_BACK):  # type: ignore[attr-defined]
            if message.author.id == self.channels.me and (message.content or "").startswith(
                first_line
            ):
                return message
        return None

    async def open_table(self, post: ChannelPost) -> None:
        """Open a table's thread, ping its players once, and move its game into it."""
        game_id = int(post.payload["game_id"])
        record = await self.repo.get_game(game_id)
        if record.channel_id != -game_id or record.status != "running":
            await self.repo.channel_post_delivered(post.id, outcome="table needs no thread")
            return
        t = await self.repo.tournament(int(post.payload["tournament_id"]))
        number, index = int(post.payload["round"]), int(post.payload["table"])
        tables = await self.repo.tournament_tables(t.id, number)
        [table] = [x for x in tables if x.table_number == index]
        parent = await self.channels.by_id(post.channel_id)
        if not isinstance(parent, discord.TextChannel):  # deleted: no table can be played
            log.warning("tournament %s: channel %s is gone; ended", t.id, post.channel_id)
            await self.repo.channel_post_delivered(post.id, outcome="channel gone")
            await self.repo.end_tournament(t.id, reason=CHANNEL_GONE, now=self.clock())
            return
        name = thread_name(t, table)
        thread = await self.thread_named(parent, name) if post.attempts > 1 else None
        welcomed = thread is not None and await self.has_spoken(thread)
        if thread is None:
            thread = await parent.create_thread(
                name=name,
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,  # type: ignore[arg-type]
            )
        if not welcomed:
            await thread.send(
                welcome_text(t, table), allowed_mentions=pinging(table.players), nonce=post.nonce
            )
        record = await self.repo.attach_table_thread(post.id, game_id, thread.id, now=self.clock())
        self.opened(record)

    async def thread_named(self, parent: discord.TextChannel, name: str) -> discord.Thread | None:
        """A thread of the bot's in `parent` with this name: opened by an earlier try."""
        mine = self.channels.me
        threads = list(parent.threads)
        threads += [t for t in await parent.guild.active_threads() if t.parent_id == parent.id]
        for thread in threads:
            if thread.name == name and thread.owner_id == mine:
                return thread
        return None

    async def has_spoken(self, thread: discord.Thread) -> bool:
        async for message in thread.history(limit=LOOK_BACK):
            if message.author.id == self.channels.me:
                return True
        return False
