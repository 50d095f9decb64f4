"""The numbered migrations both backends apply: finding the files and checking versions.

Each database has its own folder of `NNNN_name.sql` files (SQLite's in `migrations/`,
PostgreSQL's in `migrations/postgres/`), numbered 1, 2, 3 … without gaps; a database
migrated by a newer program is refused rather than touched. Both are applied here: SQLite's
by `migrate_sqlite` (its version in PRAGMA user_version), PostgreSQL's by `migrate_postgres`
(in a schema_version table, under a transaction-scoped advisory lock so that two processes
starting at once do not migrate together). Imports nothing of ours.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import suppress
from pathlib import Path

import aiosqlite
import asyncpg

MIGRATIONS = Path(__file__).with_name("migrations")
POSTGRES_MIGRATIONS = MIGRATIONS / "postgres"
_MIGRATION_LOCK = 0x41_58_49_4F  # "AXIO": one migrating process at a time


def migration_files(folder: Path = MIGRATIONS) -> list[tuple[int, Path]]:
    """The numbered .sql files (0001_name.sql, …), checked to run 1, 2, 3 … without gaps."""
    found = []
    for path in folder.glob("*.sql"):
        match = re.fullmatch(r"(\d+)_[\w-]+\.sql", path.name)
        if match:
            found.append((int(match.group(1)), path))
    found.sort()
    numbers = [number for number, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1, 2, 3 … without gaps: {numbers}")
    return found


def refuse_newer(current: int, known: int) -> None:
    """A database migrated by a newer program is not touched by this one."""
    if current > known:
        raise RuntimeError(
            f"the database has schema version {current}, newer than this program "
            f"knows ({known}): run a newer version"
        )


def split_statements(script: str) -> list[str]:
    """A .sql file as single statements, so they can run inside our own transaction."""
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if re.sub(r"--[^\n]*", "", buffer).strip():
        raise RuntimeError(f"unfinished SQL statement at the end of a migration: {buffer!r}")
    return statements


async def user_version(conn: aiosqlite.Connection) -> int:
    """The schema version a SQLite file holds (0: none of ours)."""
    rows = list(await conn.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0]) if rows else 0


async def migrate_sqlite(conn: aiosqlite.Connection, folder: Path = MIGRATIONS) -> int:
    """Apply the migrations the file has not had yet, each in its own transaction together
    with its PRAGMA user_version, so a crash never leaves a half-applied migration."""
    files = migration_files(folder)
    for number, path in files:
        await conn.execute("BEGIN IMMEDIATE")
        try:
            current = await user_version(conn)
            refuse_newer(current, len(files))
            if current < number:
                for statement in split_statements(path.read_text(encoding="utf-8")):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version = {number}")
            await conn.execute("COMMIT")
        except BaseException:
            with suppress(sqlite3.OperationalError):  # no transaction was open
                await conn.execute("ROLLBACK")
            raise
    return len(files)


async def stored_version(conn: asyncpg.Connection) -> int:
    """The schema version a PostgreSQL database holds (0: none of ours)."""
    exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_version"))


async def migrate_postgres(conn: asyncpg.Connection, folder: Path = POSTGRES_MIGRATIONS) -> int:
    """Apply the migrations the database has not had yet, each in one transaction with its
    schema_version row (PostgreSQL's DDL is transactional)."""
    files = migration_files(folder)
    for number, path in files:
        async with conn.transaction():
            await conn.execute("SET LOCAL lock_timeout = 0")  # another process may be at it
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
                "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
            current = await stored_version(conn)
            refuse_newer(current, len(files))
            if current < number:
                await conn.execute(path.read_text(encoding="utf-8"))
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
    return len(files)
