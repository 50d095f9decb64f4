"""Storage: games, seats, the move log, results, ratings and guild settings in SQLite,
or in PostgreSQL (a postgresql:// URL; see postgres.py).

Imports only engine/, the standard library, aiosqlite, asyncpg and openskill.
"""

from .db import DEFAULT_PATH
from .errors import (
    AlreadySeatedError,
    ChannelBusyError,
    DatabaseBusyError,
    GameNotFoundError,
    LobbyFullError,
    NotSeatedError,
    NotYourTurnError,
    StaleTurnError,
    StorageError,
    WrongStatusError,
)
from .outbox import OwedPost
from .records import (
    COMPUTER_IDS,
    LEVELS,
    DueTurn,
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

__all__ = [
    "ALL_SHARDS",
    "COMPUTER_IDS",
    "DEFAULT_PATH",
    "LEVELS",
    "AlreadySeatedError",
    "ChannelBusyError",
    "DatabaseBusyError",
    "DueTurn",
    "GameNotFoundError",
    "GameRecord",
    "GuildSettings",
    "HistoryEntry",
    "LeaderboardEntry",
    "LobbyFullError",
    "MoveRecord",
    "NotSeatedError",
    "NotYourTurnError",
    "OwedPost",
    "PlayerStats",
    "Repository",
    "Seat",
    "SeatResult",
    "ShardSet",
    "SoloScore",
    "StaleTurnError",
    "StorageError",
    "WrongStatusError",
]
