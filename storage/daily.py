"""The daily challenge: one solo deal per UTC day and game (engine/daily.py), played on the
ordinary turn pipeline as a solo game in no channel (see deal.py), so every move is stored
and replayable like any other; this module keeps who played which day's deal and how.

Decisions where the issue is silent:
- A (day, game, player) has attempts 1, 2, …; attempt 1 is the one that counts. Asked
  again once it is over, `play_daily` hands back the finished attempt; `again=True`
  deals a practice attempt of the same deal that counts nowhere.
- An attempt belongs to the server it was started on: it counts in that server's table
  of the day (and, like every attempt, among everyone's for the percentile).
- An attempt counts only if it ends on its own day (UTC). Unfinished attempts of past
  days are closed (their game cancelled) by `expire_daily`, which play_daily and
  queue_daily_posts run, so nobody plays a deal whose games may already be replayed.
- Daily games stay out of the server's solo high scores and game history: they have
  their own table, and a replay of someone's daily during its day would spoil it.
- "Today" always comes from the Repository's clock or the `now` given: never wall time.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import aiosqlite

from engine import Standing
from engine.daily import (
    daily_seed,
    day_number,
    day_start,
    is_open,
    ranking_key,
    streaks,
)

from .channel_posts import queue_channel_post
from .community_records import DailyAttempt, DailyEntry, DailyOutcome
from .db import Database
from .deal import deal_game
from .errors import StorageError
from .load import load_record
from .postgres import serialize
from .records import GameRecord, GuildSettings, Seat, from_us
from .shards import ALL_SHARDS, ShardSet

_ATTEMPT = (
    "day, kind, user_id, attempt, guild_id, name, game_id, started_at, finished_at, score, scores"
)
_SCORED = "attempt = 1 AND ranking IS NOT NULL"
"""The counted, finished attempts (this matches the partial indexes' condition)."""


def _attempt(row: Any) -> DailyAttempt:
    return DailyAttempt(
        day=row[0],
        kind=row[1],
        user_id=row[2],
        attempt=row[3],
        guild_id=row[4],
        name=row[5],
        game_id=row[6],
        started_at=from_us(row[7]),  # type: ignore[arg-type]
        finished_at=from_us(row[8]),
        score=row[9],
        scores=tuple(json.loads(row[10])) if row[10] else None,
    )


async def daily_game_over(
    conn: aiosqlite.Connection, game_id: int, standing: Standing, stamp: int
) -> bool:
    """Record the end of a daily game (inside its last move's transaction); False if the
    game is not a daily one. It scores only if it ended on its own day."""
    today = day_number(from_us(stamp))  # type: ignore[arg-type]
    rows = await conn.execute_fetchall(
        "UPDATE daily_attempts SET finished_at = :stamp, scores = :scores, "
        "score = CASE WHEN day = :today THEN CAST(:score AS INTEGER) END, "
        "ranking = CASE WHEN day = :today THEN CAST(:ranking AS INTEGER) END "
        "WHERE game_id = :game RETURNING day",
        {
            "stamp": stamp,
            "scores": json.dumps(list(standing.scores)),
            "today": today,
            "score": standing.lowest,
            "ranking": ranking_key(standing.scores),
            "game": game_id,
        },
    )
    return bool(list(rows))


async def _expire(conn: aiosqlite.Connection, today: int, stamp: int) -> int:
    """Close every unfinished attempt of a day before `today` and cancel its game."""
    await conn.execute(
        "UPDATE games SET status = 'cancelled', updated_at = ? WHERE status = 'running' "
        "AND id IN (SELECT game_id FROM daily_attempts WHERE finished_at IS NULL AND day < ?)",
        (stamp, today),
    )
    cursor = await conn.execute(
        "UPDATE daily_attempts SET finished_at = ? WHERE finished_at IS NULL AND day < ?",
        (stamp, today),
    )
    return cursor.rowcount


class DailyCommands(Database):
    def today(self, now: datetime | None = None) -> int:
        """Today's challenge number, by the Repository's clock (or `now`)."""
        return day_number(now if now is not None else self._clock())

    async def play_daily(
        self,
        kind: str,
        guild_id: int,
        user_id: int,
        name: str,
        *,
        again: bool = False,
        now: datetime | None = None,
    ) -> tuple[DailyAttempt, GameRecord]:
        """Today's deal for this player: their unfinished attempt (resumed where it
        stopped), else their finished counted one (to show its result), else a new one.
        With `again`, a finished player gets a new practice attempt (it counts nowhere).
        StorageError before the launch day."""
        moment = now if now is not None else self._clock()
        day, stamp = day_number(moment), self._now_us(moment)
        if not is_open(day):
            raise StorageError(
                "the daily challenge starts on {start} (00:00 UTC)", start=day_start(1).date()
            )
        seed = daily_seed(kind, day)  # refuses a game without a daily challenge
        async with self._write() as conn:
            await serialize(conn, "daily", kind, user_id)
            await _expire(conn, day, stamp)
            rows = list(
                await conn.execute_fetchall(
                    f"SELECT {_ATTEMPT} FROM daily_attempts WHERE day = ? AND kind = ? "
                    "AND user_id = ? ORDER BY attempt",
                    (day, kind, user_id),
                )
            )
            attempts = [_attempt(row) for row in rows]
            playing = [a for a in attempts if not a.finished]
            if playing:
                chosen = playing[-1]
            elif attempts and not again:
                chosen = attempts[0]
            else:
                chosen = await self._new_attempt(
                    conn, day, kind, guild_id, user_id, name, seed, len(attempts) + 1, stamp
                )
            return chosen, await load_record(conn, chosen.game_id, self._games)

    async def _new_attempt(
        self,
        conn: aiosqlite.Connection,
        day: int,
        kind: str,
        guild_id: int,
        user_id: int,
        name: str,
        seed: int,
        number: int,
        stamp: int,
    ) -> DailyAttempt:
        game_id = await deal_game(
            conn,
            kind=kind,
            guild_id=guild_id,
            host_id=user_id,
            seats=(Seat(0, user_id, None, name),),
            seed=seed,
            stamp=stamp,
            settings={"daily": day},
        )
        [row] = await conn.execute_fetchall(
            "INSERT INTO daily_attempts (day, kind, user_id, attempt, guild_id, name, game_id, "
            f"started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING {_ATTEMPT}",
            (day, kind, user_id, number, guild_id, name, game_id, stamp),
        )
        return _attempt(row)

    async def daily_attempt(self, kind: str, user_id: int, day: int) -> DailyAttempt | None:
        """The player's counted attempt at that day's deal, if any."""
        row = await self._fetchone(
            f"SELECT {_ATTEMPT} FROM daily_attempts WHERE day = ? AND kind = ? AND user_id = ? "
            "AND attempt = 1",
            (day, kind, user_id),
        )
        return None if row is None else _attempt(row)

    async def daily_attempt_of_game(self, game_id: int) -> DailyAttempt | None:
        """The attempt a game belongs to (None: not a daily game). A replay of it is for
        its player alone until engine.daily.is_over(attempt.day, now)."""
        row = await self._fetchone(
            f"SELECT {_ATTEMPT} FROM daily_attempts WHERE game_id = ?", (game_id,)
        )
        return None if row is None else _attempt(row)

    async def daily_table(
        self, day: int, kind: str, guild_id: int | None, limit: int = 10
    ) -> list[DailyEntry]:
        """The day's counted results, best first (equal results share a rank, earlier
        finish listed first): of one server, or of everyone with guild_id None."""
        server, params = ("AND guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
        rows = await self._fetchall(
            "SELECT user_id, name, score, scores, game_id, guild_id, finished_at, ranking "
            f"FROM daily_attempts WHERE day = ? AND kind = ? {server} AND {_SCORED} "
            "ORDER BY ranking DESC, finished_at, user_id LIMIT ?",
            (day, kind, *params, limit),
        )
        entries: list[DailyEntry] = []
        for i, row in enumerate(rows):
            rank = entries[-1].rank if i and rows[i - 1][7] == row[7] else i + 1
            scores = tuple(json.loads(row[3]))
            finished: datetime = from_us(row[6])  # type: ignore[assignment]
            entries.append(DailyEntry(rank, *row[:3], scores, *row[4:6], finished))
        return entries

    async def daily_outcome(
        self,
        kind: str,
        user_id: int,
        guild_id: int,
        *,
        day: int | None = None,
        now: datetime | None = None,
    ) -> DailyOutcome | None:
        """The player's counted result of a day (today by default) with their rank on
        server `guild_id`, their percentile among everyone, and their streaks; None if
        they have no attempt that day."""
        today = self.today(now)
        day = today if day is None else day
        async with self._read() as conn:
            rows = list(
                await conn.execute_fetchall(
                    f"SELECT {_ATTEMPT}, ranking FROM daily_attempts WHERE day = ? AND kind = ? "
                    "AND user_id = ? AND attempt = 1",
                    (day, kind, user_id),
                )
            )
            if not rows:
                return None
            attempt, ranking = _attempt(rows[0]), rows[0][11]
            [everyone] = await conn.execute_fetchall(
                "SELECT count(*), coalesce(sum(CASE WHEN ranking < ? THEN 1 ELSE 0 END), 0), "
                "coalesce(sum(CASE WHEN ranking = ? THEN 1 ELSE 0 END), 0) FROM daily_attempts "
                f"WHERE day = ? AND kind = ? AND {_SCORED}",
                (ranking, ranking, day, kind),
            )
            [server] = await conn.execute_fetchall(
                "SELECT count(*), coalesce(sum(CASE WHEN ranking > ? THEN 1 ELSE 0 END), 0) "
                f"FROM daily_attempts WHERE day = ? AND kind = ? AND guild_id = ? AND {_SCORED}",
                (ranking, day, kind, guild_id),
            )
            days = await conn.execute_fetchall(
                f"SELECT day FROM daily_attempts WHERE user_id = ? AND kind = ? AND {_SCORED} "
                "AND day <= ?",
                (user_id, kind, today),
            )
        streak, best = streaks((row[0] for row in days), today)
        scored = ranking is not None
        return DailyOutcome(
            attempt=attempt,
            server_rank=int(server[1]) + 1 if scored else None,
            server_players=int(server[0]),
            players=int(everyone[0]),
            below=int(everyone[1]) if scored else 0,
            level=int(everyone[2]) if scored else 0,
            streak=streak,
            best_streak=best,
        )

    async def daily_players(self, day: int, kind: str, guild_id: int | None = None) -> int:
        """How many players have a counted result for the day (on one server, or all)."""
        server, params = ("AND guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
        row = await self._fetchone(
            f"SELECT count(*) FROM daily_attempts WHERE day = ? AND kind = ? {server} "
            f"AND {_SCORED}",
            (day, kind, *params),
        )
        return int(row[0]) if row else 0

    async def expire_daily(self, now: datetime | None = None) -> int:
        """Close the unfinished attempts of days before today (cancelling their games);
        how many. play_daily and queue_daily_posts do this too."""
        moment = now if now is not None else self._clock()
        async with self._write() as conn:
            return await _expire(conn, day_number(moment), self._now_us(moment))

    async def set_daily_channel(self, guild_id: int, channel_id: int | None) -> GuildSettings:
        """Name the channel that gets the daily post (None: no daily post)."""
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, daily_channel_id) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET daily_channel_id = excluded.daily_channel_id",
                (guild_id, channel_id),
            )
        return await self.guild_settings(guild_id)  # type: ignore[attr-defined]

    async def queue_daily_posts(
        self, now: datetime | None = None, shards: ShardSet = ALL_SHARDS
    ) -> int:
        """Owe today's daily post ('daily', payload {"day"}) to the daily channel of every
        server of these shards that has one and has not been owed it today; how many were
        queued. Run it on every scheduler pass: each server gets one post a day, at the
        first pass after 00:00 UTC (or after its channel is set)."""
        moment = now if now is not None else self._clock()
        day, stamp = day_number(moment), self._now_us(moment)
        if not is_open(day):
            return 0
        owned, params = shards.where("gs.guild_id")
        async with self._write() as conn:
            await _expire(conn, day, stamp)
            # Only the servers not owed today's post yet: this runs every scheduler pass.
            rows = await conn.execute_fetchall(
                "SELECT guild_id, daily_channel_id FROM guild_settings gs "
                f"WHERE daily_channel_id IS NOT NULL AND {owned} AND NOT EXISTS (SELECT 1 "
                "FROM channel_posts p WHERE p.post_key = 'daily:' || CAST(gs.guild_id AS TEXT) "
                "|| ?)",
                (*params, f":{day}"),
            )
            queued = 0
            for guild_id, channel_id in rows:
                key = f"daily:{guild_id}:{day}"
                payload = {"day": day}
                queued += await queue_channel_post(
                    conn, key, guild_id, channel_id, "daily", payload, stamp
                )
            return queued
