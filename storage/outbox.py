"""The outbox: what stored changes owe the table, written in the change's own transaction.

`queue_post` is called inside the transaction of a move, a start, a resignation or a
timeout; the bot's delivery loop asks `owed_games`, takes a lease on a game's rows with
`claim_posts`, posts them as one message and reports back with `posts_delivered` (or
`posts_failed`, which schedules a retry). A lease that is never reported back (the process
was killed mid-post) simply runs out, and the rows are delivered again: at least once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta

import aiosqlite

from engine import Colour, PlayResult

from .db import Database
from .postgres import for_update
from .records import from_us
from .shards import ALL_SHARDS, ShardSet

LEASE = timedelta(seconds=60)
"""How long a delivery may take before another pass may try the same rows again."""


@dataclass(frozen=True)
class OwedPost:
    """One thing a game owes its channel."""

    id: int
    game_id: int
    move_count: int
    kind: str
    result: PlayResult | None
    note: str
    created_at: datetime
    attempts: int
    stand_in: bool = False
    """The move was made by a computer for a person (a timeout, a vote to skip, a
    resignation): the table is told so."""


def encode_result(result: PlayResult, stand_in: bool = False) -> str:
    """The move's result as the outbox keeps it; `stand_in` marks a computer's move for a
    person (absent, not false, otherwise, so rows stored before read the same)."""
    extra = {"stand_in": True} if stand_in else {}
    return json.dumps(
        {
            "seat": result.seat,
            "move": result.move,
            "points": list(result.points),
            "axio": [c.letter for c in result.axio],
            "extra_turns": result.extra_turns,
            "pyramids": list(result.pyramids),
            "dead_cells": list(result.dead_cells),
            "returned": list(result.returned),
            "next_seat": result.next_seat,
            "game_over": result.game_over,
            **extra,
        },
        separators=(",", ":"),
    )


def decode_result(text: str) -> PlayResult:
    data = json.loads(text)
    return _result(data)


def _result(data: dict) -> PlayResult:
    return PlayResult(
        seat=data["seat"],
        move=data["move"],
        points=tuple(data["points"]),
        axio=tuple(Colour(letter) for letter in data["axio"]),
        extra_turns=data["extra_turns"],
        pyramids=tuple(data["pyramids"]),
        dead_cells=tuple(data["dead_cells"]),
        returned=tuple(data["returned"]),
        next_seat=data["next_seat"],
        game_over=data["game_over"],
    )


async def queue_post(
    conn: aiosqlite.Connection,
    game_id: int,
    guild_id: int,
    move_count: int,
    kind: str,
    stamp: int,
    *,
    result: PlayResult | None = None,
    note: str = "",
    stand_in: bool = False,
) -> None:
    """Owe the channel a post, inside the caller's transaction."""
    await conn.execute(
        "INSERT INTO outbox (game_id, guild_id, move_count, kind, result, note, created_at, "
        "due_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game_id,
            guild_id,
            move_count,
            kind,
            None if result is None else encode_result(result, stand_in),
            note,
            stamp,
            stamp,
        ),
    )


def _owed(row: tuple) -> OwedPost:
    """An outbox row (as `claim_posts` selects it) as the post it owes."""
    data = None if row[4] is None else json.loads(row[4])
    return OwedPost(
        id=row[0],
        game_id=row[1],
        move_count=row[2],
        kind=row[3],
        result=None if data is None else _result(data),
        note=row[5],
        created_at=from_us(row[6]),  # type: ignore[arg-type]
        attempts=row[7] + 1,
        stand_in=bool(data and data.get("stand_in")),
    )


class OutboxCommands(Database):
    async def owed_games(
        self, now: datetime | None = None, shards: ShardSet = ALL_SHARDS, limit: int = 100
    ) -> list[int]:
        """Games of these shards with a post due now and nobody delivering it."""
        condition, params = shards.where("guild_id")
        stamp = self._now_us(now)
        rows = await self._fetchall(
            "SELECT game_id FROM outbox WHERE delivered_at IS NULL AND due_at <= ? "
            f"AND {condition} GROUP BY game_id HAVING max(coalesce(leased_until, 0)) <= ? "
            "ORDER BY min(due_at) LIMIT ?",
            (stamp, *params, stamp, limit),
        )
        return [row[0] for row in rows]

    async def next_due(self, shards: ShardSet = ALL_SHARDS) -> datetime | None:
        """When the earliest owed post falls due (for the delivery loop's sleep)."""
        condition, params = shards.where("guild_id")
        row = await self._fetchone(
            "SELECT min(CASE WHEN leased_until > due_at THEN leased_until ELSE due_at END) "
            "FROM outbox "
            f"WHERE delivered_at IS NULL AND {condition}",
            params,
        )
        return None if row is None or row[0] is None else from_us(row[0])

    async def claim_posts(
        self, game_id: int, now: datetime | None = None, lease: timedelta = LEASE
    ) -> list[OwedPost]:
        """Every undelivered row of the game, leased to the caller; [] if another delivery
        holds a lease on them."""
        stamp = self._now_us(now)
        async with self._write() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "SELECT id, game_id, move_count, kind, result, note, created_at, attempts, "
                    "coalesce(leased_until, 0) FROM outbox WHERE game_id = ? "
                    f"AND delivered_at IS NULL ORDER BY id{for_update(conn)}",
                    (game_id,),
                )
            )
            if not rows or any(row[8] > stamp for row in rows):
                return []
            until = stamp + int(lease.total_seconds() * 1_000_000)
            await conn.execute(
                "UPDATE outbox SET leased_until = ?, attempts = attempts + 1 "
                "WHERE game_id = ? AND delivered_at IS NULL",
                (until, game_id),
            )
        return [_owed(row) for row in rows]

    async def posts_delivered(
        self,
        ids: list[int],
        *,
        outcome: str = "posted",
        turn_message_id: int | None = None,
        game_id: int | None = None,
        now: datetime | None = None,
    ) -> None:
        """The rows are done; a posted turn message becomes the game's turn message."""
        if not ids:
            return
        marks = ", ".join("?" for _ in ids)
        async with self._write() as conn:
            await conn.execute(
                f"UPDATE outbox SET delivered_at = ?, outcome = ?, leased_until = NULL "
                f"WHERE id IN ({marks})",
                (self._now_us(now), outcome, *ids),
            )
            if turn_message_id is not None and game_id is not None:
                await conn.execute(
                    "UPDATE games SET turn_message_id = ? WHERE id = ?",
                    (turn_message_id, game_id),
                )

    async def posts_failed(self, ids: list[int], retry_at: datetime) -> None:
        """Try these rows again from `retry_at` on (the lease is given back)."""
        if not ids:
            return
        marks = ", ".join("?" for _ in ids)
        async with self._write() as conn:
            await conn.execute(
                f"UPDATE outbox SET due_at = ?, leased_until = NULL WHERE id IN ({marks}) "
                "AND delivered_at IS NULL",
                (self._now_us(retry_at), *ids),
            )

    async def release_leases(self, shards: ShardSet = ALL_SHARDS) -> int:
        """Give back the leases of these shards' rows: at start-up, the only process that
        delivers for them is this one, so a lease left is a killed predecessor's."""
        condition, params = shards.where("guild_id")
        async with self._write() as conn:
            cursor = await conn.execute(
                "UPDATE outbox SET leased_until = NULL WHERE delivered_at IS NULL "
                f"AND leased_until IS NOT NULL AND {condition}",
                params,
            )
            return cursor.rowcount

    async def owed_count(self, game_id: int | None = None) -> int:
        """Posts not delivered yet (of one game, or in all)."""
        where, params = ("AND game_id = ?", (game_id,)) if game_id is not None else ("", ())
        row = await self._fetchone(
            f"SELECT count(*) FROM outbox WHERE delivered_at IS NULL {where}", params
        )
        return int(row[0]) if row else 0
