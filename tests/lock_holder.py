"""Another process holding a SQLite file's write lock: what a second bot process, a backup
tool or a slow disk does to the bot. Shared by the storage and bot tests and bench_crash."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

HOLDER = textwrap.dedent(
    """
    import select, sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
    conn.execute("BEGIN IMMEDIATE")
    print("locked", flush=True)
    select.select([sys.stdin], [], [], float(sys.argv[2]))  # until told, or the time is up
    conn.execute("COMMIT")
    """
)


@contextmanager
def holding_write_lock(path: Path, seconds: float = 60) -> Iterator[subprocess.Popen[str]]:
    """Inside the block another process holds BEGIN IMMEDIATE on `path` (for at most
    `seconds`); `holder.poll() is None` says it still does."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), str(seconds)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        yield holder
        holder.communicate("\n", timeout=seconds + 300)  # it lets go when told
    finally:
        if holder.poll() is None:  # the test failed or gave up: the holder goes too
            holder.kill()
            holder.wait()


BUSY_TIMEOUT_SLACK_S = 0.021
"""Storage sets SQLite's busy timeout again only when it changes by more than 20 ms."""


class LockWait(NamedTuple):
    """One BEGIN IMMEDIATE: when it was sent (on the clock the command's deadline runs on),
    how long SQLite was told it may wait there for another process's lock, and the task
    (the command) that sent it."""

    sent_at: float
    may_wait_s: float
    task: object = None

    def fits(self, deadline: float) -> bool:
        """Whether SQLite may wait no longer than what is left until `deadline`: what
        bounds a wait in SQLite's thread, which no event loop's clock sees."""
        left = max(deadline - self.sent_at, 0.001)
        return self.may_wait_s <= left + BUSY_TIMEOUT_SLACK_S


def noting_lock_waits(
    writer: Any,
    now: Callable[[], float],
    wait: Callable[[Awaitable[Any]], Awaitable[Any]] | None = None,
) -> tuple[list[LockWait], Callable[..., Awaitable[Any]]]:
    """A list that gets a `LockWait` for each BEGIN IMMEDIATE on the aiosqlite connection
    `writer`, and the `execute` to put in its place; `wait` wraps the BEGIN itself (the bot
    tests declare it an external wait to SimCord)."""
    execute = writer.execute
    waits: list[LockWait] = []

    async def noting(sql: str, *args: Any, **kwargs: Any) -> Any:
        if sql != "BEGIN IMMEDIATE":
            return await execute(sql, *args, **kwargs)
        [(busy_ms,)] = await writer.execute_fetchall("PRAGMA busy_timeout")
        waits.append(LockWait(now(), busy_ms / 1000, asyncio.current_task()))
        begin = execute(sql, *args, **kwargs)
        return await (begin if wait is None else wait(begin))

    return waits, noting
