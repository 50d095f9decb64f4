"""Telling open pages of new moves: each page of a running game holds an event stream
(Server-Sent Events, `/g/<code>/events`), and is sent the game's move count when it grows.

How a process learns of a move (decided here): one watcher per process asks storage for
the move counts of every game an open page watches, in one query
(`Repository.page_move_counts`), whenever it is woken and at least every `poll_s`
seconds. The bot wakes it when it stores a move (`moved(game_id)`, from the courier's
kick, which every stored move makes), so on SQLite, where the pages run in the bot's own
process, a move reaches its pages at once. With PostgreSQL, a move stored by another
process (another shard, or the bot while `axio-bot web` serves alone) is seen by the next
poll: `poll_s` is 0.5 s there, well within the second a page may take. One indexed read
of the watched games' rows a poll, whatever the number of readers; LISTEN/NOTIFY would
save those reads at the price of a connection held per process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable

from storage import DATABASE_FAULTS

log = logging.getLogger(__name__)

Counts = Callable[[list[int]], Awaitable[dict[int, tuple[int, str]]]]


class LiveGames:
    def __init__(self, counts: Counts, *, poll_s: float) -> None:
        self.counts = counts
        self.poll_s = poll_s
        self._queues: defaultdict[int, set[asyncio.Queue[tuple[int, str]]]] = defaultdict(set)
        self._seen: dict[int, tuple[int, str]] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def moved(self, game_id: int) -> None:
        """A move (or an ending) was stored for this game in this process."""
        if game_id in self._queues:
            self._wake.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="live games")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    @contextlib.contextmanager
    def watching(self, game_id: int, known: tuple[int, str]):
        """A queue that receives (move count, status) whenever the game changes."""
        queue: asyncio.Queue[tuple[int, str]] = asyncio.Queue(maxsize=16)
        self.start()  # the watcher runs only while a page watches
        self._queues[game_id].add(queue)
        self._seen.setdefault(game_id, known)
        self._wake.set()
        try:
            yield queue
        finally:
            self._queues[game_id].discard(queue)
            if not self._queues[game_id]:
                del self._queues[game_id]
                self._seen.pop(game_id, None)
            if not self._queues and self._task is not None:
                self._task.cancel()
                self._task = None

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_s)
            self._wake.clear()
            if not self._queues:
                continue
            try:
                counts = await self.counts(list(self._queues))
            except DATABASE_FAULTS:  # away: storage says so once; the next poll tries again
                continue
            except Exception:
                log.warning("could not read the move counts of watched games", exc_info=True)
                continue
            for game_id, now in counts.items():
                if self._seen.get(game_id) == now or game_id not in self._queues:
                    continue
                self._seen[game_id] = now
                for queue in self._queues[game_id]:
                    with contextlib.suppress(asyncio.QueueFull):
                        queue.put_nowait(now)
