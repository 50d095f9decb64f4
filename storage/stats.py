"""Read-only queries for the leaderboard, personal stats, history and solo high scores."""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict

import aiosqlite

from engine import COLOURS
from engine.seasons import check_season

from .db import Database
from .load import fetch_row, load_record
from .records import (
    HistoryEntry,
    LeaderboardEntry,
    PlayerStats,
    SeatResult,
    SoloScore,
    from_us,
)

_AVERAGE = "avg(CAST({} AS DOUBLE PRECISION))"
"""A float average on both databases (PostgreSQL's avg of integers is a decimal)."""

_RESULT_COLUMNS = (
    "game_id, seat, player_id, name, rank, winner, resigned, red, green, blue, orange, purple, "
    "rating_before, rating_after"
)


class StatsQueries(Database):
    async def leaderboard(
        self,
        guild_id: int,
        kind: str,
        limit: int = 10,
        *,
        include_computers: bool = False,
        season: int | None = None,
    ) -> list[LeaderboardEntry]:
        """Top players by conservative rating (mu - 3 sigma), then wins, then games: of
        all time, or of one season (a month, YYYYMM: see engine.seasons), whose ratings
        come from that month's rated games alone."""
        computers = "" if include_computers else "AND player_id >= 0"
        table, params = ("ratings", (guild_id, kind))
        if season is not None:
            table, params = ("season_ratings", (guild_id, kind, check_season(season)))
            computers += " AND season = ?"
        rows = await self._fetchall(
            "SELECT player_id, name, ordinal, mu, sigma, games, wins, best_lowest "
            f"FROM {table} WHERE guild_id = ? AND kind = ? {computers} "
            "ORDER BY ordinal DESC, wins DESC, games DESC, player_id LIMIT ?",
            (*params, limit),
        )
        return [LeaderboardEntry(i + 1, *row) for i, row in enumerate(rows)]

    async def player_stats(
        self, guild_id: int, player_id: int, kind: str | None = None
    ) -> list[PlayerStats]:
        """One entry per game kind the player has finished a game of (or just `kind`).

        Games, wins and lowest scores count games with other players; solo games are
        counted apart. Favourite and weakest colour: highest and lowest average score over
        all of the player's finished games of that kind.
        """
        found = []
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT DISTINCT g.kind FROM results r JOIN games g ON g.id = r.game_id "
                "WHERE g.guild_id = ? AND r.player_id = ? ORDER BY g.kind",
                (guild_id, player_id),
            )
            kinds = [r[0] for r in rows if kind in (None, r[0])]
            for each in kinds:
                stats = await _player_stats(conn, guild_id, player_id, each)
                if stats is not None:
                    found.append(stats)
        return found

    async def recent_history(
        self,
        guild_id: int,
        limit: int = 10,
        *,
        kind: str | None = None,
        player_id: int | None = None,
    ) -> list[HistoryEntry]:
        """Finished games, newest first, with every seat's result; and started games that
        something other than their players ended (their channel deleted), with the scores
        they had then, no winner and no rating, and their `ended_reason`. Games in no
        channel (daily challenges) have their own table: see daily.py."""
        where = (
            "guild_id = ? AND channel_id >= 0 AND (status = 'finished' OR (status = 'cancelled' "
            "AND ended_reason IS NOT NULL AND seed IS NOT NULL))"
        )
        params: list[object] = [guild_id]
        if kind is not None:
            where += " AND kind = ?"
            params.append(kind)
        if player_id is not None:
            where += (
                " AND (id IN (SELECT game_id FROM results WHERE player_id = ?) "
                "OR (ended_reason IS NOT NULL "
                "AND id IN (SELECT game_id FROM seats WHERE user_id = ?)))"
            )
            params += [player_id, player_id]
        async with self._read() as conn:
            games = list(
                await conn.execute_fetchall(
                    f"SELECT id, kind, channel_id, updated_at, ended_reason FROM games "
                    f"WHERE {where} ORDER BY updated_at DESC, id DESC LIMIT ?",
                    (*params, limit),
                )
            )
            results = await _results_of(conn, [g[0] for g in games if g[4] is None])
            for game in games:
                if game[4] is not None:
                    results[game[0]] = await _scores_when_ended(conn, game[0])
        return [
            HistoryEntry(g[0], g[1], g[2], from_us(g[3]), tuple(results[g[0]]), g[4])  # type: ignore[arg-type]
            for g in games
        ]

    async def game_results(self, game_id: int) -> list[SeatResult]:
        """A finished game's result per seat, in seat order (empty if it did not finish)."""
        async with self._read() as conn:
            await fetch_row(conn, game_id)
            return (await _results_of(conn, [game_id]))[game_id]

    async def solo_high_scores(self, guild_id: int, kind: str, limit: int = 10) -> list[SoloScore]:
        """Each player's best solo game, best first; equal scores: who got there first."""
        rows = await self._fetchall(
            "SELECT user_id, name, lowest, scores, game_id, games, achieved_at "
            "FROM solo_best WHERE guild_id = ? AND kind = ? "
            "ORDER BY lowest DESC, achieved_at, user_id LIMIT ?",
            (guild_id, kind, limit),
        )
        return [
            SoloScore(
                i + 1,
                r[0],
                r[1],
                r[2],
                tuple(json.loads(r[3])),
                r[4],
                r[5],
                from_us(r[6]),  # type: ignore[arg-type]
            )
            for i, r in enumerate(rows)
        ]


async def _results_of(
    conn: aiosqlite.Connection, game_ids: list[int]
) -> dict[int, list[SeatResult]]:
    found: dict[int, list[SeatResult]] = defaultdict(list)
    if not game_ids:
        return found
    marks = ", ".join("?" * len(game_ids))
    rows = await conn.execute_fetchall(
        f"SELECT {_RESULT_COLUMNS} FROM results WHERE game_id IN ({marks}) ORDER BY game_id, seat",
        game_ids,
    )
    for r in rows:
        found[r[0]].append(_seat_result(r))
    return found


async def _scores_when_ended(conn: aiosqlite.Connection, game_id: int) -> list[SeatResult]:
    """Each seat's scores in a game that ended without a result: ranked as they stood,
    but nobody won and no rating changed."""
    record = await load_record(conn, game_id)
    if record.game is None:
        return []
    return [
        SeatResult(
            seat=standing.seat,
            player_id=record.seats[standing.seat].player_id,
            name=record.seats[standing.seat].name,
            rank=standing.rank,
            winner=False,
            resigned=record.seats[standing.seat].resigned or standing.resigned,
            scores=tuple(standing.scores),  # type: ignore[arg-type]
        )
        for standing in sorted(record.game.standings(), key=lambda s: s.seat)
    ]


def _seat_result(r: sqlite3.Row) -> SeatResult:
    return SeatResult(
        seat=r["seat"],
        player_id=r["player_id"],
        name=r["name"],
        rank=r["rank"],
        winner=bool(r["winner"]),
        resigned=bool(r["resigned"]),
        scores=(r["red"], r["green"], r["blue"], r["orange"], r["purple"]),
        rating_before=r["rating_before"],
        rating_after=r["rating_after"],
    )


async def _player_stats(
    conn: aiosqlite.Connection, guild_id: int, player_id: int, kind: str
) -> PlayerStats | None:
    [row] = await conn.execute_fetchall(
        "SELECT count(*), coalesce(sum(winner), 0), "
        "coalesce(sum(CASE WHEN g.players = 1 THEN 1 ELSE 0 END), 0), "
        "max(CASE WHEN g.players = 1 THEN lowest END), "
        f"{_AVERAGE.format('red')}, {_AVERAGE.format('green')}, {_AVERAGE.format('blue')}, "
        f"{_AVERAGE.format('orange')}, {_AVERAGE.format('purple')}, "
        f"{_AVERAGE.format('CASE WHEN g.players > 1 THEN lowest END')}, "
        "max(CASE WHEN g.players > 1 THEN lowest END) "
        "FROM results r JOIN games g ON g.id = r.game_id "
        "WHERE g.guild_id = ? AND g.kind = ? AND r.player_id = ?",
        (guild_id, kind, player_id),
    )
    total, wins, solo_games, solo_best, *colour_avgs, avg_lowest, best_lowest = row
    if not total:
        return None
    ratings = list(
        await conn.execute_fetchall(
            "SELECT ordinal, mu, sigma FROM ratings WHERE guild_id = ? AND kind = ? "
            "AND player_id = ?",
            (guild_id, kind, player_id),
        )
    )
    rating = ratings[0] if ratings else None
    order = sorted(range(len(COLOURS)), key=lambda i: (colour_avgs[i], -i))
    return PlayerStats(
        kind=kind,
        player_id=player_id,
        rating=rating[0] if rating else None,
        mu=rating[1] if rating else None,
        sigma=rating[2] if rating else None,
        games=total - solo_games,
        wins=wins,
        average_lowest=avg_lowest,
        best_lowest=best_lowest,
        favourite_colour=COLOURS[order[-1]],
        weakest_colour=COLOURS[order[0]],
        solo_games=solo_games,
        solo_best=solo_best,
    )
