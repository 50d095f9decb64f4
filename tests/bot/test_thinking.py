"""Computer players think in a process pool (or a thread): the same move either way."""

from __future__ import annotations

import asyncio

from bot.thinking import Thinker
from engine import AxioGame, RotaGame
from engine.ai import choose_move


async def test_the_pool_chooses_what_the_thread_chooses_and_leaves_the_game_alone() -> None:
    games = [AxioGame(3, 5), RotaGame(2, 6)]
    pool, thread = Thinker(2), Thinker(0)
    try:
        for game in games:
            before = game.copy()
            moves = await asyncio.gather(
                *(pool.choose(game, "easy", seed, 0.05) for seed in range(4))
            )
            assert game == before
            for seed, move in enumerate(moves):
                expected = choose_move(game.copy(), "easy", seed=seed, budget_s=0.05)
                assert str(move) == str(expected)
                assert str(await thread.choose(game, "easy", seed, 0.05)) == str(expected)
    finally:
        pool.close()
