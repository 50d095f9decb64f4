"""What a finished game leaves behind: a result row per seat, the solo high score, and the
new ratings, all written in the transaction that records the game's last move.

Ratings use OpenSkill's Plackett-Luce model: any number of players, ties allowed (equal
ranks), one rating per guild, game kind and player. Computer seats are rated too, as
pseudo-players (-1 easy, -2 normal, -3 hard), so games against computers count.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite
from openskill.models import PlackettLuce

from engine import Standing, TileGame

from .postgres import serialize
from .records import FORMER_PLAYER_ID, Seat

MODEL = PlackettLuce()
_IF_BETTER = "CASE WHEN excluded.lowest > solo_best.lowest THEN excluded.{0} ELSE solo_best.{0} END"


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating shown and sorted on (mu - 3 sigma)."""
        return float(MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal())


def initial_rating() -> Rating:
    fresh = MODEL.rating()
    return Rating(fresh.mu, fresh.sigma)


def rate(before: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """New ratings for one game, one entry per seat; equal ranks are ties (1 is best)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=list(ranks))
    return [Rating(team[0].mu, team[0].sigma) for team in after]


def merge_seats(player_ids: Sequence[int], after: Sequence[Rating]) -> dict[int, Rating]:
    """One new rating per player. A player in several seats (two computers of one level)
    gets the average of its seats' updates."""
    grouped: dict[int, list[Rating]] = defaultdict(list)
    for player_id, rating in zip(player_ids, after, strict=True):
        grouped[player_id].append(rating)
    return {
        player_id: Rating(
            sum(r.mu for r in ratings) / len(ratings),
            sum(r.sigma for r in ratings) / len(ratings),
        )
        for player_id, ratings in grouped.items()
    }


async def write_results(
    conn: aiosqlite.Connection,
    game_id: int,
    guild_id: int,
    kind: str,
    seats: Sequence[Seat],
    game: TileGame,
    stamp: int,
) -> None:
    """Results, and either the solo high score or the ratings, for a game just over."""
    standings = sorted(game.standings(), key=lambda s: s.seat)
    if game.players == 1:
        await _write_rows(conn, game_id, seats, standings, {}, {})
        await _write_solo_best(conn, game_id, guild_id, kind, seats[0], standings[0], stamp)
        return
    player_ids = [seats[s.seat].player_id for s in standings]
    await serialize(conn, "ratings", guild_id, kind)  # read, rate and write: one at a time
    before = await _current_ratings(conn, guild_id, kind, set(player_ids))
    after = merge_seats(
        player_ids, rate([before[p] for p in player_ids], [s.rank for s in standings])
    )
    await _write_rows(conn, game_id, seats, standings, before, after)
    for player_id in after:
        if player_id == FORMER_PLAYER_ID:  # their data was deleted: no rating is kept
            continue
        mine = [s for s in standings if seats[s.seat].player_id == player_id]
        name = seats[mine[0].seat].name
        await conn.execute(
            "INSERT INTO ratings (guild_id, kind, player_id, name, mu, sigma, ordinal, games, "
            "wins, best_lowest, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?) "
            "ON CONFLICT (guild_id, kind, player_id) DO UPDATE SET name = excluded.name, "
            "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
            "games = ratings.games + 1, wins = ratings.wins + excluded.wins, "
            "best_lowest = CASE WHEN ratings.best_lowest IS NULL "
            "OR excluded.best_lowest > ratings.best_lowest THEN excluded.best_lowest "
            "ELSE ratings.best_lowest END, updated_at = excluded.updated_at",
            (
                guild_id,
                kind,
                player_id,
                name,
                after[player_id].mu,
                after[player_id].sigma,
                after[player_id].ordinal,
                int(any(s.winner for s in mine)),
                max(s.lowest for s in mine),
                stamp,
            ),
        )


async def _current_ratings(
    conn: aiosqlite.Connection, guild_id: int, kind: str, player_ids: set[int]
) -> dict[int, Rating]:
    ratings = dict.fromkeys(player_ids, initial_rating())
    marks = ", ".join("?" * len(player_ids))
    rows = await conn.execute_fetchall(
        f"SELECT player_id, mu, sigma FROM ratings WHERE guild_id = ? AND kind = ? "
        f"AND player_id IN ({marks})",
        (guild_id, kind, *player_ids),
    )
    for player_id, mu, sigma in rows:
        ratings[player_id] = Rating(mu, sigma)
    return ratings


async def _write_rows(
    conn: aiosqlite.Connection,
    game_id: int,
    seats: Sequence[Seat],
    standings: Sequence[Standing],
    before: dict[int, Rating],
    after: dict[int, Rating],
) -> None:
    rows = []
    for standing in standings:
        seat = seats[standing.seat]
        old, new = before.get(seat.player_id), after.get(seat.player_id)
        if seat.is_former:
            old = new = None
        rows.append(
            (
                game_id,
                standing.seat,
                seat.player_id,
                seat.name,
                standing.rank,
                int(standing.winner and len(standings) > 1),  # solo: a score, no winner
                int(seat.resigned or standing.resigned),
                *standing.scores,
                standing.lowest,
                old.ordinal if old else None,
                new.ordinal if new else None,
            )
        )
    await conn.executemany(
        "INSERT INTO results (game_id, seat, player_id, name, rank, winner, resigned, red, "
        "green, blue, orange, purple, lowest, rating_before, rating_after) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )


async def _write_solo_best(
    conn: aiosqlite.Connection,
    game_id: int,
    guild_id: int,
    kind: str,
    seat: Seat,
    standing: Standing,
    stamp: int,
) -> None:
    """Count the solo game and keep it if it beats the player's best (ties: the earlier)."""
    if seat.user_id is None or seat.is_former:
        return
    await conn.execute(
        "INSERT INTO solo_best (guild_id, kind, user_id, name, lowest, scores, game_id, games, "
        "achieved_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?) "
        "ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET games = solo_best.games + 1, "
        "name = excluded.name, "
        f"lowest = {_IF_BETTER.format('lowest')}, "
        f"scores = {_IF_BETTER.format('scores')}, "
        f"game_id = {_IF_BETTER.format('game_id')}, "
        f"achieved_at = {_IF_BETTER.format('achieved_at')}",
        (
            guild_id,
            kind,
            seat.user_id,
            seat.name,
            standing.lowest,
            json.dumps(list(standing.scores)),
            game_id,
            stamp,
        ),
    )
