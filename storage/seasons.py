"""Seasons: each calendar month (UTC) has its own ratings, from that month's rated games
alone (results.py writes them beside the all-time ratings, in the game's own transaction).
A game belongs to the season of the moment it ended.

`rebuild_season_ratings` computes a season again from the stored results, game by game in
the order they ended: for a season that began before this table existed (games finished
before migration 0005 have no season ratings), and as the check that what was written
move by move is what the results say.
"""

from __future__ import annotations

from collections import defaultdict

from engine.seasons import check_season, season_end, season_start

from .db import Database
from .postgres import serialize
from .records import to_us
from .results import Placing, rate_into


class SeasonQueries(Database):
    async def seasons(self, guild_id: int, kind: str) -> list[int]:
        """The seasons (YYYYMM) with rated games on this server, newest first."""
        rows = await self._fetchall(
            "SELECT DISTINCT season FROM season_ratings WHERE guild_id = ? AND kind = ? "
            "ORDER BY season DESC",
            (guild_id, kind),
        )
        return [row[0] for row in rows]

    async def rebuild_season_ratings(self, guild_id: int, kind: str, season: int) -> int:
        """Rate one server's season again from its stored results; how many games."""
        start, end = (to_us(moment) for moment in (season_start(season), season_end(season)))
        async with self._write() as conn:
            await serialize(conn, "ratings", guild_id, kind)
            rows = await conn.execute_fetchall(
                "SELECT g.id, g.updated_at, r.player_id, r.name, r.rank, r.winner, r.lowest "
                "FROM games g JOIN results r ON r.game_id = g.id WHERE g.guild_id = ? "
                "AND g.kind = ? AND g.status = 'finished' AND g.players > 1 "
                "AND g.updated_at >= ? AND g.updated_at < ? ORDER BY g.updated_at, g.id, r.seat",
                (guild_id, kind, start, end),
            )
            games: dict[tuple[int, int], list[Placing]] = defaultdict(list)
            for game_id, stamp, player_id, name, rank, winner, lowest in rows:
                games[(stamp, game_id)].append(Placing(player_id, name, rank, bool(winner), lowest))
            await conn.execute(
                "DELETE FROM season_ratings WHERE guild_id = ? AND kind = ? AND season = ?",
                (guild_id, kind, check_season(season)),
            )
            for (stamp, _), placings in sorted(games.items()):
                await rate_into(conn, "season_ratings", (guild_id, kind, season), placings, stamp)
        return len(games)
