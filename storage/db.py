"""The connection, its transactions and the schema migrations.

Where the data lives is named by a path or a URL: `data/axio.sqlite3` or
`sqlite:///data/axio.sqlite3` (SQLite, the embedded default) or `postgresql://…`
(PostgreSQL, see postgres.py: the same commands, through a pool of asyncpg connections).

On SQLite: two aiosqlite connections per Repository, each behind its own asyncio.Lock: one
for writes and one for reads. Every public command is exactly one SQLite transaction: it
commits whole or changes nothing. WAL lets readers run beside a writer, so a read never
queues behind a write that is waiting for another process's lock. Writes start with
BEGIN IMMEDIATE, so a second process writing the same file waits (busy_timeout) instead of
failing half-way.

Every command has a deadline: the Repository's `budget_s` (1.5 s by default) from its
start, or the one a caller set for a whole piece of work with `within()`. Waiting for
this process's write lock and then for another process's (SQLite's busy timeout, cut to
what is left) share it, so writes queued behind a lock held elsewhere each fail at their
deadline with DatabaseBusyError, rather than one busy timeout after another: four at once
are all answered within the budget, in time for the bot to say "busy, try again" inside
Discord's three seconds. On PostgreSQL connecting, waiting for a pooled connection and
every statement share it (see postgres.py).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
import secrets
import socket
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Self

import aiosqlite

from .errors import DatabaseBusyError, DatabaseUnavailableError
from .health import Health, Outage
from .postgres import CONNECT_TIMEOUT_S, PostgresBackend
from .postgres import IntegrityError as PostgresIntegrityError
from .records import to_us
from .schema import migrate_sqlite as migrate
from .schema import user_version
from .snapshot import GameCache
from .target import DEFAULT_PATH, Target, check_url, is_postgres_url, sqlite_path

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
BUDGET_S = 1.5
"""How long one storage command may take, all waiting included, before it fails with a
NothingStoredError (or OutcomeUnknownError): well inside Discord's three seconds, leaving
the bot time to answer."""
PROBE_SECONDS = 1.0
"""How often the database is asked whether it answers again, during an outage."""
_DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "storage_deadline", default=None
)
INTEGRITY_ERRORS = (sqlite3.IntegrityError, PostgresIntegrityError)
"""What either database raises when the schema itself refuses a change."""


def utc_now() -> datetime:
    return datetime.now(UTC)


def context_without_deadline() -> contextvars.Context:
    """A copy of the running context with no `within()` deadline in it: for work that
    outlives the command that starts it (everything else the context holds is kept)."""
    context = contextvars.copy_context()
    context.run(_DEADLINE.set, None)
    return context


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
        health: Health | None = None,
        budget_s: float | None = BUDGET_S,
        busy_timeout_ms: int = 1_500,
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
        self.health = health or Health(clock)
        """Whether the database answers, and its outages (see health.py)."""
        self.budget_s = budget_s
        self._busy_ms = self._busy_set = busy_timeout_ms
        self._probe: asyncio.Task[None] | None = None
        self._closed = False
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        """Who this Repository is to other processes: its leases on owed posts carry it."""
        self.health.on_down(self._watch_outage)

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
        budget_s: float | None = BUDGET_S,
        connect_timeout: float = CONNECT_TIMEOUT_S,
    ) -> Self:
        """Open (creating if needed) the database and bring its schema up to date.

        `budget_s` is how long each command may take (None: no limit, for copying a whole
        database); `connect_timeout` how long opening may wait for a PostgreSQL server
        (DatabaseUnavailableError after it). PostgreSQL (a postgresql:// URL) gets a pool
        of `pool_size` connections; the SQLite options below do not apply to it.

        synchronous=NORMAL (the default) in WAL mode keeps every commit across a killed
        process, which is what the bot must survive; FULL also syncs the WAL to disk at each
        commit, so a commit survives a power cut too, at about a third of the throughput.
        `cache_size` games stay decoded in memory between moves (0: none).
        `busy_timeout_ms` is the longest a write waits for another process's lock before
        the command fails whole with DatabaseBusyError (the command's budget may cut it).
        """
        health = Health(clock)
        if is_postgres_url(target):
            check_url(str(target))
            backend = await PostgresBackend.open(
                str(target),
                health=health,
                pool_size=pool_size,
                connect_timeout=connect_timeout,
                budget_s=budget_s,
            )
            return cls(
                None,
                None,
                None,
                clock,
                cache_size,
                postgres=backend,
                health=health,
                budget_s=budget_s,
            )
        path = sqlite_path(target)
        if synchronous.upper() not in ("NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"synchronous must be NORMAL, FULL or EXTRA, not {synchronous}")
        path.parent.mkdir(parents=True, exist_ok=True)
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
        return cls(
            writer,
            reader,
            path,
            clock,
            cache_size,
            health=health,
            budget_s=budget_s,
            busy_timeout_ms=busy_timeout_ms,
        )

    async def close(self) -> None:
        self._closed = True
        if self._probe is not None:
            self._probe.cancel()
            with suppress(asyncio.CancelledError):
                await self._probe
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

    # --- deadlines ---------------------------------------------------------------------------
    def _deadline(self) -> float | None:
        """When the command starting now must be done (the event loop's clock): its own
        budget, or sooner if a caller's `within()` says so; None: no limit."""
        outer = _DEADLINE.get()
        if self.budget_s is None:
            return outer
        own = asyncio.get_running_loop().time() + self.budget_s
        return own if outer is None else min(outer, own)

    @contextmanager
    def within(self, seconds: float | None = None) -> Iterator[None]:
        """One deadline for every storage command inside the block, `seconds` from now
        (default: the budget): for a piece of work that makes several, such as a move
        that is looked up again after a lost answer, or a bot command that must answer
        within Discord's window whatever it asks of storage. Nested blocks only shorten it.
        """
        deadline = self._deadline()
        if seconds is not None:
            mine = asyncio.get_running_loop().time() + seconds
            deadline = mine if deadline is None else min(deadline, mine)
        token = _DEADLINE.set(deadline)
        try:
            yield
        finally:
            _DEADLINE.reset(token)

    # --- transactions ------------------------------------------------------------------------
    def _write(self, *, alone: bool = False) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """One write transaction. IMMEDIATE takes the write lock at once, so another
        process's writer waits here rather than failing half-way through. `alone`: for
        one statement, which on SQLite is a transaction of its own without BEGIN and COMMIT
        (it takes the write lock as it starts, waiting as IMMEDIATE does)."""
        deadline = self._deadline()
        if self._postgres is not None:
            return self._postgres.transaction(write=True, deadline=deadline)  # type: ignore[return-value]
        assert self._conn is not None
        begin = None if alone else "BEGIN IMMEDIATE"
        return self._transaction(self._conn, self._lock, begin, deadline, write=True)

    def _read(self, *, alone: bool = False) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """One read transaction on the reading connection, so that several SELECTs see
        the same moment and none waits for a writer. `alone`: for one statement, which on
        SQLite needs no BEGIN and COMMIT (outside a transaction a statement reads one moment
        already): two round trips to the database's thread fewer."""
        deadline = self._deadline()
        if self._postgres is not None:
            return self._postgres.transaction(write=False, deadline=deadline)  # type: ignore[return-value]
        assert self._reader is not None
        begin = None if alone else "BEGIN"
        return self._transaction(self._reader, self._read_lock, begin, deadline)

    @asynccontextmanager
    async def _transaction(
        self,
        conn: aiosqlite.Connection,
        lock: asyncio.Lock,
        begin: str | None,
        deadline: float | None,
        *,
        write: bool = False,
    ) -> AsyncIterator[aiosqlite.Connection]:
        """Commit on success, roll back on any exception (cancellation included).

        aiosqlite runs statements in the order they were sent, so a ROLLBACK sent after a
        cancelled BEGIN or statement still reaches the database after it. This process's
        lock not free by the deadline, or another process's lock held past it (the busy
        timeout is cut to what is left), is DatabaseBusyError, with nothing done. SQLite
        answers every COMMIT (it is this process's own call), so its outcome is never
        unknown: a COMMIT that fails leaves the transaction rolled back. With no `begin`,
        the one statement sent is a transaction of its own: nothing to commit or undo.
        """
        try:
            async with asyncio.timeout_at(deadline):
                await lock.acquire()
        except TimeoutError:
            raise DatabaseBusyError("this process's writes queued past their time") from None
        try:
            if write:
                await self._fit_busy_timeout(conn, deadline)
            if begin is not None:
                await conn.execute(begin)
            yield conn
            if begin is not None:
                await conn.execute("COMMIT")
        except sqlite3.OperationalError as error:
            if begin is not None:
                await _rollback(conn)
            if _is_busy(error):
                raise DatabaseBusyError(str(error)) from error
            raise
        except BaseException:
            if begin is not None:
                await _rollback(conn)
            raise
        finally:
            lock.release()

    async def _fit_busy_timeout(self, conn: aiosqlite.Connection, deadline: float | None) -> None:
        """Let SQLite wait for another process's lock only as long as the command has left
        (never longer than `busy_timeout_ms`). Set again only when it changes by more than
        a little, so a write that did not queue costs no extra statement."""
        wanted = self._busy_ms
        if deadline is not None:
            left_ms = int((deadline - asyncio.get_running_loop().time()) * 1000)
            wanted = max(1, min(wanted, left_ms))
        if abs(wanted - self._busy_set) > 20:
            await conn.execute_fetchall(f"PRAGMA busy_timeout = {wanted}")
            self._busy_set = wanted

    async def _fetchall(self, sql: str, params: tuple | list = ()) -> list[sqlite3.Row]:
        """Rows of one SELECT, in a read transaction of its own (on PostgreSQL the
        statement alone: one statement already sees one snapshot)."""
        if self._postgres is not None:
            return list(await self._postgres.fetch_alone(sql, params, deadline=self._deadline()))
        async with self._read(alone=True) as conn:
            return list(await conn.execute_fetchall(sql, params))

    # --- reachability ------------------------------------------------------------------------
    async def ping(self) -> bool:
        """Whether the database answers a trivial query within the budget: for a readiness
        probe. An answer ends an outage under way (health.py). A closed repository
        answers nothing."""
        if self._closed:
            return False
        try:
            if self._postgres is not None:
                await self._postgres.ping(self._deadline())
            else:
                await self._fetchall("SELECT 1")
        except (DatabaseUnavailableError, DatabaseBusyError):
            return False
        return True

    def _watch_outage(self, outage: Outage) -> None:
        """When an outage starts, ask the database every PROBE_SECONDS until it answers,
        so its end (and the `on_back` callbacks) come within a second or so of its
        recovery, even when no command comes meanwhile."""
        if not self._closed and (self._probe is None or self._probe.done()):
            self._probe = asyncio.get_running_loop().create_task(
                self._probe_until_back(), context=contextvars.Context()
            )

    async def _probe_until_back(self) -> None:
        while not self.health.reachable:
            await self._pause_between_probes()
            if not self.health.reachable:
                await self.ping()

    async def _pause_between_probes(self) -> None:
        """PROBE_SECONDS of the event loop's clock: a method of its own so that a test can
        put it on a simulated clock, as a wait on something outside the bot."""
        await asyncio.sleep(PROBE_SECONDS)

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
            return await self._postgres.schema_version(self._deadline())
        async with self._read() as conn:
            return await user_version(conn)


async def _connect(path: Path, *pragmas: str) -> aiosqlite.Connection:
    conn = await _opened(aiosqlite.connect(path, isolation_level=None))
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


async def _opened(conn: aiosqlite.Connection) -> aiosqlite.Connection:
    """`conn` once its thread has opened it. Cancelled meanwhile (a signal while the bot
    starts), it still waits for the opening and closes the connection before it gives up:
    a connection nobody holds would keep its thread alive, and that thread would later
    post its answer to an event loop that is gone."""

    async def opening() -> aiosqlite.Connection:
        return await conn

    task = asyncio.ensure_future(opening())
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        with suppress(Exception):
            await (await task).close()
        raise


def _is_busy(error: sqlite3.OperationalError) -> bool:
    text = str(error).lower()
    return "locked" in text or "busy" in text


async def _rollback(conn: aiosqlite.Connection) -> None:
    with suppress(sqlite3.OperationalError):  # no transaction was open: nothing to undo
        await conn.execute("ROLLBACK")
