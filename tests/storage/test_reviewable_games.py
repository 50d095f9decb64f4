"""The finished games `/axio review` suggests to a member, on both databases: their own on
any server and this server's table games, newest first, at most the limit; never a game
still running, another server's game they did not play, another member's daily challenge
or a daily challenge whose day is still being played; one query that the indexes answer."""

from __future__ import annotations

import pytest

from engine.daily import day_number
from storage import Repository
from tests.storage.conftest import FakeClock, raw_sql, seated
from tests.storage.test_daily import finish_daily, on_day

ANN, BOB, CAT = 601, 602, 603
HOME, AWAY = 11, 22


async def finished(
    repo: Repository, clock: FakeClock, guild: int, players: list[int | str], channel: int = 40
) -> int:
    """A game of `players` (user ids or computer levels) on `guild`, finished now; the
    clock then moves on a minute, so that the next one finishes later."""
    record = await seated(repo, players, guild=guild, channel=channel)
    record = await repo.start(record.id, seed=1)
    await raw_sql(repo, f"UPDATE games SET status = 'finished' WHERE id = {record.id}")
    clock.advance(minutes=1)
    return record.id


async def suggested(
    repo: Repository, clock: FakeClock, user: int | None, guild: int, **kw
) -> list[int]:
    games = await repo.finished_games(guild, user, open_day=day_number(clock()), **kw)
    return [g.game_id for g in games]


async def test_own_games_anywhere_and_this_servers_newest_first(repo: Repository, clock):
    mine_here = await finished(repo, clock, HOME, [ANN, BOB])
    mine_away = await finished(repo, clock, AWAY, [ANN, "hard"])
    theirs_away = await finished(repo, clock, AWAY, [BOB, CAT])
    theirs_here = await finished(repo, clock, HOME, [BOB, CAT, "easy"])
    running = await repo.start((await repo.create_lobby("axio", HOME, 41, ANN, "ann")).id, 2)
    assert await suggested(repo, clock, ANN, HOME) == [theirs_here, mine_away, mine_here]
    assert await suggested(repo, clock, ANN, AWAY) == [theirs_away, mine_away, mine_here]
    assert await suggested(repo, clock, CAT, HOME) == [theirs_here, theirs_away, mine_here]
    assert running.id not in await suggested(repo, clock, ANN, HOME)
    assert await suggested(repo, clock, None, HOME) == [theirs_here, mine_here]
    (choice, *_) = await repo.finished_games(HOME, ANN, open_day=day_number(clock()))
    assert choice.kind == "axio" and choice.guild_id == HOME
    assert [(s.name, s.computer) for s in choice.seats] == [
        ("U602", None),
        ("U603", None),
        ("Bot A (easy)", "easy"),
    ]
    assert choice.finished_at < clock()


async def test_at_most_the_limit_the_newest(repo: Repository, clock):
    games = [await finished(repo, clock, HOME, [ANN, "hard"], channel=50 + i) for i in range(7)]
    assert await suggested(repo, clock, BOB, HOME, limit=5) == games[::-1][:5]
    assert await suggested(repo, clock, ANN, AWAY, limit=3) == games[::-1][:3]


async def test_a_daily_challenge_only_its_player_once_its_day_is_over(
    repo: Repository, clock: FakeClock
):
    on_day(clock, 10)
    yesterday = (await finish_daily(repo, ANN, HOME)).game_id
    on_day(clock, 11)
    today = (await finish_daily(repo, ANN, HOME)).game_id
    bobs = (await finish_daily(repo, BOB, HOME)).game_id
    assert await suggested(repo, clock, ANN, HOME) == [yesterday]
    assert await suggested(repo, clock, ANN, AWAY) == [yesterday]
    assert await suggested(repo, clock, CAT, HOME) == []
    on_day(clock, 12)
    assert await suggested(repo, clock, ANN, HOME) == [today, yesterday]
    assert bobs not in await suggested(repo, clock, ANN, HOME)


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_the_indexes_answer_the_query(repo: Repository, clock):
    """SQLite's plan reads games and seats only through their indexes: the work grows with
    the member's own games and the limit, not with the server's or the database's."""
    from storage.reviews import _RECENT_GAMES

    await finished(repo, clock, HOME, [ANN, BOB])
    async with repo._read() as conn:
        plan = await conn.execute_fetchall(
            "EXPLAIN QUERY PLAN " + _RECENT_GAMES,
            {"guild": HOME, "user": ANN, "open_day": 1, "limit": 25},
        )
    steps = [row[3] for row in plan]
    stored = ("games", "seats", "daily_attempts", "g", "s", "mine", "d")
    assert not [s for s in steps if s.startswith("SCAN") and s.split()[1] in stored], steps
    assert any("games_guild_history" in s for s in steps), steps
    assert any("seats_user" in s for s in steps), steps
