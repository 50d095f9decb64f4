"""PostgreSQL under the same commands: a pool of asyncpg connections behind a connection
adapter that speaks like the aiosqlite connection the command modules were written for.

The SQL stays in the command modules, written in the dialect both databases share; the
adapter turns its `?` and `:name` parameters into PostgreSQL's `$1, $2, …`. What SQLite
gets from one writer at a time (BEGIN IMMEDIATE), PostgreSQL gets from row locks: a write
reads its game row `FOR UPDATE` (see `for_update`), so writes to one game queue behind each
other while other games go on in parallel, in this process and in any other.

Every command ends by a deadline (db.py: the Repository's budget, 1.5 s by default): a
frozen server, a network cut or a full pool fail it in time, as DatabaseUnavailableError
when nothing can have been stored and OutcomeUnknownError when a COMMIT got no answer.

The schema has its own numbered migrations in migrations/postgres/ (BIGINT ids and times,
identity keys), tracked in a schema_version table; a transaction-scoped advisory lock keeps
two processes starting at once from migrating together.
"""

from __future__ import annotations

import asyncio
import logging
import re
import zlib
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import asyncpg

from .errors import DatabaseBusyError, DatabaseUnavailableError, OutcomeUnknownError
from .faults import CONFLICTS, FAULTS, is_dead_connection, is_fault, reason_of
from .health import Health
from .schema import migrate_postgres as migrate
from .schema import stored_version

log = logging.getLogger(__name__)

CONNECT_TIMEOUT_S = 5.0
"""How long opening may wait for the first connection: a server that accepts connections
and never answers is reported in this time (axio-bot check, run), not after a minute."""
MIGRATION_TIMEOUT_S = 60.0
"""Bringing the schema up to date (waiting for another process that migrates too)."""
CLOSE_TIMEOUT_S = 2.0
SILENT_TRANSACTION_MS = 10_000
"""A transaction whose client vanished without a word (a network cut) would otherwise hold
its row locks until TCP gives up, hours later: the server ends it after 10 s of silence.
Our transactions never idle that long (between two statements the client only computes)."""
LOCK_SHARE = 2 / 3
"""Of a command's budget, how long it may wait for a row another transaction holds: then
the server says so (DatabaseBusyError: busy, not an outage), before the budget runs out
and the command could only say the database did not answer."""

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
    Every statement ends by the command's `deadline` (the event loop's clock; None: no
    limit), so a server that stops answering fails the command in time.
    """

    def __init__(
        self, conn: asyncpg.Connection, *, writing: bool, deadline: float | None = None
    ) -> None:
        self.raw = conn
        self.writing = writing
        self.deadline = deadline

    async def execute(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> Result:
        text, names = numbered(sql)
        async with asyncio.timeout_at(self.deadline):
            status = await self.raw.execute(text, *_arguments(names, params))
        last = status.rsplit(" ", 1)[-1]
        return Result(int(last) if last.isdigit() else 0)

    async def execute_fetchall(
        self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()
    ) -> list[asyncpg.Record]:
        text, names = numbered(sql)
        async with asyncio.timeout_at(self.deadline):
            return await self.raw.fetch(text, *_arguments(names, params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        text, _ = numbered(sql)
        async with asyncio.timeout_at(self.deadline):
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
        await conn.execute("SELECT pg_advisory_xact_lock(?)", (number,))


class PostgresBackend:
    """A pool of connections to one PostgreSQL database, and its transactions, each of
    which ends by its deadline whatever the server does (see faults.py)."""

    def __init__(self, pool: asyncpg.Pool, url: str, health: Health) -> None:
        self.pool = pool
        self.url = url
        self.health = health

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        health: Health,
        pool_size: int = 10,
        connect_timeout: float = CONNECT_TIMEOUT_S,
        budget_s: float | None = None,
        migrate_schema: bool = True,
    ) -> PostgresBackend:
        """The pool, its first connection made (within `connect_timeout`) and the schema
        brought up to date. A server that cannot be reached, or accepts the connection and
        never answers, is DatabaseUnavailableError within `connect_timeout` (a missing
        database or a refused password are the server's own errors, as they are).
        `budget_s`, the commands' budget, sets how long they wait for a locked row."""
        settings = {"idle_in_transaction_session_timeout": str(SILENT_TRANSACTION_MS)}
        if budget_s is not None:
            settings["lock_timeout"] = str(max(1, int(budget_s * LOCK_SHARE * 1000)))
        try:
            pool = await asyncpg.create_pool(
                url,
                # No floor: asyncpg would keep reconnecting to restore it during an
                # outage, logging a traceback each time. Connections are made on demand.
                min_size=0,
                max_size=pool_size,
                timeout=connect_timeout,
                command_timeout=None,  # each command has a deadline of its own
                # A prepared statement stays for as long as its connection (asyncpg keeps
                # the 100 last used a connection): the bot sends the same few dozen, and
                # the default expiry kept a timer in the event loop for each, and prepared
                # each again every five minutes
                max_cached_statement_lifetime=0,
                reset=_keep_session,
                server_settings=settings,
            )
        except Exception as error:
            if not is_fault(error):
                raise
            raise DatabaseUnavailableError(reason_of(error, connect_timeout)) from error
        assert pool is not None
        waited = connect_timeout
        try:
            async with pool.acquire(timeout=connect_timeout) as conn:
                waited = MIGRATION_TIMEOUT_S
                async with asyncio.timeout(waited):
                    await (migrate(conn) if migrate_schema else conn.fetchval("SELECT 1"))
        except BaseException as error:
            pool.terminate()
            if isinstance(error, Exception) and is_fault(error):
                raise DatabaseUnavailableError(reason_of(error, waited)) from error
            raise
        return cls(pool, url, health)

    @asynccontextmanager
    async def transaction(
        self, *, write: bool, deadline: float | None
    ) -> AsyncIterator[PgConnection]:
        """Commit on success, roll back on any exception (cancellation included). Reads
        see one snapshot (REPEATABLE READ), like SQLite's read transaction.

        No answer before COMMIT was sent: DatabaseUnavailableError (nothing stored). A
        write whose COMMIT got no answer: OutcomeUnknownError. A read whose COMMIT got no
        answer has read all it needed: it returns. A connection that failed is
        terminated, never handed back to the pool."""
        conn, transaction = await self._begin(write, deadline)
        try:
            yield PgConnection(conn, writing=write, deadline=deadline)
        except BaseException as error:
            await self._abandon(conn, transaction, error, deadline)
            if isinstance(error, Exception) and is_fault(error, conn):
                raise self._no_answer(error) from error
            if isinstance(error, CONFLICTS):
                raise DatabaseBusyError(reason_of(error)) from error
            raise
        try:
            async with asyncio.timeout_at(deadline):
                await transaction.commit()
        except BaseException as error:
            _terminate(conn)
            await self._release(conn)
            if not isinstance(error, Exception) or not is_fault(error, conn):
                raise  # cancelled, or the server refused the commit: nothing stored
            if write:
                raise self._no_answer(error, sent=True) from error
            self.health.answered()  # every read was answered; only the COMMIT was lost
            return
        await self._release(conn)
        self.health.answered()

    async def fetch_alone(
        self,
        sql: str,
        params: Sequence[Any] | Mapping[str, Any] = (),
        *,
        deadline: float | None,
        writes: bool = False,
    ) -> list[asyncpg.Record]:
        """The rows of one statement that is a transaction of its own: one round trip,
        where BEGIN … COMMIT around it would take three. One statement sees one snapshot
        and, if it writes, commits whole or not at all: so a statement that `writes` and
        got no answer is OutcomeUnknownError; not sent, DatabaseUnavailableError. A read
        that meets a pooled connection the server had closed tries one more."""
        text, names = numbered(sql)
        for attempt in (1, 2):
            conn = await self._acquire(deadline)
            try:
                async with asyncio.timeout_at(deadline):
                    rows = await conn.fetch(text, *_arguments(names, params))
                break
            except BaseException as error:
                fault = isinstance(error, Exception) and is_fault(error, conn)
                if fault or not isinstance(error, Exception):
                    _terminate(conn)
                await self._release(conn)
                if not fault:
                    raise
                again = not writes and attempt == 1 and is_dead_connection(error)
                if again and _left(deadline) > 0.05:
                    continue
                raise self._no_answer(error, sent=writes) from error
        await self._release(conn)
        self.health.answered()
        return rows

    async def ping(self, deadline: float | None) -> None:
        """One `SELECT 1`, answered or DatabaseUnavailableError; not counted as a command."""
        conn = await self._acquire(deadline, command=False)
        try:
            async with asyncio.timeout_at(deadline):
                await conn.fetchval("SELECT 1")
        except BaseException as error:
            _terminate(conn)
            await self._release(conn)
            if isinstance(error, Exception) and is_fault(error, conn):
                reason = reason_of(error)
                self.health.failed(reason, command=False)
                raise DatabaseUnavailableError(reason) from error
            raise
        await self._release(conn)
        self.health.answered()

    async def schema_version(self, deadline: float | None = None) -> int:
        async with (
            self.transaction(write=False, deadline=deadline) as conn,
            asyncio.timeout_at(deadline),
        ):
            return await stored_version(conn.raw)

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self.pool.close(), CLOSE_TIMEOUT_S)
        except (TimeoutError, *FAULTS):
            self.pool.terminate()  # a server that does not answer is not waited for

    # --- the phases of a command ----------------------------------------------------------
    async def _acquire(self, deadline: float | None, *, command: bool = True) -> Any:
        """A pooled connection (a new one made if needed), or DatabaseUnavailableError."""
        if self.pool.is_closing():  # the Repository was closed: no outage to note
            raise DatabaseUnavailableError("the repository is closed")
        try:
            async with asyncio.timeout_at(deadline):
                return await self.pool.acquire()
        except Exception as error:
            reason = reason_of(error)
            self.health.failed(reason, command=command)
            raise DatabaseUnavailableError(reason) from error

    async def _begin(self, write: bool, deadline: float | None) -> tuple[Any, Any]:
        """A connection with its transaction begun. A pooled connection the server closed
        meanwhile (a restart) fails its BEGIN at once: then one more is tried, since
        nothing was sent that could have been stored."""
        isolation = "read_committed" if write else "repeatable_read"
        for attempt in (1, 2):
            conn = await self._acquire(deadline)
            transaction = conn.transaction(isolation=isolation, readonly=not write)
            try:
                async with asyncio.timeout_at(deadline):
                    await transaction.start()
                return conn, transaction
            except BaseException as error:
                _terminate(conn)
                await self._release(conn)
                if not isinstance(error, Exception) or not is_fault(error, conn):
                    raise
                if attempt == 1 and is_dead_connection(error) and _left(deadline) > 0.05:
                    continue
                raise self._no_answer(error) from error
        raise AssertionError("unreachable")

    async def _abandon(
        self, conn: Any, transaction: Any, error: BaseException, deadline: float | None
    ) -> None:
        """Roll back after a refusal (the connection is sound and goes back to the pool);
        after a fault or a cancellation, or when rolling back fails, terminate it."""
        sound = isinstance(error, Exception) and not is_fault(error, conn)
        if sound and _left(deadline) > 0:
            try:
                async with asyncio.timeout_at(deadline):
                    await transaction.rollback()
            except Exception:
                sound = False
        if not sound:
            _terminate(conn)
        await self._release(conn)

    async def _release(self, conn: Any) -> None:
        try:
            await self.pool.release(conn, timeout=CLOSE_TIMEOUT_S)
        except Exception:  # the connection is terminated by the pool: nothing to keep
            log.debug("a connection could not be handed back", exc_info=True)

    def _no_answer(
        self, error: BaseException, *, sent: bool = False
    ) -> DatabaseUnavailableError | OutcomeUnknownError:
        """The error a command raises when the database did not answer; noted in health."""
        reason = reason_of(error)
        self.health.failed(reason)
        if sent:
            return OutcomeUnknownError(reason)
        return DatabaseUnavailableError(reason)


def _terminate(conn: Any) -> None:
    """Close a connection at once, unanswered work and all. Harmless if the pool has
    already let go of it (asyncpg detaches a connection that broke)."""
    with suppress(asyncpg.InterfaceError):
        conn.terminate()


def _left(deadline: float | None) -> float:
    """Seconds left before `deadline` (infinity without one)."""
    if deadline is None:
        return float("inf")
    return deadline - asyncio.get_running_loop().time()


async def _keep_session(conn: asyncpg.Connection) -> None:
    """What the pool does to a connection handed back, beyond rolling back a transaction
    left open (asyncpg always does that): nothing. Our commands set no session state (their
    advisory locks end with their transaction), so asyncpg's default reset query would
    only cost every command one more round trip."""
