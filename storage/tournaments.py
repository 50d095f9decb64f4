"""Tournaments: sign-up, start, withdrawal, the end, and the questions about them.

Each table is an ordinary game of the games table (dealt in no channel, given its thread
by `attach_table_thread`), so it runs on the turn pipeline as every game does: the outbox,
reminders and timeouts (at the tournament's days per move and timeout action), computer
stand-ins. Rounds are paired and closed by tournament_rounds.py in the transactions that
end games; this module holds what the bot asks for.

Decisions where the issue is silent:
- Nobody is entered by creating a tournament: the host joins like anyone else.
- It starts with at least as many players as a table seats (and at least 2). At its set
  time with too few, it is called off (a 'tournament_cancelled' post says so).
- A round robin seats at most 16 players (engine.tournament.ROUND_ROBIN_MAX_PLAYERS) and
  has as many rounds as its schedule needs; a Swiss has 1 to 20 rounds.
- Days per move: 0.25 (six hours) to 30. A timeout's "forfeit" is the pipeline's
  'resign' (a computer plays the seat on and it ranks last); otherwise a computer moves.
- Seeds (pairing numbers): by the server's all-time rating of the game, ties drawn by
  the tournament's seed. Table deals come from the seed too (engine.tournament.table_seed).
- Ending (host or manager): unfinished tables are ended without a result and do not
  count; the standings of what was played are final.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from engine import game_class
from engine.tournament import (
    FORMATS,
    ROUND_ROBIN_MAX_PLAYERS,
    SWISS_MAX_ROUNDS,
    StandingRow,
    round_robin_length,
    seed_order,
    standings,
)

from .channel_posts import mark_delivered
from .community_records import Tournament, TournamentStanding, TournamentTable
from .db import Database
from .deal import attach_channel
from .errors import StorageError, WrongStatusError
from .load import fetch_row, load_record
from .play import resign_seat
from .records import GameRecord
from .shards import ALL_SHARDS, ShardSet
from .tournament_rounds import (
    close_round_if_done,
    end,
    load_tables,
    load_tournament,
    lock_tournament,
    pair_round,
    results_so_far,
)


class TooFewPlayersError(StorageError):
    def __init__(self, table_size: int, joined: int) -> None:
        least = max(2, table_size)
        super().__init__(
            "a tournament at tables of {size} needs at least {least} players: {joined} joined",
            size=table_size,
            least=least,
            joined=joined,
        )


TIMEOUT_ACTIONS = {"computer": "computer", "resign": "resign", "forfeit": "resign"}
MAX_PLAYERS = 256


def _standing(row: StandingRow, name: str) -> TournamentStanding:
    return TournamentStanding(
        rank=row.rank,
        user_id=row.player,
        name=name,
        points=row.points,
        buchholz=row.buchholz,
        lowest_sum=row.lowest_sum,
        played=row.played,
        byes=row.byes,
        withdrawn=row.withdrawn,
    )


class TournamentCommands(Database):
    async def create_tournament(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        *,
        kind: str,
        format: str,
        table_size: int,
        seed: int,
        rounds: int | None = None,
        days_per_move: float = 3,
        timeout_action: str = "computer",
        starts_at: datetime | None = None,
        cap: int | None = None,
        name: str | None = None,
        now: datetime | None = None,
    ) -> Tournament:
        """A tournament open for sign-up in `channel_id` (cap: at most that many players,
        by default as many as the format allows). StorageError (readable) for a setting
        out of range; see the module for the limits."""
        game_class(kind)  # an unknown game is refused before anything is written
        action = TIMEOUT_ACTIONS.get(timeout_action)
        stamp = self._now_us(now)
        if format not in FORMATS:
            raise StorageError("a tournament is a Swiss or a round robin")
        if not 2 <= table_size <= 4:
            raise StorageError("tournament tables seat 2, 3 or 4 players")
        if format == "swiss" and not (rounds and 1 <= rounds <= SWISS_MAX_ROUNDS):
            raise StorageError(
                "a Swiss tournament has 1 to {rounds} rounds", rounds=SWISS_MAX_ROUNDS
            )
        most = ROUND_ROBIN_MAX_PLAYERS if format == "round_robin" else MAX_PLAYERS
        cap = most if cap is None else cap
        if not max(2, table_size) <= cap <= most:
            raise StorageError(
                "this tournament can take {least} to {most} players",
                least=max(2, table_size),
                most=most,
            )
        if not 0.25 <= days_per_move <= 30:
            raise StorageError("days per move lie between 0.25 (six hours) and 30")
        if action is None:
            raise StorageError("a timeout makes a computer move or forfeits the seat")
        if starts_at is not None and self._now_us(starts_at) < stamp:
            raise StorageError("the start time has passed: choose a later one")
        title = name or f"{kind.capitalize()} {format.replace('_', ' ')}"
        async with self._write() as conn:
            [row] = await conn.execute_fetchall(
                "INSERT INTO tournaments (guild_id, channel_id, host_id, name, kind, format, "
                "table_size, rounds, timeout_hours, timeout_action, starts_at, cap, seed, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    host_id,
                    title[:100],
                    kind,
                    format,
                    table_size,
                    rounds if format == "swiss" else None,
                    days_per_move * 24,
                    action,
                    None if starts_at is None else self._now_us(starts_at),
                    cap,
                    seed,
                    stamp,
                ),
            )
            return await load_tournament(conn, row[0])

    async def join_tournament(
        self, tournament_id: int, user_id: int, name: str, *, now: datetime | None = None
    ) -> Tournament:
        async with self._write() as conn:
            await lock_tournament(conn, tournament_id)
            t = await load_tournament(conn, tournament_id)
            if t.status != "signup":
                raise WrongStatusError(
                    tournament_id, t.status, "that tournament is no longer open for sign-up"
                )
            if t.player(user_id) is not None:
                raise StorageError("you have already joined this tournament")
            if len(t.players) >= t.cap:
                raise StorageError("all {places} places are taken", places=t.cap)
            await conn.execute(
                "INSERT INTO tournament_players (tournament_id, user_id, name, joined_at) "
                "VALUES (?, ?, ?, ?)",
                (tournament_id, user_id, name, self._now_us(now)),
            )
            return await load_tournament(conn, tournament_id)

    async def leave_tournament(self, tournament_id: int, user_id: int) -> Tournament:
        """Leave during sign-up (once it runs, see withdraw_from_tournament)."""
        async with self._write() as conn:
            await lock_tournament(conn, tournament_id)
            t = await load_tournament(conn, tournament_id)
            if t.status != "signup":
                raise WrongStatusError(
                    tournament_id, t.status, "that tournament is no longer open for sign-up"
                )
            cursor = await conn.execute(
                "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )
            if cursor.rowcount != 1:
                raise StorageError("you have not joined this tournament")
            return await load_tournament(conn, tournament_id)

    async def set_signup_message(self, tournament_id: int, message_id: int | None) -> None:
        async with self._write() as conn:
            await conn.execute(
                "UPDATE tournaments SET signup_message_id = ? WHERE id = ?",
                (message_id, tournament_id),
            )

    async def start_tournament(
        self, tournament_id: int, *, now: datetime | None = None
    ) -> Tournament:
        """Draw the seeds and pair round 1 (its tables and posts), in one transaction.
        Starting a running tournament again changes nothing. StorageError if too few
        players have joined."""
        stamp = self._now_us(now)
        async with self._write() as conn:
            await lock_tournament(conn, tournament_id)
            t = await load_tournament(conn, tournament_id)
            if t.status == "running":
                return t
            if t.status != "signup":
                raise WrongStatusError(
                    tournament_id, t.status, "that tournament is no longer open for sign-up"
                )
            if len(t.players) < max(2, t.table_size):
                raise TooFewPlayersError(t.table_size, len(t.players))
            ids = [p.user_id for p in t.players]
            marks = ", ".join("?" for _ in ids)
            ratings = await conn.execute_fetchall(
                "SELECT player_id, ordinal FROM ratings WHERE guild_id = ? AND kind = ? "
                f"AND player_id IN ({marks})",
                (t.guild_id, t.kind, *ids),
            )
            order = seed_order(ids, {r[0]: r[1] for r in ratings}, t.seed)
            await conn.executemany(
                "UPDATE tournament_players SET seed_number = ? WHERE tournament_id = ? "
                "AND user_id = ?",
                [(n, tournament_id, user) for n, user in enumerate(order, 1)],
            )
            rounds = t.rounds if t.format == "swiss" else round_robin_length(len(ids), t.table_size)
            await conn.execute(
                "UPDATE tournaments SET status = 'running', started_at = ?, rounds = ? "
                "WHERE id = ?",
                (stamp, rounds, tournament_id),
            )
            await pair_round(conn, await load_tournament(conn, tournament_id), 1, stamp)
            return await load_tournament(conn, tournament_id)

    async def start_due_tournaments(
        self, now: datetime | None = None, shards: ShardSet = ALL_SHARDS
    ) -> list[Tournament]:
        """Start every tournament of these shards' servers whose start time has come, or
        call it off if too few joined: what the scheduler runs each pass."""
        owned, params = shards.where("guild_id")
        rows = await self._fetchall(
            "SELECT id FROM tournaments WHERE status = 'signup' AND starts_at <= ? "
            f"AND {owned} ORDER BY starts_at, id",
            (self._now_us(now), *params),
        )
        changed = []
        for (tournament_id,) in rows:
            try:
                changed.append(await self.start_tournament(tournament_id, now=now))
            except TooFewPlayersError as refusal:
                changed.append(
                    await self.end_tournament(
                        tournament_id, reason=refusal.template, reason_values=refusal.values
                    )
                )
        return changed

    async def withdraw_from_tournament(
        self, tournament_id: int, user_id: int, *, now: datetime | None = None
    ) -> Tournament:
        """Withdraw a player: never paired again; their unfinished tables go on with a
        computer in their seat (they rank last there), each table told so. During
        sign-up this is leaving. Withdrawing twice changes nothing."""
        stamp = self._now_us(now)
        async with self._write() as conn:
            # Game rows first, then the tournament: the order a table's last move takes.
            for game_id in await self._running_tables_of(conn, tournament_id, user_id):
                await fetch_row(conn, game_id)
            await lock_tournament(conn, tournament_id)
            t = await load_tournament(conn, tournament_id)
            player = t.player(user_id)
            if player is None:
                raise StorageError("you are not playing in this tournament")
            if t.status == "signup":
                await conn.execute(
                    "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                    (tournament_id, user_id),
                )
                return await load_tournament(conn, tournament_id)
            if t.status != "running":
                raise WrongStatusError(tournament_id, t.status, "that tournament is not under way")
            await conn.execute(
                "UPDATE tournament_players SET withdrawn_at = ? WHERE tournament_id = ? "
                "AND user_id = ? AND withdrawn_at IS NULL",
                (stamp, tournament_id, user_id),
            )
            note = f"{player.name} withdrew from the tournament: a computer plays their seat on."
            for game_id in await self._running_tables_of(conn, tournament_id, user_id):
                seat = await conn.execute_fetchall(
                    "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
                )
                await resign_seat(conn, game_id, next(iter(seat))[0], stamp, note, self._games)
            return await load_tournament(conn, tournament_id)

    @staticmethod
    async def _running_tables_of(conn: object, tournament_id: int, user_id: int) -> list[int]:
        rows = await conn.execute_fetchall(  # type: ignore[attr-defined]
            "SELECT tt.game_id FROM tournament_tables tt JOIN games g ON g.id = tt.game_id "
            "AND g.status = 'running' JOIN seats s ON s.game_id = tt.game_id "
            "AND s.user_id = ? AND s.resigned = 0 WHERE tt.tournament_id = ? ORDER BY tt.game_id",
            (user_id, tournament_id),
        )
        return [row[0] for row in rows]

    async def end_tournament(
        self,
        tournament_id: int,
        *,
        reason: str = "",
        reason_values: Mapping[str, object] | None = None,
        now: datetime | None = None,
    ) -> Tournament:
        """End it now (host or manager): a running one is finished, its unfinished tables
        ended without a result, and its final standings owed to the channel; one still
        signing up is called off, saying `reason` (a template filled with `reason_values`
        in the channel's language). Ending twice changes nothing."""
        stamp = self._now_us(now)
        async with self._write() as conn:
            running = await conn.execute_fetchall(
                "SELECT tt.game_id FROM tournament_tables tt JOIN games g ON g.id = tt.game_id "
                "WHERE tt.tournament_id = ? AND g.status = 'running' ORDER BY tt.game_id",
                (tournament_id,),
            )
            for (game_id,) in running:  # game rows first (see withdraw_from_tournament)
                await fetch_row(conn, game_id)
            await lock_tournament(conn, tournament_id)
            t = await load_tournament(conn, tournament_id)
            await end(conn, t, stamp, reason, reason_values)
            return await load_tournament(conn, tournament_id)

    async def attach_table_thread(
        self, post_id: int, game_id: int, thread_id: int, *, now: datetime | None = None
    ) -> GameRecord:
        """The bot opened the thread a 'tournament_table' post asked for: the table's game
        moves into it (its first post owed there, its clock started) and the post is done,
        in one transaction. Again for the same table: the post is marked done and the game
        is left as it is (the bot should then close the spare thread)."""
        stamp = self._now_us(now)
        async with self._write() as conn:
            await attach_channel(conn, game_id, thread_id, stamp)
            await mark_delivered(conn, post_id, stamp, thread_id, "posted")
            return await load_record(conn, game_id, self._games)

    async def close_round(self, tournament_id: int, *, now: datetime | None = None) -> bool:
        """Close the current round if none of its tables is still running (and pair the
        next, or finish). The move that ends a round's last table does this itself; this
        is a sweep's safety net, and does nothing for a round already closed."""
        async with self._write() as conn:
            return await close_round_if_done(conn, tournament_id, self._now_us(now))

    async def tournament(self, tournament_id: int) -> Tournament:
        async with self._read() as conn:
            return await load_tournament(conn, tournament_id)

    async def tournaments(
        self, guild_id: int, *, statuses: tuple[str, ...] | None = None, limit: int = 25
    ) -> list[Tournament]:
        """The server's tournaments, newest first (of some statuses only)."""
        where, params = "guild_id = ?", [guild_id]
        if statuses:
            where += f" AND status IN ({', '.join('?' for _ in statuses)})"
            params += list(statuses)  # type: ignore[arg-type]
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT id FROM tournaments WHERE {where} ORDER BY id DESC LIMIT ?",
                (*params, limit),
            )
            return [await load_tournament(conn, row[0]) for row in rows]

    async def tournament_standings(self, tournament_id: int) -> list[TournamentStanding]:
        """The standings of what has been played so far (final once it has ended)."""
        async with self._read() as conn:
            t = await load_tournament(conn, tournament_id)
            results, byes = await results_so_far(conn, tournament_id)
        withdrawn = {p.user_id for p in t.players if p.withdrawn}
        names = {p.user_id: p.name for p in t.players}
        rows = standings([p.user_id for p in t.players], results, byes, t.table_size, withdrawn)
        return [_standing(r, names[r.player]) for r in rows]

    async def tournament_tables(
        self, tournament_id: int, round_number: int | None = None
    ) -> list[TournamentTable]:
        """Every table (of one round), in round and table order."""
        async with self._read() as conn:
            return await load_tables(conn, tournament_id, round_number)

    async def tournament_byes(self, tournament_id: int, round_number: int) -> list[int]:
        """The players who had a bye in that round (for the round's post)."""
        rows = await self._fetchall(
            "SELECT user_id FROM tournament_byes WHERE tournament_id = ? AND round = ? "
            "ORDER BY user_id",
            (tournament_id, round_number),
        )
        return [row[0] for row in rows]

    async def tournament_of_game(self, game_id: int) -> tuple[int, int, int] | None:
        """(tournament id, round, table number) of a tournament table's game, else None."""
        row = await self._fetchone(
            "SELECT tournament_id, round, table_number FROM tournament_tables WHERE game_id = ?",
            (game_id,),
        )
        return None if row is None else (row[0], row[1], row[2])
