"""Work that runs beside the commands (deliveries, computer moves), and the one log line
per game event.

Background work is stored before it starts: what a failed task was doing is in the
database, so the delivery loop's next pass takes it up again. A failure is logged, never
lost in an unawaited task; one the database caused (it did not answer, or was busy) is a
line without a traceback, since storage logs the outage itself, once each way, and the
next pass (at once when the database answers again) takes the work up.

Background work runs in a copy of the context without storage's deadline: a command that
spawns it inside its deadline (`repo.within()`) does not hand that deadline on to a
computer's move or a delivery that runs long after the command has answered. (An empty
context would also drop what discord.py keeps there, such as its webhook adapter.)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from storage import DATABASE_FAULTS, GameRecord, context_without_deadline

log = logging.getLogger("axio")

STOP_SECONDS = 2.0
"""How long a stopping bot lets its background work finish before it cancels it."""


class Background:
    """The tasks this process runs beside its commands, kept until they finish."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        self._stopped = False

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run `work` and log it if it fails; once stopped, not at all (it is stored: the
        next start takes it up)."""
        if self._stopped:
            work.close()
            return
        task = asyncio.get_running_loop().create_task(work, context=context_without_deadline())
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    async def stop(self, seconds: float = STOP_SECONDS) -> None:
        """Start nothing more; give what runs `seconds` to finish (a delivery under way
        posts), then cancel the rest: it was stored before it started, so the next start
        goes on with it."""
        self._stopped = True
        await finish_or_cancel(self._tasks, seconds)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled() or (error := task.exception()) is None:
            return
        if isinstance(error, DATABASE_FAULTS):
            log.info("background work stopped by the database: %s", fault_reason(error))
        else:
            log.error("background work failed", exc_info=error)


async def finish_or_cancel(tasks: set[asyncio.Task[Any]], seconds: float) -> int:
    """Give `tasks` `seconds` to finish, then cancel the rest (and give them half a second
    to unwind); how many were cancelled."""
    pending = set(tasks)
    if pending:
        _, pending = await asyncio.wait(pending, timeout=seconds)
    for task in pending:
        task.cancel()
    if pending:
        await asyncio.wait(pending, timeout=0.5)
    return len(pending)


def fault_reason(error: BaseException) -> str:
    """Why the database failed a command, in a log line's words (storage's `reason`)."""
    return str(getattr(error, "reason", "") or error)


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
