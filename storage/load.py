"""Reading games back: a games row, its seats and its move log become a GameRecord.

These helpers run inside a transaction the caller holds, so what they read is one moment.
"""

from __future__ import annotations

import json
import sqlite3

import aiosqlite

from engine import TileGame

from .errors import GameNotFoundError
from .records import GameRecord, MoveRecord, Seat, from_us
from .snapshot import decode_state

GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, host_id, status, max_seats, settings, seed, state, "
    "move_count, to_move, created_at, updated_at, turn_started_at, reminded_move_count, "
    "lobby_message_id, turn_message_id"
)


async def fetch_row(conn: aiosqlite.Connection, game_id: int) -> sqlite3.Row:
    async with conn.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)) as cur:
        row = await cur.fetchone()
    if row is None:
        raise GameNotFoundError(game_id)
    return row


async def fetch_seats(conn: aiosqlite.Connection, game_id: int) -> tuple[Seat, ...]:
    async with conn.execute(
        "SELECT seat, user_id, computer, name, resigned FROM seats WHERE game_id = ? ORDER BY seat",
        (game_id,),
    ) as cur:
        rows = await cur.fetchall()
    return tuple(Seat(r[0], r[1], r[2], r[3], bool(r[4])) for r in rows)


async def fetch_log(conn: aiosqlite.Connection, game_id: int) -> list[tuple[int, int, str]]:
    """The move log as (seat, turn, text), in the order the moves were played."""
    async with conn.execute(
        "SELECT seat, turn, text FROM moves WHERE game_id = ? ORDER BY move_number", (game_id,)
    ) as cur:
        return [(r[0], r[1], r[2]) for r in await cur.fetchall()]


async def fetch_moves(conn: aiosqlite.Connection, game_id: int) -> list[MoveRecord]:
    async with conn.execute(
        "SELECT move_number, seat, turn, text, played_at FROM moves WHERE game_id = ? "
        "ORDER BY move_number",
        (game_id,),
    ) as cur:
        rows = await cur.fetchall()
    return [MoveRecord(r[0], r[1], r[2], r[3], from_us(r[4])) for r in rows]  # type: ignore[arg-type]


async def load_record(conn: aiosqlite.Connection, game_id: int) -> GameRecord:
    """The whole game: its row, seats, and the engine object from snapshot plus log."""
    row = await fetch_row(conn, game_id)
    return await record_from_row(conn, row)


async def load_where(
    conn: aiosqlite.Connection, where: str, params: tuple = ()
) -> list[GameRecord]:
    """Every game matching a WHERE clause on the games table, oldest first."""
    async with conn.execute(
        f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY id", params
    ) as cur:
        rows = await cur.fetchall()
    return [await record_from_row(conn, row) for row in rows]


async def record_from_row(conn: aiosqlite.Connection, row: sqlite3.Row) -> GameRecord:
    seats = await fetch_seats(conn, row["id"])
    game = None
    if row["state"] is not None:
        game = decode_state(row["state"], await fetch_log(conn, row["id"]))
    return build_record(row, seats, game)


def build_record(row: sqlite3.Row, seats: tuple[Seat, ...], game: TileGame | None) -> GameRecord:
    return GameRecord(
        id=row["id"],
        kind=row["kind"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        status=row["status"],
        max_seats=row["max_seats"],
        settings=json.loads(row["settings"]),
        seats=seats,
        seed=row["seed"],
        move_count=row["move_count"],
        created_at=from_us(row["created_at"]),  # type: ignore[arg-type]
        updated_at=from_us(row["updated_at"]),  # type: ignore[arg-type]
        turn_started_at=from_us(row["turn_started_at"]),
        reminded_move_count=row["reminded_move_count"],
        lobby_message_id=row["lobby_message_id"],
        turn_message_id=row["turn_message_id"],
        game=game,
    )
