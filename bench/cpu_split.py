"""Whose CPU a move costs in bench_load: the bot's, or the simulated Discord's around it.

bench_load runs SimCord (Discord's side: its HTTP routes, gateway, payload checks, the
members' commands) in the bot's own process and thread, so the process's CPU is both. A
profiling timer (`ITIMER_PROF`, which runs with the process's CPU time) interrupts the
event loop's thread every `interval_s` of CPU, and its handler names, from the innermost
frame out to the event loop's own frame, the first that belongs to a side: SimCord or
the bench's simulated members, or the bot (discord.py, bot, storage, engine, render, the
database drivers). Standard-library frames (json, copy, asyncio) belong to whoever called
them; a stack with neither side is the event loop's own bookkeeping (counted to the bot,
which has a loop on Discord too), and one in `select` is another thread's CPU (the
database's). SimCord's CPU is the loop thread's CPU times SimCord's share of its samples.
A signal, not a sampler thread: a thread sees the loop's thread only where it lets go of
the GIL, which is mostly where it waits, not where it works.
"""

from __future__ import annotations

import signal
import threading
import time
from collections import Counter
from types import FrameType
from typing import Any

import psutil

SIMULATED = ("/simcord/", "/bench/")
BOT = ("/discord/", "/bot/", "/storage/", "/engine/", "/render/", "/aiosqlite/", "/asyncpg/")


def side_of(frame: FrameType | None) -> tuple[str, str]:
    """('simcord', 'bot', 'loop' or 'idle', where) for a stack, innermost frame first;
    where: the side's innermost function, as `package/module.py:function`."""
    if (
        frame is not None
        and frame.f_code.co_name == "select"
        and "selectors" in frame.f_code.co_filename
    ):
        return "idle", ""
    while frame is not None:
        code = frame.f_code
        if code.co_name == "_run_once" and code.co_filename.endswith("base_events.py"):
            break  # the event loop itself: what runs it (the bench's main) is no side
        for side, parts in (("simcord", SIMULATED), ("bot", BOT)):
            if any(part in code.co_filename for part in parts):
                place = "/".join(code.co_filename.rsplit("/", 2)[-2:])
                return side, f"{place}:{code.co_name}"
        frame = frame.f_back
    return "loop", ""


class CpuSplit:
    """With it: `simcord_s` (CPU seconds of SimCord's side), `sampler_s` (the handler's own
    CPU, to leave out of the process's), `samples` by side, `top()` the busiest places."""

    def __init__(self, interval_s: float = 0.002) -> None:
        self.interval_s = interval_s
        self.samples: Counter[str] = Counter()
        self.where: Counter[tuple[str, str]] = Counter()
        self.simcord_s = 0.0
        self.sampler_s = 0.0
        self._loop_native = threading.get_native_id()
        self._previous: Any = None

    def _sample(self, signum: int, frame: FrameType | None) -> None:
        began = time.thread_time()
        side, where = side_of(frame)
        self.samples[side] += 1
        self.where[side, where] += 1
        self.sampler_s += time.thread_time() - began

    def _loop_cpu(self) -> float:
        for thread in psutil.Process().threads():
            if thread.id == self._loop_native:
                return thread.user_time + thread.system_time
        return 0.0

    def top(self, count: int = 15) -> list[str]:
        """The loop thread's busiest places, as shares of its busy samples."""
        busy = sum(n for side, n in self.samples.items() if side != "idle") or 1
        return [
            f"{n / busy:6.1%} {side:8} {where}"
            for (side, where), n in self.where.most_common()
            if side != "idle"
        ][:count]

    def by_package(self) -> list[str]:
        """The loop thread's busy samples by side and package (its first folder)."""
        busy = sum(n for side, n in self.samples.items() if side != "idle") or 1
        totals: Counter[str] = Counter()
        for (side, where), n in self.where.items():
            if side != "idle":
                totals[f"{side} {where.split('/')[0]}"] += n
        return [f"{n / busy:6.1%} {name}" for name, n in totals.most_common()]

    def __enter__(self) -> CpuSplit:
        self._began = self._loop_cpu()
        self._previous = signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, self.interval_s, self.interval_s)
        return self

    def __exit__(self, *exc: object) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, self._previous)
        busy = sum(count for side, count in self.samples.items() if side != "idle")
        share = self.samples["simcord"] / busy if busy else 0.0
        self.simcord_s = (self._loop_cpu() - self._began - self.sampler_s) * share
