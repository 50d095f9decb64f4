"""Two processes on the same shards, as in a rolling deploy or a shard given twice by
mistake: each post is delivered exactly once.

The second process is the part of a bot that delivers and drives computers (a courier and
a desk with their own Repository, so their own lease holder) on the same database (a
SQLite file, and PostgreSQL), posting through the same simulated Discord. It starts while
the first is in the middle of a slow post; a minute of play follows, with some posts slower
than a lease (a slow upload, a rate limit), so only a lease kept renewed keeps the other
process from posting them too.

Every time here is SimCord's clock, which the test moves: the slow post's wait, the lease's
renewal beat and its end, each process's delivery pass. SimCord waits for the database's
answers before it moves the clock on, so a renewal that takes long on a busy machine still
lands before the lease ends (it passes with each renewal held up 2 s of real time); without
renewals it fails.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.config import Settings
from bot.table.background import Background
from bot.table.channels import Channels
from bot.table.courier import Courier
from bot.table.desk import Desk
from bot.table.painter import Painter
from bot.table.thinking import Thinker
from storage import ALL_SHARDS, GameRecord, Repository
from tests.bot.table import Table

LEASE = timedelta(seconds=1.5)
SLOW_POST_S = 2.5
"""Longer than a lease: only renewing it keeps the post this process's."""


@pytest.fixture
def bot_settings(bot_settings: Settings, database: str | Path) -> Settings:
    """Both processes look for owed posts every two seconds, on one database: a SQLite
    file, and PostgreSQL (how shards share one at scale, where the claim of a game's posts
    is a SELECT … FOR UPDATE and an UPDATE, other processes' moves committing between)."""
    where = {"database_url": database} if isinstance(database, str) else {}
    return bot_settings.model_copy(update={"delivery_idle_seconds": 2, **where})


class SlowPosts(Channels):
    """The channels, with every third position's post slow; each post sent is noted (by
    nonce) under this process's name."""

    def __init__(self, env: Any, name: str, sent: list[tuple[str, str]]) -> None:
        super().__init__(env.bot)
        self.env, self.name, self.sent = env, name, sent

    async def channel(self, record: GameRecord) -> Any:
        found = await super().channel(record)
        return None if found is None else _Slow(found, self, record)


class _Slow:
    def __init__(self, channel: Any, posts: SlowPosts, record: GameRecord) -> None:
        self.channel, self.posts, self.record = channel, posts, record

    async def send(self, **post: Any) -> Any:
        if self.record.move_count % 3 == 1:
            slow = asyncio.sleep(SLOW_POST_S)
            await self.posts.env.external_wait(slow, reason="a slow upload")
        message = await self.channel.send(**post)
        self.posts.sent.append((post["nonce"], self.posts.name))
        return message

    def __getattr__(self, name: str) -> Any:
        return getattr(self.channel, name)


async def second_process(table: Table, sent: list) -> tuple[Courier, Repository]:
    """A courier and a desk of another process, on the same database and shards."""
    repo = await Repository.open(table.settings.database, clock=discord.utils.utcnow)
    background = Background()
    desk = Desk(
        repo,
        Thinker(processes=0),
        background,
        deliver=lambda game_id: courier.kick(game_id),
        owned=ALL_SHARDS,
        computer_budget_s=0.02,
    )
    courier = Courier(
        repo,
        SlowPosts(table.env, "second", sent),
        background,
        owned=ALL_SHARDS,
        idle_seconds=2,
        on_pass=desk.resume,
        paint=Painter(0).paint,
        lease=LEASE,
    )
    return courier, repo


async def person_to_move(table: Table, game_id: int) -> GameRecord:
    """The game once a person is to move or it is over, the clock moving meanwhile."""
    for _ in range(30):
        record = await table.record(game_id)
        seat = record.seat_to_move
        if record.status != "running" or (seat is not None and seat.plays_as is None):
            return record
        await table.env.advance_time(1)
    raise AssertionError(f"the computer in game {game_id} never moved")


async def test_two_processes_on_the_same_shards_deliver_each_post_once(table: Table, monkeypatch):
    sent: list[tuple[str, str]] = []
    first = table.bot.courier
    thinks = table.bot.desk.computer_move

    async def thinks_slowly(record: GameRecord, level: str) -> Any:
        # the second process's computer is quicker: it moves first and posts
        await table.env.external_wait(asyncio.sleep(3), reason="a slow computer")
        return await thinks(record, level)

    monkeypatch.setattr(table.bot.desk, "computer_move", thinks_slowly)
    first.channels = SlowPosts(table.env, "first", sent)
    first.lease = LEASE
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    await table.click(table.ben, lobby, label="Join")
    menu = await table.click(table.ann, lobby, label="Add computer")
    await table.click(table.ann, menu.response, label="Easy")
    await table.click(table.ann, lobby, label="Start")
    record = await person_to_move(table, (await table.game()).id)
    rng = random.Random(21)
    await table.play_by_command(record, rng)  # its post is slow: the first is delivering it

    courier, repo = await second_process(table, sent)
    with table.env._bot_scope():  # the second process starts beside the first
        courier.start()
    try:
        for _ in range(15):  # a minute of play, and more
            await table.env.advance_time(4)
            record = await person_to_move(table, record.id)
            if record.status != "running":
                break
            await table.play_by_command(record, rng)
        for _ in range(30):
            await table.env.advance_time(2)
            if await repo.owed_count(record.id) == 0:
                break
    finally:
        courier.stop()
        await table.env.settle()
        await repo.close()

    assert await table.bot.repo.owed_count(record.id) == 0
    posts = Counter(nonce for nonce, _ in sent)
    assert posts and max(posts.values()) == 1, posts.most_common(3)
    by = Counter(name for _, name in sent)
    assert by["first"] and by["second"], by  # both processes delivered
    assert (await table.record(record.id)).move_count >= 10
