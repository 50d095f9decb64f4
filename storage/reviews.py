"""Game reviews, kept once per game: the first request computes one (engine/ai/review.py,
in the bot's process pool) and stores it here; every later request reads it back.

A review belongs to a finished game: the move log of a running game would still grow, so
storing a review for one is refused. Two requests computing the same review at once both
store it; the first to commit is kept and both callers get that one, so a game never
shows two different reviews.
"""

from __future__ import annotations

import json
from typing import Any

from .db import Database
from .errors import StorageError, WrongStatusError
from .load import fetch_row


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
