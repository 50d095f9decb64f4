"""Games dealt in no channel, and seats written for any game.

A daily challenge is played in its player's private replies, and a tournament table is
dealt before its thread exists (in the same transaction that pairs its round, so a crash
can never pair a round without its games). Such a game is stored with channel_id = -id:
no channel holds it, so it never blocks a channel's one open game, owes the outbox
nothing (queue_post skips it) and gets no reminders or timeouts. `attach_channel` gives a
tournament table its thread; from then on it is an ordinary game of that channel.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import aiosqlite

from engine import game_class

from .errors import StorageError
from .outbox import queue_post
from .records import Seat, new_code
from .snapshot import encode_rng, encode_state


async def write_seats(conn: aiosqlite.Connection, game_id: int, seats: Sequence[Seat]) -> None:
    await conn.executemany(
        "INSERT INTO seats (game_id, seat, user_id, computer, name, resigned) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(game_id, s.seat, s.user_id, s.computer, s.name, int(s.resigned)) for s in seats],
    )


async def deal_game(
    conn: aiosqlite.Connection,
    *,
    kind: str,
    guild_id: int,
    host_id: int,
    seats: Sequence[Seat],
    seed: int,
    stamp: int,
    settings: dict[str, Any] | None = None,
    timeout_hours: float | None = None,
    timeout_action: str | None = None,
) -> int:
    """A running game in no channel, dealt from `seed`; its id. `timeout_hours` and
    `timeout_action`, if given, stand over the server's settings for this game."""
    game = game_class(kind)(len(seats), seed)
    if game.is_over:
        raise StorageError("that deal has no first move")
    # Inserted as cancelled (which the one-open-game-per-channel index does not cover),
    # then given its own channel number and set running in the same transaction.
    [row] = await conn.execute_fetchall(
        "INSERT INTO games (kind, guild_id, channel_id, host_id, status, max_seats, settings, "
        "players, seed, state, rng, move_count, to_move, created_at, updated_at, "
        "turn_started_at, timeout_hours, timeout_action, code) "
        "VALUES (?, ?, 0, ?, 'cancelled', ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            kind,
            guild_id,
            host_id,
            len(seats),
            json.dumps(settings or {}),
            len(seats),
            seed,
            encode_state(game),
            encode_rng(game),
            game.to_move,
            stamp,
            stamp,
            stamp,
            timeout_hours,
            timeout_action,
            new_code(),
        ),
    )
    game_id = row[0]
    await conn.execute(
        "UPDATE games SET channel_id = ?, status = 'running' WHERE id = ?", (-game_id, game_id)
    )
    await write_seats(conn, game_id, seats)
    return game_id


async def attach_channel(
    conn: aiosqlite.Connection, game_id: int, channel_id: int, stamp: int
) -> bool:
    """Put a game dealt in no channel into `channel_id` (a new thread), start its turn
    clock and owe the channel its first post. False if it is not waiting for a channel
    (already attached, or ended meanwhile): then nothing changes."""
    cursor = await conn.execute(
        "UPDATE games SET channel_id = ?, turn_started_at = ?, updated_at = ? "
        "WHERE id = ? AND channel_id = -id AND status = 'running'",
        (channel_id, stamp, stamp, game_id),
    )
    if cursor.rowcount != 1:
        return False
    rows = await conn.execute_fetchall(
        "SELECT guild_id, move_count FROM games WHERE id = ?", (game_id,)
    )
    guild_id, move_count = next(iter(rows))
    await queue_post(conn, game_id, guild_id, move_count, "start", stamp)
    return True
