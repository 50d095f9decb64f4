"""What a finished game leaves behind: a result row per seat, the solo high score, and the
new ratings (all-time, and the month's season), all written in the transaction that
records the game's last move.

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
from engine.seasons import season_of

from .postgres import serialize
from .records import Seat, from_us, is_former_player

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


@dataclass(frozen=True)
class Placing:
    """What rating a game needs of one seat."""

    player_id: int
    name: str
    rank: int
    winner: bool
    lowest: int


async def write_results(
    conn: aiosqlite.Connection,
    game_id: int,
    guild_id: int,
    kind: str,
    seats: Sequence[Seat],
    game: TileGame,
    stamp: int,
    *,
    solo_best: bool = True,
) -> None:
    """Results, and either the solo high score or the ratings (all-time and the season's,
    the calendar month of `stamp`), for a game just over. `solo_best` False leaves the solo
    high-score table alone (a daily challenge has its own table)."""
    standings = sorted(game.standings(), key=lambda s: s.seat)
    if game.players == 1:
        await _write_rows(conn, game_id, seats, standings, {}, {})
        if solo_best:
            await _write_solo_best(conn, game_id, guild_id, kind, seats[0], standings[0], stamp)
        return
    placings = [
        Placing(seats[s.seat].player_id, seats[s.seat].name, s.rank, s.winner, s.lowest)
        for s in standings
    ]
    await serialize(conn, "ratings", guild_id, kind)  # read, rate and write: one at a time
    before, after = await rate_into(conn, "ratings", (guild_id, kind), placings, stamp)
    await _write_rows(conn, game_id, seats, standings, before, after)
    season = season_of(from_us(stamp))  # type: ignore[arg-type]
    await rate_into(conn, "season_ratings", (guild_id, kind, season), placings, stamp)


_SCOPES = {"ratings": ("guild_id", "kind"), "season_ratings": ("guild_id", "kind", "season")}


async def rate_into(
    conn: aiosqlite.Connection,
    table: str,
    scope: tuple,
    placings: Sequence[Placing],
    stamp: int,
) -> tuple[dict[int, Rating], dict[int, Rating]]:
    """Rate one game in a ratings table (all-time, or one season's) and store the new
    ratings, games, wins and best lowest scores; the ratings before and after, by player."""
    columns = _SCOPES[table]
    player_ids = [p.player_id for p in placings]
    before = await _current_ratings(conn, table, columns, scope, set(player_ids))
    after = merge_seats(
        player_ids, rate([before[p] for p in player_ids], [p.rank for p in placings])
    )
    keys = ", ".join(columns)
    marks = ", ".join("?" for _ in columns)
    for player_id in after:
        if is_former_player(player_id):  # their data was deleted: no rating is kept
            continue
        mine = [p for p in placings if p.player_id == player_id]
        await conn.execute(
            f"INSERT INTO {table} ({keys}, player_id, name, mu, sigma, ordinal, games, wins, "
            f"best_lowest, updated_at) VALUES ({marks}, ?, ?, ?, ?, ?, 1, ?, ?, ?) "
            f"ON CONFLICT ({keys}, player_id) DO UPDATE SET name = excluded.name, "
            "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
            f"games = {table}.games + 1, wins = {table}.wins + excluded.wins, "
            f"best_lowest = CASE WHEN {table}.best_lowest IS NULL "
            f"OR excluded.best_lowest > {table}.best_lowest THEN excluded.best_lowest "
            f"ELSE {table}.best_lowest END, updated_at = excluded.updated_at",
            (
                *scope,
                player_id,
                mine[0].name,
                after[player_id].mu,
                after[player_id].sigma,
                after[player_id].ordinal,
                int(any(p.winner for p in mine)),
                max(p.lowest for p in mine),
                stamp,
            ),
        )
    return before, after


async def _current_ratings(
    conn: aiosqlite.Connection,
    table: str,
    columns: tuple[str, ...],
    scope: tuple,
    player_ids: set[int],
) -> dict[int, Rating]:
    ratings = dict.fromkeys(player_ids, initial_rating())
    where = " AND ".join(f"{column} = ?" for column in columns)
    marks = ", ".join("?" * len(player_ids))
    rows = await conn.execute_fetchall(
        f"SELECT player_id, mu, sigma FROM {table} WHERE {where} AND player_id IN ({marks})",
        (*scope, *player_ids),
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
