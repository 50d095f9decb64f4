"""The delivery loop: posts what stored changes owe the table (the outbox) until posted.

A move, a start or a timeout is committed together with the post it owes (see
`storage/outbox.py`). After every commit the desk kicks a delivery for that game; a loop
also wakes every few seconds, and at start-up, to deliver whatever is still owed: a post
that failed (a 5xx, a timeout, a lost reply) or that a killed process never finished.

A quiet channel: the table gets at most one post per person's turn, when that turn
begins (`when_to_post`). Computer moves, the previous person's moves and notes wait and
are told in it; a person's AXIO! extra move or exchange answer, which they are making in
their own builder, waits for the end of their turn; a solo game is played in its player's
builder, so the channel sees its start and its end only. The post before is shrunk to its
story in one line (`Channels.retire_turn_message`).
Delivery is at least once. Duplicates are kept rare three ways: a game's rows are leased
while one delivery runs, they are marked done in the same moment the new turn message is
recorded, and every post carries a nonce made from the game and position, which Discord
uses to refuse a second message with the same nonce (discord.py sets `enforce_nonce`).

Leases. A delivery keeps its lease renewed for as long as it runs (`keep_leases`: a slow
upload, Discord's rate limits), and posts nothing once another process has taken its rows
(`keeper.lost`), so two processes on the same shards (a rolling deploy, a shard given
twice) deliver each post once. At start-up only leases that lapsed (their holder stopped
renewing) and this process's own are cleared.

The database failing. A pass or a delivery the database failed (not answering, busy) is
one log line, no traceback (storage logs the outage once each way). What a delivery could
not record meanwhile (rows it claimed and could not give back, a post it sent and could not
mark) is recorded when the database answers again (`database_back`, called by storage's
`health.on_back`), and a pass runs at once: owed posts go out within seconds of the
recovery, not at the next idle pass.

A channel Discord says is gone (deleted, with its thread) ends its game without a result
(`vanished.channel_lost`): no stand-in moves on and nothing is rated.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

import discord
from discord.ext import tasks

from storage import (
    DATABASE_FAULTS,
    GameNotFoundError,
    GameRecord,
    OutcomeUnknownError,
    OwedPost,
    Repository,
    ShardSet,
    StorageError,
)
from storage.outbox import LEASE, LeaseKeeper

from ..i18n import speaking
from ..screens.summary import Paint
from ..screens.turn_post import posts_scored, solo_start_post, story_lines, table_post
from .background import DISCORD_FAULTS, Background, fault_reason, log_event
from .channels import Channels
from .language import server_language
from .page_links import PageLinks
from .unrecorded import Unrecorded
from .vanished import channel_lost

log = logging.getLogger(__name__)

SOONEST = 2.0
"""The loop never wakes more often than this many seconds."""
PACE = timedelta(seconds=90)
"""While computers move one after another the table waits for them, at most this long;
what they did is told in the next person's post. With no person left playing (all
resigned) it waits for the end: the computers play the game out, and the result tells it."""
MID_TURN_WAIT = timedelta(hours=1)
"""How long a pass leaves rows alone that wait for a person to finish their turn: the
move that ends it kicks a delivery anyway, so this only spaces the loop's looks."""


def backoff(attempts: int, error: BaseException) -> timedelta:
    """How long to wait before trying a failed post again: longer when Discord refused
    (a missing permission is fixed by people, not by retrying at once)."""
    if isinstance(error, discord.Forbidden):
        return timedelta(minutes=min(60, 5 * attempts))
    return timedelta(seconds=min(300, 5 * 2 ** min(attempts - 1, 6)))


def is_solo(record: GameRecord) -> bool:
    return record.game is not None and record.game.solo


class When(enum.Enum):
    POST = "post"
    QUIET = "quiet"  # done without a post: a solo move, shown in the player's builder
    COMPUTERS = "computers"  # wait while computers move
    LATER = "later"  # wait for the next person's turn


def mid_turn(record: GameRecord) -> bool:
    """The person to move has already moved this turn (an AXIO! extra move, or the
    exchange answer after a placement): they are in their builder, not waiting."""
    game = record.game
    if game is None or not game.log:
        return False
    last = game.log[-1]
    return last.turn == game.turn and last.seat == game.to_move


def when_to_post(record: GameRecord, posts: list[OwedPost]) -> When:
    """Whether the owed rows make a post now: the end, a solo game's start, or the start
    of a person's turn; otherwise they wait (or, for a solo move, are done quietly)."""
    if record.status == "finished":
        return When.POST
    if is_solo(record):
        return When.POST if any(p.kind == "start" for p in posts) else When.QUIET
    if not any(p.kind in ("start", "move") for p in posts):
        return When.LATER  # notes alone: the position was shown; they go with the next
    seat = record.seat_to_move
    if seat is not None and seat.plays_as is not None:
        return When.COMPUTERS
    return When.LATER if mid_turn(record) else When.POST


class Courier:
    """`on_pass` runs on every pass of the loop after the owed posts are kicked (the
    desk's resume of computer seats); `owned` are the servers this process delivers for;
    `retried(error)` is told of each post put back for a retry (the metrics); `lease` is
    how long a claim lasts unless renewed (storage's LEASE; tests shorten it)."""

    retried: Callable[[BaseException], None] = staticmethod(lambda error: None)

    def __init__(
        self,
        repo: Repository,
        channels: Channels,
        background: Background,
        *,
        owned: ShardSet,
        idle_seconds: float,
        on_pass: Callable[[], Awaitable[None]],
        paint: Paint,
        clock: Callable[[], datetime] = discord.utils.utcnow,
        lease: timedelta = LEASE,
        links: PageLinks | None = None,
    ) -> None:
        self.repo = repo
        self.links = links  # the game page's button (with PUBLIC_URL)
        self.paint = paint
        self.channels = channels
        self.background = background
        self.owned = owned
        self.on_pass = on_pass
        self.clock = clock
        self.lease = lease
        self.unrecorded = Unrecorded()
        self._delivering: set[int] = set()
        self._again: set[int] = set()
        self._started = False
        self.idle = idle_seconds
        self.loop = tasks.loop(seconds=self.idle)(self.tick)

    def start(self) -> None:
        self.loop.start()

    def stop(self) -> None:
        self.loop.cancel()

    def kick(self, game_id: int) -> None:
        """Deliver what the game owes now (after a commit); a delivery already running
        for it goes round once more instead."""
        if game_id in self._delivering:
            self._again.add(game_id)
            return
        self._delivering.add(game_id)
        self.background.spawn(self._deliver(game_id))

    async def tick(self) -> None:
        """One pass: every game owing a post, and every computer seat waiting to move;
        then sleep until the next retry falls due (at most `idle` seconds). A failing
        pass (the database busy, say) is logged and the next one tries again: soon if the
        database answers (it was busy), at once when it answers again after an outage."""
        wait = self.idle
        try:
            if not self._started:  # leases left by a killed predecessor are void
                if released := await self.repo.release_leases(self.owned):
                    log.info("took over %s posts a stopped process was delivering", released)
                self._started = True
            now = self.clock()
            for game_id in await self.repo.owed_games(now, self.owned):
                self.kick(game_id)
            await self.on_pass()
            due = await self.repo.next_due(self.owned)
            if due is not None and due > now:
                wait = min(self.idle, (due - now).total_seconds())
        except DATABASE_FAULTS as error:
            if self.repo.health.reachable:  # busy, not down: soon again
                log.warning("delivery pass stopped: the database is busy (%s)", fault_reason(error))
                wait = SOONEST
            else:  # storage has logged the outage; its end wakes this loop
                log.info("delivery pass stopped by the outage (%s)", fault_reason(error))
        except Exception:
            log.exception("delivery pass failed; the next pass tries again")
        self.loop.change_interval(seconds=max(SOONEST, wait))

    def wake(self) -> None:
        """Look again soon: a retry was scheduled that may fall due before the next pass."""
        if self.loop.is_running():
            self.loop.change_interval(seconds=SOONEST)

    def database_back(self, outage: object = None) -> None:
        """The database answers again (storage's `health.on_back`): record what deliveries
        could not record meanwhile, then a pass at once."""
        self.background.spawn(self._after_outage())

    async def _after_outage(self) -> None:
        await self.unrecorded.record(self.repo, self.owned, busy=self._delivering, now=self.clock())
        self.wake()

    async def _deliver(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                await self.deliver_once(game_id)
                if game_id not in self._again:
                    return
        finally:
            self._delivering.discard(game_id)

    async def deliver_once(self, game_id: int) -> None:
        """Claim the game's owed rows, post them as one message, and record that; the
        claim is kept renewed while it runs, and given up if another process took it."""
        now = self.clock()
        try:
            posts = await self.repo.claim_posts(game_id, now, lease=self.lease)
        except OutcomeUnknownError:
            self.unrecorded.unsure_claim()
            raise
        if not posts:
            return
        try:
            async with self.repo.keep_leases(posts, lease=self.lease) as keeper:
                await self._deliver_claimed(game_id, posts, keeper, now)
        except DATABASE_FAULTS:
            self.unrecorded.dropped(game_id, [post.id for post in posts])
            raise

    async def _deliver_claimed(
        self, game_id: int, posts: list[OwedPost], keeper: LeaseKeeper, now: datetime
    ) -> None:
        ids = [post.id for post in posts]
        try:
            record = await self.repo.get_game(game_id)
        except GameNotFoundError:
            await self.repo.posts_delivered(ids, outcome="game gone")
            return
        if record.move_count > max(post.move_count for post in posts):
            # Moved on since the claim: give the rows back and take them with the newer.
            await self.repo.posts_failed(ids, now)
            self._again.add(game_id)
            return
        if record.status == "cancelled":
            await self.repo.posts_delivered(ids, outcome="game ended")
            return
        when = when_to_post(record, posts)
        if when is When.COMPUTERS and not record.humans_playing:
            when = When.LATER  # nobody left to show it to before the end
        elif when is When.COMPUTERS and now - posts[0].created_at >= PACE:
            when = When.POST  # computers are slow: show the table rather than nothing
        if when is When.QUIET:
            await self.repo.posts_delivered(ids, outcome="shown to the player")
            return
        if when is When.COMPUTERS:
            await self.repo.posts_failed(ids, posts[0].created_at + PACE)
            self.wake()
            return
        if when is When.LATER:
            await self.repo.posts_failed(ids, now + MID_TURN_WAIT)
            return
        try:
            await self._post(record, posts, keeper)
        except DATABASE_FAULTS:
            raise  # nothing to retry now: the database is what failed
        except Exception as error:
            await self._failed(record, posts, error)

    async def _post(self, record: GameRecord, posts: list[OwedPost], keeper: LeaseKeeper) -> None:
        channel = await self.channels.channel(record)
        if channel is None:
            await self._channel_gone(record, posts)
            return
        if keeper.lost:  # another process took the rows (our lease lapsed): it posts them
            log.warning("game %s: another process took its posts; leaving them to it", record.id)
            return
        nonce = f"axio{record.id}.{record.move_count}"[:25]
        solo_start = is_solo(record) and record.status == "running"
        guild = getattr(channel, "guild", None)
        locale = guild and guild.preferred_locale
        language = await server_language(self.repo, record.guild_id, locale)
        with speaking(language):
            if solo_start:
                card = solo_start_post(record)
            else:
                link = await self.links.game(record.id) if self.links else None
                board = self.links.board if self.links else False
                story, scored = story_lines(record, posts), posts_scored(posts)
                card = await table_post(record, story, self.paint, link, board=board, scored=scored)
        message = await channel.send(**card, nonce=nonce)
        finished = record.status == "finished"
        if not finished:  # a turn card: shrunk when the next one comes
            self.channels.posted(message.id, card["view"])
        ids = [post.id for post in posts]
        turn_message_id = None if finished else message.id
        try:
            await self.repo.posts_delivered(ids, turn_message_id=turn_message_id, game_id=record.id)
        except DATABASE_FAULTS:
            self.unrecorded.sent(record.id, ids, turn_message_id)
            raise
        log_event(record, "posted", move_count=record.move_count, rows=len(posts))
        if finished:
            log_event(record, "finished")
        if record.turn_message_id not in (None, message.id):  # beside: it may be tried again
            self.background.spawn(self.channels.retire_turn_message(record, record.turn_message_id))

    async def _channel_gone(self, record: GameRecord, posts: list[OwedPost]) -> None:
        """End the game of a channel that is gone, and drop its posts (a finished game's
        last post too: there is nowhere to show it)."""
        await channel_lost(self.repo, record.channel_id)
        await self.repo.posts_delivered([post.id for post in posts], outcome="channel gone")

    async def _failed(self, record: GameRecord, posts: list[OwedPost], error: Exception) -> None:
        ids = [post.id for post in posts]
        if isinstance(error, discord.NotFound):
            log.warning("game %s: channel %s is gone", record.id, record.channel_id)
            await self._channel_gone(record, posts)
            return
        attempts = max(post.attempts for post in posts)
        wait = backoff(attempts, error)
        self.retried(error)
        if isinstance(error, (StorageError, *DISCORD_FAULTS)):
            log.warning(
                "game %s: post failed (%s); try %s again in %s",
                record.id,
                error,
                attempts + 1,
                wait,
            )
        else:
            log.exception("game %s: post failed", record.id, exc_info=error)
        await self.repo.posts_failed(ids, self.clock() + wait)
        self.wake()
