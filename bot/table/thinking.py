"""Where computer players think: a pool of processes (`workers.py`), so that a few
computers choosing moves at once never compete with the bot's event loop for the
interpreter.

    thinker = Thinker(processes=2)
    move = await thinker.choose(game, "hard", seed=7, budget_s=1.0)
    thinker.close()

`processes=0` thinks in a thread of this process instead (as the bot did before). The
pictures have a pool of their own (`painter.py`): a picture never waits behind a computer
thinking for a second.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
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

from .workers import WorkerPool


def _choose(game: TileGame, level: str, seed: int, budget_s: float) -> Any:
    return choose_move(game, level, seed=seed, budget_s=budget_s)


class Thinker:
    def __init__(self, processes: int = 2) -> None:
        self.pool = WorkerPool(processes)
        self.processes = processes

    async def choose(self, game: TileGame, level: str, seed: int, budget_s: float) -> Any:
        """The computer's move for `game` (which is not changed), repeatable for a seed."""
        return await self.pool.run(_choose, game.copy(), level, seed, budget_s)

    async def hints(self, game: TileGame, level: str, seed: int, budget_s: float) -> list[Hint]:
        """The best few moves of the hard or the expert search, with why (/axio hint)."""
        return await self.pool.run(
            hint, game.copy(), seed=seed, budget_s=budget_s, count=3, level=level
        )

    async def review(self, tasks: Sequence[ReviewTask]) -> GameReview:
        """A game's review, its moves analysed in the pool. At most one analysis per worker
        is queued at a time, so a computer player's move waits behind one analysis (a
        second or two), never behind a whole review."""
        if self.processes == 0:
            return await asyncio.to_thread(review_game, tasks)
        gate = asyncio.Semaphore(self.processes)

        async def one(task: ReviewTask) -> MoveReview:
            async with gate:
                return await self.pool.run(analyse, task)

        return assemble(tasks, await asyncio.gather(*(one(task) for task in tasks)))

    def close(self) -> None:
        self.pool.close()
