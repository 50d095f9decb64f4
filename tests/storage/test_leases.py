"""Leases on owed posts: a lease lapses only when its holder stops renewing it, so a
process that starts beside a live one (a rolling deploy, the same shards twice) never
takes a post it is delivering, and two such processes deliver each post exactly once."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from storage import Repository, ShardSet
from storage.outbox import LEASE
from tests.waiting import eventually

from .conftest import GUILD, FakeClock, running_game

Two = tuple[Repository, Repository]


@pytest.fixture
async def two(database: str | Path, clock: FakeClock) -> AsyncIterator[Two]:
    """Two processes' repositories on one database, on one clock."""
    async with (
        await Repository.open(database, clock=clock) as first,
        await Repository.open(database, clock=clock) as second,
    ):
        yield first, second


async def test_a_starting_process_never_takes_a_live_lease(two: Two, clock: FakeClock) -> None:
    live, starting = two
    assert live.holder != starting.holder
    record = await running_game(live)
    claimed = await live.claim_posts(record.id)
    assert claimed
    assert await starting.release_leases() == 0  # what a starting courier calls first
    assert await starting.claim_posts(record.id) == []
    assert await starting.owed_games() == []
    clock.advance(seconds=LEASE.total_seconds() - 1)
    assert await live.renew_leases() == {post.id for post in claimed}  # still delivering
    clock.advance(seconds=LEASE.total_seconds() - 1)
    assert await starting.claim_posts(record.id) == []  # renewed: still not lapsed


async def test_a_killed_holders_posts_go_to_another_once_its_lease_lapses(
    two: Two, clock: FakeClock
) -> None:
    killed, restarted = two
    record = await running_game(killed)
    first = await killed.claim_posts(record.id)  # and then it was killed mid-post
    clock.advance(seconds=LEASE.total_seconds())
    elsewhere = ShardSet(2, frozenset({1 - ShardSet(2).shard_of(GUILD)}))
    assert await restarted.release_leases(elsewhere) == 0  # not its shards
    assert await restarted.release_leases() == 1
    assert await restarted.owed_games() == [record.id]
    again = await restarted.claim_posts(record.id)
    assert [p.id for p in again] == [p.id for p in first] and again[0].attempts == 2
    # the killed process, were it only slow, would learn that it lost them
    assert await killed.renew_leases([p.id for p in first]) == set()


async def test_a_holder_gives_back_only_its_own_leases(two: Two) -> None:
    one, other = two
    mine = await running_game(one, channel=1)
    theirs = await running_game(one, channel=2)
    await one.claim_posts(mine.id)
    await other.claim_posts(theirs.id)
    assert await one.release_leases() == 1
    assert await one.owed_games() == [mine.id]
    assert await one.renew_leases() == set() and len(await other.renew_leases()) == 1


async def test_keeping_leases_renews_them_while_a_delivery_runs(two: Two, clock: FakeClock) -> None:
    lease = timedelta(seconds=0.3)  # renewed every 0.1 s of real time
    slow, other = two
    record = await running_game(slow)
    posts = await slow.claim_posts(record.id, lease=lease)
    async with slow.keep_leases(posts, lease=lease) as keeper:
        for _ in range(5):  # one and a half seconds of the clock: five leases' worth
            clock.advance(seconds=0.3)
            await _renewed_past(slow, clock)
            assert await other.claim_posts(record.id, lease=lease) == []
        assert not keeper.lost
    clock.advance(seconds=0.3)
    assert len(await other.claim_posts(record.id)) == len(posts)


async def _renewed_past(repo: Repository, clock: FakeClock) -> None:
    """Wait until the keeper has renewed past the clock's present (tests/waiting.py)."""

    async def renewed() -> bool:
        row = await repo._fetchone("SELECT max(leased_until) FROM outbox")
        return row[0] is not None and row[0] > repo._now_us(clock.now)

    await eventually(renewed, "the lease is renewed")


async def test_a_keeper_says_when_another_process_took_its_posts(
    two: Two, clock: FakeClock
) -> None:
    lease = timedelta(seconds=0.3)
    stalled, other = two
    record = await running_game(stalled)
    posts = await stalled.claim_posts(record.id, lease=lease)
    clock.advance(seconds=1)  # lapsed before the first renewal got through
    assert await other.claim_posts(record.id)
    async with stalled.keep_leases(posts, lease=lease) as keeper:
        await eventually(lambda: keeper.lost, "the keeper says its posts were taken")


async def _courier(
    repo: Repository, delivered: Counter[int], stop: asyncio.Event, seed: int
) -> None:
    """What the bot's delivery loop does with storage, posting into `delivered`."""
    rng = random.Random(seed)
    await repo.release_leases()
    while not stop.is_set() or await repo.owed_count():
        for game_id in await repo.owed_games():
            posts = await repo.claim_posts(game_id)
            if not posts:
                continue
            async with repo.keep_leases(posts) as keeper:
                await asyncio.sleep(rng.uniform(0, 0.02))  # Discord takes its time
                assert not keeper.lost
                delivered.update(post.id for post in posts)
            await repo.posts_delivered([post.id for post in posts])
        await asyncio.sleep(rng.uniform(0, 0.005))


async def test_two_processes_on_the_same_shards_deliver_each_post_exactly_once(
    database: str | Path,
) -> None:
    """Both deliver for every shard; the second starts while the first is delivering,
    as in a rolling deploy; moves keep coming meanwhile."""
    async with (
        await Repository.open(database) as first,
        await Repository.open(database) as second,
    ):
        games = [await running_game(first, channel=10 + i, seed=i) for i in range(6)]
        delivered: Counter[int] = Counter()
        stop = asyncio.Event()
        couriers = [asyncio.create_task(_courier(first, delivered, stop, 1))]
        rng = random.Random(2)
        for turn in range(60):
            if turn == 10:
                couriers.append(asyncio.create_task(_courier(second, delivered, stop, 2)))
            record = await first.get_game(rng.choice(games).id)
            if record.status == "running":
                move = rng.choice(record.game.legal_moves())
                await rng.choice([first, second]).record_move(record.id, record.move_count, move)
            await asyncio.sleep(rng.uniform(0, 0.01))
        stop.set()
        await asyncio.wait_for(asyncio.gather(*couriers), 60)
        every = [row[0] for row in await first._fetchall("SELECT id FROM outbox")]
    assert len(every) > 60
    assert sorted(delivered) == sorted(every)
    assert set(delivered.values()) == {1}


class _MoveDuringClaim:
    """A write connection that lets another process store a move right after the claim's
    first statement, before the claim's transaction goes on (the race a busy server has)."""

    def __init__(self, conn: Any, move: Callable[[], Awaitable[object]]) -> None:
        self._conn, self._move = conn, move

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)

    async def execute_fetchall(self, sql: str, params: Any = ()) -> Any:
        rows = await self._conn.execute_fetchall(sql, params)
        if self._move is not None:
            move, self._move = self._move, None
            await move()
        return rows


async def test_a_claim_leases_only_the_posts_it_hands_out(two: Two, clock: FakeClock) -> None:
    """A move stored while a claim runs is not leased by it unseen: once the claimed
    posts are given back (the game moved on), the next claim hands out every owed post,
    the new move's too, rather than nothing until a lease nobody renews lapses."""
    claimer, player = two
    record = await running_game(claimer)
    stored: list[int] = []

    async def move() -> None:
        fresh = await player.get_game(record.id)
        await player.record_move(fresh.id, fresh.move_count, fresh.game.legal_moves()[0])
        stored.append(fresh.move_count)

    writing = claimer._write

    @asynccontextmanager
    async def write_with_a_move(**options: Any) -> AsyncIterator[Any]:
        async with writing(**options) as conn:
            yield _MoveDuringClaim(conn, move)

    claimer._write = write_with_a_move  # type: ignore[method-assign]
    try:
        claimed = await claimer.claim_posts(record.id)
    finally:
        claimer._write = writing  # type: ignore[method-assign]
    assert stored, "the move was stored while the claim ran"
    held = await claimer._fetchall("SELECT id FROM outbox WHERE leased_by = ?", (claimer.holder,))
    assert sorted(row[0] for row in held) == [post.id for post in claimed]
    await claimer.posts_failed([post.id for post in claimed], clock.now)
    again = await claimer.claim_posts(record.id)
    assert [post.move_count for post in again] == [post.move_count for post in claimed] + [
        stored[0] + 1
    ]
