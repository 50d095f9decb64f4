"""The repository, measured: its database failures and the transactions under way.

Every statement the Repository sends goes through one of three doors of `storage.db`'s
Database: `_write()` and `_read()` (a transaction) or `_fetchall()` (one statement on
PostgreSQL; a read transaction on SQLite, which passes `_read()` too). This subclass watches
those doors, so the commands stay as they are and no figure is missed: a failure is counted
by kind once (see Metrics.database_error), and the transactions under way are counted while
they run, waits for SQLite's one writer included.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Literal

import aiosqlite

from storage import Repository
from storage.target import Target

from .metrics import Metrics

Mode = Literal["read", "write"]


class MeasuredRepository(Repository):
    """A Repository that reports to `metrics` (set by `open_measured`)."""

    metrics: Metrics

    def _write(self, *, alone: bool = False) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        return self._watched(super()._write(alone=alone), "write")

    def _read(self, *, alone: bool = False) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        return self._watched(super()._read(alone=alone), "read")

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        try:
            return await super()._fetchall(sql, params)
        except BaseException as error:
            self.metrics.database_error(error)
            raise

    async def ping(self) -> bool:
        """Storage's own probe (it answers False rather than raising): one that got no
        answer counts as a connection failure."""
        answered = await super().ping()
        if not answered:
            self.metrics.database_errors.labels("connection").inc()
        return answered

    @asynccontextmanager
    async def _watched(
        self, transaction: AbstractAsyncContextManager[aiosqlite.Connection], mode: Mode
    ) -> AsyncIterator[aiosqlite.Connection]:
        gauge = self.metrics.transactions.labels(mode)
        gauge.inc()
        try:
            async with transaction as conn:
                yield conn
        except BaseException as error:
            self.metrics.database_error(error)
            raise
        finally:
            gauge.dec()

    def pool_connections(self) -> dict[str, int] | None:
        """PostgreSQL's pool: connections open, idle, in use, and the most it opens."""
        if self._postgres is None:
            return None
        pool = self._postgres.pool
        size, idle = pool.get_size(), pool.get_idle_size()
        return {"size": size, "idle": idle, "in_use": size - idle, "max": pool.get_max_size()}


async def open_measured(target: Target, metrics: Metrics, **options: Any) -> MeasuredRepository:
    """Open the database as Repository.open does, measured from the first command on."""
    repo = await MeasuredRepository.open(target, **options)  # migrating sends nothing here
    repo.metrics = metrics
    return repo
