"""The connection, its transactions and the schema migrations.

Where the data lives is named by a path or a URL: `data/axio.sqlite3` or
`sqlite:///data/axio.sqlite3` (SQLite, the embedded default) or `postgresql://…`
(PostgreSQL, see postgres.py: the same commands, through a pool of asyncpg connections).

On SQLite: two aiosqlite connections per Repository, each behind its own asyncio.Lock: one
for writes and one for reads. Every public command is exactly one SQLite transaction: it
commits whole or changes nothing. WAL lets readers run beside a writer, so a read never
queues behind a write that is waiting for another process's lock. Writes start with
BEGIN IMMEDIATE, so a second process writing the same file waits (busy_timeout) instead of
failing half-way; past that wait the command fails whole with DatabaseBusyError, in time
for the bot to say "busy, try again" inside Discord's three seconds.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Self

import aiosqlite

from .errors import DatabaseBusyError
from .postgres import IntegrityError as PostgresIntegrityError
from .postgres import PostgresBackend
from .records import to_us
from .schema import MIGRATIONS, migration_files, refuse_newer, split_statements
from .snapshot import GameCache
from .target import DEFAULT_PATH, Target, is_postgres_url, sqlite_path

Clock = Callable[[], datetime]
INTEGRITY_ERRORS = (sqlite3.IntegrityError, PostgresIntegrityError)
"""What either database raises when the schema itself refuses a change."""


def utc_now() -> datetime:
    return datetime.now(UTC)


class Database:
    """The connection and transaction machinery the Repository's commands share."""

    def __init__(
        self,
        writer: aiosqlite.Connection | None,
        reader: aiosqlite.Connection | None,
        path: Path | None,
        clock: Clock,
        cache_size: int = 256,
        *,
        postgres: PostgresBackend | None = None,
    ) -> None:
        self._conn = writer
        self._reader = reader
        self.path = path
        self._postgres = postgres
        self.dialect = "postgres" if postgres is not None else "sqlite"
        self._clock = clock
        self._lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()
        self._games = GameCache(cache_size)

    @classmethod
    async def open(
        cls,
        target: Target = DEFAULT_PATH,
        *,
        clock: Clock = utc_now,
        synchronous: str = "NORMAL",
        busy_timeout_ms: int = 1_500,
        cache_size: int = 256,
        pool_size: int = 10,
    ) -> Self:
        """Open (creating if needed) the database and bring its schema up to date.

        PostgreSQL (a postgresql:// URL) gets a pool of `pool_size` connections; the
        SQLite options below do not apply to it.

        synchronous=NORMAL (the default) in WAL mode keeps every commit across a killed
        process, which is what the bot must survive; FULL also syncs the WAL to disk at each
        commit, so a commit survives a power cut too, at about a third of the throughput.
        `cache_size` games stay decoded in memory between moves (0: none).
        `busy_timeout_ms` is how long a write waits for another process's lock before the
        command fails whole with DatabaseBusyError.
        """
        if is_postgres_url(target):
            backend = await PostgresBackend.open(str(target), pool_size=pool_size)
            return cls(None, None, None, clock, cache_size, postgres=backend)
        path = sqlite_path(target)
        path.parent.mkdir(parents=True, exist_ok=True)
        if synchronous.upper() not in ("NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"synchronous must be NORMAL, FULL or EXTRA, not {synchronous}")
        writer = await _connect(
            path,
            f"busy_timeout = {int(busy_timeout_ms)}",
            "journal_mode = WAL",
            f"synchronous = {synchronous.upper()}",
            "foreign_keys = ON",
        )
        try:
            await migrate(writer)
            reader = await _connect(
                path, f"busy_timeout = {int(busy_timeout_ms)}", "query_only = ON"
            )
        except BaseException:
            await writer.close()
            raise
        return cls(writer, reader, path, clock, cache_size)

    async def close(self) -> None:
        if self._postgres is not None:
            await self._postgres.close()
            return
        assert self._conn is not None and self._reader is not None
        async with self._lock, self._read_lock:
            await self._reader.close()
            await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    def _now_us(self, now: datetime | None) -> int:
        return to_us(now if now is not None else self._clock())

    def _write(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """One write transaction. IMMEDIATE takes the write lock at once, so another
        process's writer waits here rather than failing half-way through."""
        if self._postgres is not None:
            return self._postgres.transaction(write=True)  # type: ignore[return-value]
        assert self._conn is not None
        return self._transaction(self._conn, self._lock, "BEGIN IMMEDIATE")

    def _read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """One read transaction on the reading connection, so that several SELECTs see
        the same moment and none waits for a writer."""
        if self._postgres is not None:
            return self._postgres.transaction(write=False)  # type: ignore[return-value]
        assert self._reader is not None
        return self._transaction(self._reader, self._read_lock, "BEGIN")

    @asynccontextmanager
    async def _transaction(
        self, conn: aiosqlite.Connection, lock: asyncio.Lock, begin: str
    ) -> AsyncIterator[aiosqlite.Connection]:
        """Commit on success, roll back on any exception (cancellation included).

        aiosqlite runs statements in the order they were sent, so a ROLLBACK sent after a
        cancelled BEGIN or statement still reaches the database after it. A lock held by
        another process past the busy timeout becomes DatabaseBusyError, with nothing done.
        """
        async with lock:
            try:
                await conn.execute(begin)
                yield conn
                await conn.execute("COMMIT")
            except sqlite3.OperationalError as error:
                await _rollback(conn)
                if _is_busy(error):
                    raise DatabaseBusyError() from error
                raise
            except BaseException:
                await _rollback(conn)
                raise

    async def _fetchall(self, sql: str, params: tuple | list = ()) -> list[sqlite3.Row]:
        """Rows of one SELECT, in a read transaction of its own (on PostgreSQL the
        statement alone: one statement already sees one snapshot)."""
        if self._postgres is not None:
            return list(await self._postgres.fetch_alone(sql, params))
        async with self._read() as conn:
            return list(await conn.execute_fetchall(sql, params))

    async def _fetchone(self, sql: str, params: tuple | list = ()) -> sqlite3.Row | None:
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None

    async def damage(self) -> list[str]:
        """What SQLite's quick_check finds wrong with the file ([] when it is sound). A
        PostgreSQL server checks its own pages (a damaged one fails the query that reads it),
        so there a plain query that answers is the check."""
        if self._postgres is not None:
            await self._fetchall("SELECT count(*) FROM games")
            return []
        async with self._read() as conn:
            rows = await conn.execute_fetchall("PRAGMA quick_check")
        found = [str(row[0]) for row in rows]
        return [] if found == ["ok"] else found

    async def schema_version(self) -> int:
        if self._postgres is not None:
            return await self._postgres.schema_version()
        async with self._read() as conn:
            return await _user_version(conn)


async def _connect(path: Path, *pragmas: str) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        # Some PRAGMAs answer with a row: fetch it, or the unfinished statement would
        # keep the first COMMIT from going through ("SQL statements in progress").
        for pragma in pragmas:
            await conn.execute_fetchall(f"PRAGMA {pragma}")
    except BaseException:
        await conn.close()
        raise
    return conn


def _is_busy(error: sqlite3.OperationalError) -> bool:
    text = str(error).lower()
    return "locked" in text or "busy" in text


async def _rollback(conn: aiosqlite.Connection) -> None:
    with suppress(sqlite3.OperationalError):  # no transaction was open: nothing to undo
        await conn.execute("ROLLBACK")


async def _user_version(conn: aiosqlite.Connection) -> int:
    rows = list(await conn.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0]) if rows else 0


async def migrate(conn: aiosqlite.Connection, folder: Path = MIGRATIONS) -> int:
    """Apply the migrations the file has not had yet, each in its own transaction together
    with its PRAGMA user_version, so a crash never leaves a half-applied migration."""
    files = migration_files(folder)
    for number, path in files:
        await conn.execute("BEGIN IMMEDIATE")
        try:
            current = await _user_version(conn)
            refuse_newer(current, len(files))
            if current < number:
                for statement in split_statements(path.read_text(encoding="utf-8")):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version = {number}")
            await conn.execute("COMMIT")
        except BaseException:
            await _rollback(conn)
            raise
    return len(files)
