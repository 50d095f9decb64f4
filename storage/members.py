"""A member's data: what the database keeps about one person, and deleting it on request
(Discord's Developer Policy; `/axio forget-me`, `axio-bot forget USER_ID`).

Every column that holds a Discord user id is listed once, in `PERSONAL_DATA`, with what
deleting the member does to its rows: rows that are the member's alone (ratings, solo
high scores, the notify choice, votes to skip) are deleted; rows other people need (a seat
at a table, a result in someone's finished game, a game's host) stay, and name "a former
player" (user id 0) instead, so other people's games, results and ratings stay whole and
every replay still plays. A module that adds a table with a user id calls
`register_personal_data`; `unregistered_user_columns` reads the live schema and names any
column it missed (tests/storage/test_members.py fails on one, and `forget_member` refuses
to run rather than leave one behind). A user id column is named `user_id`, `*_user_id`, or
one of `USER_ID_NAMES`.

The member's part in games going on now comes first, each step its own transaction through
the ordinary commands: they leave every lobby; in a running game with another person at the
table, their seat is resigned (a computer plays it on and it ranks last, as `/axio resign`
does) and the table is told a former player left; a running game with no other person (a
solo game, or only computers) is ended without a result, since nobody else's game is at
stake. Then one transaction deletes and rewrites every listed column, and also empties the
table notes that carried their name (delivered notes are spent; an undelivered one gets the
name replaced). A crash in between leaves nothing half done that a second run does not
finish: run it again.

What this does not reach: messages already posted in Discord channels (they belong to the
server; the bot does not edit them), and the bot's log files (see the README's "Data we
keep"). Another bot process's game cache may show the old name in its next answer for a
game whose seat was already resigned; nothing it stores uses it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

import aiosqlite

from .errors import NotSeatedError, StorageError, WrongStatusError
from .lobby import LobbyCommands
from .play import PlayCommands
from .records import FORMER_PLAYER_ID, FORMER_PLAYER_NAME, GameRecord

LEFT_NOTE = "🏳️ A former player left the game; a computer plays their seat on."
"""What the table is told when a member's seat is resigned because their data was deleted:
no name, since the name is what they asked to have deleted."""

USER_ID_NAMES = frozenset(
    {"user_id", "player_id", "voter_id", "host_id", "member_id", "owner_id", "author_id"}
)
_USER_ID_COLUMN = re.compile(r"^[a-z_]*_user_id$")


def holds_user_id(column: str) -> bool:
    """Whether a column, by its name, holds a Discord user id (the schema's convention)."""
    return column in USER_ID_NAMES or bool(_USER_ID_COLUMN.match(column))


@dataclass(frozen=True)
class PersonalColumn:
    """A column holding a user id, and what deleting that member does to its rows.

    `what` names the rows in words, for the member and the operator. `keep`: the rows stay
    for other people and name a former player: the id becomes `becomes` (SQL; the member's
    id is `:user`), the `name` column (if any) becomes "a former player", and `also` holds
    further assignments (the member's own numbers). Otherwise the rows are deleted."""

    table: str
    column: str
    what: str
    keep: bool = False
    name: str | None = None
    also: str = ""
    becomes: str = str(FORMER_PLAYER_ID)

    @property
    def key(self) -> str:
        return f"{self.table}.{self.column}"

    def statement(self) -> str:
        if not self.keep:
            return f"DELETE FROM {self.table} WHERE {self.column} = :user"
        sets = [f"{self.column} = {self.becomes}"]
        if self.name:
            sets.append(f"{self.name} = :former")
        if self.also:
            sets.append(self.also)
        return f"UPDATE {self.table} SET {', '.join(sets)} WHERE {self.column} = :user"


_NEXT_HOST = (
    "coalesce((SELECT s.user_id FROM seats s WHERE s.game_id = games.id "
    "AND s.user_id IS NOT NULL AND s.user_id <> 0 AND s.user_id <> :user "
    "ORDER BY s.seat LIMIT 1), 0)"
)
"""A game's new host: the next person seated at it, else nobody (a former player)."""

PERSONAL_DATA: list[PersonalColumn] = [
    PersonalColumn("games", "host_id", "games hosted", keep=True, becomes=_NEXT_HOST),
    PersonalColumn(
        "seats", "user_id", "seats at tables (with the name shown)", keep=True, name="name"
    ),
    PersonalColumn(
        "results",
        "player_id",
        "results of finished games (with the rating then)",
        keep=True,
        name="name",
        also="rating_before = NULL, rating_after = NULL",
    ),
    PersonalColumn("ratings", "player_id", "ratings and records (games, wins, best)"),
    PersonalColumn("solo_best", "user_id", "solo high scores"),
    PersonalColumn("notify", "user_id", "direct-message reminder choices"),
    PersonalColumn("skip_votes", "voter_id", "votes to skip a late player"),
]


def register_personal_data(*columns: PersonalColumn) -> None:
    """Cover a new table's user id columns (call it where the table's commands live)."""
    known = {entry.key for entry in PERSONAL_DATA}
    PERSONAL_DATA.extend(column for column in columns if column.key not in known)


def described(rows: dict[str, int]) -> list[str]:
    """`3 seats at tables (…)`: one line per kind of row counted (none for a zero)."""
    return [f"{rows[e.key]} {e.what}" for e in PERSONAL_DATA if rows.get(e.key)]


@dataclass(frozen=True)
class MemberData:
    """What the database holds about one member: rows per `table.column`, and the games
    they are part of now (which forgetting them changes)."""

    user_id: int
    rows: dict[str, int]
    lobbies: tuple[GameRecord, ...] = ()
    playing: tuple[GameRecord, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.rows.values())

    def lines(self) -> list[str]:
        return described(self.rows)


@dataclass(frozen=True)
class Forgotten:
    """What deleting a member's data did."""

    user_id: int
    rows: dict[str, int]
    left_lobbies: tuple[GameRecord, ...] = ()
    resigned: tuple[GameRecord, ...] = ()
    ended: tuple[GameRecord, ...] = ()
    notes: int = 0
    former_in: tuple[int, ...] = ()
    """The games whose seat of theirs now names a former player."""


class MemberCommands(LobbyCommands, PlayCommands):
    async def member_data(self, user_id: int) -> MemberData:
        """Every row that names the member, counted, and their lobbies and running games."""
        async with self._read() as conn:
            rows = {}
            for entry in PERSONAL_DATA:
                found = await conn.execute_fetchall(
                    f"SELECT count(*) FROM {entry.table} WHERE {entry.column} = ?", (user_id,)
                )
                rows[entry.key] = int(next(iter(found))[0])
        lobbies, playing = await self._taking_part(user_id)
        return MemberData(user_id, rows, lobbies, playing)

    async def unregistered_user_columns(self) -> list[str]:
        """`table.column` of every user id column in the live schema that PERSONAL_DATA
        does not cover: what forgetting a member would leave behind."""
        if self.dialect == "postgres":
            found = await self._fetchall(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = current_schema()"
            )
            columns = [(row[0], row[1]) for row in found]
        else:
            tables = await self._fetchall(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
            columns = []
            for (table,) in tables:
                info = await self._fetchall(f"SELECT name FROM pragma_table_info('{table}')")
                columns.extend((table, row[0]) for row in info)
        covered = {entry.key for entry in PERSONAL_DATA}
        return sorted(
            f"{table}.{column}"
            for table, column in columns
            if holds_user_id(column) and f"{table}.{column}" not in covered
        )

    async def forget_member(
        self, user_id: int, *, now: datetime | None = None, note: str = LEFT_NOTE
    ) -> Forgotten:
        """Delete everything stored about the member (see the module's docstring)."""
        if user_id <= 0:
            raise StorageError("that is not a member's user id")
        missed = await self.unregistered_user_columns()
        if missed:
            raise StorageError(
                f"the columns {', '.join(missed)} hold user ids that forgetting does not "
                "cover: nothing was deleted"
            )
        left, resigned, ended = await self._leave_games(user_id, now, note)
        async with self._write() as conn:
            if await _still_playing(conn, user_id):
                raise StorageError(
                    "the member joined a game while their data was being deleted: run it again"
                )
            seats = list(
                await conn.execute_fetchall(
                    "SELECT game_id, name FROM seats WHERE user_id = ?", (user_id,)
                )
            )
            notes = 0
            for game_id, name in seats:
                cursor = await conn.execute(
                    "UPDATE outbox SET note = CASE WHEN delivered_at IS NULL "
                    "THEN replace(note, :name, :former) ELSE '' END "
                    "WHERE game_id = :game AND note <> ''",
                    {"name": name, "former": FORMER_PLAYER_NAME, "game": game_id},
                )
                notes += cursor.rowcount
            rows = {}
            for entry in PERSONAL_DATA:
                cursor = await conn.execute(
                    entry.statement(), {"user": user_id, "former": FORMER_PLAYER_NAME}
                )
                rows[entry.key] = cursor.rowcount
        self._games.clear()  # cached seats may still carry the name
        return Forgotten(
            user_id,
            rows,
            tuple(left),
            tuple(resigned),
            tuple(ended),
            notes,
            tuple(sorted({row[0] for row in seats})),
        )

    async def _taking_part(
        self, user_id: int
    ) -> tuple[tuple[GameRecord, ...], tuple[GameRecord, ...]]:
        """The lobbies the member sits in, and the running games they still play in."""
        found = await self._fetchall(
            "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? "
            "AND (g.status = 'lobby' OR (g.status = 'running' AND s.resigned = 0)) "
            "ORDER BY g.id",
            (user_id,),
        )
        records = [await self.get_game(row[0]) for row in found]
        return (
            tuple(r for r in records if r.status == "lobby"),
            tuple(r for r in records if r.status == "running"),
        )

    async def _leave_games(
        self, user_id: int, now: datetime | None, note: str
    ) -> tuple[list[GameRecord], list[GameRecord], list[GameRecord]]:
        """Leave lobbies, resign or end running games: each an ordinary command. A game
        that changed meanwhile (started, finished) is looked at again, a few times."""
        left: list[GameRecord] = []
        resigned: list[GameRecord] = []
        ended: list[GameRecord] = []
        for _ in range(3):
            lobbies, playing = await self._taking_part(user_id)
            if not lobbies and not playing:
                break
            for record in lobbies + playing:
                try:
                    if record.status == "lobby":
                        left.append(await self.leave(record.id, user_id, now=now))
                        continue
                    seat = record.seat_of(user_id)
                    assert seat is not None
                    others = [s for s in record.seats if s.is_human and s.seat != seat.seat]
                    if any(not s.is_former for s in others):
                        resigned.append(await self.resign(record.id, seat.seat, now=now, note=note))
                    else:
                        ended.append(await self.cancel(record.id, now=now))
                except (WrongStatusError, NotSeatedError):
                    continue  # it changed meanwhile: the next round sees it as it is
        return left, resigned, ended


async def _still_playing(conn: aiosqlite.Connection, user_id: int) -> bool:
    rows = await conn.execute_fetchall(
        "SELECT count(*) FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ? "
        "AND (g.status = 'lobby' OR (g.status = 'running' AND s.resigned = 0))",
        (user_id,),
    )
    return int(next(iter(rows))[0]) > 0
