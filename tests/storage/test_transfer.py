"""`migrate-db`: everything in a SQLite file copied into PostgreSQL, counts verified, and
the copy plays on exactly where the original stood."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import Repository, StorageError
from storage.transfer import copy_database, counts, tables

from .conftest import GUILD, FakeClock, finish_with, play_random, running_game


async def a_busy_server(repo: Repository) -> list[int]:
    """Games in every state, results, ratings, a solo best, settings, opt-ins, votes and
    owed posts: one of everything the copy must carry."""
    await repo.create_lobby("axio", GUILD, 1, 100, "Ann")
    middle = await play_random(repo, await running_game(repo, channel=2, humans=3), moves=7)
    await repo.resign(middle.id, 1, note="Ben resigned")
    await repo.vote_skip(middle.id, middle.move_count, 102)
    done = await play_random(repo, await running_game(repo, channel=3, computers=("easy",)))
    solo = await repo.start_solo("axio", GUILD, 4, 100, "Ann", seed=3)
    await play_random(repo, solo)
    await finish_with(repo, [100, 101], [(5, 5, 5, 5, 6), (4, 4, 4, 4, 4)], channel=5)
    await repo.set_guild_settings(GUILD, reminder_hours=3, hints_enabled=False)
    await repo.set_notify(100, True)
    # the daily challenge, a tournament part-way, and their posts
    await repo.set_daily_channel(GUILD, 9)
    tournament = await repo.create_tournament(
        GUILD, 6, 100, kind="rota", format="swiss", table_size=2, rounds=2, seed=5
    )
    for user in (100, 101, 102):
        await repo.join_tournament(tournament.id, user, f"U{user}")
    await repo.start_tournament(tournament.id)
    return [1, middle.id, done.id, solo.id]


async def test_everything_is_copied_and_plays_on(
    tmp_path: Path, postgres_url: str, clock: FakeClock
) -> None:
    source = f"sqlite:///{tmp_path / 'axio.sqlite3'}"
    async with await Repository.open(source, clock=clock) as old:
        game_ids = await a_busy_server(old)
        games = [await old.get_game(i) for i in game_ids]
        board = await old.leaderboard(GUILD, "axio", include_computers=True)
        solo = await old.solo_high_scores(GUILD, "axio")
        history = await old.recent_history(GUILD)
        names = await tables(old)
        expected = await counts(old, names)
    copied = await copy_database(source, postgres_url)
    assert copied == expected and all(copied[t] for t in ("games", "moves", "outbox"))
    assert all(copied[t] for t in ("tournaments", "tournament_tables", "season_ratings"))
    async with await Repository.open(postgres_url, clock=clock) as new:
        assert [await new.get_game(i) for i in game_ids] == games
        assert await new.leaderboard(GUILD, "axio", include_computers=True) == board
        assert await new.solo_high_scores(GUILD, "axio") == solo
        assert await new.recent_history(GUILD) == history
        assert (await new.guild_settings(GUILD)).reminder_hours == 3
        assert await new.notify_enabled(100)
        assert await new.owed_count() == expected["outbox"]
        fresh = await new.create_lobby("axio", GUILD, 99, 100, "Ann")  # ids go on after
        assert fresh.id > max(game_ids)
        record = await play_random(new, games[1], moves=2)
        assert record.game == await new.load_game_from_log(record.id)


async def test_a_target_with_games_is_refused(tmp_path: Path, postgres_url: str) -> None:
    source = tmp_path / "axio.sqlite3"
    async with await Repository.open(source) as old:
        await old.create_lobby("axio", GUILD, 1, 100, "Ann")
    async with await Repository.open(postgres_url) as new:
        await new.create_lobby("axio", GUILD, 7, 100, "Ann")
    with pytest.raises(StorageError, match="already has games"):
        await copy_database(source, postgres_url)
