"""Reading games back: a games row, its seats and its move log become a GameRecord.

These helpers run inside a transaction the caller holds, so what they read is one moment.
Each SELECT is one execute_fetchall: one hop to the database thread, not three.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence

import aiosqlite

from engine import TileGame

from .errors import GameNotFoundError
from .postgres import for_update
from .records import GameRecord, MoveRecord, Seat, from_us
from .snapshot import GameCache, decode_state

GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, host_id, status, max_seats, settings, seed, state, rng, "
    "move_count, to_move, created_at, updated_at, turn_started_at, reminded_move_count, "
    "lobby_message_id, turn_message_id, ended_reason"
)

TABLE_GAME = "status IN ('lobby', 'running') AND coalesce(players, 0) <> 1"
"""An unfinished table game: a lobby, or a started game of two or more seats. A channel
has at most one (the partial unique index of migration 0011 says the same words)."""
SOLO_GAME = "status IN ('lobby', 'running') AND players = 1"
"""An unfinished one-player game: its player's own, beside the channel's table game."""


async def fetch_row(conn: aiosqlite.Connection, game_id: int) -> sqlite3.Row:
    """The game's row; in a write transaction on PostgreSQL, locked until it commits, so
    that writes to one game take turns as they do on SQLite."""
    rows = await conn.execute_fetchall(
        f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?{for_update(conn)}", (game_id,)
    )
    for row in rows:
        return row
    raise GameNotFoundError(game_id)


async def fetch_seats(conn: aiosqlite.Connection, game_id: int) -> tuple[Seat, ...]:
    rows = await conn.execute_fetchall(
        "SELECT seat, user_id, computer, name, resigned FROM seats WHERE game_id = ? ORDER BY seat",
        (game_id,),
    )
    return tuple(Seat(r[0], r[1], r[2], r[3], bool(r[4])) for r in rows)


async def fetch_log(conn: aiosqlite.Connection, game_id: int) -> list[tuple[int, int, str]]:
    """The move log as (seat, turn, text), in the order the moves were played."""
    rows = await conn.execute_fetchall(
        "SELECT seat, turn, text FROM moves WHERE game_id = ? ORDER BY move_number", (game_id,)
    )
    return [(r[0], r[1], r[2]) for r in rows]


async def fetch_moves(conn: aiosqlite.Connection, game_id: int) -> list[MoveRecord]:
    rows = await conn.execute_fetchall(
        "SELECT move_number, seat, turn, text, played_at, stand_in FROM moves "
        "WHERE game_id = ? ORDER BY move_number",
        (game_id,),
    )
    return [MoveRecord(r[0], r[1], r[2], r[3], from_us(r[4]), bool(r[5])) for r in rows]  # type: ignore[arg-type]


async def load_game(
    conn: aiosqlite.Connection, row: sqlite3.Row, cache: GameCache | None
) -> TileGame | None:
    """The engine object of a started game: from the cache if it holds exactly this
    stored state, else decoded from the snapshot and the log."""
    if row["state"] is None:
        return None
    key = (row["id"], row["move_count"], row["state"])
    game = cache.get(*key) if cache else None
    if game is None:
        game = decode_state(row["state"], await fetch_log(conn, row["id"]), row["rng"])
        if cache:
            cache.put(*key, game)
    return game


async def load_record(
    conn: aiosqlite.Connection, game_id: int, cache: GameCache | None = None
) -> GameRecord:
    """The whole game: its row, seats, and the engine object."""
    return await record_from_row(conn, await fetch_row(conn, game_id), cache)


async def load_where(
    conn: aiosqlite.Connection, where: str, params: tuple = (), cache: GameCache | None = None
) -> list[GameRecord]:
    """Every game matching a WHERE clause on the games table, oldest first."""
    rows = await conn.execute_fetchall(
        f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY id", params
    )
    return [await record_from_row(conn, row, cache) for row in rows]


async def record_from_row(
    conn: aiosqlite.Connection, row: sqlite3.Row, cache: GameCache | None = None
) -> GameRecord:
    seats = await fetch_seats(conn, row["id"])
    return build_record(row, seats, await load_game(conn, row, cache))


WITH_SEATS = (
    "SELECT c.*, s.seat AS seat_no, s.user_id AS seat_user, s.computer AS seat_computer, "
    "s.name AS seat_name, s.resigned AS seat_resigned FROM ({chosen}) AS c "
    "LEFT JOIN seats AS s ON s.game_id = c.id ORDER BY s.seat"
)
"""A statement choosing at most one game (`chosen`, its GAME_COLUMNS) made to read the game's
seats with it: a row a seat, in seat order."""


def held_record(rows: Sequence[sqlite3.Row], cache: GameCache) -> GameRecord | None:
    """The game read with its seats by one statement (`WITH_SEATS`), its game from the cache
    when the cache holds exactly that stored state (a move this process stored), so the log
    need not be read. The seats are always the statement's: another process may rename
    them (`axio-bot forget`) without a move. None: read the game in one transaction."""
    row = rows[0] if rows else None
    if row is None or row["state"] is None:
        return None
    game = cache.get(row["id"], row["move_count"], row["state"])
    if game is None:
        return None
    seats = tuple(
        Seat(
            r["seat_no"],
            r["seat_user"],
            r["seat_computer"],
            r["seat_name"],
            bool(r["seat_resigned"]),
        )
        for r in rows
        if r["seat_no"] is not None
    )
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
        ended_reason=row["ended_reason"],
    )
