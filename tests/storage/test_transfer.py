"""`migrate-db`: everything in a SQLite file copied into PostgreSQL, counts verified, and
the copy plays on exactly where the original stood; the source only read (never created
or migrated), the target empty beforehand and left as it was by a copy that fails."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

import storage.transfer
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
    with pytest.raises(StorageError, match="not empty"):
        await copy_database(source, postgres_url)


async def test_a_missing_source_is_refused_and_nothing_is_created(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="there is no database at"):
        await copy_database(tmp_path / "missing.sqlite3", tmp_path / "new" / "target.sqlite3")
    assert list(tmp_path.iterdir()) == []


async def test_a_source_that_is_not_ours_is_refused(tmp_path: Path) -> None:
    stranger = tmp_path / "other.sqlite3"
    with sqlite3.connect(stranger) as conn:
        conn.execute("CREATE TABLE games (x)")
    with pytest.raises(StorageError, match="holds no AXIO games"):
        await copy_database(stranger, tmp_path / "target.sqlite3")
    assert not (tmp_path / "target.sqlite3").exists()


async def test_the_source_is_only_read(tmp_path: Path, clock: FakeClock) -> None:
    source = tmp_path / "old.sqlite3"
    async with await Repository.open(source, clock=clock) as old:
        await a_busy_server(old)
        games = (await counts(old, ["games"]))["games"]
    before = hashlib.sha256(source.read_bytes()).hexdigest()
    source.chmod(0o444)  # as a backup copy would be
    copied = await copy_database(source, tmp_path / "new.sqlite3")
    assert copied["games"] == games >= 5
    assert hashlib.sha256(source.read_bytes()).hexdigest() == before


async def test_an_older_source_is_copied_into_the_current_schema(
    database: str | Path, tmp_path: Path, clock: FakeClock
) -> None:
    """A file last used by the version before migration 0006 (no lease holder, no ending
    reason): read as it is, never migrated, its rows copied with the new columns empty."""
    source = tmp_path / "old.sqlite3"
    async with await Repository.open(source, clock=clock) as old:
        game_ids = await a_busy_server(old)
    with sqlite3.connect(source) as conn:
        conn.execute("ALTER TABLE outbox DROP COLUMN leased_by")
        conn.execute("ALTER TABLE games DROP COLUMN ended_reason")
        conn.execute("PRAGMA user_version = 5")
    await copy_database(source, database)
    async with await Repository.open(database, clock=clock) as new:
        middle = await new.get_game(game_ids[1])
        assert middle.ended_reason is None and middle.seats[1].resigned
        assert await new.owed_count() > 0
    with sqlite3.connect(source) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 5  # not migrated


async def test_a_target_with_any_rows_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "old.sqlite3"
    async with await Repository.open(source) as old:
        await old.create_lobby("axio", GUILD, 1, 100, "Ann")
    async with await Repository.open(tmp_path / "new.sqlite3") as new:
        await new.set_notify(100, True)  # no game, but not empty
    with pytest.raises(StorageError, match=r"not empty \(notify: 1 rows\)"):
        await copy_database(source, tmp_path / "new.sqlite3")


async def test_a_copy_that_fails_part_way_leaves_the_target_as_it_was(
    database: str | Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "old.sqlite3"
    async with await Repository.open(source) as old:
        await a_busy_server(old)
    copy_table = storage.transfer._copy_table

    async def failing(reading, writing, target, name):  # type: ignore[no-untyped-def]
        if name == "results":
            raise OSError("the disk filled up")
        return await copy_table(reading, writing, target, name)

    monkeypatch.setattr(storage.transfer, "_copy_table", failing)
    with pytest.raises((OSError, StorageError)):
        await copy_database(source, database)
    async with await Repository.open(database) as new:
        assert set((await counts(new, await tables(new))).values()) == {0}
    monkeypatch.undo()
    copied = await copy_database(source, database)  # and it can simply be done again
    assert copied["results"] > 0


async def test_a_postgres_source_is_read_without_being_migrated(
    postgres_url: str, tmp_path: Path, clock: FakeClock
) -> None:
    async with await Repository.open(postgres_url, clock=clock) as old:
        game_ids = await a_busy_server(old)
        games = [await old.get_game(i) for i in game_ids]
        expected = (await counts(old, ["games"]))["games"]
    copied = await copy_database(postgres_url, tmp_path / "back.sqlite3")
    assert copied["games"] == expected >= 5
    async with await Repository.open(tmp_path / "back.sqlite3", clock=clock) as back:
        assert [await back.get_game(i) for i in game_ids] == games
