"""A pool of worker processes for work that must not hold the bot's event loop: the
computer players' thinking (`thinking.py`) and the pictures (`painter.py`).

    pool = WorkerPool(processes=2)
    result = await pool.run(function, *args)   # function and args picklable
    pool.close()

`processes=0` runs the work in a thread of this process instead. The pool starts on the
first call (most bot processes and tests never need some of them); its workers are
spawned, fresh interpreters, not forked from the bot with its threads and connections
(and the fork server's child polling spins forever under a stopped clock, as in SimCord).
A pool whose worker died is replaced and the work tried again. `worker_pids()` lets a
benchmark count the workers' CPU, which `RUSAGE_CHILDREN` does not while they live.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")


def _warm() -> None:
    """Nothing: run once per worker at start, so that the first real task pays no start-up."""


def _follow_parent(parent: int, prepare: Callable[[], None] | None) -> None:
    """Each worker's start: leave when the bot (`parent`) does, even one that died before
    this worker was up. A worker holds its own end of the task queue, so a killed bot
    (SIGKILL, out of memory) would otherwise leave it waiting forever, holding its stdout.
    Then `prepare()`, what the pool's work needs loaded once per worker."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()
    if prepare is not None:
        prepare()


class WorkerPool:
    def __init__(self, processes: int, prepare: Callable[[], None] | None = None) -> None:
        if processes < 0:
            raise ValueError("the number of processes cannot be negative")
        self.processes = processes
        self._prepare = prepare
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.processes,
                mp_context=context,
                initializer=_follow_parent,
                initargs=(os.getpid(), self._prepare),
            )
            for _ in range(self.processes):
                self._pool.submit(_warm)
        return self._pool

    def start(self) -> None:
        """Start the workers now rather than on the first task (a bot at start-up)."""
        if self.processes:
            self._executor()

    async def run(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`function(*args, **kwargs)` in a worker; the event loop only waits."""
        work = partial(function, *args, **kwargs)
        if self.processes == 0:
            return await asyncio.to_thread(work)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), work)
        except BrokenProcessPool:  # a worker died (killed, out of memory): a fresh pool
            self.close()
            return await loop.run_in_executor(self._executor(), work)

    def worker_pids(self) -> list[int]:
        """The live workers' process ids (none before the first task, or in thread mode)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return list(processes)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
