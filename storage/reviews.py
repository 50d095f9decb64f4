"""Game reviews, kept once per game: the first request computes one (engine/ai/review.py,
in the bot's process pool) and stores it here; every later request reads it back.

A review belongs to a finished game: the move log of a running game would still grow, so
storing a review for one is refused. Two requests computing the same review at once both
store it; the first to commit is kept and both callers get that one, so a game never
shows two different reviews.

Beside them, the finished games a member may pick to review (`finished_games`, the
suggestions of `/axio review game:` and `/axio replay game:`).
"""

from __future__ import annotations

import json
from itertools import groupby
from typing import Any

from .db import Database
from .errors import StorageError, WrongStatusError
from .load import fetch_row
from .records import GameChoice, Seat, from_us

_RECENT_GAMES = """
SELECT g.id, g.kind, g.guild_id, picked.updated_at, s.seat, s.user_id, s.computer, s.name,
       s.resigned
FROM (
    SELECT id, updated_at FROM (
        SELECT id, updated_at FROM games
        WHERE guild_id = :guild AND status = 'finished' AND channel_id >= 0
        ORDER BY updated_at DESC, id DESC LIMIT :limit
    ) AS here
    UNION
    SELECT id, updated_at FROM (
        SELECT g.id, g.updated_at FROM seats AS mine JOIN games AS g ON g.id = mine.game_id
        WHERE mine.user_id = :user AND g.status = 'finished' AND NOT EXISTS (
            SELECT 1 FROM daily_attempts AS d WHERE d.game_id = g.id AND d.day >= :open_day
        )
        ORDER BY g.updated_at DESC, g.id DESC LIMIT :limit
    ) AS own
    ORDER BY updated_at DESC, id DESC LIMIT :limit
) AS picked
JOIN games AS g ON g.id = picked.id
JOIN seats AS s ON s.game_id = picked.id
ORDER BY picked.updated_at DESC, picked.id DESC, s.seat
"""
"""One indexed query: this server's finished table games newest first (games_guild_history),
the member's own finished games (seats_user), merged, with their seats."""


class ReviewCommands(Database):
    async def save_review(self, game_id: int, data: dict[str, Any]) -> dict[str, Any]:
        """Keep the review `data` (JSON-ready, with the "budget_s" and "seed" it was made
        with) for a finished game, unless one is kept already; return the kept one.

        GameNotFoundError for an unknown game, WrongStatusError for one not finished.
        """
        try:
            budget_s, seed = float(data["budget_s"]), int(data["seed"])
        except (KeyError, TypeError, ValueError) as error:
            raise StorageError(
                "a review names the budget_s and the seed it was made with"
            ) from error
        text = json.dumps(data, separators=(",", ":"))
        async with self._write() as conn:
            row = await fetch_row(conn, game_id)
            if row["status"] != "finished":
                raise WrongStatusError(game_id, row["status"], "that game has not finished yet")
            await conn.execute(
                "INSERT INTO reviews (game_id, data, budget_s, seed, created_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                (game_id, text, budget_s, seed, self._now_us(None)),
            )
            rows = await conn.execute_fetchall(
                "SELECT data FROM reviews WHERE game_id = ?", (game_id,)
            )
        return json.loads(rows[0][0])

    async def review(self, game_id: int) -> dict[str, Any] | None:
        """The kept review of a game, or None if none was made yet."""
        row = await self._fetchone("SELECT data FROM reviews WHERE game_id = ?", (game_id,))
        return None if row is None else json.loads(row[0])

    async def finished_games(
        self, guild_id: int, user_id: int | None = None, *, open_day: int, limit: int = 25
    ) -> list[GameChoice]:
        """Finished games newest first, at most `limit`: this server's table games (not
        daily challenges, which stay their player's), and with `user_id` the member's own
        on any server too (what they may review; a daily challenge only from before day
        `open_day`, the first whose deal is still being played)."""
        rows = await self._fetchall(
            _RECENT_GAMES,
            {"guild": guild_id, "user": user_id, "open_day": open_day, "limit": limit},
        )
        return [
            GameChoice(
                game_id,
                seats[0]["kind"],
                seats[0]["guild_id"],
                from_us(seats[0]["updated_at"]),  # type: ignore[arg-type]
                tuple(
                    Seat(r["seat"], r["user_id"], r["computer"], r["name"], bool(r["resigned"]))
                    for r in seats
                ),
            )
            for game_id, group in groupby(rows, key=lambda r: r["id"])
            for seats in [list(group)]
        ]
