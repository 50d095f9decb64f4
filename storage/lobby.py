"""Lobby commands: open a game in a channel, fill its seats, start it, or call it off."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import aiosqlite

from engine import game_class

from .db import Database
from .deal import write_seats
from .errors import (
    AlreadySeatedError,
    ChannelBusyError,
    LobbyFullError,
    NotSeatedError,
    SoloBusyError,
    StorageError,
    WrongStatusError,
)
from .finish import finish_game, game_called_off
from .load import SOLO_GAME, TABLE_GAME, fetch_row, fetch_seats, load_record
from .outbox import queue_post
from .records import CHANNEL_GONE, LEVELS, GameRecord, Level, Seat, new_code
from .snapshot import encode_rng, encode_state

_UNSET: Any = object()

TABLE_CONFLICT = f"ON CONFLICT (channel_id) WHERE {TABLE_GAME}"
SOLO_CONFLICT = f"ON CONFLICT (channel_id, host_id) WHERE {SOLO_GAME}"


class LobbyCommands(Database):
    async def create_lobby(
        self,
        kind: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        *,
        max_seats: int = 4,
        settings: dict[str, Any] | None = None,
        now: datetime | None = None,
    ) -> GameRecord:
        """A new game in lobby, the host in seat 0. ChannelBusyError if the channel has one."""
        async with self._write() as conn:
            game_id = await self._insert_game(
                conn, kind, guild_id, channel_id, host_id, host_name, max_seats, settings, now
            )
            return await load_record(conn, game_id, self._games)

    async def start_solo(
        self,
        kind: str,
        guild_id: int,
        channel_id: int,
        user_id: int,
        name: str,
        seed: int,
        *,
        settings: dict[str, Any] | None = None,
        now: datetime | None = None,
    ) -> GameRecord:
        """A one-player game, created and started in one step. It does not take the
        channel (a table game may run beside it); SoloBusyError if the member already has
        one here."""
        async with self._write() as conn:
            game_id = await self._insert_game(
                conn, kind, guild_id, channel_id, user_id, name, 1, settings, now, solo=True
            )
            return await self._start(conn, game_id, seed, now)

    async def open_rematch(
        self, game_id: int, user_id: int, name: str, *, now: datetime | None = None
    ) -> GameRecord:
        """A new lobby in a finished game's channel with the same seats: the member who
        asked hosts it (first seat, under their current name), the others keep their
        order, people and computers alike. One transaction, so a second request meets the
        first one's lobby (ChannelBusyError) rather than half a table."""
        async with self._write() as conn:
            row = await fetch_row(conn, game_id)
            if row["status"] != "finished":
                raise WrongStatusError(game_id, row["status"], "that game has not finished yet")
            seats = await fetch_seats(conn, game_id)
            if not any(s.user_id == user_id for s in seats):
                raise NotSeatedError()
            settings = json.loads(row["settings"] or "{}")
            new_id = await self._insert_game(
                conn,
                row["kind"],
                row["guild_id"],
                row["channel_id"],
                user_id,
                name,
                len(seats),
                settings,
                now,
            )
            others = [s for s in seats if s.user_id != user_id]
            await _write_seats(
                conn,
                new_id,
                tuple(Seat(i, s.user_id, s.computer, s.name) for i, s in enumerate(others, 1)),
            )
            return await load_record(conn, new_id, self._games)

    async def join(
        self, game_id: int, user_id: int, name: str, *, now: datetime | None = None
    ) -> GameRecord:
        async with self._write() as conn:
            seats = await self._lobby_seats(conn, game_id)
            if any(s.user_id == user_id for s in seats):
                raise AlreadySeatedError()
            await self._add_seat(conn, game_id, seats, Seat(len(seats), user_id, None, name), now)
            return await load_record(conn, game_id, self._games)

    async def add_computer(
        self,
        game_id: int,
        level: Level = "normal",
        name: str | None = None,
        *,
        now: datetime | None = None,
    ) -> GameRecord:
        if level not in LEVELS:
            raise StorageError(
                "there is no computer called {level}: choose {levels}",
                level=level,
                levels=", ".join(LEVELS),
            )
        async with self._write() as conn:
            seats = await self._lobby_seats(conn, game_id)
            seat = Seat(len(seats), None, level, name or computer_name(seats, level))
            await self._add_seat(conn, game_id, seats, seat, now)
            return await load_record(conn, game_id, self._games)

    async def leave(self, game_id: int, user_id: int, *, now: datetime | None = None) -> GameRecord:
        """Leave a lobby. A leaving host hands the game to the next person, or, if nobody
        is left, the lobby is cancelled."""
        async with self._write() as conn:
            seats = await self._lobby_seats(conn, game_id)
            mine = next((s for s in seats if s.user_id == user_id), None)
            if mine is None:
                raise NotSeatedError()
            await self._remove_seat(conn, game_id, seats, mine.seat, now)
            return await load_record(conn, game_id, self._games)

    async def remove_seat(
        self, game_id: int, seat: int, *, now: datetime | None = None
    ) -> GameRecord:
        """Take a seat (a computer, usually) out of a lobby; later seats move up."""
        async with self._write() as conn:
            seats = await self._lobby_seats(conn, game_id)
            if not 0 <= seat < len(seats):
                raise NotSeatedError()
            await self._remove_seat(conn, game_id, seats, seat, now)
            return await load_record(conn, game_id, self._games)

    async def start(self, game_id: int, seed: int, *, now: datetime | None = None) -> GameRecord:
        """Deal the game: the engine object is created from the seats and the seed."""
        async with self._write() as conn:
            return await self._start(conn, game_id, seed, now)

    async def cancel(
        self, game_id: int, *, reason: str | None = None, now: datetime | None = None
    ) -> GameRecord:
        """End a lobby or running game with no result and no rating change: no computer
        or stand-in moves on, the scheduler forgets it.

        `reason` is for an ending nobody at the table chose (CHANNEL_GONE): it is kept
        (GameRecord.ended_reason), a started game stays in its players' history with it,
        and the posts the game still owed are dropped with it as their outcome, in the
        same transaction (there is nowhere to post them)."""
        async with self._write() as conn:
            row = await fetch_row(conn, game_id)
            if row["status"] not in ("lobby", "running"):
                raise WrongStatusError(game_id, row["status"], "that game is over already")
            stamp = self._now_us(now)
            await conn.execute(
                "UPDATE games SET status = 'cancelled', ended_reason = ?, updated_at = ? "
                "WHERE id = ?",
                (reason, stamp, game_id),
            )
            if reason is not None:
                await conn.execute(
                    "UPDATE outbox SET delivered_at = ?, outcome = ?, leased_until = NULL, "
                    "leased_by = NULL WHERE game_id = ? AND delivered_at IS NULL",
                    (stamp, reason, game_id),
                )
            await game_called_off(conn, game_id, stamp)  # a tournament table counts as ended
            return await load_record(conn, game_id, self._games)

    async def channel_gone(
        self, channel_id: int, *, now: datetime | None = None
    ) -> list[GameRecord]:
        """The channel or thread was deleted: its unfinished games (its table game and
        the solo games beside it) end without a result (cancel with CHANNEL_GONE), and a
        game that had started stays in its players' `recent_history`. The games ended,
        oldest first; none when the channel had no unfinished game."""
        ended = []
        with self.within():
            rows = await self._fetchall(
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'running') "
                "ORDER BY id",
                (channel_id,),
            )
            for (game_id,) in rows:
                try:
                    ended.append(await self.cancel(game_id, reason=CHANNEL_GONE, now=now))
                except WrongStatusError:  # it ended meanwhile, on its own or by another process
                    continue
        return ended

    async def set_message_ids(
        self,
        game_id: int,
        *,
        lobby_message_id: int | None = _UNSET,
        turn_message_id: int | None = _UNSET,
    ) -> GameRecord:
        """Remember the messages the bot posted with buttons (None forgets one)."""
        async with self._write() as conn:
            await fetch_row(conn, game_id)
            changes = {
                column: value
                for column, value in (
                    ("lobby_message_id", lobby_message_id),
                    ("turn_message_id", turn_message_id),
                )
                if value is not _UNSET
            }
            if changes:
                assignments = ", ".join(f"{column} = ?" for column in changes)
                await conn.execute(
                    f"UPDATE games SET {assignments} WHERE id = ?", (*changes.values(), game_id)
                )
            return await load_record(conn, game_id, self._games)

    # --- inside a transaction --------------------------------------------------------------
    async def _insert_game(
        self,
        conn: aiosqlite.Connection,
        kind: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        max_seats: int,
        settings: dict[str, Any] | None,
        now: datetime | None,
        *,
        solo: bool = False,
    ) -> int:
        """A lobby (a table game), or with `solo` a one-player game to be dealt at once:
        players = 1 from the start keeps it out of the channel's one table game."""
        game_class(kind)  # refuses an unknown kind before anything is written
        if not 1 <= max_seats <= 4:
            raise StorageError("a game has 1 to 4 seats, not {seats}", seats=max_seats)
        stamp = self._now_us(now)
        # The partial unique indexes refuse a second table game in the channel, or a
        # member's second solo game there; DO NOTHING rather than an error, which would
        # spoil a PostgreSQL transaction.
        inserted = await conn.execute_fetchall(
            "INSERT INTO games (kind, guild_id, channel_id, host_id, max_seats, settings, "
            "players, created_at, updated_at, code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            + (SOLO_CONFLICT if solo else TABLE_CONFLICT)
            + " DO NOTHING RETURNING id",
            (
                kind,
                guild_id,
                channel_id,
                host_id,
                max_seats,
                json.dumps(settings or {}),
                1 if solo else None,
                stamp,
                stamp,
                new_code(),
            ),
        )
        if not inserted:
            if solo:
                raise SoloBusyError(channel_id, await _own_solo_id(conn, channel_id, host_id))
            raise ChannelBusyError(channel_id, await _open_game_id(conn, channel_id))
        game_id = inserted[0][0]
        await write_seats(conn, game_id, (Seat(0, host_id, None, host_name),))
        return game_id

    async def _lobby_seats(self, conn: aiosqlite.Connection, game_id: int) -> tuple[Seat, ...]:
        row = await fetch_row(conn, game_id)
        if row["status"] != "lobby":
            raise WrongStatusError(
                game_id, row["status"], "that game is no longer waiting for players"
            )
        return await fetch_seats(conn, game_id)

    async def _add_seat(
        self,
        conn: aiosqlite.Connection,
        game_id: int,
        seats: tuple[Seat, ...],
        seat: Seat,
        now: datetime | None,
    ) -> None:
        max_seats = (await fetch_row(conn, game_id))["max_seats"]
        if len(seats) >= max_seats:
            raise LobbyFullError(max_seats)
        await write_seats(conn, game_id, (seat,))
        await self._touch(conn, game_id, now)

    async def _remove_seat(
        self,
        conn: aiosqlite.Connection,
        game_id: int,
        seats: tuple[Seat, ...],
        index: int,
        now: datetime | None,
    ) -> None:
        kept = [s for s in seats if s.seat != index]
        renumbered = tuple(
            Seat(i, s.user_id, s.computer, s.name, s.resigned) for i, s in enumerate(kept)
        )
        await conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await write_seats(conn, game_id, renumbered)
        row = await fetch_row(conn, game_id)
        if seats[index].user_id == row["host_id"]:
            heir = next((s for s in renumbered if s.is_human), None)
            if heir is None:
                await conn.execute("UPDATE games SET status = 'cancelled' WHERE id = ?", (game_id,))
            else:
                await conn.execute(
                    "UPDATE games SET host_id = ? WHERE id = ?", (heir.user_id, game_id)
                )
        await self._touch(conn, game_id, now)

    async def _start(
        self, conn: aiosqlite.Connection, game_id: int, seed: int, now: datetime | None
    ) -> GameRecord:
        row = await fetch_row(conn, game_id)
        if row["status"] != "lobby":
            raise WrongStatusError(game_id, row["status"], "that game has started already")
        seats = await fetch_seats(conn, game_id)
        if len(seats) == 1:  # a lobby started alone is a solo game: one per member here
            mine = await _own_solo_id(conn, row["channel_id"], row["host_id"], besides=game_id)
            if mine is not None:
                raise SoloBusyError(row["channel_id"], mine)
        game = game_class(row["kind"])(len(seats), seed)
        stamp = self._now_us(now)
        await conn.execute(
            "UPDATE games SET status = ?, players = ?, seed = ?, state = ?, rng = ?, "
            "move_count = 0, to_move = ?, turn_started_at = ?, updated_at = ? WHERE id = ?",
            (
                "finished" if game.is_over else "running",
                len(seats),
                seed,
                encode_state(game),
                encode_rng(game),
                game.to_move,
                stamp,
                stamp,
                game_id,
            ),
        )
        if game.is_over:  # a game that cannot even begin still gets its result
            await finish_game(conn, game_id, row["guild_id"], row["kind"], seats, game, stamp)
        await queue_post(conn, game_id, row["guild_id"], 0, "start", stamp)
        return await load_record(conn, game_id, self._games)

    async def _touch(self, conn: aiosqlite.Connection, game_id: int, now: datetime | None) -> None:
        await conn.execute(
            "UPDATE games SET updated_at = ? WHERE id = ?", (self._now_us(now), game_id)
        )


BOT_LETTERS = "ABCD"


def computer_name(seats: tuple[Seat, ...], level: str) -> str:
    """A short name no other seat at the table has: `Bot A (hard)`, `Bot B (hard)`. Short,
    so it fits a scoreboard on a phone; lettered, so two computers of one level differ."""
    taken = {s.name for s in seats}
    letter = next(
        (x for x in BOT_LETTERS if not any(n.startswith(f"Bot {x} ") for n in taken)),
        str(len(seats) + 1),
    )
    return f"Bot {letter} ({level})"


async def _write_seats(conn: aiosqlite.Connection, game_id: int, seats: tuple[Seat, ...]) -> None:
    await conn.executemany(
        "INSERT INTO seats (game_id, seat, user_id, computer, name, resigned) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(game_id, s.seat, s.user_id, s.computer, s.name, int(s.resigned)) for s in seats],
    )


async def _open_game_id(conn: aiosqlite.Connection, channel_id: int) -> int | None:
    """The channel's table game (the one a second would meet)."""
    rows = list(
        await conn.execute_fetchall(
            f"SELECT id FROM games WHERE channel_id = ? AND {TABLE_GAME}", (channel_id,)
        )
    )
    return rows[0][0] if rows else None


async def _own_solo_id(
    conn: aiosqlite.Connection, channel_id: int, user_id: int, *, besides: int = 0
) -> int | None:
    """The member's unfinished solo game in the channel (other than `besides`), if any."""
    rows = list(
        await conn.execute_fetchall(
            f"SELECT id FROM games WHERE channel_id = ? AND host_id = ? AND id <> ? "
            f"AND {SOLO_GAME}",
            (channel_id, user_id, besides),
        )
    )
    return rows[0][0] if rows else None
