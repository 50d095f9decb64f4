"""A member leaving everything going on now, before their data is deleted (members.py).

Each step is the ordinary command, in its own transaction, so it does exactly what it does
for anyone:
- a lobby: they leave it (a leaving host hands it on, or the lobby is called off);
- a tournament signing up: they leave it; one running: they withdraw (never paired again,
  their tables go on with a computer in their seat, as `withdraw_from_tournament` does);
- a running game with another person at the table: their seat is resigned (a computer plays
  it on and it ranks last, as `/axio resign` does) and the table is told a former player
  left; a running game with no other person (a solo or daily game, or only computers) is
  ended without a result, since nobody else's game is at stake.

A game or tournament that changes meanwhile (started, finished) is looked at again, a few
times; `still_taking_part` is the last check, inside the deleting transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

import aiosqlite

from .errors import NotSeatedError, WrongStatusError
from .lobby import LobbyCommands
from .play import PlayCommands
from .records import GameRecord
from .tournaments import TournamentCommands

LEFT_NOTE = "🏳️ A former player left the game; a computer plays their seat on."
"""What the table is told when a member's seat is resigned because their data was deleted:
no name, since the name is what they asked to have deleted."""

_PLAYING = (
    "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? "
    "AND (g.status = 'lobby' OR (g.status = 'running' AND s.resigned = 0))"
)
_ENTERED = (
    "SELECT t.id, t.status FROM tournaments t JOIN tournament_players p "
    "ON p.tournament_id = t.id WHERE p.user_id = ? "
    "AND (t.status = 'signup' OR (t.status = 'running' AND p.withdrawn_at IS NULL))"
)


@dataclass
class Left:
    """What leaving changed: records as each command returned them."""

    lobbies: list[GameRecord] = field(default_factory=list)
    resigned: list[GameRecord] = field(default_factory=list)
    ended: list[GameRecord] = field(default_factory=list)
    tournaments: list[int] = field(default_factory=list)


class Leaving(LobbyCommands, PlayCommands, TournamentCommands):
    async def taking_part(
        self, user_id: int
    ) -> tuple[tuple[GameRecord, ...], tuple[GameRecord, ...]]:
        """The lobbies the member sits in, and the running games they still play in."""
        found = await self._fetchall(_PLAYING + " ORDER BY g.id", (user_id,))
        records = [await self.get_game(row[0]) for row in found]
        return (
            tuple(r for r in records if r.status == "lobby"),
            tuple(r for r in records if r.status == "running"),
        )

    async def leave_everything(self, user_id: int, now: datetime | None, note: str) -> Left:
        left = Left()
        for _ in range(3):
            entered = await self._fetchall(_ENTERED + " ORDER BY t.id", (user_id,))
            for tournament_id, status in entered:  # first: withdrawing resigns its tables
                await self._leave_tournament(left, tournament_id, status, user_id, now)
            lobbies, playing = await self.taking_part(user_id)
            for record in lobbies + playing:
                await self._leave_game(left, record, user_id, now, note)
            if not entered and not lobbies and not playing:
                break
        return left

    async def _leave_tournament(
        self, left: Left, tournament_id: int, status: str, user_id: int, now: datetime | None
    ) -> None:
        try:
            if status == "signup":
                await self.leave_tournament(tournament_id, user_id)
            else:
                await self.withdraw_from_tournament(tournament_id, user_id, now=now)
        except WrongStatusError:
            return  # it changed meanwhile: the next round sees it as it is
        left.tournaments.append(tournament_id)
        tables = await self._fetchall(
            "SELECT tt.game_id FROM tournament_tables tt JOIN games g ON g.id = tt.game_id "
            "JOIN seats s ON s.game_id = g.id WHERE tt.tournament_id = ? AND s.user_id = ? "
            "AND g.status = 'running' ORDER BY tt.game_id",
            (tournament_id, user_id),
        )
        left.resigned.extend([await self.get_game(row[0]) for row in tables])

    async def _leave_game(
        self, left: Left, record: GameRecord, user_id: int, now: datetime | None, note: str
    ) -> None:
        try:
            if record.status == "lobby":
                left.lobbies.append(await self.leave(record.id, user_id, now=now))
                return
            seat = record.seat_of(user_id)
            assert seat is not None
            others = [s for s in record.seats if s.is_human and s.seat != seat.seat]
            if any(not s.is_former for s in others):
                left.resigned.append(await self.resign(record.id, seat.seat, now=now, note=note))
            else:
                left.ended.append(await self.cancel(record.id, now=now))
        except (WrongStatusError, NotSeatedError):
            return  # it changed meanwhile: the next round sees it as it is


async def still_taking_part(conn: aiosqlite.Connection, user_id: int) -> bool:
    """Whether the member joined something while their data was being deleted."""
    for sql in (_PLAYING, _ENTERED):
        if list(await conn.execute_fetchall(sql, (user_id,))):
            return True
    return False
