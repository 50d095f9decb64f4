"""Waiting for something that happens outside what a test can await (a computer thinking
in a worker, a lease renewed by a task, a post delivered after SimCord settled): look
again and again until it holds.

The limit is wall-clock time (SimCord's clock is virtual) and only says when the test
gives up: a busy machine makes such a wait longer, never a failure.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable
from typing import Any

GIVE_UP_S = 60.0


async def eventually(
    check: Callable[[], Any], what: str, *, pause: float = 0.05, give_up_s: float = GIVE_UP_S
) -> Any:
    """`check()`'s first truthy result (it may be a coroutine function); AssertionError
    naming `what` if none came within `give_up_s`."""
    deadline = time.perf_counter() + give_up_s
    while True:
        found = check()
        if inspect.isawaitable(found):
            found = await found
        if found:
            return found
        if time.perf_counter() > deadline:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(pause)
