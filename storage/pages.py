"""Games as their web pages show them (bot/web): found by their unguessable page code,
never by their sequential id, and read in two queries (the game with its seats, then its
moves, which a page holding this many moves already does not need to read again), on both
databases.

What is read is what the table's channel saw: names, computer levels, resignations, the
moves and whose they were. A member deleted by `/axio forget-me` is "a former player"
here as everywhere (their seat names no one). Not read: lobbies (no game yet), games of a
server that turned its game pages off, and a daily challenge's game before its day is over
(its `daily_day` is given, the page decides).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from .db import Database
from .records import Level, Status, from_us, is_former_player

CODE_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,32}")
"""What a page code looks like (new_code's 16 characters, migration 0012's 32 hex)."""


@dataclass(frozen=True)
class PageSeat:
    seat: int
    name: str
    computer: Level | None
    resigned: bool
    former: bool
    """A member deleted at their request: shown as "a former player"."""


@dataclass(frozen=True)
class PageMove:
    seat: int
    turn: int
    text: str
    stand_in: bool


@dataclass(frozen=True)
class PageGame:
    id: int
    code: str
    kind: str
    guild_id: int
    status: Status
    players: int
    seed: int
    move_count: int
    updated_at: datetime
    daily_day: int | None
    """The daily challenge's day the game was played for (None: not a daily game)."""
    reviewed: bool
    """Whether a review of the game is kept (`/axio review` made one)."""
    seats: tuple[PageSeat, ...]


_GAME = (
    "SELECT g.id, g.code, g.kind, g.guild_id, g.status, g.players, g.seed, g.move_count, "
    "g.updated_at, (SELECT MIN(d.day) FROM daily_attempts d WHERE d.game_id = g.id), "
    "EXISTS (SELECT 1 FROM reviews r WHERE r.game_id = g.id), "
    "s.seat, s.name, s.computer, s.resigned, s.user_id "
    "FROM games g JOIN seats s ON s.game_id = g.id "
    "WHERE g.code = ? AND g.seed IS NOT NULL AND g.state IS NOT NULL AND g.status <> 'lobby' "
    "AND COALESCE((SELECT gs.game_pages FROM guild_settings gs "
    "WHERE gs.guild_id = g.guild_id), 1) = 1 "
    "ORDER BY s.seat"
)


class PageQueries(Database):
    async def page_game(self, code: str) -> PageGame | None:
        """The game whose page code is `code`, as its page shows it; None for a code that
        names no game with a page (a malformed code is not looked up)."""
        if not CODE_PATTERN.fullmatch(code):
            return None
        rows = await self._fetchall(_GAME, (code,))
        if not rows:
            return None
        first = rows[0]
        return PageGame(
            *first[:8],  # id, code, kind, guild_id, status, players, seed, move_count
            updated_at=from_us(first[8]),  # type: ignore[arg-type]
            daily_day=first[9],
            reviewed=bool(first[10]),
            seats=tuple(
                PageSeat(r[11], r[12], r[13], bool(r[14]), is_former_player(r[15])) for r in rows
            ),
        )

    async def page_moves(self, game_id: int, count: int, *, after: int = 0) -> tuple[PageMove, ...]:
        """The moves of a game after the first `after` up to its `count`th (its page read
        that many), in order."""
        rows = await self._fetchall(
            "SELECT seat, turn, text, stand_in FROM moves WHERE game_id = ? AND move_number > ? "
            "AND move_number <= ? ORDER BY move_number",
            (game_id, after, count),
        )
        return tuple(PageMove(r[0], r[1], r[2], bool(r[3])) for r in rows)

    async def page_move_counts(self, game_ids: Iterable[int]) -> dict[int, tuple[int, str]]:
        """How many moves each game has stored and its status, in one query: what a page
        watching the game for new moves polls."""
        ids = sorted(set(game_ids))
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._fetchall(
            f"SELECT id, move_count, status FROM games WHERE id IN ({marks})", ids
        )
        return {r[0]: (r[1], r[2]) for r in rows}

    async def game_code(self, game_id: int) -> str | None:
        """A game's page code (None for an unknown game): what a link to its page needs."""
        row = await self._fetchone("SELECT code FROM games WHERE id = ?", (game_id,))
        return None if row is None else row[0]

    async def set_game_pages(self, guild_id: int, on: bool) -> None:
        """Turn a server's game pages on or off (off: they answer 404)."""
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, game_pages) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET game_pages = excluded.game_pages",
                (guild_id, int(on)),
            )
