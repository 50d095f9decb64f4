"""The event loop's lag: how long the loop takes to get round to something it was handed,
which is how long every command waits behind whatever holds the loop (a picture drawn on
it, a long garbage collection).

A small thread hands the loop a callback every `interval` seconds and measures how long it
waits to be run; it hands over the next only once that one has run, so a loop held for two
seconds shows as one sample of two seconds, not a pile of them. Each sample goes to
`axio_event_loop_lag_seconds`, and the worst in the last `window` seconds is
`axio_event_loop_lag_max_seconds`. The thread only sleeps and reads the clock, so it costs
the loop one tiny callback per interval; and since it needs no timer of the loop's, it
measures a simulated loop (SimCord's virtual time) in real time too.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque

from .metrics import Metrics


class LoopLag:
    def __init__(self, metrics: Metrics, *, interval: float = 0.25, window: float = 60.0):
        self.metrics = metrics
        self.interval = interval
        self.window = window
        self._recent: deque[tuple[float, float]] = deque()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            loop = asyncio.get_running_loop()
            self._stop.clear()
            self._thread = threading.Thread(
                target=self._watch, args=(loop,), name="loop-lag", daemon=True
            )
            self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join(timeout=5)
            self._thread = None

    def _watch(self, loop: asyncio.AbstractEventLoop) -> None:
        while not self._stop.wait(self.interval):
            ran = threading.Event()
            handed = time.perf_counter()

            def run(handed: float = handed, ran: threading.Event = ran) -> None:
                self.record(time.perf_counter() - handed, time.perf_counter())
                ran.set()

            try:
                loop.call_soon_threadsafe(run)
            except RuntimeError:  # the loop is closed
                return
            while not ran.wait(self.interval) and not self._stop.is_set():
                pass  # still held: the sample, when it comes, says for how long

    def record(self, lag: float, at: float) -> None:
        """One sample (on the loop's thread)."""
        self.metrics.loop_lag.observe(lag)
        self._recent.append((at, lag))
        while self._recent and self._recent[0][0] < at - self.window:
            self._recent.popleft()
        self.metrics.loop_lag_max.set(max(seen for _, seen in self._recent))
