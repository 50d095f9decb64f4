"""The outbox: what stored changes owe the table, written in the change's own transaction.

`queue_post` is called inside the transaction of a move, a start, a resignation or a
timeout; the bot's delivery loop asks `owed_games`, takes a lease on a game's rows with
`claim_posts`, posts them as one message and reports back with `posts_delivered` (or
`posts_failed`, which schedules a retry).

Leases. A lease belongs to its holder (the Repository's `holder`: one per process) and
lasts LEASE unless the holder renews it (`renew_leases`, or `keep_leases` around a
delivery, which renews every third of LEASE). Nobody else takes a leased row until the
lease has lapsed, so a process starting beside a live one (a rolling deploy, the same
shards given twice) never takes a post it is delivering: each post is delivered once. A
holder that was killed stops renewing, and its rows go to another process, or to its own
restart, LEASE after its last renewal.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from datetime import datetime, timedelta

import aiosqlite

from engine import Colour, PlayResult

from .db import Database
from .errors import DATABASE_FAULTS
from .postgres import for_update
from .records import from_us
from .shards import ALL_SHARDS, ShardSet

log = logging.getLogger(__name__)

LEASE = timedelta(seconds=15)
"""How long a lease lasts past its holder's last renewal: how long the posts of a killed
process wait before another process (or its restart) delivers them."""


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


@dataclass
class LeaseKeeper:
    """The posts `keep_leases` keeps leased, and whether another process took any."""

    ids: set[int]
    lost: bool = False


def _us(delta: timedelta) -> int:
    return int(delta.total_seconds() * 1_000_000)


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
    """Owe the channel a post, inside the caller's transaction. A game in no channel (a
    daily challenge, a tournament table before its thread: channel_id < 0, see deal.py)
    is owed nothing: its player sees it in private replies."""
    await conn.execute(
        "INSERT INTO outbox (game_id, guild_id, move_count, kind, result, note, created_at, "
        "due_at) SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS "
        "(SELECT 1 FROM games WHERE id = ? AND channel_id >= 0)",
        (
            game_id,
            guild_id,
            move_count,
            kind,
            None if result is None else encode_result(result, stand_in),
            note,
            stamp,
            stamp,
            game_id,
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
        """Every undelivered row of the game, leased to this holder until `lease` from
        now; [] if any of them is under a lease that has not lapsed (whoever holds it)."""
        stamp = self._now_us(now)
        if self._postgres is None:
            return await self._claim_alone(game_id, stamp, lease)
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
            # By id: a move committed since the SELECT matches `game_id` too, and a lease
            # on a row not handed out would hold the game's posts until it lapsed.
            ids = [row[0] for row in rows]
            await conn.execute(
                "UPDATE outbox SET leased_until = ?, leased_by = ?, attempts = attempts + 1 "
                f"WHERE id IN ({', '.join('?' for _ in ids)})",
                (stamp + _us(lease), self.holder, *ids),
            )
        return [_owed(row) for row in rows]

    async def _claim_alone(self, game_id: int, stamp: int, lease: timedelta) -> list[OwedPost]:
        """`claim_posts` on SQLite: one statement, a transaction of its own (one trip to
        the database's thread where BEGIN, SELECT, UPDATE and COMMIT took four). SQLite
        finds every row to change before it changes one, and has one writer at a time."""
        async with self._write(alone=True) as conn:
            rows = await conn.execute_fetchall(
                "UPDATE outbox SET leased_until = ?, leased_by = ?, attempts = attempts + 1 "
                "WHERE game_id = ? AND delivered_at IS NULL AND NOT EXISTS (SELECT 1 FROM outbox "
                "WHERE game_id = ? AND delivered_at IS NULL AND leased_until > ?) "
                "RETURNING id, game_id, move_count, kind, result, note, created_at, attempts - 1",
                (stamp + _us(lease), self.holder, game_id, game_id, stamp),
            )
        return [_owed(row) for row in sorted(rows, key=lambda row: row[0])]

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
                f"UPDATE outbox SET delivered_at = ?, outcome = ?, leased_until = NULL, "
                f"leased_by = NULL WHERE id IN ({marks})",
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
                f"UPDATE outbox SET due_at = ?, leased_until = NULL, leased_by = NULL "
                f"WHERE id IN ({marks}) AND delivered_at IS NULL",
                (self._now_us(retry_at), *ids),
            )

    async def renew_leases(
        self,
        ids: Sequence[int] | None = None,
        now: datetime | None = None,
        lease: timedelta = LEASE,
    ) -> set[int]:
        """Extend this holder's leases on undelivered rows (all of them, or those of `ids`)
        to `lease` from now; the ids it still holds. A lease that lapsed and was taken by
        another process is not this holder's any more: its id is missing from the answer
        (one that lapsed and nobody took is simply held again)."""
        where, params = "", []
        if ids is not None:
            if not ids:
                return set()
            where = f" AND id IN ({', '.join('?' for _ in ids)})"
            params = list(ids)
        async with self._write() as conn:
            rows = await conn.execute_fetchall(
                "UPDATE outbox SET leased_until = ? WHERE leased_by = ? "
                f"AND delivered_at IS NULL{where} RETURNING id",
                (self._now_us(now) + _us(lease), self.holder, *params),
            )
        return {row[0] for row in rows}

    @asynccontextmanager
    async def keep_leases(
        self, posts: Sequence[OwedPost], lease: timedelta = LEASE
    ) -> AsyncIterator[LeaseKeeper]:
        """Renew the leases on `posts` every third of `lease` while the block runs (a
        delivery that takes long, a slow upload, Discord's rate limits): however long it
        takes, no other process takes them meanwhile. A renewal that fails (the database
        not answering) is tried again at the next beat; `keeper.lost` says whether another
        process has taken any of them (their lease had lapsed before a renewal got
        through), so the caller can give up rather than post them twice."""
        keeper = LeaseKeeper({post.id for post in posts})
        beat = lease.total_seconds() / 3
        loop = asyncio.get_running_loop()
        renewer: asyncio.Task[None] | None = None

        async def renew_until_done() -> None:
            while True:
                try:
                    held = await self.renew_leases(sorted(keeper.ids), lease=lease)
                except DATABASE_FAULTS as error:
                    log.info("could not renew %d leases (%s)", len(keeper.ids), error.reason)
                else:
                    keeper.lost |= held != keeper.ids
                await asyncio.sleep(beat)

        def first_beat() -> None:
            nonlocal renewer
            renewer = loop.create_task(renew_until_done(), context=contextvars.Context())

        # A timer, not a task, until the first beat: nearly every delivery is done by then
        timer = loop.call_later(beat, first_beat)
        try:
            yield keeper
        finally:
            timer.cancel()
            if renewer is not None:
                renewer.cancel()
                with suppress(asyncio.CancelledError):
                    await renewer

    async def release_leases(
        self, shards: ShardSet = ALL_SHARDS, now: datetime | None = None
    ) -> int:
        """At start-up: clear the leases of these shards' rows that have lapsed (their
        holder stopped renewing: it was stopped or killed) and give back this holder's own;
        the number cleared. A lease that has not lapsed is never touched: its holder may be
        delivering it right now (a process starting beside a live one)."""
        condition, params = shards.where("guild_id")
        async with self._write() as conn:
            cursor = await conn.execute(
                "UPDATE outbox SET leased_until = NULL, leased_by = NULL "
                "WHERE delivered_at IS NULL AND leased_until IS NOT NULL "
                f"AND (leased_until <= ? OR leased_by = ?) AND {condition}",
                (self._now_us(now), self.holder, *params),
            )
            return cursor.rowcount

    async def owed_count(self, game_id: int | None = None) -> int:
        """Posts not delivered yet (of one game, or in all)."""
        where, params = ("AND game_id = ?", (game_id,)) if game_id is not None else ("", ())
        row = await self._fetchone(
            f"SELECT count(*) FROM outbox WHERE delivered_at IS NULL {where}", params
        )
        return int(row[0]) if row else 0
