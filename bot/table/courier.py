"""The delivery loop: posts what stored changes owe the table (the outbox) until posted.

A move, a start or a timeout is committed together with the post it owes (see
`storage/outbox.py`). After every commit the desk kicks a delivery for that game; a loop
also wakes every few seconds, and at start-up, to deliver whatever is still owed: a post
that failed (a 5xx, a timeout, a lost reply) or that a killed process never finished.
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

import asyncio
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

from ..screens.present import move_summary, newest_that_fit, seat_name, title
from ..screens.turn_post import table_post
from .background import Background, fault_reason, log_event
from .channels import Channels
from .unrecorded import Unrecorded
from .vanished import channel_lost

log = logging.getLogger(__name__)

SOONEST = 2.0
"""The loop never wakes more often than this many seconds."""
PACE = timedelta(seconds=20)
"""While computers move one after another, the table is shown at most this often; the
moves in between are summed up in the next post."""
SUMMARY_ROOM = 1200
"""Characters of move summaries one post may carry; older lines give way to newer."""


def backoff(attempts: int, error: BaseException) -> timedelta:
    """How long to wait before trying a failed post again: longer when Discord refused
    (a missing permission is fixed by people, not by retrying at once)."""
    if isinstance(error, discord.Forbidden):
        return timedelta(minutes=min(60, 5 * attempts))
    return timedelta(seconds=min(300, 5 * 2 ** min(attempts - 1, 6)))


def summaries(record: GameRecord, posts: list[OwedPost]) -> list[str]:
    """The lines of one post: notes, the start, and each move's summary, oldest first,
    keeping the newest that fit."""
    lines: list[str] = []
    for post in posts:
        if post.note:
            lines.append(post.note)
        if post.kind == "start":
            names = ", ".join(seat_name(seat) for seat in record.seats)
            lines.append(f"🎲 **{title(record.kind)}** begins: {names}.")
        elif post.kind == "move" and post.result is not None:
            lines.append(move_summary(record, post.result))
    kept = newest_that_fit(lines, SUMMARY_ROOM)
    if len(kept) < len(lines):
        kept.insert(0, f"(… and {len(lines) - len(kept)} earlier lines)")
    return kept


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
        clock: Callable[[], datetime] = discord.utils.utcnow,
        lease: timedelta = LEASE,
    ) -> None:
        self.repo = repo
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
        if self._computers_still_moving(record, posts, now):
            await self.repo.posts_failed(ids, posts[0].created_at + PACE)
            self.wake()
            return
        try:
            await self._post(record, posts, keeper)
        except DATABASE_FAULTS:
            raise  # nothing to retry now: the database is what failed
        except Exception as error:
            await self._failed(record, posts, error)

    @staticmethod
    def _computers_still_moving(record: GameRecord, posts: list[OwedPost], now: datetime) -> bool:
        """Hold the post while a computer moves next and the oldest owed move is recent:
        the next post will sum the moves up."""
        seat = record.seat_to_move
        computer = seat is not None and seat.plays_as is not None
        return record.status == "running" and computer and now - posts[0].created_at < PACE

    async def _post(self, record: GameRecord, posts: list[OwedPost], keeper: LeaseKeeper) -> None:
        channel = await self.channels.channel(record)
        if channel is None:
            await self._channel_gone(record, posts)
            return
        if keeper.lost:  # another process took the rows (our lease lapsed): it posts them
            log.warning("game %s: another process took its posts; leaving them to it", record.id)
            return
        nonce = f"axio{record.id}.{record.move_count}"[:25]
        message = await channel.send(**table_post(record, summaries(record, posts)), nonce=nonce)
        finished = record.status == "finished"
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
        if record.turn_message_id not in (None, message.id):
            await self.channels.retire_turn_message(record, record.turn_message_id)

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
        if isinstance(error, discord.HTTPException | StorageError | asyncio.TimeoutError | OSError):
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
