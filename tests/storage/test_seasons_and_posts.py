"""Monthly seasons beside the all-time leaderboard, and the channel posts' delivery."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engine.seasons import season_of
from storage import Repository, ShardSet
from storage.channel_posts import queue_channel_post
from storage.records import to_us
from tests.storage.conftest import GUILD, FakeClock, finish_with, play_random, running_game

ANN, BOB, CAT = 11, 12, 13
WIN, LOSE = (9, 9, 9, 9, 9), (2, 2, 2, 2, 2)


async def finish_at(repo: Repository, clock: FakeClock, moment: datetime, players, scores):
    clock.now = moment
    await finish_with(repo, players, scores, stamp=to_us(moment))


async def test_a_season_ranks_from_its_own_games_alone(repo: Repository, clock: FakeClock):
    march = datetime(2026, 3, 10, tzinfo=UTC)
    april = datetime(2026, 4, 2, tzinfo=UTC)
    for _ in range(3):
        await finish_at(repo, clock, march, [ANN, BOB], [WIN, LOSE])
    await finish_at(repo, clock, april, [BOB, CAT], [WIN, LOSE])
    alltime = await repo.leaderboard(GUILD, "axio")
    assert {e.player_id for e in alltime} == {ANN, BOB, CAT}
    april_board = await repo.leaderboard(GUILD, "axio", season=202604)
    assert [(e.player_id, e.games, e.wins) for e in april_board] == [(BOB, 1, 1), (CAT, 1, 0)]
    march_board = await repo.leaderboard(GUILD, "axio", season=202603)
    assert [(e.player_id, e.games) for e in march_board] == [(ANN, 3), (BOB, 3)]
    assert await repo.seasons(GUILD, "axio") == [202604, 202603]
    march_written = await repo.leaderboard(GUILD, "axio", season=202603)
    assert await repo.rebuild_season_ratings(GUILD, "axio", 202603) == 3
    assert await repo.leaderboard(GUILD, "axio", season=202603) == march_written
    # Bob lost three times in March: all time he is behind; in April he leads afresh.
    assert april_board[0].rating > next(e.rating for e in alltime if e.player_id == BOB)


async def test_season_ratings_are_written_with_each_rated_game(repo: Repository, clock: FakeClock):
    clock.now = datetime(2026, 5, 31, 23, 0, tzinfo=UTC)
    record = await running_game(repo, kind="rota", humans=2)
    await play_random(repo, record)
    season = season_of(clock.now)
    written = await repo.leaderboard(GUILD, "rota", season=season)
    assert {e.player_id for e in written} == {100, 101} and all(e.games == 1 for e in written)
    assert await repo.rebuild_season_ratings(GUILD, "rota", season) == 1
    assert await repo.leaderboard(GUILD, "rota", season=season) == written
    assert await repo.leaderboard(GUILD, "rota", season=202606) == []


async def test_channel_posts_are_owed_once_and_delivered_in_order_per_channel(
    repo: Repository, clock: FakeClock
):
    async with repo._write() as conn:
        assert await queue_channel_post(conn, "a", GUILD, 5, "x", {"n": 1}, 0)
        assert not await queue_channel_post(conn, "a", GUILD, 5, "x", {"n": 9}, 0)
        assert await queue_channel_post(conn, "b", GUILD, 5, "x", {"n": 2}, 0)
        assert await queue_channel_post(conn, "c", GUILD, 6, "x", {"n": 3}, 0)
    first = await repo.claim_channel_posts()
    assert [p.payload["n"] for p in first] == [1, 3]  # one per channel, oldest first
    assert await repo.claim_channel_posts() == []  # leased
    await repo.channel_post_failed(first[0].id, clock.now + timedelta(seconds=30))
    await repo.channel_post_delivered(first[1].id, message_id=42)
    assert await repo.claim_channel_posts() == []  # channel 5 waits for its first post
    clock.advance(seconds=31)
    [again] = await repo.claim_channel_posts()
    assert again.id == first[0].id and again.attempts == 2 and again.nonce == f"axiop{again.id}"
    await repo.channel_post_delivered(again.id)
    [then] = await repo.claim_channel_posts()
    assert then.payload == {"n": 2}


async def test_a_killed_delivery_is_taken_over(repo: Repository, clock: FakeClock):
    async with repo._write() as conn:
        await queue_channel_post(conn, "k", GUILD, 5, "x", {}, 0)
    assert await repo.claim_channel_posts()  # then the process died
    other = ShardSet(2, frozenset({1 - ShardSet(2).shard_of(GUILD)}))
    assert await repo.release_channel_post_leases(other) == 0
    assert await repo.release_channel_post_leases() == 1
    assert await repo.next_channel_post_due() == datetime(1970, 1, 1, tzinfo=UTC)  # due at 0
    [post] = await repo.claim_channel_posts()
    assert post.attempts == 2


@pytest.mark.parametrize("season", [202613, 199901])
async def test_a_season_that_is_no_month_is_refused(repo: Repository, season: int):
    with pytest.raises(ValueError):
        await repo.leaderboard(GUILD, "axio", season=season)
