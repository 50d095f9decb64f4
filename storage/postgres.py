"""PostgreSQL under the same commands: a pool of asyncpg connections behind a connection
adapter that speaks like the aiosqlite connection the command modules were written for.

The SQL stays in the command modules, written in the dialect both databases share; the
adapter turns its `?` and `:name` parameters into PostgreSQL's `$1, $2, …`. What SQLite
gets from one writer at a time (BEGIN IMMEDIATE), PostgreSQL gets from row locks: a write
reads its game row `FOR UPDATE` (see `for_update`), so writes to one game queue behind each
other while other games go on in parallel, in this process and in any other.

The schema has its own numbered migrations in migrations/postgres/ (BIGINT ids and times,
identity keys), tracked in a schema_version table; a transaction-scoped advisory lock keeps
two processes starting at once from migrating together.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import asyncpg

from .schema import POSTGRES_MIGRATIONS, migration_files, refuse_newer

_MIGRATION_LOCK = 0x41_58_49_4F  # "AXIO": one migrating process at a time
_PARAMETER = re.compile(r"'(?:[^']|'')*'|\?|(?<!:):([A-Za-z_]\w*)")

IntegrityError = asyncpg.IntegrityConstraintViolationError


@lru_cache(maxsize=1024)
def numbered(sql: str) -> tuple[str, tuple[str, ...]]:
    """`?` and `:name` parameters as `$1, $2, …`, string literals left alone; with the
    names in the order of their numbers (empty for `?` parameters)."""
    names: list[str] = []
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        text = match.group(0)
        if text.startswith("'"):
            return text
        if text == "?":
            count += 1
            return f"${count}"
        name = match.group(1)
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    translated = _PARAMETER.sub(number, sql)
    if names and count:
        raise ValueError("one statement cannot mix ? and :name parameters")
    return translated, tuple(names)


def _arguments(names: tuple[str, ...], params: Sequence[Any] | Mapping[str, Any]) -> list[Any]:
    if names:
        assert isinstance(params, Mapping), "named parameters need a mapping"
        return [params[name] for name in names]
    return list(params)


@dataclass(frozen=True)
class Result:
    """What `execute` hands back, like a cursor: rows changed, and no lastrowid (use
    INSERT … RETURNING, which both databases understand)."""

    rowcount: int
    lastrowid: None = None


class PgConnection:
    """One asyncpg connection inside one transaction, with aiosqlite's calling style.

    Rows are asyncpg Records: indexable by position and by column name, like sqlite3.Row.
    """

    def __init__(self, conn: asyncpg.Connection, *, writing: bool) -> None:
        self.raw = conn
        self.writing = writing

    async def execute(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> Result:
        text, names = numbered(sql)
        status = await self.raw.execute(text, *_arguments(names, params))
        last = status.rsplit(" ", 1)[-1]
        return Result(int(last) if last.isdigit() else 0)

    async def execute_fetchall(
        self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()
    ) -> list[asyncpg.Record]:
        text, names = numbered(sql)
        return await self.raw.fetch(text, *_arguments(names, params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        text, _ = numbered(sql)
        await self.raw.executemany(text, [list(row) for row in rows])


def for_update(conn: object) -> str:
    """The clause that locks the rows a write transaction reads, on PostgreSQL (SQLite's
    write transactions already exclude each other)."""
    return " FOR UPDATE" if isinstance(conn, PgConnection) and conn.writing else ""


async def serialize(conn: object, *key: object) -> None:
    """Let one write transaction at a time past this point for `key` (PostgreSQL: an
    advisory lock held to the end of the transaction; SQLite: already so)."""
    if isinstance(conn, PgConnection) and conn.writing:
        number = zlib.crc32(repr(key).encode()) - 2**31
        await conn.raw.execute("SELECT pg_advisory_xact_lock($1)", number)


class PostgresBackend:
    """A pool of connections to one PostgreSQL database, and its transactions."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10) -> PostgresBackend:
        pool = await asyncpg.create_pool(
            url, min_size=1, max_size=pool_size, command_timeout=60, reset=_keep_session
        )
        assert pool is not None
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    @asynccontextmanager
    async def transaction(self, *, write: bool) -> AsyncIterator[PgConnection]:
        """Commit on success, roll back on any exception (cancellation included). Reads
        see one snapshot (REPEATABLE READ), like SQLite's read transaction."""
        async with self.pool.acquire() as conn:
            isolation = "read_committed" if write else "repeatable_read"
            async with conn.transaction(isolation=isolation, readonly=not write):
                yield PgConnection(conn, writing=write)

    async def fetch_alone(
        self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()
    ) -> list[asyncpg.Record]:
        """The rows of one statement that is a transaction of its own: one round trip,
        where BEGIN … COMMIT around it would take three. One statement sees one snapshot
        and, if it writes, commits whole or not at all."""
        text, names = numbered(sql)
        async with self.pool.acquire() as conn:
            return await conn.fetch(text, *_arguments(names, params))

    async def schema_version(self) -> int:
        async with self.pool.acquire() as conn:
            return await _version(conn)

    async def close(self) -> None:
        await self.pool.close()


async def _keep_session(conn: asyncpg.Connection) -> None:
    """What the pool does to a connection handed back, beyond rolling back a transaction
    left open (asyncpg always does that): nothing. Our commands set no session state (their
    advisory locks end with their transaction), so asyncpg's default reset query would
    only cost every command one more round trip."""


async def _version(conn: asyncpg.Connection) -> int:
    exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_version"))


async def migrate(conn: asyncpg.Connection, folder: Path = POSTGRES_MIGRATIONS) -> int:
    """Apply the migrations the database has not had yet, each in one transaction with its
    schema_version row (PostgreSQL's DDL is transactional)."""
    files = migration_files(folder)
    for number, path in files:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
                "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
            current = await _version(conn)
            refuse_newer(current, len(files))
            if current < number:
                await conn.execute(path.read_text(encoding="utf-8"))
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
    return len(files)
