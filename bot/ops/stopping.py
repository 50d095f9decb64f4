"""How the bot stops when it is told to: SIGTERM (`docker stop`, systemd, Kubernetes) or
SIGINT (Ctrl-C), for `axio-bot run` and `axio-bot playground` alike.

    await until_signalled(main())   # main's own cleanup (its `async with`, its `finally`)
                                    # is what closes the bot

The handlers are the event loop's own, so they work whatever the parent process left the
signals set to (a shell's background job inherits SIGINT ignored). On the first signal one
line is logged and `main` is cancelled: its cleanup stops taking commands, lets those in
flight answer (bot/table/in_flight.py), and closes the database and the gateway. Further
signals are only logged. A stop that has not ended after `STOP_SECONDS` (something hung, a
thread that will not end) is cut short: a warning naming what was still running, and the
process leaves with status 1, so a stopped bot never stays alive.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from typing import Any

log = logging.getLogger("axio")

SIGNALS = (signal.SIGTERM, signal.SIGINT)
STOP_SECONDS = 9.0
"""The longest a stop may take before the process leaves anyway: inside the 10 s that
`docker stop` and Kubernetes give before they kill."""


_holding: list[list[int]] = []
"""The signals each `held_signals()` block (innermost last) has received."""


@contextmanager
def held_signals() -> Iterator[None]:
    """SIGTERM and SIGINT remembered, not acted on, from here until `until_signalled` takes
    them (and while no event loop runs): one that arrives while the bot checks its database
    stops it as soon as its loop starts, as one that arrives later would. On the way out the
    handlers are put back, or, after a signal, left ignoring: the process is leaving."""
    received: list[int] = []
    previous = {number: signal.getsignal(number) for number in SIGNALS}
    for number in SIGNALS:
        signal.signal(number, lambda signum, frame: received.append(signum))
    _holding.append(received)
    try:
        yield
    finally:
        _holding.remove(received)
        for number, handler in previous.items():
            signal.signal(number, signal.SIG_IGN if received else handler)


async def until_signalled(main: Coroutine[Any, Any, Any]) -> Any:
    """Run `main` until it ends, or until SIGTERM or SIGINT cancels it; its cleanup runs to
    the end either way (a second signal does not cut it short: `STOP_SECONDS` does)."""
    loop = asyncio.get_running_loop()
    task = loop.create_task(main)
    received = _holding[-1] if _holding else []
    stopping = False

    def on_signal(number: int) -> None:
        nonlocal stopping
        name = signal.Signals(number).name
        if stopping:
            log.info("%s again: already stopping", name)
            return
        stopping = True
        received.append(number)
        log.info("stopping on %s: no new commands; those in flight answer, then it closes", name)
        _leave_after(STOP_SECONDS)
        task.cancel()

    for number in SIGNALS:
        loop.add_signal_handler(number, on_signal, number)
    if received:  # it arrived before the loop ran: main does not even start
        on_signal(received[0])
    try:
        return await task
    except asyncio.CancelledError:
        if not stopping:
            raise  # cancelled from outside, not by a signal
        return None
    finally:
        for number in SIGNALS:
            loop.remove_signal_handler(number)
            if stopping:  # the rest of the way out (asyncio.run's end) is not interrupted
                signal.signal(number, signal.SIG_IGN)


def _leave_after(seconds: float) -> None:
    """A watch that ends the process if it is still here `seconds` after the signal: the
    event loop may be stuck, or a thread (a database connection nobody closed) may hold
    the interpreter at its exit. It runs in a daemon thread, which neither can block."""

    def watch() -> None:
        time.sleep(seconds)  # a process that stopped in time is gone before this ends
        alive = sorted(t.name for t in threading.enumerate() if t is not threading.current_thread())
        log.warning(
            "did not stop within %.0f s; leaving anyway (still running: %s)",
            seconds,
            ", ".join(alive) or "nothing",
        )
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        os._exit(1)

    threading.Thread(target=watch, name="stop-deadline", daemon=True).start()
