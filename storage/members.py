"""A member's data: what the database keeps about one person, and deleting it on request
(Discord's Developer Policy; `/axio forget-me`, `axio-bot forget USER_ID`).

Every column that holds a Discord user id is listed once, in `PERSONAL_DATA`, with what
deleting the member does to its rows: rows that are the member's alone (ratings, season
ratings, solo high scores, daily results, the notify choice, votes to skip) are deleted;
rows other people need (a seat at a table, a result in someone's finished game, a tournament
entry or bye, a host) stay and name "a former player" instead, under one random id below
every real one (see records.py), the same in all of that member's rows. So other people's
games, results, ratings and tournament standings stay whole and every replay still plays,
while nothing stored leads back to the member.

A module that adds a table with a user id registers it (`register_personal_data`, or a line
in PERSONAL_DATA); `unregistered_user_columns` reads the live schema and names any column
missed (tests/storage/test_members.py fails on one, and `forget_member` refuses to run
rather than leave one behind). A user id column is named `user_id`, `*_user_id`, or one of
`USER_ID_NAMES`.

The member first leaves what is going on now (leaving.py: lobbies, tournaments, running
games), each step its own transaction through the ordinary commands. Then one transaction
rewrites or deletes every listed column, and the table notes that carried their name
(delivered notes are spent and emptied; an undelivered one gets the name replaced). A crash
in between leaves nothing that a second run does not finish: run it again.

What this does not reach: messages already posted in Discord channels (they belong to the
server; the bot does not edit them), and the bot's log files (see the README's "Data we
keep"). Another bot process's game cache may show the old name in its next answer for a
game whose seat was already resigned; nothing it stores uses it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from .errors import StorageError
from .leaving import LEFT_NOTE, Leaving, still_taking_part
from .records import FORMER_PLAYER_NAME, GameRecord, former_player_id

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
    id is `:user`, the former player's `:former_id`), the `name` column (if any) becomes
    "a former player", and `also` holds further assignments (the member's own numbers).
    Otherwise the rows are deleted."""

    table: str
    column: str
    what: str
    keep: bool = False
    name: str | None = None
    also: str = ""
    becomes: str = ":former_id"

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
    "AND s.user_id > 0 AND s.user_id <> :user ORDER BY s.seat LIMIT 1), :former_id)"
)
"""A game's new host: the next person seated at it, else the former player."""

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
    PersonalColumn("season_ratings", "player_id", "monthly season ratings"),
    PersonalColumn("daily_attempts", "user_id", "daily challenge results", name="name"),
    PersonalColumn("tournaments", "host_id", "tournaments hosted", keep=True),
    PersonalColumn("tournament_players", "user_id", "tournament entries", keep=True, name="name"),
    PersonalColumn("tournament_byes", "user_id", "tournament byes", keep=True),
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
    tournaments: tuple[int, ...] = ()
    """The tournaments they left or withdrew from."""
    notes: int = 0
    former_in: tuple[int, ...] = ()
    """The games whose seat of theirs now names a former player."""


class MemberCommands(Leaving):
    async def member_data(self, user_id: int) -> MemberData:
        """Every row that names the member, counted, and their lobbies and running games."""
        async with self._read() as conn:
            rows = {}
            for entry in PERSONAL_DATA:
                found = await conn.execute_fetchall(
                    f"SELECT count(*) FROM {entry.table} WHERE {entry.column} = ?", (user_id,)
                )
                rows[entry.key] = int(next(iter(found))[0])
        lobbies, playing = await self.taking_part(user_id)
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
        left = await self.leave_everything(user_id, now, note)
        former_id = former_player_id()
        async with self._write() as conn:
            if await still_taking_part(conn, user_id):
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
                    entry.statement(),
                    {"user": user_id, "former": FORMER_PLAYER_NAME, "former_id": former_id},
                )
                rows[entry.key] = cursor.rowcount
        self._games.clear()  # cached seats may still carry the name
        return Forgotten(
            user_id,
            rows,
            tuple(left.lobbies),
            tuple(left.resigned),
            tuple(left.ended),
            tuple(left.tournaments),
            notes,
            tuple(sorted({row[0] for row in seats})),
        )
