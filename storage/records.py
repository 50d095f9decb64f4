"""What storage hands back: frozen records, read from the database in one transaction.

Times are timezone-aware UTC datetimes; the database keeps them as integer microseconds
since the epoch so that a record read twice compares equal.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from engine import Colour, TileGame
from engine.ai.expert import DEFAULT_BUDGET_S as EXPERT_BUDGET_S

Status = Literal["lobby", "running", "finished", "cancelled"]
Level = Literal["easy", "normal", "hard", "expert"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard", "expert")
TimeoutAction = Literal["computer", "resign"]

COMPUTER_IDS: dict[str, int] = {"easy": -1, "normal": -2, "hard": -3, "expert": -4}
"""Computer levels as pseudo-players in ratings and results, so games against them count."""

CHANNEL_GONE = "channel gone"
"""Why a game ended when its channel or thread was deleted (GameRecord.ended_reason)."""

RESIGNED_LEVEL: Level = "normal"
"""The computer level that plays a resigned seat to the end."""

EXPERT_BUDGET_RANGE = (0.2, 2.0)
"""What a server may set it to: under 0.2 s the expert is no stronger than hard, and over
2 s a table of four experts would keep people waiting (the database checks it too)."""

FORMER_PLAYER_NAME = "a former player"
FORMER_PLAYER_IDS_BELOW = -(2**32)
"""A member whose data was deleted at their request (see members.py) keeps their seats,
results and tournament entries, so other people's games, standings and ratings stay whole,
under a random id below this: people are positive, computers -1 to -3. One id per deleted
member, drawn at random, so nothing stored leads back to them."""


def former_player_id() -> int:
    """A fresh id for a member being forgotten (random, so it cannot be traced back)."""
    return FORMER_PLAYER_IDS_BELOW - 1 - secrets.randbelow(2**62)


def is_former_player(user_id: int | None) -> bool:
    return user_id is not None and user_id < FORMER_PLAYER_IDS_BELOW


PAGE_CODE_BYTES = 12
"""A game's page code: 96 random bits, 16 URL-safe characters (migration 0012 gave the
games stored before it 128 bits in 32 hex characters)."""


def new_code() -> str:
    """A fresh unguessable code for a game's web page (PUBLIC_URL/g/<code>)."""
    return secrets.token_urlsafe(PAGE_CODE_BYTES)


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def to_us(moment: datetime) -> int:
    """A datetime as integer microseconds since the epoch; naive datetimes count as UTC."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    delta = moment - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def from_us(value: int | None) -> datetime | None:
    if value is None:
        return None
    return datetime.fromtimestamp(value // 1_000_000, UTC).replace(microsecond=value % 1_000_000)


@dataclass(frozen=True)
class Seat:
    """A place at the table: a Discord user or a computer level."""

    seat: int
    user_id: int | None
    computer: Level | None
    name: str
    resigned: bool = False

    @property
    def is_human(self) -> bool:
        return self.user_id is not None

    @property
    def is_former(self) -> bool:
        """A member whose data was deleted: a person's seat that names no one."""
        return is_former_player(self.user_id)

    @property
    def plays_as(self) -> Level | None:
        """The computer level that moves for this seat, or None when a person does."""
        if self.computer is not None:
            return self.computer
        return RESIGNED_LEVEL if self.resigned else None

    @property
    def player_id(self) -> int:
        """The id ratings and results use: the user id, or the computer's pseudo-id."""
        return self.user_id if self.user_id is not None else COMPUTER_IDS[self.computer or ""]


@dataclass(frozen=True)
class GameRecord:
    """One game as stored; `game` is the engine object once the game has started."""

    id: int
    kind: str
    guild_id: int
    channel_id: int
    host_id: int
    status: Status
    max_seats: int
    settings: dict[str, Any]
    seats: tuple[Seat, ...]
    seed: int | None
    move_count: int
    created_at: datetime
    updated_at: datetime
    turn_started_at: datetime | None
    reminded_move_count: int | None
    lobby_message_id: int | None
    turn_message_id: int | None
    game: TileGame | None = None
    ended_reason: str | None = None
    """Why a cancelled game ended, when something other than its players ended it (say
    CHANNEL_GONE); None otherwise."""

    @property
    def is_open(self) -> bool:
        """Lobby or running (a table game keeps its channel busy while it is open)."""
        return self.status in ("lobby", "running")

    @property
    def solo(self) -> bool:
        """Dealt to one player: their own game, played in their own window beside the
        channel's table game (a lobby is a table game until it is started alone)."""
        return self.game is not None and self.game.solo

    @property
    def seat_to_move(self) -> Seat | None:
        if self.status != "running" or self.game is None or self.game.is_over:
            return None
        return self.seats[self.game.to_move]

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def humans_playing(self) -> tuple[Seat, ...]:
        """Human seats that have not resigned."""
        return tuple(s for s in self.seats if s.is_human and not s.resigned)


@dataclass(frozen=True)
class MoveRecord:
    move_number: int
    seat: int
    turn: int
    text: str
    played_at: datetime
    stand_in: bool = False
    """Made by a computer for the seat's person (timeout, vote to skip, resignation)."""


@dataclass(frozen=True)
class SeatResult:
    """One seat's result in a finished game, in colour order (see engine.COLOURS)."""

    seat: int
    player_id: int
    name: str
    rank: int
    winner: bool
    resigned: bool
    scores: tuple[int, int, int, int, int]
    rating_before: float | None = None
    rating_after: float | None = None

    @property
    def lowest(self) -> int:
        return min(self.scores)

    @property
    def is_computer(self) -> bool:
        return self.player_id in COMPUTER_IDS.values()

    @property
    def is_former(self) -> bool:
        return is_former_player(self.player_id)


@dataclass(frozen=True)
class HistoryEntry:
    """A game in a server's history: finished, or ended without a result by something
    other than its players (`ended_reason`, say CHANNEL_GONE). For the latter, `results`
    hold the scores when it ended, with no winner and no rating."""

    game_id: int
    kind: str
    channel_id: int
    finished_at: datetime
    results: tuple[SeatResult, ...]
    ended_reason: str | None = None

    @property
    def winners(self) -> tuple[SeatResult, ...]:
        return tuple(r for r in self.results if r.winner)


@dataclass(frozen=True)
class GameChoice:
    """A finished game as a member picks one (`/axio review`'s suggestions): its number,
    kind, server, when it finished and who sat at it, in seat order."""

    game_id: int
    kind: str
    guild_id: int
    finished_at: datetime
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class LeaderboardEntry:
    position: int
    player_id: int
    name: str
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    best_lowest: int | None


@dataclass(frozen=True)
class PlayerStats:
    """One player's record in one guild and game kind."""

    kind: str
    player_id: int
    rating: float | None
    mu: float | None
    sigma: float | None
    games: int
    wins: int
    average_lowest: float | None
    best_lowest: int | None
    favourite_colour: Colour | None
    weakest_colour: Colour | None
    solo_games: int
    solo_best: int | None


@dataclass(frozen=True)
class SoloScore:
    position: int
    user_id: int
    name: str
    lowest: int
    scores: tuple[int, ...]
    game_id: int
    games: int
    achieved_at: datetime


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    reminder_hours: float = 12
    timeout_hours: float = 72
    timeout_action: TimeoutAction = "computer"
    hints_enabled: bool = True
    daily_channel_id: int | None = None
    """Where the daily post goes at the turn of the day (None: nowhere)."""
    language: str | None = None
    """The language of the table's posts its managers chose (None: Discord's for the
    server)."""
    stand_in_level: Level = RESIGNED_LEVEL
    """The level that moves for a person who timed out, was voted past or resigned."""
    expert_hints: bool = False
    """Whether /axio hint comes from the expert (off: from the hard level, quicker)."""
    expert_budget_s: float = EXPERT_BUDGET_S
    """The expert's thinking time a move (within `EXPERT_BUDGET_RANGE`)."""


@dataclass(frozen=True)
class DueTurn:
    """A running game whose person to move has waited past the reminder or the timeout."""

    game_id: int
    guild_id: int
    channel_id: int
    kind: str
    seat: int
    user_id: int
    move_count: int
    turn_started_at: datetime
    turn_message_id: int | None
    timeout_action: TimeoutAction
