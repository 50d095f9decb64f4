"""A tournament's rounds, inside the transactions that change them.

Crash safety comes from doing each step whole in one transaction:
- Pairing a round writes its round row, every table's game (dealt, in no channel yet, see
  deal.py), its byes and the posts it owes (the pairings, one thread per table) together.
  The round row's primary key makes a second pairing of the same round a no-op.
- A round closes in the transaction of the move (or cancel) that ends its last table: the
  round row is marked closed only if it was open (so it closes once), its standings post
  is owed, and the next round is paired, or the tournament finished, in that same
  transaction. Nothing waits for a process to notice, so a kill -9 at any instant leaves
  either the round open with its last game unfinished, or all of it done.
On PostgreSQL, every such transaction takes the tournament's advisory lock (`serialize`)
after the game rows it writes and before reading the tournament, so two tables ending at
once see each other and exactly one of them closes the round.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

import aiosqlite

from engine.tournament import (
    TableResult,
    round_robin_round,
    swiss_round,
    table_seed,
)

from .channel_posts import queue_channel_post
from .community_records import Tournament, TournamentPlayer, TournamentTable
from .deal import deal_game
from .errors import StorageError
from .postgres import for_update, serialize
from .records import Seat, from_us

TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, host_id, name, kind, format, table_size, rounds, timeout_hours, "
    "timeout_action, starts_at, cap, seed, status, current_round, signup_message_id, "
    "created_at, started_at, ended_at"
)


class TournamentNotFoundError(StorageError):
    def __init__(self, tournament_id: int) -> None:
        super().__init__("there is no tournament number {tournament}", tournament=tournament_id)
        self.tournament_id = tournament_id


async def lock_tournament(conn: aiosqlite.Connection, tournament_id: int) -> None:
    """One writer at a time past this point for this tournament (see the module)."""
    await serialize(conn, "tournament", tournament_id)


async def load_tournament(conn: aiosqlite.Connection, tournament_id: int) -> Tournament:
    rows = list(
        await conn.execute_fetchall(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?{for_update(conn)}",
            (tournament_id,),
        )
    )
    if not rows:
        raise TournamentNotFoundError(tournament_id)
    players = await conn.execute_fetchall(
        "SELECT user_id, name, joined_at, seed_number, withdrawn_at FROM tournament_players "
        "WHERE tournament_id = ? ORDER BY seed_number IS NULL, seed_number, joined_at, user_id",
        (tournament_id,),
    )
    return tournament_from_row(
        rows[0],
        tuple(
            TournamentPlayer(p[0], p[1], from_us(p[2]), p[3], from_us(p[4]))  # type: ignore[arg-type]
            for p in players
        ),
    )


def tournament_from_row(row: Any, players: tuple[TournamentPlayer, ...]) -> Tournament:
    return Tournament(
        *row[:11],
        starts_at=from_us(row[11]),
        cap=row[12],
        seed=row[13],
        status=row[14],
        current_round=row[15],
        signup_message_id=row[16],
        created_at=from_us(row[17]),  # type: ignore[arg-type]
        started_at=from_us(row[18]),
        ended_at=from_us(row[19]),
        players=players,
    )


async def load_tables(
    conn: aiosqlite.Connection, tournament_id: int, round_number: int | None = None
) -> list[TournamentTable]:
    """The tournament's tables (of one round), in round and table order."""
    where, params = ("AND tt.round = ?", (round_number,)) if round_number else ("", ())
    rows = await conn.execute_fetchall(
        "SELECT tt.round, tt.table_number, tt.game_id, g.channel_id, g.status, s.user_id, "
        "s.name, r.rank FROM tournament_tables tt JOIN games g ON g.id = tt.game_id "
        "JOIN seats s ON s.game_id = tt.game_id "
        "LEFT JOIN results r ON r.game_id = tt.game_id AND r.seat = s.seat "
        f"WHERE tt.tournament_id = ? {where} ORDER BY tt.round, tt.table_number, s.seat",
        (tournament_id, *params),
    )
    seats: dict[tuple, list] = defaultdict(list)
    for row in rows:
        seats[tuple(row[:5])].append(row[5:])
    tables = []
    for (number, table, game_id, channel_id, status), rest in seats.items():
        ranks = tuple(r[2] for r in rest) if status == "finished" else None
        tables.append(
            TournamentTable(
                number,
                table,
                game_id,
                channel_id if channel_id >= 0 else None,
                status,
                tuple(r[0] for r in rest),
                tuple(r[1] for r in rest),
                ranks,
            )
        )
    return tables


async def results_so_far(
    conn: aiosqlite.Connection, tournament_id: int
) -> tuple[list[TableResult], list[int]]:
    """What standings and pairings count: every finished table, every table ended
    without a result in a closed round, and every bye (one entry per bye)."""
    closed = {
        row[0]
        for row in await conn.execute_fetchall(
            "SELECT round FROM tournament_rounds WHERE tournament_id = ? AND closed_at IS NOT NULL",
            (tournament_id,),
        )
    }
    lowest = {
        (row[0], row[1]): row[2]
        for row in await conn.execute_fetchall(
            "SELECT r.game_id, r.player_id, r.lowest FROM tournament_tables tt "
            "JOIN results r ON r.game_id = tt.game_id WHERE tt.tournament_id = ?",
            (tournament_id,),
        )
    }
    results = []
    for table in await load_tables(conn, tournament_id):
        if table.ranks is not None:
            low = tuple(lowest.get((table.game_id, p), 0) for p in table.players)
            results.append(TableResult(table.players, table.ranks, low))
        elif table.status == "cancelled" and table.round in closed:
            results.append(TableResult(table.players, None))
    byes = [
        row[0]
        for row in await conn.execute_fetchall(
            "SELECT user_id FROM tournament_byes WHERE tournament_id = ? ORDER BY round",
            (tournament_id,),
        )
    ]
    return results, byes


async def pair_round(
    conn: aiosqlite.Connection, tournament: Tournament, number: int, stamp: int
) -> bool:
    """Pair round `number`, deal its tables and owe its posts; False if it was paired
    already (then nothing changes)."""
    t = tournament
    claimed = await conn.execute_fetchall(
        "INSERT INTO tournament_rounds (tournament_id, round, paired_at) VALUES (?, ?, ?) "
        "ON CONFLICT DO NOTHING RETURNING round",
        (t.id, number, stamp),
    )
    if not list(claimed):
        return False
    players = [p.user_id for p in t.players]
    withdrawn = {p.user_id for p in t.players if p.withdrawn}
    if t.format == "swiss":
        results, byes = await results_so_far(conn, t.id)
        pairing = swiss_round(players, results, byes, t.table_size, withdrawn)
    else:
        pairing = round_robin_round(players, t.table_size, number, withdrawn)
    names = {p.user_id: p.name for p in t.players}
    here = (t.guild_id, t.channel_id)
    payload = {"tournament_id": t.id, "round": number}
    key = f"tournament:{t.id}:round:{number}"
    await queue_channel_post(conn, key, *here, "tournament_round", payload, stamp)
    for index, table in enumerate(pairing.tables, 1):
        game_id = await deal_game(
            conn,
            kind=t.kind,
            guild_id=t.guild_id,
            host_id=t.host_id,
            seats=tuple(Seat(s, user, None, names[user]) for s, user in enumerate(table)),
            seed=table_seed(t.seed, number, index),
            stamp=stamp,
            settings={"tournament": t.id, "round": number, "table": index},
            timeout_hours=t.timeout_hours,
            timeout_action=t.timeout_action,
        )
        await conn.execute(
            "INSERT INTO tournament_tables (tournament_id, round, table_number, game_id) "
            "VALUES (?, ?, ?, ?)",
            (t.id, number, index, game_id),
        )
        about = payload | {"table": index, "game_id": game_id}
        await queue_channel_post(
            conn, f"{key}:table:{index}", *here, "tournament_table", about, stamp
        )
    await conn.executemany(
        "INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES (?, ?, ?)",
        [(t.id, number, user) for user in pairing.byes],
    )
    await conn.execute("UPDATE tournaments SET current_round = ? WHERE id = ?", (number, t.id))
    if not pairing.tables:  # byes only (withdrawals emptied every table): nothing to wait for
        await close_round_if_done(conn, t.id, stamp)
    return True


async def close_round_if_done(conn: aiosqlite.Connection, tournament_id: int, stamp: int) -> bool:
    """Close the current round if none of its tables is still running: owe its standings,
    then pair the next round or finish the tournament. True if this call closed it."""
    await lock_tournament(conn, tournament_id)
    t = await load_tournament(conn, tournament_id)
    if t.status != "running" or t.current_round == 0:
        return False
    number = t.current_round
    [(running,)] = await conn.execute_fetchall(
        "SELECT count(*) FROM tournament_tables tt JOIN games g ON g.id = tt.game_id "
        "WHERE tt.tournament_id = ? AND tt.round = ? AND g.status = 'running'",
        (t.id, number),
    )
    if running:
        return False
    cursor = await conn.execute(
        "UPDATE tournament_rounds SET closed_at = ? WHERE tournament_id = ? AND round = ? "
        "AND closed_at IS NULL",
        (stamp, t.id, number),
    )
    if cursor.rowcount != 1:
        return False
    more = number < (t.rounds or 0) and len(t.active) >= 2
    if more:
        payload = {"tournament_id": t.id, "round": number}
        key = f"tournament:{t.id}:standings:{number}"
        await queue_channel_post(
            conn, key, t.guild_id, t.channel_id, "tournament_standings", payload, stamp
        )
        await pair_round(conn, t, number + 1, stamp)
    else:
        await end(conn, t, stamp)
    return True


async def end(
    conn: aiosqlite.Connection,
    t: Tournament,
    stamp: int,
    reason: str = "",
    reason_values: Mapping[str, object] | None = None,
) -> bool:
    """Finish a running tournament (its unfinished tables ended without a result, the
    final standings owed) or call off one still signing up; False if it had ended. The
    reason is a template with its `reason_values`, so the post says it in the channel's
    language when it is sent."""
    status = "finished" if t.status == "running" else "cancelled"
    cursor = await conn.execute(
        "UPDATE tournaments SET status = ?, ended_at = ? WHERE id = ? "
        "AND status IN ('signup', 'running')",
        (status, stamp, t.id),
    )
    if cursor.rowcount != 1:
        return False
    await conn.execute(
        "UPDATE games SET status = 'cancelled', updated_at = ? WHERE status = 'running' "
        "AND id IN (SELECT game_id FROM tournament_tables WHERE tournament_id = ?)",
        (stamp, t.id),
    )
    here = (t.guild_id, t.channel_id)
    if status == "finished":
        payload: dict[str, Any] = {"tournament_id": t.id}
        await queue_channel_post(
            conn, f"tournament:{t.id}:final", *here, "tournament_final", payload, stamp
        )
    else:
        payload = {"tournament_id": t.id, "reason": reason}
        if reason_values:
            payload["reason_values"] = dict(reason_values)
        await queue_channel_post(
            conn, f"tournament:{t.id}:cancelled", *here, "tournament_cancelled", payload, stamp
        )
    return True


async def tournament_game_ended(conn: aiosqlite.Connection, game_id: int, stamp: int) -> None:
    """A game ended (finished or cancelled): if it is a tournament table, its round may
    be over. Called in the transaction that ended it."""
    rows = list(
        await conn.execute_fetchall(
            "SELECT tournament_id FROM tournament_tables WHERE game_id = ?", (game_id,)
        )
    )
    if rows:
        await close_round_if_done(conn, rows[0][0], stamp)
