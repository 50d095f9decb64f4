"""Playing: each move is appended to the log, and the snapshot advanced, in one
transaction; a game that ends gets its results and ratings in that same transaction.

A move names the move_count it was made for. If the game has moved on, the move is
refused (StaleTurnError), so two submissions for the same turn can never both apply: the
asyncio lock serialises this process, and the guarded UPDATE (WHERE move_count = ?) plus
the moves primary key refuse a second writer on another connection.

A resigned seat is played only by its stand-in: a person's move for it is refused
(SeatResignedError) on every path, whenever the resignation happened; the computer that
drives it (seat None, or `stand_in=True`) plays it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import aiosqlite

from engine import PlayResult, TileGame

from .errors import (
    NotSeatedError,
    NotYourTurnError,
    SeatResignedError,
    StaleTurnError,
    StorageError,
    WrongStatusError,
)
from .finish import finish_game
from .load import (
    GAME_COLUMNS,
    TABLE_GAME,
    WITH_SEATS,
    build_record,
    fetch_log,
    fetch_moves,
    fetch_row,
    fetch_seats,
    held_record,
    load_game,
    load_record,
    load_where,
    record_from_row,
)
from .one_trip import AskedMove, LostMove, Moved, OneTripMoves
from .outbox import queue_post
from .records import GameRecord, MoveRecord, from_us
from .snapshot import GameCache, encode_rng, encode_state, play_to_store, replay


class PlayCommands(OneTripMoves):
    async def record_move(
        self,
        game_id: int,
        expected_move_count: int,
        move: object,
        *,
        seat: int | None = None,
        stand_in: bool = False,
        now: datetime | None = None,
        note: str = "",
    ) -> tuple[GameRecord, PlayResult]:
        """Play a move (text or engine move) made for `expected_move_count` and store it,
        together with the post it owes the channel (the outbox), whose first line is
        `note` if one is given (say, why a computer made this move).

        `seat` is the seat the move is made for: a person's move names it. `stand_in`
        says a computer makes that seat's move for its person (a timeout, a vote to skip):
        the table is told who really moved, and a resigned seat does not refuse it.
        Without a seat the computer that drives computer and resigned seats moves whoever
        is to move.

        Refusals change nothing: WrongStatusError (not running), StaleTurnError (the game
        has moved on), NotYourTurnError (`seat` given and not to move), SeatResignedError
        (a person's move for a resigned seat), and the engine's IllegalMoveError. The
        database busy or not answering: a NothingStoredError. OutcomeUnknownError only
        when the move was sent to be committed and that could not be confirmed either way.
        All of it ends by one deadline (the budget, or a caller's `within()`).
        """
        asked = AskedMove(game_id, expected_move_count, move, seat, stand_in, now, note)
        with self.within():
            done = await self._move_in_one_trip(asked)
            if isinstance(done, LostMove):
                return await self._after_lost_answer(done, lambda: self._record_move(asked))
            if done is not None:
                return done
            return await self._record_move(asked)

    async def _record_move(self, asked: AskedMove) -> Moved:
        """The ordinary way: lock the game's row, read it, play, write."""
        game_id, expected_move_count, move, seat, stand_in, now, note = asked
        by_person = asked.by_person
        async with self._write() as conn:
            row = await fetch_row(conn, game_id)
            if row["status"] != "running":
                raise WrongStatusError(game_id, row["status"], "that game is not being played now")
            if row["move_count"] != expected_move_count:
                raise StaleTurnError(game_id, expected_move_count, row["move_count"])
            seats = await fetch_seats(conn, game_id)  # never cached: a forget-me renames them
            game = await load_game(conn, row, self._games)
            assert game is not None
            if seat is not None and seat != game.to_move:
                raise NotYourTurnError(seat, game.to_move)
            if by_person and seats[game.to_move].resigned:
                raise SeatResignedError(game.to_move)
            played = play_to_store(game, move, rng_stored=row["rng"] is not None)
            entry = game.log[-1]
            stamp = self._now_us(now)
            status = "finished" if game.is_over else "running"
            turn_started = stamp if played.new_turn else row["turn_started_at"]
            cursor = await conn.execute(
                "UPDATE games SET state = ?, rng = coalesce(?, rng), move_count = ?, "
                "to_move = ?, status = ?, turn_started_at = ?, updated_at = ? "
                "WHERE id = ? AND move_count = ?",
                (
                    played.state,
                    played.rng,
                    game.move_count,
                    game.to_move,
                    status,
                    turn_started,
                    stamp,
                    game_id,
                    expected_move_count,
                ),
            )
            if cursor.rowcount != 1:  # another connection got there first
                raise StaleTurnError(game_id, expected_move_count, -1)
            await conn.execute(
                "INSERT INTO moves (game_id, move_number, seat, turn, text, played_at, "
                "stand_in) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    game.move_count,
                    entry.seat,
                    entry.turn,
                    entry.move,
                    stamp,
                    int(stand_in),
                ),
            )
            await queue_post(
                conn,
                game_id,
                row["guild_id"],
                game.move_count,
                "move",
                stamp,
                result=played.result,
                note=note,
                stand_in=stand_in,
            )
            if game.is_over:
                await finish_game(conn, game_id, row["guild_id"], row["kind"], seats, game, stamp)
        self._games.put(game_id, game.move_count, played.state, game, seats)  # committed: keep
        record = replace(
            build_record(row, seats, game),
            status=status,
            move_count=game.move_count,
            updated_at=from_us(stamp),
            turn_started_at=from_us(turn_started),
        )
        return record, played.result

    async def resign(
        self, game_id: int, seat: int, *, now: datetime | None = None, note: str = ""
    ) -> GameRecord:
        """Resign a person's seat: a 'normal' computer plays it on, and it ranks last.
        `note`, if given, is owed to the channel in the same transaction.

        Resigning twice changes nothing. Ending the game when no person is left playing is
        the caller's choice (see GameRecord.humans_playing and cancel()).
        """
        async with self._write() as conn:
            await resign_seat(conn, game_id, seat, self._now_us(now), note, self._games)
            return await load_record(conn, game_id, self._games)

    # --- reading games ----------------------------------------------------------------------
    async def get_game(self, game_id: int) -> GameRecord:
        """Any game by id (GameNotFoundError if there is none). A game whose last move this
        process stored is one statement (`held_record`)."""
        chosen = f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?"
        rows = await self._fetchall(WITH_SEATS.format(chosen=chosen), (game_id,))
        held = held_record(rows, self._games)
        if held is not None:
            return held
        async with self._read() as conn:
            return await load_record(conn, game_id, self._games)

    async def game_in_channel(
        self, channel_id: int, user_id: int | None = None
    ) -> GameRecord | None:
        """The unfinished game (lobby or running) a member means in this channel, which
        holds at most one table game and any number of solo games beside it, one per
        member. In this order: the table game where the member holds a seat they have not
        resigned; the member's own solo game; the table game (to watch, or a resigned
        seat); anyone's solo game, oldest first (to watch). Without `user_id`: the table
        game, else the oldest solo game."""
        meant = (
            f"SELECT {GAME_COLUMNS} FROM games g WHERE g.channel_id = ? "
            "AND g.status IN ('lobby', 'running') ORDER BY CASE "
            "WHEN EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id "
            "AND s.user_id = ? AND s.resigned = 0) "
            "THEN (CASE WHEN coalesce(g.players, 0) <> 1 THEN 0 ELSE 1 END) "
            "WHEN coalesce(g.players, 0) <> 1 THEN 2 ELSE 3 END, g.id LIMIT 1"
        )
        rows = await self._fetchall(WITH_SEATS.format(chosen=meant), (channel_id, user_id))
        held = held_record(rows, self._games)
        if not rows or held is not None:  # the game whose last move this process stored
            return held
        async with self._read() as conn:  # the choice and the game's seats in one moment
            for row in await conn.execute_fetchall(meant, (channel_id, user_id)):
                return await record_from_row(conn, row, self._games)
        return None

    async def table_game(self, channel_id: int) -> GameRecord | None:
        """The channel's unfinished table game (a lobby, or a game of two or more seats):
        the one that keeps the channel busy. Solo games beside it are not it."""
        async with self._read() as conn:
            found = await load_where(
                conn, f"channel_id = ? AND {TABLE_GAME}", (channel_id,), self._games
            )
        return found[0] if found else None

    async def channels_playing(self, guild_id: int, user_id: int, *, besides: int = 0) -> list[int]:
        """The channels (and threads) of the server where the member holds a seat, not
        resigned, in a running game, oldest game first, `besides` left out: where to
        point a member who asks in a channel where they play nothing. A daily game, or a
        tournament table still waiting for its thread, is in no channel."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT g.channel_id FROM games g JOIN seats s ON s.game_id = g.id "
                "WHERE g.guild_id = ? AND g.status = 'running' AND g.channel_id > 0 "
                "AND g.channel_id <> ? AND s.user_id = ? AND s.resigned = 0 "
                "GROUP BY g.channel_id ORDER BY min(g.id)",
                (guild_id, besides, user_id),
            )
        return [row[0] for row in rows]

    async def open_games(self, guild_id: int | None = None) -> list[GameRecord]:
        """Every lobby and running game (of one guild): what the bot resumes after a restart.

        Loaded past the cache, so that a restart does not churn it."""
        where = "status IN ('lobby', 'running')"
        async with self._read() as conn:
            if guild_id is None:
                return await load_where(conn, where)
            return await load_where(conn, where + " AND guild_id = ?", (guild_id,))

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """The move log with times: what a replay animates."""
        async with self._read() as conn:
            await fetch_row(conn, game_id)
            return await fetch_moves(conn, game_id)

    async def load_game_from_log(self, game_id: int) -> TileGame:
        """The game rebuilt from seed and moves alone (and the seats' resignations),
        ignoring the stored snapshot: the check that the snapshot is right."""
        async with self._read() as conn:
            row = await fetch_row(conn, game_id)
            if row["seed"] is None:
                raise StorageError("that game has not started, so it has no moves")
            seats = await fetch_seats(conn, game_id)
            log = await fetch_log(conn, game_id)
        game = replay(row["kind"], len(seats), row["seed"], log)
        for seat in seats:
            if seat.resigned:
                game.resign(seat.seat)
        return game


async def resign_seat(
    conn: aiosqlite.Connection,
    game_id: int,
    seat: int,
    stamp: int,
    note: str = "",
    cache: GameCache | None = None,
) -> None:
    """Resign a person's seat inside the caller's transaction (see PlayCommands.resign)."""
    row = await fetch_row(conn, game_id)
    if row["status"] != "running":
        raise WrongStatusError(game_id, row["status"], "that game is not being played now")
    seats = await fetch_seats(conn, game_id)
    if not 0 <= seat < len(seats) or not seats[seat].is_human:
        raise NotSeatedError()
    if seats[seat].resigned:
        return
    game = await load_game(conn, row, cache)
    assert game is not None
    game.resign(seat)
    await conn.execute(
        "UPDATE seats SET resigned = 1 WHERE game_id = ? AND seat = ?", (game_id, seat)
    )
    await conn.execute(
        "UPDATE games SET state = ?, rng = coalesce(?, rng), updated_at = ? WHERE id = ?",
        (
            encode_state(game),
            # a game saved before migration 0004 moves its RNG out here too
            encode_rng(game) if row["rng"] is None else None,
            stamp,
            game_id,
        ),
    )
    if note:
        await queue_post(
            conn, game_id, row["guild_id"], row["move_count"], "note", stamp, note=note
        )
