"""What holds the event loop: asyncio's debug log of slow callbacks, and the stacks of the
loop's thread while it is held.

    with SlowSteps(loop, threshold_s=0.01) as steps:
        ...                                      # the load
    steps.worst()    # [(callback, count, longest ms), …]
    steps.stalls()   # [(our code's innermost frames, samples), …]

asyncio in debug mode logs every callback (a task's step between two awaits) that ran
longer than `loop.slow_callback_duration`. Under SimCord every step runs inside SimCord's
own callback wrapper, so the log names the wrapper, not the coroutine; so a watchdog thread
also samples the loop thread's stack every 2 ms while the loop has not come round for
longer than the threshold, and counts the innermost frames of our code (bot, storage,
engine, render) it finds there: where the loop's time goes when it is held. Debug mode
itself slows the loop a great deal (it keeps a traceback of every callback), so
`bench_load --slow-steps` samples the stacks in a second window without it; and it
reports only where the time goes, not the goals' figures.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
import threading
import time
from collections import Counter, defaultdict
from typing import Any

_TOOK = re.compile(r"Executing (?P<what>.*) took (?P<seconds>[0-9.]+) seconds")
_CORO = re.compile(r"coro=<(?P<name>[\w.<>]+)\(\)")
OURS = ("/bot/", "/storage/", "/engine/", "/render/")


class SlowSteps(logging.Handler):
    def __init__(
        self, loop: asyncio.AbstractEventLoop, threshold_s: float = 0.01, *, debug: bool = True
    ) -> None:
        super().__init__(logging.WARNING)
        self.loop = loop
        self.debug = debug
        self.threshold_s = threshold_s
        self.found: dict[str, list[float]] = defaultdict(list)
        self.stacks: Counter[str] = Counter()
        self._beat = time.perf_counter()
        self._stop = threading.Event()
        self._loop_thread = threading.get_ident()

    def emit(self, record: logging.LogRecord) -> None:
        took = _TOOK.search(record.getMessage())
        if took is None:
            return
        coro = _CORO.search(took["what"])
        where = coro["name"] if coro else took["what"][:80]
        self.found[where].append(float(took["seconds"]) * 1000)

    async def _heartbeat(self) -> None:
        while not self._stop.is_set():
            self._beat = time.perf_counter()
            await asyncio.sleep(0.002)

    def _watch(self) -> None:
        while not self._stop.wait(0.002):
            if time.perf_counter() - self._beat > self.threshold_s:
                frame = sys._current_frames().get(self._loop_thread)
                if frame is not None:
                    self.stacks[_ours(frame)] += 1

    def __enter__(self) -> SlowSteps:
        self.loop.set_debug(self.debug)
        self.loop.slow_callback_duration = self.threshold_s
        logging.getLogger("asyncio").addHandler(self)
        self._beating = self.loop.create_task(self._heartbeat())
        self._watcher = threading.Thread(target=self._watch, name="stall-watch", daemon=True)
        self._watcher.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        self._watcher.join()
        logging.getLogger("asyncio").removeHandler(self)
        self.loop.set_debug(False)

    def worst(self, count: int = 8) -> list[tuple[str, int, float]]:
        """The slow callbacks, the most time first: (callback, steps, longest ms)."""
        rows = [(where, len(ms), round(max(ms), 1), sum(ms)) for where, ms in self.found.items()]
        rows.sort(key=lambda row: -row[3])
        return [row[:3] for row in rows[:count]]

    def stalls(self, count: int = 15) -> list[tuple[str, int]]:
        """Where the held loop was, by our code's innermost frames: (frames, 2 ms samples)."""
        return self.stacks.most_common(count)


def _ours(frame: Any) -> str:
    """The three innermost frames of our code under `frame`, and the frame it was in."""
    here = f"{frame.f_code.co_filename.rsplit('/', 1)[-1]}:{frame.f_code.co_name}"
    found = []
    while frame is not None and len(found) < 3:
        name = frame.f_code.co_filename
        if any(part in name for part in OURS) and "/.venv/" not in name:
            found.append(f"{name.rsplit('/', 2)[-2]}/{name.rsplit('/', 1)[-1]}:{frame.f_lineno}")
        frame = frame.f_back
    return " < ".join(found) + f" [in {here}]"
