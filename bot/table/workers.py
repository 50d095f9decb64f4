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
import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")


def _warm() -> None:
    """Nothing: run once per worker at start, so that the first real task pays no start-up."""


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Spawn workers with SIGINT and SIGTERM blocked, as multiprocessing's resource tracker
    is: a worker is born with them held (the mask survives exec) and so is never ended by
    the terminal's Ctrl-C while it starts, before `_follow_parent` ignores them. This thread
    only holds them for that moment; another thread of the bot takes any that arrive."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _follow_parent(parent: int, prepare: Callable[[], None] | None) -> None:
    """Each worker's start: leave when the bot (`parent`) does, even one that died before
    this worker was up. A worker holds its own end of the task queue, so a killed bot
    (SIGKILL, out of memory) would otherwise leave it waiting forever, holding its stdout.
    Signals are the bot's to handle: Ctrl-C reaches every process of the terminal's group,
    and a worker that died of it would print a traceback and break the pool while the bot
    stops; the bot ends its workers itself (`close`). Then `prepare()`, what the pool's
    work needs loaded once per worker."""
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()
    if prepare is not None:
        prepare()


MANAGER_END_S = 2.0
"""How long closing waits for the pool's manager thread once its workers are killed (it
ends at once when they are gone)."""


class WorkerPool:
    def __init__(self, processes: int, prepare: Callable[[], None] | None = None) -> None:
        if processes < 0:
            raise ValueError("the number of processes cannot be negative")
        self.processes = processes
        self._prepare = prepare
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    def _executor(self) -> ProcessPoolExecutor:
        if self._closed:
            raise RuntimeError("the worker pool is closed: the bot is stopping")
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.processes,
                mp_context=context,
                initializer=_follow_parent,
                initargs=(os.getpid(), self._prepare),
            )
            with _signals_held():
                for _ in range(self.processes):
                    self._pool.submit(_warm)  # each spawns a worker
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
            self._end_workers()
            return await loop.run_in_executor(self._executor(), work)

    def worker_pids(self) -> list[int]:
        """The live workers' process ids (none before the first task, or in thread mode)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return list(processes)

    def close(self) -> None:
        """End the workers now, whatever they are doing, and start no more: what they were
        asked for is not waited for any more, and a worker left thinking would hold the
        bot's exit."""
        self._closed = True
        self._end_workers()

    def _end_workers(self) -> None:
        if self._pool is not None:
            workers = self.worker_pids()
            self._pool.shutdown(wait=False, cancel_futures=True)
            for pid in workers:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            # The pool's manager thread ends by closing a wake-up pipe that the interpreter's
            # exit writes to unlocked (CPython 3.11's concurrent.futures): let it end first,
            # or an exit racing it prints "Bad file descriptor" from the atexit hook.
            manager = getattr(self._pool, "_executor_manager_thread", None)
            if manager is not None:
                manager.join(MANAGER_END_S)
            self._pool = None
