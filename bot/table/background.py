"""Work that runs beside the commands (deliveries, computer moves), and the one log line
per game event.

Background work is stored before it starts: what a failed task was doing is in the
database, so the delivery loop's next pass takes it up again. A failure is logged, never
lost in an unawaited task; one the database caused (it did not answer, or was busy) is a
line without a traceback, since storage logs the outage itself, once each way, and the
next pass (at once when the database answers again) takes the work up. A network fault
(`network_fault`) is a warning without a traceback too: it is no bug. Best-effort work,
such as taking stale controls off, tries again after one (`retried`).

Background work runs in a copy of the context without storage's deadline: a command that
spawns it inside its deadline (`repo.within()`) does not hand that deadline on to a
computer's move or a delivery that runs long after the command has answered. (An empty
context would also drop what discord.py keeps there, such as its webhook adapter.)
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import aiohttp
import discord

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
        elif network_fault(error):
            log.warning("background work stopped by the network: %s", network_reason(error))
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


DISCORD_FAULTS = (discord.HTTPException, aiohttp.ClientError, TimeoutError, OSError)
"""What a call to Discord may raise instead of doing it: its refusal, or a network fault."""
RETRY_WAITS_S = (1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0)
"""The waits between attempts of work that met a network fault: about two minutes in all."""


def network_fault(error: BaseException) -> bool:
    """A fault on the way to Discord that may pass: a dropped or refused connection (any
    of aiohttp's, such as ServerDisconnectedError), a timeout, Discord's own 5xx. Its
    refusals (4xx: gone, forbidden, an expired token) will not pass."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500
    return isinstance(error, (aiohttp.ClientError, TimeoutError, OSError))


def network_reason(error: BaseException) -> str:
    """A network fault in a log line's words: its kind and what it said."""
    said = str(error)
    return f"{type(error).__name__}: {said}" if said else type(error).__name__


async def retried(
    work: Callable[[], Awaitable[object]], what: str, *, until: float = float("inf")
) -> bool:
    """Do `work` (best effort, beside the commands); after a network fault try again,
    waiting longer each time (`RETRY_WAITS_S`), while the attempt would start before
    `until` (on `time.monotonic()`'s clock). Each fault is one warning line, without a
    traceback: it is Discord's or the network's, not a bug. Discord's refusal ends it
    quietly. Whether the work was done."""
    for wait in (*RETRY_WAITS_S, None):
        try:
            await work()
            return True
        except Exception as error:
            if not network_fault(error):
                if isinstance(error, discord.HTTPException):
                    log.info("%s: refused by Discord (%s); left as it is", what, error)
                    return False
                raise
            reason = network_reason(error)
            if wait is None or time.monotonic() + wait >= until:
                log.warning("%s failed (%s); given up", what, reason)
                return False
            log.warning("%s failed (%s); trying again in %g s", what, reason, wait)
            await pause_before_retry(wait)
    return False


async def pause_before_retry(seconds: float) -> None:
    """The wait before `retried` tries again: a function of its own so that a test can put
    it on a simulated clock, as a wait on something outside the bot (the network)."""
    await asyncio.sleep(seconds)


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
