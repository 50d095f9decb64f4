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
that ends the game, since its results and ratings are written with it. If a batch's
answer is lost (the connection broke), each of its moves first looks for itself in the
log: found, it is reported as stored; not found, it goes the ordinary way.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from engine import IllegalMoveError, PlayResult

from .db import Database
from .load import GAME_COLUMNS, build_record
from .outbox import encode_result
from .postgres import PostgresBackend
from .records import GameRecord
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
    INSERT INTO moves (game_id, move_number, seat, turn, text, played_at)
    SELECT i.game_id, i.number, i.seat, i.turn, i.text, i.stamp
    FROM moved JOIN input AS i USING (ord)
), owed AS (
    INSERT INTO outbox (game_id, guild_id, move_count, kind, result, note, created_at, due_at)
    SELECT i.game_id, moved.guild_id, i.number, 'move', i.result, i.note, i.stamp, i.stamp
    FROM moved JOIN input AS i USING (ord)
)
SELECT * FROM moved
"""


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


assert StoredMove._fields == tuple(name for name, _ in _COLUMNS[1:])

UNKNOWN = object()
"""A batch's answer when it was lost: whether the move was stored must be looked up."""


@dataclass
class _Pending:
    """One move played here and waiting for its batch."""

    game_id: int
    values: StoredMove
    done: asyncio.Future


class MoveBatcher:
    """Gathers the moves a process stores on PostgreSQL into few statements."""

    def __init__(self, backend: PostgresBackend) -> None:
        self.backend = backend
        self._waiting: list[_Pending] = []
        self._senders: set[asyncio.Task] = set()
        self.batches = self.moves = 0  # sent so far: how well moves go together

    async def store(self, move: StoredMove) -> object | None:
        """The game's row after the move, None if the move was not applied, or UNKNOWN."""
        loop = asyncio.get_running_loop()
        pending = _Pending(move.game_id, move, loop.create_future())
        self._waiting.append(pending)
        if len(self._senders) < IN_FLIGHT:
            sender = loop.create_task(self._send_while_waiting())
            self._senders.add(sender)
            sender.add_done_callback(self._senders.discard)
        return await asyncio.shield(pending.done)

    async def _send_while_waiting(self) -> None:
        while self._waiting:
            await self._send(self._take_batch())

    def _take_batch(self) -> list[_Pending]:
        batch: list[_Pending] = []
        games: set[int] = set()
        kept: list[_Pending] = []
        for pending in self._waiting:
            if len(batch) < MAX_BATCH and pending.game_id not in games:
                games.add(pending.game_id)
                batch.append(pending)
            else:
                kept.append(pending)
        self._waiting = kept
        return batch

    async def _send(self, batch: list[_Pending]) -> None:
        """One statement for the batch. If it fails, or this task is cancelled (the
        repository closing), every move in it is answered UNKNOWN: the statement may have
        committed before the answer was lost, so the caller looks before doing anything."""
        self.batches += 1
        self.moves += len(batch)
        columns = [list(column) for column in zip(*(p.values for p in batch), strict=True)]
        columns.insert(0, list(range(len(batch))))
        answered = False
        try:
            rows = await self.backend.fetch_alone(_MOVES_AT_ONCE, columns)
            applied = {row["ord"]: row for row in rows}
            answered = True
        except Exception as error:
            log.warning("a batch of %d moves failed (%s): checking each", len(batch), error)
        finally:
            for ord_, pending in enumerate(batch):
                if not pending.done.done():
                    pending.done.set_result(applied.get(ord_) if answered else UNKNOWN)


class OneTripMoves(Database):
    _batcher: MoveBatcher | None = None

    async def _move_in_one_trip(
        self,
        game_id: int,
        expected_move_count: int,
        move: object,
        seat: int | None,
        now: datetime | None,
        note: str,
        stand_in: bool = False,
    ) -> tuple[GameRecord, PlayResult] | None:
        """The move stored with others arriving at once, or None when it must go the
        ordinary way (not PostgreSQL, game not held, a refusal, the game ends, or the
        stored game is no longer the one held)."""
        if self._postgres is None:
            return None
        held = self._games.held(game_id, expected_move_count)
        if held is None or held.seats is None:
            return None
        game = held.game
        if seat is not None and seat != game.to_move:
            return None
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
        )
        if self._batcher is None:
            self._batcher = MoveBatcher(self._postgres)
        row = await self._batcher.store(stored)
        if row is UNKNOWN:
            if not await self._was_stored(stored):
                return None
            return await self.get_game(game_id), played.result  # type: ignore[attr-defined]
        if row is None:
            return None
        self._games.put(game_id, game.move_count, played.state, game, held.seats)
        return build_record(row, held.seats, game), played.result

    async def _was_stored(self, move: StoredMove) -> bool:
        """Whether this very move is in the log (its number, text and time), after its
        batch's answer was lost: a move that was stored must be reported as stored."""
        rows = await self._fetchall(
            "SELECT 1 FROM moves WHERE game_id = ? AND move_number = ? AND text = ? "
            "AND played_at = ?",
            (move.game_id, move.number, move.text, move.stamp),
        )
        return bool(rows)
