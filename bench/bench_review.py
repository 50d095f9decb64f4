"""Game reviews: how long a 4-player AXIO game takes to review, and a stored one to read.

- `review_s`: a finished 4-player AXIO game (computers of every level, seeded) reviewed at
  the expert's default budget a position, its moves analysed by a pool of `--workers`
  processes (started before the clock, as the bot's pool is).
- `review_cached_ms`: the median time to read that review back through the Repository
  (SQLite, a file in a temporary folder) and rebuild the GameReview from it: what a second
  request costs before any picture. `review_render_ms` is the picture and its alt text,
  apart, for a caller that draws it again rather than keeping the PNG.

Run: python -m bench.bench_review [--workers 2] [--budget 2.0]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bench.common import median_ms, report
from engine import AxioGame
from engine.ai import choose_move, expert
from engine.ai.review import GameReview, review_game, review_tasks
from render.review import render_review, review_alt_text
from storage import Repository

GAME_SEED = 26
LEVELS = ("hard", "normal", "easy", "normal")
NAMES = ["Hard", "Normal", "Easy", "Normal too"]
PLAY_BUDGET_S = 0.1
REVIEW_SEED = 1
CACHED_RUNS = 50


def finished_game() -> AxioGame:
    """The game to review: four computers of several levels, so there is something to find."""
    game = AxioGame(4, GAME_SEED)
    while not game.is_over:
        level = LEVELS[game.to_move]
        game.play(choose_move(game, level, seed=GAME_SEED, budget_s=PLAY_BUDGET_S))
    return game


async def stored_review_ms(game: AxioGame, review: GameReview, folder: Path) -> float:
    """Store the game and its review as the bot would, then time reading the review back."""
    async with await Repository.open(folder / "bench.sqlite3") as repo:
        record = await repo.create_lobby("axio", 1, 10, 100, NAMES[0])
        for seat in range(1, 4):
            record = await repo.join(record.id, 100 + seat, NAMES[seat])
        record = await repo.start(record.id, GAME_SEED)
        for number, entry in enumerate(game.log):
            record, _ = await repo.record_move(record.id, number, entry.move)
        assert record.status == "finished"
        await repo.save_review(record.id, review.to_dict())
        times = []
        for _ in range(CACHED_RUNS):
            start = time.perf_counter()
            data = await repo.review(record.id)
            assert data is not None and GameReview.from_dict(data) == review
            times.append((time.perf_counter() - start) * 1000)
        return round(sorted(times)[len(times) // 2], 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="processes for the analyses")
    parser.add_argument("--budget", type=float, default=expert.DEFAULT_BUDGET_S)
    args = parser.parse_args()
    game = finished_game()
    moves = [entry.move for entry in game.log]
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(abs, range(args.workers)))  # the workers are up before the clock
        start = time.perf_counter()
        tasks = review_tasks("axio", 4, GAME_SEED, moves, budget_s=args.budget, seed=REVIEW_SEED)
        review = review_game(tasks, map_=pool.map)
        review_s = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as folder:
        cached_ms = asyncio.run(stored_review_ms(game, review, Path(folder)))
    render_ms = median_ms(
        lambda: (render_review(review, NAMES), review_alt_text(review, NAMES)), runs=10
    )
    grades = [m.grade for m in review.moves]
    report(
        {
            "moves": len(moves),
            "budget_s": args.budget,
            "workers": args.workers,
            "accuracy": [p.accuracy for p in review.seats],
            "mistakes": grades.count("mistake"),
            "blunders": grades.count("blunder"),
            "review_s": round(review_s, 1),
            "review_s_per_move": round(review_s / len(moves), 3),
            "review_render_ms": render_ms,
            "review_cached_ms": cached_ms,
        }
    )


if __name__ == "__main__":
    main()
