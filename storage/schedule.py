"""Per-guild settings, DM opt-in, and the questions the bot's scheduler asks each tick.

Time is always passed in (`now`) or read from the Repository's clock, never from the wall
clock inside a query, so that tests can run on simulated time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

import aiosqlite

from .db import Database
from .errors import StaleTurnError, StorageError
from .postgres import for_update
from .records import EXPERT_BUDGET_RANGE, LEVELS, DueTurn, GuildSettings, from_us
from .shards import ALL_SHARDS, ShardSet

_DEFAULTS = GuildSettings(guild_id=0)
_COLUMNS = (
    "reminder_hours, timeout_hours, timeout_action, hints_enabled, daily_channel_id, "
    "language, stand_in_level, expert_hints, expert_budget_s"
)
_HOUR_US = 3_600_000_000

_DUE = (
    "SELECT g.id, g.guild_id, g.channel_id, g.kind, g.to_move, s.user_id, g.move_count, "
    "g.turn_started_at, g.turn_message_id, "
    "coalesce(g.timeout_action, gs.timeout_action, ?) AS action "
    "FROM games g "
    "JOIN seats s ON s.game_id = g.id AND s.seat = g.to_move "
    "AND s.user_id IS NOT NULL AND s.resigned = 0 "
    "LEFT JOIN guild_settings gs ON gs.guild_id = g.guild_id "
    "WHERE g.status = 'running' AND g.channel_id >= 0 AND {hours} > 0 "
    "AND ? - g.turn_started_at >= {hours} * {hour} {extra} "
    "ORDER BY g.turn_started_at, g.id"
)
"""Turns waiting past a number of hours. A game with its own timeout (a tournament's days
per move) uses it, and is reminded half-way to it; a game in no channel (channel_id < 0:
a daily challenge, or a tournament table before its thread) has neither."""
_HOURS = {
    "reminder_hours": "coalesce(g.timeout_hours / 2, gs.reminder_hours, ?)",
    "timeout_hours": "coalesce(g.timeout_hours, gs.timeout_hours, ?)",
}


class ScheduleQueries(Database):
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings, or the defaults if it never changed any."""
        row = await self._fetchone(
            f"SELECT {_COLUMNS} FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        if row is None:
            return replace(_DEFAULTS, guild_id=guild_id)
        return _settings(guild_id, row)

    async def set_guild_settings(
        self,
        guild_id: int,
        *,
        reminder_hours: float | None = None,
        timeout_hours: float | None = None,
        timeout_action: str | None = None,
        hints_enabled: bool | None = None,
        language: str | None = None,
        stand_in_level: str | None = None,
        expert_hints: bool | None = None,
        expert_budget_s: float | None = None,
    ) -> GuildSettings:
        """Change some settings (None keeps a value); 0 hours turns reminders/timeouts off;
        `language` "" goes back to the server's own Discord language."""
        if reminder_hours is not None and not 0 <= reminder_hours <= 24 * 365:
            raise StorageError("reminder hours must be between 0 (off) and 8760")
        if timeout_hours is not None and not 0 <= timeout_hours <= 24 * 365:
            raise StorageError("timeout hours must be between 0 (off) and 8760")
        if timeout_action not in (None, "computer", "resign"):
            raise StorageError("a timeout can make a computer move or resign the seat")
        if stand_in_level not in (None, *LEVELS):
            raise StorageError(
                "a stand-in plays at one of the levels {levels}", levels=", ".join(LEVELS)
            )
        low, high = EXPERT_BUDGET_RANGE
        if expert_budget_s is not None and not low <= expert_budget_s <= high:
            raise StorageError(
                "the expert thinks between {low} and {high} s a move", low=low, high=high
            )
        values = {
            "guild": guild_id,
            "reminder": reminder_hours,
            "timeout": timeout_hours,
            "action": timeout_action,
            "hints": None if hints_enabled is None else int(hints_enabled),
            "language": language,
            "level": stand_in_level,
            "expert_hints": None if expert_hints is None else int(expert_hints),
            "budget": expert_budget_s,
        }
        defaults = {
            "d_reminder": _DEFAULTS.reminder_hours,
            "d_timeout": _DEFAULTS.timeout_hours,
            "d_action": _DEFAULTS.timeout_action,
            "d_hints": int(_DEFAULTS.hints_enabled),
            "d_level": _DEFAULTS.stand_in_level,
            "d_expert_hints": int(_DEFAULTS.expert_hints),
            "d_budget": _DEFAULTS.expert_budget_s,
        }
        async with self._write() as conn:  # one statement: concurrent changes both count
            [row] = await conn.execute_fetchall(
                # The casts tell PostgreSQL what the parameters are (SQLite ignores them).
                "INSERT INTO guild_settings (guild_id, reminder_hours, timeout_hours, "
                "timeout_action, hints_enabled, language, stand_in_level, expert_hints, "
                "expert_budget_s) VALUES (:guild, "
                "coalesce(CAST(:reminder AS DOUBLE PRECISION), :d_reminder), "
                "coalesce(CAST(:timeout AS DOUBLE PRECISION), :d_timeout), "
                "coalesce(CAST(:action AS TEXT), :d_action), "
                "coalesce(CAST(:hints AS INTEGER), :d_hints), "
                "nullif(CAST(:language AS TEXT), ''), "
                "coalesce(CAST(:level AS TEXT), :d_level), "
                "coalesce(CAST(:expert_hints AS INTEGER), :d_expert_hints), "
                "coalesce(CAST(:budget AS DOUBLE PRECISION), :d_budget)) "
                "ON CONFLICT (guild_id) DO UPDATE "
                "SET reminder_hours = coalesce(:reminder, guild_settings.reminder_hours), "
                "timeout_hours = coalesce(:timeout, guild_settings.timeout_hours), "
                "timeout_action = coalesce(:action, guild_settings.timeout_action), "
                "hints_enabled = coalesce(:hints, guild_settings.hints_enabled), "
                "language = CASE WHEN CAST(:language AS TEXT) IS NULL "
                "THEN guild_settings.language "
                "ELSE nullif(CAST(:language AS TEXT), '') END, "
                "stand_in_level = coalesce(:level, guild_settings.stand_in_level), "
                "expert_hints = coalesce(:expert_hints, guild_settings.expert_hints), "
                "expert_budget_s = coalesce(:budget, guild_settings.expert_budget_s) "
                f"RETURNING {_COLUMNS}",
                values | defaults,
            )
        return _settings(guild_id, row)

    async def games_due_reminder(
        self, now: datetime | None = None, shards: ShardSet = ALL_SHARDS
    ) -> list[DueTurn]:
        """Running games (of `shards`' servers) whose person to move has waited at least
        the guild's reminder hours and has not been reminded for this move yet (see
        mark_reminded)."""
        extra = "AND g.reminded_move_count IS DISTINCT FROM g.move_count"
        return await self._due("reminder_hours", _DEFAULTS.reminder_hours, extra, now, shards)

    async def games_due_timeout(
        self, now: datetime | None = None, shards: ShardSet = ALL_SHARDS
    ) -> list[DueTurn]:
        """Running games (of `shards`' servers) whose person to move has waited at least
        the timeout hours."""
        return await self._due("timeout_hours", _DEFAULTS.timeout_hours, "", now, shards)

    async def mark_reminded(self, game_id: int, move_count: int) -> bool:
        """Remember the reminder for this move; False if the game has moved on meanwhile,
        or if another process has already reminded it: exactly one caller gets True."""
        async with self._write() as conn:
            cursor = await conn.execute(
                "UPDATE games SET reminded_move_count = ? WHERE id = ? AND move_count = ? "
                "AND status = 'running' AND reminded_move_count IS DISTINCT FROM ?",
                (move_count, game_id, move_count, move_count),
            )
            return cursor.rowcount == 1

    async def games_awaiting_computer(self, shards: ShardSet = ALL_SHARDS) -> list[int]:
        """Running games (of `shards`' servers) whose seat to move is a computer or
        resigned, by id: the bot plays these on after a restart, and checks on every
        delivery pass, so this reads ids only (the game is loaded when it is played).
        A tournament table waits for its thread first."""
        owned, params = shards.where("games.guild_id")
        rows = await self._fetchall(
            "SELECT id FROM games WHERE status = 'running' AND channel_id >= 0 "
            "AND EXISTS (SELECT 1 FROM seats s "
            "WHERE s.game_id = games.id AND s.seat = games.to_move "
            f"AND (s.computer IS NOT NULL OR s.resigned = 1)) AND {owned} ORDER BY id",
            tuple(params),
        )
        return [row[0] for row in rows]

    async def vote_skip(
        self,
        game_id: int,
        move_count: int,
        voter_id: int,
        *,
        needed: int | None = None,
        now: datetime | None = None,
    ) -> int:
        """Record a vote to skip the player to move at `move_count` and return how many
        different players have voted for that move. StaleTurnError if the game moved on;
        with `needed`, a vote after the count has reached it is refused (the vote has
        passed already), so exactly one vote passes it and the count never goes above."""
        async with self._write() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "SELECT move_count FROM games WHERE id = ? AND status = 'running'"
                    + for_update(conn),
                    (game_id,),
                )
            )
            if not rows or rows[0][0] != move_count:
                raise StaleTurnError(game_id, move_count, rows[0][0] if rows else -1)
            if needed is not None and await _skip_votes(conn, game_id, move_count) >= needed:
                raise StorageError("the vote to skip has passed already: a computer makes the move")
            await conn.execute(
                "INSERT INTO skip_votes (game_id, move_count, voter_id, voted_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, move_count, voter_id, self._now_us(now)),
            )
            return await _skip_votes(conn, game_id, move_count)

    async def games_skip_voted(self) -> list[tuple[int, int]]:
        """(game id, votes) of running games with votes to skip the current move: after a
        crash, a vote that passed still gets its stand-in move."""
        rows = await self._fetchall(
            "SELECT g.id, count(*) FROM games g JOIN skip_votes v ON v.game_id = g.id "
            "AND v.move_count = g.move_count WHERE g.status = 'running' GROUP BY g.id"
        )
        return [(row[0], row[1]) for row in rows]

    async def set_notify(self, user_id: int, enabled: bool) -> None:
        """A person's opt-in to direct messages when it is their turn."""
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO notify (user_id, enabled) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled",
                (user_id, int(enabled)),
            )

    async def notify_enabled(self, user_id: int) -> bool:
        row = await self._fetchone("SELECT enabled FROM notify WHERE user_id = ?", (user_id,))
        return bool(row and row[0])

    async def _due(
        self, column: str, default: float, extra: str, now: datetime | None, shards: ShardSet
    ) -> list[DueTurn]:
        owned, owned_params = shards.where("g.guild_id")
        sql = _DUE.format(hours=_HOURS[column], hour=_HOUR_US, extra=f"{extra} AND {owned}")
        params = (_DEFAULTS.timeout_action, default, self._now_us(now), default, *owned_params)
        rows = await self._fetchall(sql, params)
        return [
            DueTurn(r[0], r[1], r[2], r[3], r[4], r[5], r[6], from_us(r[7]), r[8], r[9])  # type: ignore[arg-type]
            for r in rows
        ]


async def _skip_votes(conn: aiosqlite.Connection, game_id: int, move_count: int) -> int:
    rows = list(
        await conn.execute_fetchall(
            "SELECT count(*) FROM skip_votes WHERE game_id = ? AND move_count = ?",
            (game_id, move_count),
        )
    )
    return int(rows[0][0])


def _settings(guild_id: int, row: Sequence[Any]) -> GuildSettings:
    """A row of `_COLUMNS` as settings."""
    reminder, timeout, action, hints, daily, language, level, expert_hints, budget = row
    return GuildSettings(
        guild_id, reminder, timeout, action, bool(hints), daily, language, level,
        bool(expert_hints), budget,
    )  # fmt: skip
