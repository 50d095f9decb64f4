"""What the operator's probes and metrics read: the database answering, games running, and
how much the outbox owes and for how long."""

from __future__ import annotations

from datetime import timedelta

from storage import Repository, ShardSet

from .conftest import FakeClock, running_game

OTHER_SHARD_GUILD = 1 << 22  # shard 1 of 2 (the tests' guild 1 is on shard 0)


async def test_running_games_are_counted_per_shard(repo: Repository) -> None:
    await running_game(repo, channel=1)
    await running_game(repo, channel=2)
    await repo.create_lobby("axio", 1, 3, 100, "Ann")  # a lobby is not running
    other = await repo.create_lobby("axio", OTHER_SHARD_GUILD, 4, 100, "Ann")
    await repo.start((await repo.join(other.id, 101, "Bob")).id, seed=1)
    assert await repo.running_games() == 3
    assert await repo.running_games(ShardSet(2, frozenset({0}))) == 2
    assert await repo.running_games(ShardSet(2, frozenset({1}))) == 1


async def test_the_outbox_says_what_it_owes_and_what_is_overdue(
    repo: Repository, clock: FakeClock
) -> None:
    empty = await repo.outbox_state()
    assert (empty.owed, empty.oldest_age, empty.overdue) == (0, timedelta(0), timedelta(0))
    record = await running_game(repo)  # its start owes the table a post
    clock.advance(seconds=90)
    owed = await repo.outbox_state()
    assert (owed.owed, owed.oldest_age, owed.overdue) == (1, *[timedelta(seconds=90)] * 2)
    posts = await repo.claim_posts(record.id)  # a delivery under way: owed, not overdue
    assert (await repo.outbox_state()).overdue == timedelta(0)
    await repo.posts_failed([p.id for p in posts], clock() + timedelta(minutes=30))
    clock.advance(minutes=10)  # waiting for its retry: still not overdue
    waiting = await repo.outbox_state()
    assert waiting.owed == 1 and waiting.overdue == timedelta(0)
    assert waiting.oldest_age == timedelta(minutes=10, seconds=90)
    clock.advance(minutes=25)
    assert (await repo.outbox_state()).overdue == timedelta(minutes=5)
    assert (await repo.outbox_state(ShardSet(2, frozenset({1})))).owed == 0


async def test_a_ping_fails_once_the_database_is_gone(database, clock: FakeClock) -> None:
    repo = await Repository.open(database, clock=clock)
    assert await repo.ping()
    await repo.close()
    assert not await repo.ping()
