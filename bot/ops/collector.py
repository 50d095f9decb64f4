"""The garbage collector, tuned so that no member's answer waits on a long pause.

A full collection walks every object the collector tracks, so its pause grows with the
heap: with a few hundred thousand objects it held the event loop 80–180 ms (`bench_load`,
before this). Three things keep it short:

- **Freeze what lives as long as the process.** After start-up (`settle`), and again once
  every shard is ready (discord.py's cache of servers, channels and members is then full),
  everything alive goes to the permanent generation, which no collection walks.
- **Freeze the survivors of each full collection** (`Collector.after_full`): what lived
  through one is long-lived (cached games, Discord's message cache), so the next full
  collection walks only what arrived since. The cost: a cycle among frozen objects that
  later becomes garbage is not collected while frozen. So once an hour (`THAW_EVERY_S`)
  everything is thawed and the next full collection walks the whole heap once (one longer
  pause an hour, instead of one every few seconds), freeing any such cycle.
- **Fewer young collections** (`THRESHOLDS`): the youngest generation is collected every
  2 000 allocations instead of 700, so fewer of the bot's short-lived dicts and lists (every
  gateway event) reach an older generation. Measured in `bench_load` (2 cores, load ~5):
  at 2 000 the young pauses were ≤ 5 ms and ≤ 7 ms and a full one (survivors frozen) ≤ 51 ms;
  at 10 000 the young ones alone reached 30 and 26 ms; before any of this (700, nothing
  frozen but start-up) full collections took 80–184 ms.
- **Full collections twice as often** (the third threshold 5, was 10): with survivors
  frozen, a full collection walks what arrived since the one before, so more often means
  shorter. Once a move allocated less (issue 36), full collections came less often and each
  walked more: `bench_load` (200 games at 40 moves/s, six interleaved runs each, three beside
  other work at load ~3) gave the longest pause 33–78 ms at 10 and 20–33 ms at 5, the loop's
  longest lag 31–69 and 16–31 ms, for about 0.5 ms more CPU a move (12.5 against 13.0,
  within the runs' spread).
"""

from __future__ import annotations

import contextlib
import gc
import time
from collections.abc import Callable
from typing import Any

THRESHOLDS = (2_000, 10, 5)
THAW_EVERY_S = 3600.0


def settle() -> None:
    """Collect once, then freeze everything alive: it lives as long as the process."""
    gc.collect()
    gc.freeze()


class Collector:
    """Tunes the collector and freezes the survivors of each full collection. `schedule`
    runs a function soon on the event loop (`loop.call_soon_threadsafe`): nothing may be
    frozen from inside a collection's callback."""

    def __init__(
        self,
        schedule: Callable[[Callable[[], None]], Any],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.schedule = schedule
        self.clock = clock
        self.thawed_at = clock()
        self.freezes = 0

    def start(self) -> None:
        """Set the thresholds and listen to the collector, in place of any collector of a
        bot this process ran before (one process, one collector)."""
        gc.set_threshold(*THRESHOLDS)
        for callback in list(gc.callbacks):
            if isinstance(getattr(callback, "__self__", None), Collector):
                gc.callbacks.remove(callback)
        gc.callbacks.append(self._collected)

    def stop(self) -> None:
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info.get("generation") == 2:
            # A closed loop: the bot is gone, nothing to freeze (and this callback is not
            # removed here: the collector is walking its callbacks).
            with contextlib.suppress(RuntimeError):
                self.schedule(self.after_full)

    def after_full(self) -> None:
        """After a full collection: freeze its survivors, or once an hour thaw everything."""
        if self.clock() - self.thawed_at >= THAW_EVERY_S:
            gc.unfreeze()
            self.thawed_at = self.clock()
            return
        gc.freeze()
        self.freezes += 1
