"""Posts owed to a channel by no single game: the daily post, a tournament's pairings,
table threads and standings. The outbox's twin (see outbox.py), for posts with no game.

A post is queued by `queue_channel_post` inside the transaction that owes it, under a key
that names what it is ('daily:<guild>:<day>', 'tournament:<id>:round:<n>', …): queueing
the same key again does nothing, so a post is owed once however often the owing code runs
(after a crash, or on two processes). The delivery loop of the shard that owns the server
takes due posts with `claim_channel_posts` (a lease, as the outbox's), posts each and
reports `channel_post_delivered` or `channel_post_failed`; a lease never reported back (a
killed process) runs out and the post is delivered again: at least once. Posts of one
channel are handed out in the order they were queued.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

from .community_records import ChannelPost
from .db import Database
from .outbox import LEASE
from .postgres import for_update
from .records import from_us
from .shards import ALL_SHARDS, ShardSet

_COLUMNS = "id, post_key, guild_id, channel_id, kind, payload, created_at, attempts"


async def queue_channel_post(
    conn: aiosqlite.Connection,
    key: str,
    guild_id: int,
    channel_id: int,
    kind: str,
    payload: dict[str, Any],
    stamp: int,
) -> bool:
    """Owe `channel_id` a post, inside the caller's transaction; False if `key` was
    already owed (or delivered), which changes nothing."""
    cursor = await conn.execute(
        "INSERT INTO channel_posts (post_key, guild_id, channel_id, kind, payload, created_at, "
        "due_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (post_key) DO NOTHING",
        (key, guild_id, channel_id, kind, json.dumps(payload, sort_keys=True), stamp, stamp),
    )
    return cursor.rowcount == 1


def _post(row: Any, attempts: int) -> ChannelPost:
    return ChannelPost(
        id=row[0],
        key=row[1],
        guild_id=row[2],
        channel_id=row[3],
        kind=row[4],
        payload=json.loads(row[5]),
        created_at=from_us(row[6]),  # type: ignore[arg-type]
        attempts=attempts,
    )


class ChannelPostCommands(Database):
    async def claim_channel_posts(
        self,
        now: datetime | None = None,
        shards: ShardSet = ALL_SHARDS,
        *,
        limit: int = 20,
        lease: timedelta = LEASE,
    ) -> list[ChannelPost]:
        """Due posts of these shards' servers that nobody is delivering, oldest first,
        leased to the caller for `lease`. Only the oldest owed post of each channel is
        handed out, so a channel's posts go out in order (its next comes once it is done)."""
        stamp = self._now_us(now)
        owned, params = shards.where("guild_id")
        async with self._write() as conn:
            rows = list(
                await conn.execute_fetchall(
                    f"SELECT {_COLUMNS}, coalesce(leased_until, 0), due_at FROM channel_posts "
                    f"WHERE delivered_at IS NULL AND {owned} ORDER BY id{for_update(conn)}",
                    tuple(params),
                )
            )
            taken, channels = [], set()
            for row in rows:
                if row[3] in channels:  # a channel's older post is still owed
                    continue
                channels.add(row[3])
                if row[8] <= stamp and row[9] <= stamp and len(taken) < limit:
                    taken.append(row)
            until = stamp + int(lease.total_seconds() * 1_000_000)
            for row in taken:
                await conn.execute(
                    "UPDATE channel_posts SET leased_until = ?, attempts = attempts + 1 "
                    "WHERE id = ?",
                    (until, row[0]),
                )
        return [_post(row, row[7] + 1) for row in taken]

    async def channel_post_delivered(
        self,
        post_id: int,
        *,
        message_id: int | None = None,
        outcome: str = "posted",
        now: datetime | None = None,
    ) -> None:
        """The post is done (`outcome` says how: 'posted', or why it was given up)."""
        async with self._write() as conn:
            await mark_delivered(conn, post_id, self._now_us(now), message_id, outcome)

    async def channel_post_failed(self, post_id: int, retry_at: datetime) -> None:
        """Try the post again from `retry_at` on (its lease is given back)."""
        async with self._write() as conn:
            await conn.execute(
                "UPDATE channel_posts SET due_at = ?, leased_until = NULL "
                "WHERE id = ? AND delivered_at IS NULL",
                (self._now_us(retry_at), post_id),
            )

    async def next_channel_post_due(self, shards: ShardSet = ALL_SHARDS) -> datetime | None:
        """When the earliest owed post falls due (for the delivery loop's sleep)."""
        owned, params = shards.where("guild_id")
        row = await self._fetchone(
            "SELECT min(CASE WHEN leased_until > due_at THEN leased_until ELSE due_at END) "
            f"FROM channel_posts WHERE delivered_at IS NULL AND {owned}",
            params,
        )
        return None if row is None or row[0] is None else from_us(row[0])

    async def release_channel_post_leases(self, shards: ShardSet = ALL_SHARDS) -> int:
        """Give back the leases of these shards' posts (at start-up: a lease left is a
        killed predecessor's)."""
        owned, params = shards.where("guild_id")
        async with self._write() as conn:
            cursor = await conn.execute(
                "UPDATE channel_posts SET leased_until = NULL WHERE delivered_at IS NULL "
                f"AND leased_until IS NOT NULL AND {owned}",
                params,
            )
            return cursor.rowcount

    async def channel_posts_owed(self, guild_id: int | None = None) -> list[ChannelPost]:
        """Posts not delivered yet (of one server, or all), oldest first."""
        where, params = ("AND guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
        rows = await self._fetchall(
            f"SELECT {_COLUMNS} FROM channel_posts WHERE delivered_at IS NULL {where} ORDER BY id",
            params,
        )
        return [_post(row, row[7]) for row in rows]


async def mark_delivered(
    conn: aiosqlite.Connection, post_id: int, stamp: int, message_id: int | None, outcome: str
) -> None:
    await conn.execute(
        "UPDATE channel_posts SET delivered_at = ?, outcome = ?, message_id = ?, "
        "leased_until = NULL WHERE id = ? AND delivered_at IS NULL",
        (stamp, outcome, message_id, post_id),
    )
