"""Storage: games, seats, the move log, results, ratings and guild settings in SQLite.

Imports only engine/, the standard library, aiosqlite and openskill.
"""

from .db import DEFAULT_PATH
from .errors import (
    AlreadySeatedError,
    ChannelBusyError,
    GameNotFoundError,
    LobbyFullError,
    NotSeatedError,
    NotYourTurnError,
    StaleTurnError,
    StorageError,
    WrongStatusError,
)
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

__all__ = [
    "COMPUTER_IDS",
    "DEFAULT_PATH",
    "LEVELS",
    "AlreadySeatedError",
    "ChannelBusyError",
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
    "PlayerStats",
    "Repository",
    "Seat",
    "SeatResult",
    "SoloScore",
    "StaleTurnError",
    "StorageError",
    "WrongStatusError",
]
