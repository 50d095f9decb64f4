"""The database file: created where configured, WAL, foreign keys, migrations once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import Repository
from storage.db import INTEGRITY_ERRORS
from storage.schema import POSTGRES_MIGRATIONS, migration_files, split_statements

from .conftest import raw_sql


async def test_open_creates_folder_and_applies_every_migration(db_path: Path) -> None:
    assert not db_path.parent.exists()
    async with await Repository.open(db_path) as repo:
        assert await repo.schema_version() == len(migration_files())
    assert db_path.exists()


async def test_migrations_are_applied_once(database: str | Path) -> None:
    async with await Repository.open(database) as repo:
        await repo.create_lobby("axio", 1, 10, 100, "Ann")
    async with await Repository.open(database) as repo:  # a second start must not re-run 0001
        assert await repo.schema_version() == len(migration_files())
        assert (await repo.game_in_channel(10)) is not None


def test_both_databases_have_the_same_migrations() -> None:
    """A migration written for one database and forgotten for the other shows here."""
    sqlite = [path.name for _, path in migration_files()]
    postgres = [path.name for _, path in migration_files(POSTGRES_MIGRATIONS)]
    assert sqlite == postgres


async def test_newer_postgres_database_is_refused(postgres_url: str) -> None:
    async with await Repository.open(postgres_url) as repo, repo._write() as conn:
        await conn.execute("INSERT INTO schema_version (version) VALUES (99)")
    with pytest.raises(RuntimeError, match="newer"):
        await Repository.open(postgres_url)


async def test_journal_is_wal(db_path: Path) -> None:
    async with await Repository.open(db_path):
        pass
    with sqlite3.connect(db_path) as plain:
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.parametrize(
    "sql",
    [
        pytest.param(
            "INSERT INTO games (kind, guild_id, channel_id, host_id, max_seats, created_at, "
            "updated_at) VALUES ('axio', 1, 10, 5, 2, 0, 0)",
            id="second-open-game-in-a-channel",
        ),
        pytest.param(
            "INSERT INTO moves (game_id, move_number, seat, turn, text, played_at) "
            "VALUES (999, 1, 0, 1, 'x', 0)",
            id="move-of-no-game",
        ),
        pytest.param(
            "INSERT INTO seats (game_id, seat, user_id, computer, name) "
            "VALUES (1, 1, 100, NULL, 'again')",
            id="one-user-twice-in-a-game",
        ),
    ],
)
async def test_the_schema_itself_refuses(repo: Repository, sql: str) -> None:
    await repo.create_lobby("axio", 1, 10, 100, "Ann")
    with pytest.raises(INTEGRITY_ERRORS):
        await raw_sql(repo, sql)


async def test_newer_database_is_refused(db_path: Path) -> None:
    async with await Repository.open(db_path):
        pass
    with sqlite3.connect(db_path) as plain:
        plain.execute("PRAGMA user_version = 99")
    with pytest.raises(RuntimeError, match="newer"):
        await Repository.open(db_path)


def test_migrations_are_numbered_without_gaps(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("SELECT 1;")
    (tmp_path / "0003_c.sql").write_text("SELECT 1;")
    with pytest.raises(RuntimeError, match="without gaps"):
        migration_files(tmp_path)


def test_split_statements_keeps_comments_and_refuses_half_a_statement() -> None:
    script = "-- a table\nCREATE TABLE t (x INTEGER);\n-- one row\nINSERT INTO t VALUES (1);\n"
    assert split_statements(script) == [
        "-- a table\nCREATE TABLE t (x INTEGER);",
        "-- one row\nINSERT INTO t VALUES (1);",
    ]
    with pytest.raises(RuntimeError, match="unfinished"):
        split_statements("CREATE TABLE t (x INTEGER)")
