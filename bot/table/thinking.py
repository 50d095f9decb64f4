"""Where computer players think: a pool of processes, so that a few computers choosing
moves at once never compete with the bot's event loop for the interpreter.

    thinker = Thinker(processes=2)
    move = await thinker.choose(game, "hard", seed=7, budget_s=1.0)
    thinker.close()

`processes=0` thinks in a thread of this process instead (as the bot did before). The
pool starts on the first move (most bot processes and tests never need it); its workers
are spawned, fresh interpreters, not forked from the bot with its threads and connections
(and the fork server's child polling spins forever under a stopped clock, as in SimCord).
A pool whose worker died is replaced and the move tried again.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any

from engine import TileGame
from engine.ai import Hint, choose_move, hint
from engine.ai.review import (
    GameReview,
    MoveReview,
    ReviewTask,
    analyse,
    assemble,
    review_game,
)


def _choose(game: TileGame, level: str, seed: int, budget_s: float) -> Any:
    return choose_move(game, level, seed=seed, budget_s=budget_s)


def _warm() -> None:
    """Nothing: run once per worker at start, so that the first real move pays no start-up."""


def _follow_parent(parent: int) -> None:
    """Each worker's start: leave when the bot (`parent`) does, even one that died before
    this worker was up. A worker holds its own end of the task queue, so a killed bot
    (SIGKILL, out of memory) would otherwise leave it waiting forever, holding its stdout."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


class Thinker:
    def __init__(self, processes: int = 2) -> None:
        if processes < 0:
            raise ValueError("the number of processes cannot be negative")
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> Executor | None:
        if self.processes == 0:
            return None
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.processes,
                mp_context=context,
                initializer=_follow_parent,
                initargs=(os.getpid(),),
            )
            for _ in range(self.processes):
                self._pool.submit(_warm)
        return self._pool

    async def choose(self, game: TileGame, level: str, seed: int, budget_s: float) -> Any:
        """The computer's move for `game` (which is not changed), repeatable for a seed."""
        return await self._run(partial(_choose, game.copy(), level, seed, budget_s))

    async def hints(self, game: TileGame, level: str, seed: int, budget_s: float) -> list[Hint]:
        """The best few moves of the hard or the expert search, with why (/axio hint)."""
        return await self._run(
            partial(hint, game.copy(), seed=seed, budget_s=budget_s, count=3, level=level)
        )

    async def review(self, tasks: Sequence[ReviewTask]) -> GameReview:
        """A game's review, its moves analysed in the pool. At most one analysis per worker
        is queued at a time, so a computer player's move waits behind one analysis (a
        second or two), never behind a whole review."""
        if self._executor() is None:
            return await asyncio.to_thread(review_game, tasks)
        gate = asyncio.Semaphore(self.processes)

        async def one(task: ReviewTask) -> MoveReview:
            async with gate:
                return await self._run(partial(analyse, task))

        return assemble(tasks, await asyncio.gather(*(one(task) for task in tasks)))

    async def _run(self, work: Callable[[], Any]) -> Any:
        if self._executor() is None:
            return await asyncio.to_thread(work)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), work)
        except BrokenProcessPool:  # a worker died (killed, out of memory): a fresh pool
            self.close()
            return await loop.run_in_executor(self._executor(), work)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
