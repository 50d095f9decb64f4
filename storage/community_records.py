"""What the daily challenge, tournaments and channel posts hand back: frozen records."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any, Literal

from engine.daily import percentile_rank

TournamentStatus = Literal["signup", "running", "finished", "cancelled"]
TournamentFormat = Literal["swiss", "round_robin"]


@dataclass(frozen=True)
class DailyAttempt:
    """One player's try at one day's deal. Attempt 1 counts; later ones are practice."""

    day: int
    kind: str
    user_id: int
    attempt: int
    guild_id: int
    name: str
    game_id: int
    started_at: datetime
    finished_at: datetime | None
    score: int | None
    """The lowest colour total, if the game ended on its own day (else None)."""
    scores: tuple[int, ...] | None

    @property
    def counted(self) -> bool:
        return self.attempt == 1

    @property
    def finished(self) -> bool:
        """Ended: played out, or closed unfinished once its day was over."""
        return self.finished_at is not None


@dataclass(frozen=True)
class DailyEntry:
    """One line of a day's table: a counted, finished attempt."""

    rank: int
    user_id: int
    name: str
    score: int
    scores: tuple[int, ...]
    game_id: int
    guild_id: int
    finished_at: datetime


@dataclass(frozen=True)
class DailyOutcome:
    """What a player sees when their counted daily ends: their result, their place on
    the server and among everyone who played that deal, and their streaks."""

    attempt: DailyAttempt
    server_rank: int | None
    """Place among the server's finished attempts of the day (None until scored)."""
    server_players: int
    players: int
    """Everyone, on every server, with a counted score for this day's deal."""
    below: int
    level: int
    """Results equal to this one, itself included (0 until scored)."""
    streak: int
    best_streak: int

    @property
    def percentile(self) -> float | None:
        """The percentile rank among everyone (see engine.daily.percentile_rank)."""
        if self.attempt.score is None or not self.level:
            return None
        return percentile_rank(self.below, self.level, self.players)

    @property
    def place(self) -> int | None:
        """The place among everyone: those above, plus one (ties share it, as on a
        server's table)."""
        if self.attempt.score is None or not self.level:
            return None
        return self.players - self.below - self.level + 1


@dataclass(frozen=True)
class ChannelPost:
    """A post owed to a channel by no single game.

    Kinds and their payloads:
    - 'daily' {"day"}: yesterday's podium and today's challenge (daily channel).
    - 'tournament_round' {"tournament_id", "round"}: a round's pairings and byes.
    - 'tournament_table' {"tournament_id", "round", "table", "game_id"}: open the table's
      thread, then `attach_table_thread`.
    - 'tournament_standings' {"tournament_id", "round"}: standings after a round.
    - 'tournament_final' {"tournament_id"}: the final standings.
    - 'tournament_cancelled' {"tournament_id", "reason"} and, where the reason has fields,
      "reason_values": the reason is a template, said in the channel's language.
    """

    id: int
    key: str
    guild_id: int
    channel_id: int
    kind: str
    payload: dict[str, Any]
    created_at: datetime
    attempts: int

    @property
    def nonce(self) -> str:
        """A Discord message nonce for this post (with enforce_nonce, a second send of
        the same post within minutes is refused by Discord)."""
        return f"axiop{self.id}"[:25]


@dataclass(frozen=True)
class TournamentPlayer:
    user_id: int
    name: str
    joined_at: datetime
    seed_number: int | None
    withdrawn_at: datetime | None

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_at is not None


@dataclass(frozen=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    name: str
    kind: str
    format: TournamentFormat
    table_size: int
    rounds: int | None
    timeout_hours: float
    timeout_action: Literal["computer", "resign"]
    starts_at: datetime | None
    cap: int
    seed: int
    status: TournamentStatus
    current_round: int
    signup_message_id: int | None
    created_at: datetime
    started_at: datetime | None
    ended_at: datetime | None
    players: tuple[TournamentPlayer, ...]
    """In seed order once started (pairing numbers), in joining order before."""

    @property
    def active(self) -> tuple[TournamentPlayer, ...]:
        return tuple(p for p in self.players if not p.withdrawn)

    @property
    def is_open(self) -> bool:
        return self.status in ("signup", "running")

    def player(self, user_id: int) -> TournamentPlayer | None:
        return next((p for p in self.players if p.user_id == user_id), None)


@dataclass(frozen=True)
class TournamentTable:
    """One table of a round: its game (a thread once opened) and players by seat."""

    round: int
    table_number: int
    game_id: int
    channel_id: int | None
    """The table's thread; None until it is opened."""
    status: str
    players: tuple[int, ...]
    names: tuple[str, ...]
    ranks: tuple[int, ...] | None
    """Each seat's place once the game is over (None before, or if it was ended)."""


@dataclass(frozen=True)
class TournamentStanding:
    """A line of the standings (see engine.tournament for the points and tie-breaks)."""

    rank: int
    user_id: int
    name: str
    points: Fraction
    buchholz: Fraction
    lowest_sum: int
    played: int
    byes: int
    withdrawn: bool
