"""The Activity's part of the bot: its sessions, its open boards, and how they hear of
moves.

It lives in the bot's process and is given the bot's own move path (`Mover`: the Desk,
whose `play` every command uses), so a move made on the board is stored, posted to the
channel and followed by computers exactly as `/axio play`'s. The bot tells it of every
stored move (`moved`, from the same kick that wakes the game pages); its own `LiveGames`
then reads the move counts of the watched games in one query and wakes their boards,
which share one read of each game's new record (`Latest`). Boards of a channel without a
running game wake when one is dealt there (`opened`) and look again.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections import OrderedDict
from typing import Any, Protocol

from engine import PlayResult
from storage import GameRecord, Repository

from ..guard import RateLimit
from ..live import LiveGames
from .identity import Application
from .sessions import Sessions

MESSAGES_PER_S = 10.0
MESSAGES_BURST = 20.0
"""What one session may send: more is answered `rate` and dropped."""
RECORDS_KEPT = 1024


class Mover(Protocol):
    """The bot's one move path (`bot.table.desk.Desk.play`)."""

    async def play(
        self, record: GameRecord, move: Any, *, seat: int | None, expected: int
    ) -> tuple[GameRecord, PlayResult]: ...


class OpenBoard(Protocol):
    """An open board (socket.py's `Board`), which the Activity closes when it stops."""

    @property
    def member_id(self) -> int:
        """Whose board it is."""
        ...

    async def close(self) -> None: ...


class Latest:
    """The newest record of each watched game, read once however many boards ask."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        self._kept: OrderedDict[int, GameRecord] = OrderedDict()
        self._reading: dict[int, asyncio.Future[GameRecord]] = {}

    def keep(self, record: GameRecord) -> None:
        kept = self._kept.get(record.id)
        if kept is None or kept.move_count <= record.move_count:
            self._kept[record.id] = record
            self._kept.move_to_end(record.id)
        while len(self._kept) > RECORDS_KEPT:
            self._kept.popitem(last=False)

    async def record(self, game_id: int, seen: tuple[int, str]) -> GameRecord:
        """The game's record at move count and status `seen` (or newer)."""
        while True:
            kept = self._kept.get(game_id)
            if kept is not None and (kept.move_count, kept.status) == seen:
                return kept
            if kept is not None and kept.move_count > seen[0]:
                return kept
            reading = self._reading.get(game_id)
            if reading is None:
                reading = asyncio.ensure_future(self.repo.get_game(game_id))
                self._reading[game_id] = reading
                reading.add_done_callback(lambda done: self._reading.pop(game_id, None))
            record = await asyncio.shield(reading)
            self.keep(record)
            if record.move_count >= seen[0]:
                return record


class Activity:
    def __init__(
        self, repo: Repository, mover: Mover, application: Application, *, poll_s: float
    ) -> None:
        self.repo = repo
        self.mover = mover
        self.application = application
        self.live = LiveGames(repo.page_move_counts, poll_s=poll_s)
        self.sessions = Sessions()
        self.latest = Latest(repo)
        self.rates = RateLimit(MESSAGES_PER_S, MESSAGES_BURST)
        self.boards: set[OpenBoard] = set()
        self._codes: OrderedDict[int, str | None] = OrderedDict()
        self._gameless: dict[int, set[asyncio.Event]] = {}
        self._home = contextvars.copy_context()  # the bot's, made in its setup_hook

    async def play(
        self, record: GameRecord, move: Any, *, seat: int, expected: int
    ) -> tuple[GameRecord, PlayResult]:
        """A member's move on the bot's one path, run in the bot's own context (where the
        Activity was made) like a command's: what it starts (the channel's post, the
        computers after it) is the bot's work, wherever the socket was served from. A
        socket that closes meanwhile does not cancel a move being stored."""
        work = self.mover.play(record, move, seat=seat, expected=expected)
        task = asyncio.get_running_loop().create_task(work, context=self._home.copy())
        return await asyncio.shield(task)

    def moved(self, game_id: int) -> None:
        """A move (or an ending) of this game was stored in this process."""
        self.live.moved(game_id)

    def opened(self, record: GameRecord) -> None:
        """A game was dealt in a channel: its boards without a running game show it."""
        for waiting in self._gameless.get(record.channel_id, ()):
            waiting.set()

    @contextlib.contextmanager
    def waiting_for_a_game(self, channel_id: int):
        """An event set when a game starts in the channel: a board without a running
        game then looks at its channel again."""
        event = asyncio.Event()
        self._gameless.setdefault(channel_id, set()).add(event)
        try:
            yield event
        finally:
            waiting = self._gameless[channel_id]
            waiting.discard(event)
            if not waiting:
                del self._gameless[channel_id]

    async def code(self, game_id: int) -> str | None:
        """The game's page code (it never changes)."""
        if game_id not in self._codes:
            self._codes[game_id] = await self.repo.game_code(game_id)
            while len(self._codes) > RECORDS_KEPT:
                self._codes.popitem(last=False)
        return self._codes[game_id]

    def boards_of(self, member_id: int) -> int:
        """How many boards the member has open in this process."""
        return sum(1 for board in self.boards if board.member_id == member_id)

    async def close_boards(self) -> None:
        """Close every open board (the server stops)."""
        for board in list(self.boards):
            await board.close()

    async def stop(self) -> None:
        await self.close_boards()
        await self.live.stop()
