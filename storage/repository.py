"""The Repository: every game of every guild in one SQLite file, through aiosqlite.

The bot can be killed at any instant and lose nothing a player was told had happened:
each public command is one transaction that has committed before it returns, and the
move log (moves) is appended in the same transaction that advances the stored game.

    async with await Repository.open("data/axio.sqlite3") as repo:
        lobby = await repo.create_lobby("axio", guild_id, channel_id, user_id, "Ann")
        ...
        record, result = await repo.record_move(game.id, game.move_count, "E5:b F5:r")

The commands live in a few modules, grouped by what they are for; this class joins them.
"""

from __future__ import annotations

from .channel_posts import ChannelPostCommands
from .daily import DailyCommands
from .lobby import LobbyCommands
from .members import MemberCommands
from .operations import OperationsQueries
from .outbox import OutboxCommands
from .pages import PageQueries
from .play import PlayCommands
from .reviews import ReviewCommands
from .schedule import ScheduleQueries
from .seasons import SeasonQueries
from .server_pages import ServerPageQueries
from .stats import StatsQueries
from .tournaments import TournamentCommands


class Repository(
    MemberCommands,
    LobbyCommands,
    PlayCommands,
    OutboxCommands,
    StatsQueries,
    ScheduleQueries,
    DailyCommands,
    TournamentCommands,
    ChannelPostCommands,
    SeasonQueries,
    OperationsQueries,
    ReviewCommands,
    PageQueries,
    ServerPageQueries,
):
    """Games, seats, moves, results, ratings, guild settings and game reviews in one database.

    Open with `await Repository.open(path, clock=...)`; close with `await repo.close()` or
    use it as an async context manager.
    """
