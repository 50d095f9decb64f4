"""The event loop's lag: how late it runs a timer, which is how long every command waits
behind whatever holds the loop (a picture drawn on it, a long garbage collection).

A small task sleeps `interval` seconds again and again; whatever it wakes past that is lag.
Each wake-up is one sample of `axio_event_loop_lag_seconds`, and the worst in the last
`window` seconds is `axio_event_loop_lag_max_seconds`. It costs a few wake-ups a second.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque

from .metrics import Metrics


class LoopLag:
    def __init__(self, metrics: Metrics, *, interval: float = 0.25, window: float = 60.0):
        self.metrics = metrics
        self.interval = interval
        self.window = window
        self._recent: deque[tuple[float, float]] = deque()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="loop-lag")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _run(self) -> None:
        while True:
            asleep = time.perf_counter()
            await asyncio.sleep(self.interval)
            woke = time.perf_counter()
            self.record(max(0.0, woke - asleep - self.interval), woke)

    def record(self, lag: float, at: float) -> None:
        self.metrics.loop_lag.observe(lag)
        self._recent.append((at, lag))
        while self._recent and self._recent[0][0] < at - self.window:
            self._recent.popleft()
        self.metrics.loop_lag_max.set(max(seen for _, seen in self._recent))
