"""Health and readiness: what `/healthz` and `/readyz` answer, and the figures read at
each scrape of `/metrics`.

Alive (`/healthz`): the process answers at all. Its event loop served the request, so it
is not wedged; nothing else is asked, so a database outage or a Discord hiccup never gets
a live process restarted.

Ready (`/readyz`), every one of:
- **database**: it answers a statement within `timeout` seconds (SQLite: and its file is
  still there, readable and writable: a volume gone from under a running bot still answers
  from open files until it does not);
- **shards**: discord.py is ready and every shard this process runs is connected;
- **outbox**: not stalled. Stalled means a post has been due, with no delivery taking it,
  for longer than `stall_after` while the database answers. A post waiting for its retry
  (a channel that refuses the bot backs off for up to an hour) is owed but not due, so one
  server's missing permission never makes the process unready; a courier that stopped
  delivering does.

`axio-bot web` (the pages alone) is ready by the database and its pages: listening (from
the moment it starts to stop, it is not).
"""

from __future__ import annotations

import asyncio
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from storage import ShardSet
from storage.operations import OutboxState

from .measured import MeasuredRepository
from .metrics import Metrics

OK = "ok"


@dataclass(frozen=True)
class ShardState:
    """One shard as discord.py sees it; latency in seconds (inf before a heartbeat)."""

    id: int
    connected: bool
    latency: float


@dataclass(frozen=True)
class Readiness:
    """Each check's verdict: "ok", or what is wrong."""

    checks: dict[str, str]

    @property
    def ready(self) -> bool:
        return all(verdict.startswith(OK) for verdict in self.checks.values())

    def as_json(self) -> dict[str, Any]:
        return {"ready": self.ready, "checks": self.checks}


class DatabaseWatch:
    """Looks at the database and sets the gauges read from it: what every process that
    serves from the database is ready by. Each kind of process adds its own checks."""

    def __init__(self, repo: MeasuredRepository, metrics: Metrics, *, timeout: float = 2.0):
        self.repo = repo
        self.metrics = metrics
        self.timeout = timeout

    async def look(self) -> Readiness:
        readiness = Readiness(await self._checks())
        self.metrics.ready.set(readiness.ready)
        self._database_use()
        return readiness

    async def _checks(self) -> dict[str, str]:
        return {"database": await self._database()}

    async def _database(self) -> str:
        path = self.repo.path
        if path is not None and not os.access(path, os.R_OK | os.W_OK):
            verdict = f"the database file {path} is gone or not readable and writable"
        else:
            try:
                answered = await asyncio.wait_for(self.repo.ping(), self.timeout)
                verdict = OK if answered else "not answering (storage's own probe failed)"
            except TimeoutError:
                verdict = f"no answer within {self.timeout:g} s"
            except Exception as error:
                verdict = f"not answering: {_short(error)}"
        self.metrics.database_up.set(verdict == OK)
        return verdict

    def _database_use(self) -> None:
        pool = self.repo.pool_connections()
        for state, count in (pool or {}).items():
            self.metrics.pool.labels(state).set(count)
        if pool is None:  # SQLite: one writer; every other write under way is waiting
            writing = self.metrics.value("axio_database_transactions_in_flight", mode="write")
            self.metrics.write_waiters.set(max(0.0, writing - 1))


class Watch(DatabaseWatch):
    """The bot's: the database, the shards and the outbox.

    `shards()` says how the shards are (the app reads discord.py's); `owned` are this
    process's servers, whose games and posts it counts."""

    def __init__(
        self,
        repo: MeasuredRepository,
        metrics: Metrics,
        *,
        shards: Callable[[], list[ShardState]],
        owned: ShardSet,
        stall_after: timedelta,
        timeout: float = 2.0,
    ) -> None:
        super().__init__(repo, metrics, timeout=timeout)
        self.shards = shards
        self.owned = owned
        self.stall_after = stall_after

    async def _checks(self) -> dict[str, str]:
        checks = await super()._checks()
        checks["shards"] = self._shards()
        if checks["database"] == OK:
            checks["outbox"] = await self._outbox()
        else:
            checks["outbox"] = "unknown while the database does not answer"
        return checks

    def _shards(self) -> str:
        shards = self.shards()
        for shard in shards:
            latency = shard.latency if math.isfinite(shard.latency) else float("nan")
            self.metrics.shard_latency.labels(str(shard.id)).set(latency)
            self.metrics.shard_connected.labels(str(shard.id)).set(shard.connected)
        if not shards:
            return "not connected to Discord yet"
        down = [str(shard.id) for shard in shards if not shard.connected]
        if down:
            return f"shard {', '.join(down)} not connected"
        slowest = max(shard.latency for shard in shards)
        shown = f", latency up to {slowest * 1000:.0f} ms" if math.isfinite(slowest) else ""
        return f"{OK}: {len(shards)} connected{shown}"

    async def _outbox(self) -> str:
        try:
            state: OutboxState = await asyncio.wait_for(
                self.repo.outbox_state(self.owned), self.timeout
            )
            running = await asyncio.wait_for(self.repo.running_games(self.owned), self.timeout)
        except Exception as error:
            return f"unknown: {_short(error)}"
        self.metrics.games_running.set(running)
        self.metrics.outbox_owed.set(state.owed)
        self.metrics.outbox_oldest.set(state.oldest_age.total_seconds())
        self.metrics.outbox_overdue.set(state.overdue.total_seconds())
        if state.overdue > self.stall_after:
            minutes = state.overdue.total_seconds() / 60
            return (
                f"stalled: a post has been due for {minutes:.0f} min and no delivery took it "
                f"({state.owed} owed)"
            )
        return f"{OK}: {state.owed} owed"


class PagesWatch(DatabaseWatch):
    """`axio-bot web`'s: ready once its pages listen (`listening()`: their address, None
    before they start and from the moment they stop) and the database answers."""

    def __init__(
        self,
        repo: MeasuredRepository,
        metrics: Metrics,
        *,
        listening: Callable[[], str | None],
        timeout: float = 2.0,
    ) -> None:
        super().__init__(repo, metrics, timeout=timeout)
        self.listening = listening

    async def _checks(self) -> dict[str, str]:
        checks = await super()._checks()
        address = self.listening()
        checks["pages"] = f"{OK}: {address}" if address else "not listening"
        return checks


def _short(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text[:200]
