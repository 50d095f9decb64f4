"""Which failures mean "the database did not answer" (a fault of the server or the network),
as opposed to the server answering with an error (a refusal, a bug): only faults become
DatabaseUnavailableError or OutcomeUnknownError, and only they count towards an outage.
Conflicts with another transaction (a lock held past lock_timeout, a deadlock) are the
server's answer "busy": DatabaseBusyError.
"""

from __future__ import annotations

import asyncpg
import asyncpg.exceptions as pg

FAULTS: tuple[type[BaseException], ...] = (
    OSError,  # refused, reset, no route, the socket file missing
    TimeoutError,  # the deadline passed with no answer
    asyncpg.PostgresConnectionError,  # the connection broke, or could not be made
    pg.OperatorInterventionError,  # the server shutting down, starting, or cancelling
    pg.TooManyConnectionsError,
)
CONFLICTS: tuple[type[BaseException], ...] = (
    pg.LockNotAvailableError,  # a row another transaction holds, past lock_timeout
    pg.DeadlockDetectedError,
    pg.SerializationError,
)
"""The server answered that another transaction was in the way: nothing was stored, and
trying again may work. Busy (DatabaseBusyError), not an outage."""
_DEAD = (
    asyncpg.ConnectionDoesNotExistError,
    pg.AdminShutdownError,
    pg.CrashShutdownError,
    ConnectionError,
)


def is_fault(error: BaseException, conn: object = None) -> bool:
    """Whether `error` says the database did not answer. An InterfaceError counts only
    when it comes from a connection that is closed ("connection is closed"); otherwise it is
    a mistake in how a statement was called, which must not pass for an outage."""
    if isinstance(error, FAULTS):
        return True
    if isinstance(error, asyncpg.InterfaceError):
        return conn is None or _closed(conn)
    return False


def _closed(conn: object) -> bool:
    try:
        return bool(conn.is_closed())  # type: ignore[attr-defined]
    except asyncpg.InterfaceError:  # the pool has let go of it: it broke
        return True


def is_dead_connection(error: BaseException) -> bool:
    """The connection was already dead (the server restarted, or closed it): a BEGIN that
    fails so was never run, and another connection may be tried at once."""
    return isinstance(error, (*_DEAD, asyncpg.InterfaceError))


def reason_of(error: BaseException, within: float | None = None) -> str:
    """One short line for logs and operators: never empty, never a bare class name
    (`within`: the seconds a timeout allowed, when the caller knows them)."""
    if isinstance(error, TimeoutError):
        return f"no answer within {within:g} s" if within is not None else "no answer in time"
    text = " ".join(str(error).split())
    if not text:
        text = type(error).__name__
    return f"{text} ({type(error).__name__})"[:300]
