"""Work that runs beside the commands (deliveries, computer moves), and the one log line
per game event.

Background work is stored before it starts: what a failed task was doing is in the
database, so the delivery loop's next pass takes it up again. A failure is logged, never
lost in an unawaited task.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from storage import GameRecord

log = logging.getLogger("axio")


class Background:
    """The tasks this process runs beside its commands, kept until they finish."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run `work` and log it if it fails."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background work failed", exc_info=task.exception())


def log_event(record: GameRecord, event: str, **details: Any) -> None:
    """One structured line per game event: game, guild, channel, turn."""
    turn = record.game.turn if record.game is not None else 0
    extra = " ".join(f"{key}={value!r}" for key, value in details.items())
    log.info(
        "event=%r game=%s kind=%s guild=%s channel=%s turn=%s %s",
        event,
        record.id,
        record.kind,
        record.guild_id,
        record.channel_id,
        turn,
        extra,
    )
