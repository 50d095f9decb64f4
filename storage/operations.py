"""What an operator's probes and metrics ask of the database: is it answering, how many
games are running, and what the outbox still owes and for how long.

Each is one cheap statement, asked of this process's servers only (`shards`), so the
figures of several bot processes add up without counting a game twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from .db import Database
from .records import from_us
from .shards import ALL_SHARDS, ShardSet


@dataclass(frozen=True)
class OutboxState:
    """What the outbox owes: `owed` posts; the oldest was stored `oldest_age` ago; the
    one most overdue (due, and nobody delivering it) has waited `overdue` past its time."""

    owed: int
    oldest_age: timedelta
    overdue: timedelta


class OperationsQueries(Database):
    async def running_games(self, shards: ShardSet = ALL_SHARDS) -> int:
        condition, params = shards.where("guild_id")
        row = await self._fetchone(
            f"SELECT count(*) FROM games WHERE status = 'running' AND {condition}", params
        )
        return int(row[0]) if row else 0

    async def outbox_state(
        self, shards: ShardSet = ALL_SHARDS, now: datetime | None = None
    ) -> OutboxState:
        """How much is owed and how long it has waited. A post waiting for its retry
        (a refused channel backs off for up to an hour) is owed but not overdue; one whose
        time has come and that no delivery has taken is overdue."""
        condition, params = shards.where("guild_id")
        stamp = self._now_us(now)
        row = await self._fetchone(
            "SELECT count(*), min(created_at), min(CASE WHEN due_at <= ? "
            "AND coalesce(leased_until, 0) <= ? THEN due_at END) "
            f"FROM outbox WHERE delivered_at IS NULL AND {condition}",
            (stamp, stamp, *params),
        )
        assert row is not None
        moment = from_us(stamp)
        assert moment is not None
        oldest = from_us(row[1])
        overdue = from_us(row[2])
        return OutboxState(
            int(row[0]),
            moment - oldest if oldest else timedelta(0),
            moment - overdue if overdue else timedelta(0),
        )
