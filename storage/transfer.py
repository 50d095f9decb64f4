"""Copy every table from one database to another (SQLite to PostgreSQL, say), for a server
owner who outgrows one file: `axio-bot migrate-db --from sqlite:///data/axio.sqlite3
--to postgresql://…`.

The source is opened read-only and never created or migrated: it must exist and hold this
project's schema (any version up to this program's). The target is opened as a Repository
(created and migrated if need be) and must be empty: no row in any table. Every row of
every table the two share is copied, ids included, in ONE write transaction on the target,
and the row counts are compared inside that transaction before it commits: a failure at
any point (a bad row, the counts disagreeing, the connection lost) leaves the target as it
was. Only when the COMMIT itself gets no answer is the outcome unknown: then the target
must be checked, or dropped and copied into again (`IncompleteCopyError` says so).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import aiosqlite
import asyncpg

from .errors import DatabaseUnavailableError, OutcomeUnknownError, StorageError
from .faults import is_fault, reason_of
from .postgres import CONNECT_TIMEOUT_S, PgConnection
from .repository import Repository
from .schema import (
    MIGRATIONS,
    POSTGRES_MIGRATIONS,
    migration_files,
    stored_version,
    user_version,
)
from .target import Target, check_url, describe, is_postgres_url, sqlite_path

ORDER = (
    "games",
    "seats",
    "moves",
    "results",
    "ratings",
    "solo_best",
    "guild_settings",
    "notify",
    "skip_votes",
    "outbox",
    "daily_attempts",
    "channel_posts",
    "tournaments",
    "tournament_players",
    "tournament_rounds",
    "tournament_tables",
    "tournament_byes",
    "season_ratings",
)
"""Tables in an order that satisfies the foreign keys; any other shared table follows."""

_BATCH = 5000


class IncompleteCopyError(StorageError):
    """The copy's COMMIT got no answer: the target may hold all of it or none of it."""

    def __init__(self, target: Target, reason: str) -> None:
        super().__init__(
            f"the copy into {describe(target)} was sent but not confirmed ({reason}): the "
            "target may be incomplete; check it, or drop it and copy again"
        )


@dataclass
class Source:
    """A database opened read-only, inside one read transaction (one moment of it)."""

    dialect: str
    conn: Any
    version: int


async def tables(repo: Repository) -> list[str]:
    """The repository's own tables (not its bookkeeping)."""
    return await _tables(repo.dialect, _Reads(repo))


async def counts(repo: Repository, names: list[str]) -> dict[str, int]:
    return await _counts(_Reads(repo), names)


async def copy_database(
    source_target: Target,
    target_target: Target,
    *,
    say: Callable[[str], None] = lambda line: None,
) -> dict[str, int]:
    """Copy everything from the source into the empty target; the rows copied per table.
    StorageError (nothing copied) if the source is missing or not ours, or the target is
    not empty; IncompleteCopyError if the commit could not be confirmed."""
    async with (
        _read_only(source_target) as source,
        await Repository.open(target_target, cache_size=0, budget_s=None) as target,
    ):
        own = await tables(target)
        shared = [name for name in await _tables(source.dialect, source.conn) if name in own]
        filled = {name: count for name, count in (await counts(target, own)).items() if count}
        if filled:
            rows = ", ".join(f"{name}: {count}" for name, count in filled.items())
            raise StorageError(
                f"the target database is not empty ({rows} rows): copy into an empty one"
            )
        try:
            async with target._write() as writing:
                copied = {}
                for name in shared:
                    copied[name] = await _copy_table(source.conn, writing, target, name)
                    say(f"{name}: {copied[name]} rows")
                await _move_sequences(target, writing, shared)
                await _check_counts(source.conn, writing, shared)
        except OutcomeUnknownError as error:
            raise IncompleteCopyError(target_target, error.reason) from error
    return copied


async def _copy_table(reading: Any, writing: Any, target: Repository, name: str) -> int:
    """Every row of one table, in pages, as many of its columns as the target has (an
    older source lacks the newer columns, which keep their defaults)."""
    wanted = await _columns(target.dialect, writing, name)
    copied = 0
    first = list(await reading.execute_fetchall(f"SELECT * FROM {name} LIMIT 1"))
    if not first:
        return 0
    columns = [column for column in first[0].keys() if column in wanted]  # noqa: SIM118
    # Every column in the order: rows are unique, so pages never overlap.
    order = ", ".join(str(i + 1) for i in range(len(columns)))
    listed = ", ".join(columns)
    insert = f"INSERT INTO {name} ({listed}) VALUES ({', '.join('?' for _ in columns)})"
    while True:
        rows = list(
            await reading.execute_fetchall(
                f"SELECT {listed} FROM {name} ORDER BY {order} LIMIT ? OFFSET ?",
                (_BATCH, copied),
            )
        )
        if not rows:
            return copied
        await writing.executemany(insert, [tuple(row) for row in rows])
        copied += len(rows)


async def _move_sequences(target: Repository, writing: Any, shared: list[str]) -> None:
    """PostgreSQL hands out ids from sequences: move them past the copied ids."""
    if target.dialect != "postgres":
        return
    for name in ("games", "outbox", "channel_posts", "tournaments"):
        if name in shared:
            await writing.execute(
                f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                f"(SELECT coalesce(max(id), 0) + 1 FROM {name}), false)"
            )


async def _check_counts(source: Any, writing: Any, shared: list[str]) -> None:
    """Inside the copy's transaction: a difference rolls it all back."""
    before, after = await _counts(source, shared), await _counts(writing, shared)
    if before != after:
        wrong = ", ".join(f"{n}: {before[n]} ≠ {after[n]}" for n in shared if before[n] != after[n])
        raise StorageError(f"the copy does not match the source ({wrong}): nothing was kept")


class _Reads:
    """A repository's plain reads, in the calling style of a connection."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    async def execute_fetchall(self, sql: str, params: tuple = ()) -> list[Any]:
        return await self.repo._fetchall(sql, params)


async def _tables(dialect: str, conn: Any) -> list[str]:
    if dialect == "postgres":
        sql = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    names = {row[0] for row in await conn.execute_fetchall(sql)} - {"schema_version"}
    return sorted(names, key=lambda name: (ORDER.index(name) if name in ORDER else 99, name))


async def _columns(dialect: str, conn: Any, table: str) -> set[str]:
    if dialect == "postgres":
        rows = await conn.execute_fetchall(
            "SELECT column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name = ?",
            (table,),
        )
        return {row[0] for row in rows}
    return {row[1] for row in await conn.execute_fetchall(f"PRAGMA table_info({table})")}


async def _counts(conn: Any, names: list[str]) -> dict[str, int]:
    found = {}
    for name in names:
        rows = await conn.execute_fetchall(f"SELECT count(*) FROM {name}")
        found[name] = int(rows[0][0])
    return found


@asynccontextmanager
async def _read_only(target: Target) -> AsyncIterator[Source]:
    """The source, read-only, in one read transaction: never created, never migrated."""
    if is_postgres_url(target):
        async with _postgres_source(check_url(str(target))) as source:
            yield source
        return
    path = sqlite_path(target)
    if not path.is_file():
        raise StorageError(f"there is no database at {describe(target)}: nothing to copy")
    conn = await aiosqlite.connect(
        f"file:{quote(str(path.resolve()))}?mode=ro", uri=True, isolation_level=None
    )
    try:
        conn.row_factory = aiosqlite.Row
        version = await user_version(conn)
        _check_version(target, version, len(migration_files(MIGRATIONS)))
        await conn.execute("BEGIN")
        yield Source("sqlite", conn, version)
        await conn.execute("ROLLBACK")
    finally:
        await conn.close()


@asynccontextmanager
async def _postgres_source(url: str) -> AsyncIterator[Source]:
    try:
        conn = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT_S)
    except Exception as error:
        if not is_fault(error):
            raise
        raise DatabaseUnavailableError(reason_of(error, CONNECT_TIMEOUT_S)) from error
    try:
        version = await stored_version(conn)
        _check_version(url, version, len(migration_files(POSTGRES_MIGRATIONS)))
        async with conn.transaction(isolation="repeatable_read", readonly=True):
            yield Source("postgres", PgConnection(conn, writing=False), version)
    finally:
        await conn.close()


def _check_version(target: Target, version: int, known: int) -> None:
    if version < 1:
        raise StorageError(f"{describe(target)} holds no AXIO games (it has no schema of ours)")
    if version > known:
        raise StorageError(
            f"{describe(target)} has schema version {version}, newer than this program "
            f"knows ({known}): copy it with a newer version"
        )
