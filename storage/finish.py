"""What a game's end sets off, in the transaction that ends it: its results and ratings
(results.py), a daily challenge's score (daily.py), and a tournament round's close
(tournament_rounds.py)."""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

from engine import TileGame

from .daily import daily_game_over
from .records import Seat
from .results import write_results
from .tournament_rounds import tournament_game_ended


async def finish_game(
    conn: aiosqlite.Connection,
    game_id: int,
    guild_id: int,
    kind: str,
    seats: Sequence[Seat],
    game: TileGame,
    stamp: int,
) -> None:
    """Everything a game that has just ended writes (its status is the caller's)."""
    daily = game.players == 1 and await daily_game_over(conn, game_id, game.standings()[0], stamp)
    await write_results(conn, game_id, guild_id, kind, seats, game, stamp, solo_best=not daily)
    await tournament_game_ended(conn, game_id, stamp)


async def game_called_off(conn: aiosqlite.Connection, game_id: int, stamp: int) -> None:
    """A game was ended without a result: a tournament round may be over."""
    await tournament_game_ended(conn, game_id, stamp)
