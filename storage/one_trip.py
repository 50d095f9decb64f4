"""Moves in one round trip on PostgreSQL, when this process already holds the game, and
many of them in one transaction when many arrive at once.

Nearly every move is made on a game whose previous move this same process stored: a game
belongs to one shard, so to one process. Its game cache then holds the game, its seats and
the exact snapshot text the database holds. The move is played on a copy here and stored
by one statement, which advances the game, appends to the log and owes the channel its
post, but only WHERE the row still holds that exact snapshot and move count and is
running. One statement is one transaction: it commits whole or changes nothing.

Moves that arrive while such a statement is on its way wait for it and then go together
in the next one (at most MAX_BATCH, never two for one game), so a busy process pays for
one round trip and one commit per batch rather than per move, and an idle one waits for
nothing. Each move in a batch carries its own guard; one that fails it is simply not
applied. The batch locks its games in id order first, so two processes' batches cannot
deadlock.

A move whose guard fails (another process, a resignation or a cancel wrote the game
meanwhile) goes the ordinary way (lock the row, read, play, write: see play.py), which
also gives the authoritative refusal. Every refusal goes that way, and so does a move
that ends the game, since its results and ratings are written with it.

If a batch's answer is lost (the connection broke, or the server stopped answering), the
statement may have committed, or may still be on its way to committing on the server: a
move is never reported as not stored until that is settled (`_after_lost_answer`). It
looks for itself in the log with the game's row locked, so a batch still running on the
server finishes first: found, it is reported as stored; not found, it goes the ordinary
way, and a refusal there is checked against the log once more. Whenever the database does
not answer one of those questions, the move is OutcomeUnknownError, never "not stored".
Everything a move does shares the one deadline of its record_move (db.py's `within`).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

import asyncpg

from engine import IllegalMoveError, PlayResult

from .db import Database
from .errors import DATABASE_FAULTS, NothingStoredError, OutcomeUnknownError, StorageError
from .load import GAME_COLUMNS, build_record, fetch_row, load_record
from .outbox import encode_result
from .postgres import PostgresBackend
from .records import GameRecord, Seat
from .snapshot import play_to_store

log = logging.getLogger(__name__)

MAX_BATCH = 64
IN_FLIGHT = 2
"""Batches on their way at once: while one waits for its commit, the next one gathers."""

_COLUMNS = (
    ("ord", "int"),
    ("game_id", "bigint"),
    ("expected", "int"),
    ("held", "text"),
    ("state", "text"),
    ("rng", "text"),
    ("number", "int"),
    ("to_move", "int"),
    ("new_turn", "bool"),
    ("stamp", "bigint"),
    ("seat", "int"),
    ("turn", "int"),
    ("text", "text"),
    ("result", "text"),
    ("note", "text"),
    ("stand_in", "int"),
)
_RETURNED = ", ".join(
    f"g.{column}"
    for column in (c.strip() for c in GAME_COLUMNS.split(","))
    if column not in ("state", "rng")
)
"""The row as build_record reads it; not the snapshot, which the caller has just made."""
_MOVES_AT_ONCE = f"""
WITH input AS (
    SELECT * FROM unnest({
    ", ".join(f"${n}::{kind}[]" for n, (_, kind) in enumerate(_COLUMNS, 1))
}) AS t({", ".join(name for name, _ in _COLUMNS)})
), locked AS (
    SELECT id FROM games WHERE id IN (SELECT game_id FROM input) ORDER BY id FOR UPDATE
), moved AS (
    UPDATE games AS g SET state = i.state, rng = coalesce(i.rng, g.rng),
        move_count = i.number, to_move = i.to_move,
        turn_started_at = CASE WHEN i.new_turn THEN i.stamp ELSE g.turn_started_at END,
        updated_at = i.stamp
    FROM input AS i, locked AS l
    WHERE g.id = i.game_id AND l.id = g.id AND g.move_count = i.expected
        AND g.status = 'running' AND g.state = i.held AND g.rng IS NOT NULL
    RETURNING i.ord, {_RETURNED}
), logged AS (
    INSERT INTO moves (game_id, move_number, seat, turn, text, played_at, stand_in)
    SELECT i.game_id, i.number, i.seat, i.turn, i.text, i.stamp, i.stand_in
    FROM moved JOIN input AS i USING (ord)
), owed AS (
    INSERT INTO outbox (game_id, guild_id, move_count, kind, result, note, created_at, due_at)
    SELECT i.game_id, moved.guild_id, i.number, 'move', i.result, i.note, i.stamp, i.stamp
    FROM moved JOIN input AS i USING (ord)
    WHERE moved.channel_id >= 0
)
SELECT moved.*, seated.* FROM moved CROSS JOIN LATERAL (
    SELECT array_agg(s.seat ORDER BY s.seat) AS seat_nos,
        array_agg(s.user_id ORDER BY s.seat) AS seat_users,
        array_agg(s.computer ORDER BY s.seat) AS seat_computers,
        array_agg(s.name ORDER BY s.seat) AS seat_names,
        array_agg(s.resigned ORDER BY s.seat) AS seat_resigned
    FROM seats AS s WHERE s.game_id = moved.id
) AS seated
"""
"""Each stored move's game row with its seats as they are stored now (another process may
have renamed one, `axio-bot forget`, without a move: the held seats are not trusted for
what the move tells)."""


def stored_seats(row: Any) -> tuple[Seat, ...]:
    """The seats `_MOVES_AT_ONCE` read with a stored move's game."""
    return tuple(
        Seat(number, user, computer, name, bool(resigned))
        for number, user, computer, name, resigned in zip(
            row["seat_nos"],
            row["seat_users"],
            row["seat_computers"],
            row["seat_names"],
            row["seat_resigned"],
            strict=True,
        )
    )


class StoredMove(NamedTuple):
    """One move as the batch statement takes it (the columns of `input`, after ord)."""

    game_id: int
    expected: int
    held: str
    state: str
    rng: str | None
    number: int
    to_move: int
    new_turn: bool
    stamp: int
    seat: int
    turn: int
    text: str
    result: str
    note: str
    stand_in: int


assert StoredMove._fields == tuple(name for name, _ in _COLUMNS[1:])

UNKNOWN = object()
"""A batch's answer when it was lost: whether the move was stored must be looked up."""
NOT_SENT = object()
"""A move that never left this process (its time ran out in the queue, or no connection
could be had): certainly not stored, so it may go the ordinary way."""


@dataclass
class _Pending:
    """One move played here and waiting for its batch, to be sent by `deadline`."""

    game_id: int
    values: StoredMove
    done: asyncio.Future
    deadline: float | None


@dataclass(frozen=True)
class LostMove:
    """A move whose batch's answer was lost: what it must look for, and what it did."""

    stored: StoredMove
    result: PlayResult


Moved = tuple[GameRecord, PlayResult]


class AskedMove(NamedTuple):
    """A move as record_move was asked to store it, for both of the ways it may go."""

    game_id: int
    expected_move_count: int
    move: object
    seat: int | None
    stand_in: bool
    """A computer makes `seat`'s move for its person (a timeout, a vote, a resignation):
    the table is told so, and a resigned seat does not refuse it."""
    now: datetime | None
    note: str

    @property
    def by_person(self) -> bool:
        """A person's move for `seat` (refused if the seat resigned), not its stand-in's."""
        return self.seat is not None and not self.stand_in


class MoveBatcher:
    """Gathers the moves a process stores on PostgreSQL into few statements."""

    def __init__(self, backend: PostgresBackend) -> None:
        self.backend = backend
        self._waiting: list[_Pending] = []
        self._senders: set[asyncio.Task] = set()
        self.batches = self.moves = 0  # sent so far: how well moves go together

    async def store(self, move: StoredMove, deadline: float | None) -> object | None:
        """The game's row after the move, None if the move was not applied, UNKNOWN, or
        NOT_SENT (still queued at `deadline`, or its batch found no connection)."""
        loop = asyncio.get_running_loop()
        pending = _Pending(move.game_id, move, loop.create_future(), deadline)
        self._waiting.append(pending)
        if len(self._senders) < IN_FLIGHT:
            # A context of its own: the sender outlives this move and its deadline.
            sender = loop.create_task(self._send_while_waiting(), context=contextvars.Context())
            self._senders.add(sender)
            sender.add_done_callback(self._senders.discard)
        try:
            async with asyncio.timeout_at(deadline):
                return await asyncio.shield(pending.done)
        except TimeoutError:
            if pending in self._waiting:  # never sent: take it back
                self._waiting.remove(pending)
                return NOT_SENT
            return await pending.done  # sent: its batch ends by this very deadline

    async def _send_while_waiting(self) -> None:
        while self._waiting:
            await self._send(self._take_batch())

    def _take_batch(self) -> list[_Pending]:
        batch: list[_Pending] = []
        games: set[int] = set()
        kept: list[_Pending] = []
        now = asyncio.get_running_loop().time()
        for pending in self._waiting:
            if pending.deadline is not None and pending.deadline <= now:
                if not pending.done.done():
                    pending.done.set_result(NOT_SENT)  # out of time before it was sent
            elif len(batch) < MAX_BATCH and pending.game_id not in games:
                games.add(pending.game_id)
                batch.append(pending)
            else:
                kept.append(pending)
        self._waiting = kept
        return batch

    async def _send(self, batch: list[_Pending]) -> None:
        """One statement for the batch, by the earliest deadline in it. Not sent (no
        connection): NOT_SENT. Refused by the server (it answered: the statement rolled
        back whole): None, so each goes the ordinary way. Any other failure, or this task
        cancelled (the repository closing), answers UNKNOWN: the statement may have
        committed before its answer was lost."""
        if not batch:
            return
        self.batches += 1
        self.moves += len(batch)
        columns = [list(column) for column in zip(*(p.values for p in batch), strict=True)]
        columns.insert(0, list(range(len(batch))))
        deadlines = [p.deadline for p in batch if p.deadline is not None]
        applied: dict[int, object] = {}
        failed: object = UNKNOWN
        try:
            rows = await self.backend.fetch_alone(
                _MOVES_AT_ONCE, columns, deadline=min(deadlines, default=None), writes=True
            )
            applied = {row["ord"]: row for row in rows}
            failed = None
        except NothingStoredError as error:
            failed = NOT_SENT
            log.info("a batch of %d moves was not sent (%s)", len(batch), error.reason)
        except OutcomeUnknownError as error:
            log.info("a batch of %d moves got no answer (%s)", len(batch), error.reason)
        except asyncpg.PostgresError as error:
            failed = None
            log.warning("a batch of %d moves was refused (%s): each goes alone", len(batch), error)
        except Exception:
            log.exception("a batch of %d moves failed: each looks itself up", len(batch))
        finally:
            for ord_, pending in enumerate(batch):
                if not pending.done.done():
                    pending.done.set_result(applied.get(ord_, failed))


class OneTripMoves(Database):
    _batcher: MoveBatcher | None = None

    async def _move_in_one_trip(self, asked: AskedMove) -> Moved | LostMove | None:
        """The move stored with others arriving at once; LostMove when its batch's answer
        was lost; or None when it must go the ordinary way (not PostgreSQL, game not held,
        a refusal, the game ends, or the stored game is no longer the one held)."""
        game_id, expected_move_count, move, seat, stand_in, now, note = asked
        by_person = asked.by_person
        if self._postgres is None:
            return None
        held = self._games.held(game_id, expected_move_count)
        if held is None or held.seats is None:
            return None
        game = held.game
        if seat is not None and seat != game.to_move:
            return None
        if by_person and held.seats[game.to_move].resigned:
            return None  # refused the ordinary way
        try:
            played = play_to_store(game, move, rng_stored=True)  # guarded: rng IS NOT NULL
        except IllegalMoveError:
            return None
        if game.is_over:
            return None
        entry = game.log[-1]
        stored = StoredMove(
            game_id,
            expected_move_count,
            held.state,
            played.state,
            played.rng,
            game.move_count,
            game.to_move,
            played.new_turn,
            self._now_us(now),
            entry.seat,
            entry.turn,
            entry.move,
            encode_result(played.result, stand_in),
            note,
            int(stand_in),
        )
        if self._batcher is None:
            self._batcher = MoveBatcher(self._postgres)
        row = await self._batcher.store(stored, self._deadline())
        if row is UNKNOWN:
            return LostMove(stored, played.result)
        if row is None or row is NOT_SENT:
            return None
        seats = stored_seats(row)
        self._games.put(game_id, game.move_count, played.state, game, seats)
        return build_record(row, seats, game), played.result

    async def _after_lost_answer(
        self, lost: LostMove, ordinary: Callable[[], Awaitable[Moved]]
    ) -> Moved:
        """Settle a move whose batch may or may not have committed: stored (found in the
        log, or stored now the `ordinary` way), refused (and certainly not in the log), or
        OutcomeUnknownError when the database does not answer one of the questions."""
        try:
            found = await self._stored_record(lost.stored)
            if found is not None:
                return found, lost.result
            try:
                return await ordinary()
            except (StorageError, IllegalMoveError) as refusal:
                if isinstance(refusal, DATABASE_FAULTS):
                    raise
                # The ordinary way met a game the batch can no longer apply to (moved on,
                # ended, resigned): the batch did or never will; the log says which.
                found = await self._stored_record(lost.stored)
                if found is not None:
                    return found, lost.result
                raise
        except DATABASE_FAULTS as error:
            raise OutcomeUnknownError(
                f"a move's batch got no answer, then {error.reason}"
            ) from error

    async def _stored_record(self, move: StoredMove) -> GameRecord | None:
        """The game if this very move is in its log (number, text and time), else None.
        The game's row is locked first: a batch still running on the server for it
        finishes (commits or not) before the log is read, so the answer is final."""
        async with self._write() as conn:
            await fetch_row(conn, move.game_id)
            rows = await conn.execute_fetchall(
                "SELECT 1 FROM moves WHERE game_id = ? AND move_number = ? AND text = ? "
                "AND played_at = ?",
                (move.game_id, move.number, move.text, move.stamp),
            )
            if not rows:
                return None
            return await load_record(conn, move.game_id, self._games)
