"""The daily challenge's storage: one deal for everyone, resuming, one counted attempt,
the day's tables, percentiles and streaks on an injected clock, and the daily post."""

from __future__ import annotations

from datetime import timedelta
from itertools import pairwise

import pytest

from engine.daily import day_start, ranking_key
from storage import Repository, ShardSet, StorageError, WrongStatusError
from tests.storage.conftest import FakeClock, play_random

DAY = 10
ANN, BOB, CAT = 501, 502, 503
HOME, AWAY = 1 << 22, 2 << 22  # two servers on different shards of two


def on_day(clock: FakeClock, day: int, hour: float = 12) -> None:
    clock.now = day_start(day) + timedelta(hours=hour)


async def finish_daily(repo: Repository, user: int, guild: int, kind: str = "rota", seed=None):
    attempt, record = await repo.play_daily(kind, guild, user, f"U{user}")
    await play_random(repo, record, seed=user if seed is None else seed)
    return await repo.daily_attempt(kind, user, attempt.day)


async def test_every_player_on_every_server_gets_the_same_deal(repo: Repository, clock):
    on_day(clock, DAY)
    _, ann = await repo.play_daily("axio", HOME, ANN, "Ann")
    _, bob = await repo.play_daily("axio", AWAY, BOB, "Bob")
    _, rota = await repo.play_daily("rota", HOME, ANN, "Ann")
    assert ann.id != bob.id and ann.seed == bob.seed != rota.seed
    assert ann.game.to_dict() == bob.game.to_dict()
    assert ann.channel_id == -ann.id and ann.seats[0].user_id == ANN


async def test_a_resumed_attempt_continues_where_it_stopped(repo: Repository, clock):
    on_day(clock, DAY)
    attempt, record = await repo.play_daily("rota", HOME, ANN, "Ann")
    record = await play_random(repo, record, moves=3)
    clock.advance(hours=5)
    again, resumed = await repo.play_daily("rota", AWAY, ANN, "Ann")
    assert again == attempt and resumed.move_count == 3 and resumed.game == record.game


async def test_only_the_first_attempt_of_the_day_counts(repo: Repository, clock):
    on_day(clock, DAY)
    first = await finish_daily(repo, ANN, HOME)
    shown, record = await repo.play_daily("rota", HOME, ANN, "Ann")
    assert shown == first and record.status == "finished"
    practice, record = await repo.play_daily("rota", HOME, ANN, "Ann", again=True)
    assert practice.attempt == 2 and not practice.counted and record.game.move_count == 0
    await play_random(repo, record, seed=99)
    table = await repo.daily_table(DAY, "rota", HOME)
    assert [(e.user_id, e.score, e.game_id) for e in table] == [(ANN, first.score, first.game_id)]
    outcome = await repo.daily_outcome("rota", ANN, HOME)
    assert outcome.attempt == first and outcome.players == 1


async def test_a_daily_game_is_private_until_shared(repo: Repository, clock):
    on_day(clock, DAY)
    attempt = await finish_daily(repo, ANN, HOME)
    assert await repo.owed_count(attempt.game_id) == 0
    assert await repo.recent_history(HOME) == []
    assert await repo.solo_high_scores(HOME, "rota") == []
    assert (await repo.daily_attempt_of_game(attempt.game_id)) == attempt
    assert len(await repo.game_results(attempt.game_id)) == 1  # still replayable once over


async def test_an_unplayed_daily_has_no_reminder_or_timeout(repo: Repository, clock):
    on_day(clock, DAY)
    await repo.play_daily("rota", HOME, ANN, "Ann")
    later = clock.now + timedelta(hours=20)
    assert await repo.games_due_reminder(later) == []
    assert await repo.games_due_timeout(later) == []


async def test_percentile_and_rank_on_the_server_among_everyone(repo: Repository, clock):
    on_day(clock, DAY)
    players = [(600 + i, HOME if i % 3 else AWAY) for i in range(9)]
    done = {user: await finish_daily(repo, user, guild) for user, guild in players}
    keys = {user: ranking_key(a.scores) for user, a in done.items()}
    for user, guild in players:
        outcome = await repo.daily_outcome("rota", user, guild)
        below = sum(k < keys[user] for k in keys.values())
        level = sum(k == keys[user] for k in keys.values())
        assert outcome.percentile == pytest.approx(100 * (below + level / 2) / 9)
        server = [u for u, g in players if g == guild]
        assert outcome.server_players == len(server)
        assert outcome.server_rank == 1 + sum(keys[u] > keys[user] for u in server)
    table = await repo.daily_table(DAY, "rota", HOME, limit=20)
    assert [keys[e.user_id] for e in table] == sorted(
        (keys[u] for u, g in players if g == HOME), reverse=True
    )
    ranks = [e.rank for e in table]
    assert ranks[0] == 1 and all(b in (a, i + 2) for i, (a, b) in enumerate(pairwise(ranks)))


async def test_streaks_across_day_boundaries(repo: Repository, clock):
    for day in (DAY, DAY + 1, DAY + 2, DAY + 4):
        on_day(clock, day, hour=23.5)
        await finish_daily(repo, ANN, HOME, seed=day)
    outcome = await repo.daily_outcome("rota", ANN, HOME)
    assert (outcome.streak, outcome.best_streak) == (1, 3)
    on_day(clock, DAY + 5, hour=0.1)  # the next day has begun: the streak lives until it ends
    outcome = await repo.daily_outcome("rota", ANN, HOME, day=DAY + 4)
    assert (outcome.streak, outcome.best_streak) == (1, 3)
    on_day(clock, DAY + 6)
    assert (await repo.daily_outcome("rota", ANN, HOME, day=DAY + 4)).streak == 0


async def test_an_attempt_counts_only_on_its_own_day(repo: Repository, clock):
    on_day(clock, DAY, hour=23.9)
    _, record = await repo.play_daily("rota", HOME, ANN, "Ann")
    on_day(clock, DAY + 1, hour=0.2)
    done = await play_random(repo, record)
    assert done.status == "finished"
    late = await repo.daily_attempt("rota", ANN, DAY)
    assert late.finished and late.score is None and late.scores is not None
    assert await repo.daily_table(DAY, "rota", HOME) == []
    _, other = await repo.play_daily("rota", HOME, BOB, "Bob")  # yesterday's game of Bob
    on_day(clock, DAY + 2)
    assert await repo.expire_daily() == 1
    with pytest.raises(WrongStatusError):
        await repo.record_move(other.id, 0, other.game.legal_moves()[0])


async def test_no_daily_before_the_launch(repo: Repository, clock):
    clock.now = day_start(1) - timedelta(minutes=1)
    with pytest.raises(StorageError, match="starts on 2026-11-24"):
        await repo.play_daily("axio", HOME, ANN, "Ann")


async def test_the_daily_post_is_owed_once_a_day_to_each_server_on_its_shard(
    repo: Repository, clock
):
    on_day(clock, DAY, hour=0.01)
    await repo.set_daily_channel(HOME, 77)
    settings = await repo.set_daily_channel(AWAY, 88)
    assert settings.daily_channel_id == 88
    home_shard = ShardSet(2, frozenset({ShardSet(2).shard_of(HOME)}))
    assert await repo.queue_daily_posts(shards=home_shard) == 1
    assert await repo.queue_daily_posts() == 1  # only the other server was not owed yet
    assert await repo.queue_daily_posts() == 0
    [post] = await repo.claim_channel_posts(shards=home_shard)
    assert (post.kind, post.channel_id, post.payload) == ("daily", 77, {"day": DAY})
    await repo.channel_post_delivered(post.id, message_id=5)
    await repo.set_daily_channel(AWAY, None)
    on_day(clock, DAY + 1)
    assert await repo.queue_daily_posts() == 1
    assert [p.guild_id for p in await repo.channel_posts_owed()] == [AWAY, HOME]
