"""The members' interactions being answered, so that a stopping bot (bot/ops/stopping.py)
lets them answer before it closes the database under them.

Every slash command, autocomplete and control press runs inside `in_flight.one()` (the
command tree and the controls do it); `drain()` waits for them, a while.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .background import finish_or_cancel

ANSWER_SECONDS = 3.0
"""How long the members' commands in flight have to answer once the bot stops: Discord's
own window for a first answer. With the background work's 2 s and the database's 1.5 s,
a stop stays inside its 9 s (bot/ops/stopping.py) even when everything is slow."""


class InFlight:
    """The interactions being answered, each in its own task (as discord.py runs them)."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    @contextmanager
    def one(self) -> Iterator[None]:
        """Around the handling of one interaction."""
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            yield
        finally:
            self._tasks.discard(task)

    def __len__(self) -> int:
        return len(self._tasks)

    async def drain(self, seconds: float | None = None) -> int:
        """Wait up to `seconds` (`ANSWER_SECONDS`) for the interactions in flight to answer;
        cancel those still going after it (nothing half-done stays: every command is one
        transaction). Returns how many had to be cancelled."""
        await asyncio.sleep(0)  # an interaction scheduled just before the stop enters first
        return await finish_or_cancel(self._tasks, ANSWER_SECONDS if seconds is None else seconds)
