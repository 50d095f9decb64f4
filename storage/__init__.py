"""Storage: games, seats, the move log, the outbox, results, ratings (all-time and by
season), server settings, the daily challenge, tournaments and channel posts, behind one
`Repository`.

The database is SQLite (aiosqlite, the embedded default) or PostgreSQL (asyncpg, at
scale), chosen by the target `target.py` reads: a path or `sqlite:///…`, or
`postgresql://…`. The command modules (`lobby`, `play`, `outbox`, `schedule`, `stats`,
`daily`, `tournaments`, `channel_posts`, `seasons`, and for operators `members` (a
member's data, deleted on request), `operations` (what probes and metrics read)) hold
SQL both databases understand; `db.py` is SQLite's connection and transactions,
`postgres.py` PostgreSQL's, and `schema.py` the numbered migrations both apply.
`backup.py` copies and restores a SQLite file with SQLite's online backup API.

Imports only engine/, the standard library, aiosqlite, asyncpg and openskill.
"""

from .community_records import (
    ChannelPost,
    DailyAttempt,
    DailyEntry,
    DailyOutcome,
    Tournament,
    TournamentPlayer,
    TournamentStanding,
    TournamentTable,
)
from .db import context_without_deadline
from .errors import (
    DATABASE_FAULTS,
    AlreadySeatedError,
    ChannelBusyError,
    DatabaseBusyError,
    DatabaseUnavailableError,
    GameNotFoundError,
    LobbyFullError,
    NothingStoredError,
    NotSeatedError,
    NotYourTurnError,
    OutcomeUnknownError,
    SeatResignedError,
    SoloBusyError,
    StaleTurnError,
    StorageError,
    WrongStatusError,
)
from .health import Health, Outage
from .outbox import OwedPost
from .records import (
    CHANNEL_GONE,
    COMPUTER_IDS,
    EXPERT_BUDGET_RANGE,
    LEVELS,
    DueTurn,
    GameChoice,
    GameRecord,
    GuildSettings,
    HistoryEntry,
    LeaderboardEntry,
    MoveRecord,
    PlayerStats,
    Seat,
    SeatResult,
    SoloScore,
)
from .repository import Repository
from .shards import ALL_SHARDS, ShardSet
from .target import DEFAULT_PATH
from .tournament_rounds import TournamentNotFoundError
from .tournaments import TooFewPlayersError

__all__ = [
    "ALL_SHARDS",
    "CHANNEL_GONE",
    "COMPUTER_IDS",
    "DATABASE_FAULTS",
    "DEFAULT_PATH",
    "EXPERT_BUDGET_RANGE",
    "LEVELS",
    "AlreadySeatedError",
    "ChannelBusyError",
    "ChannelPost",
    "DailyAttempt",
    "DailyEntry",
    "DailyOutcome",
    "DatabaseBusyError",
    "DatabaseUnavailableError",
    "DueTurn",
    "GameChoice",
    "GameNotFoundError",
    "GameRecord",
    "GuildSettings",
    "Health",
    "HistoryEntry",
    "LeaderboardEntry",
    "LobbyFullError",
    "MoveRecord",
    "NotSeatedError",
    "NotYourTurnError",
    "NothingStoredError",
    "Outage",
    "OutcomeUnknownError",
    "OwedPost",
    "PlayerStats",
    "Repository",
    "Seat",
    "SeatResignedError",
    "SeatResult",
    "ShardSet",
    "SoloBusyError",
    "SoloScore",
    "StaleTurnError",
    "StorageError",
    "TooFewPlayersError",
    "Tournament",
    "TournamentNotFoundError",
    "TournamentPlayer",
    "TournamentStanding",
    "TournamentTable",
    "WrongStatusError",
    "context_without_deadline",
]
