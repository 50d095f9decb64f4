"""Game reviews: how long a 4-player AXIO game takes to review, and a stored one to read.

- `review_s`: a finished 4-player AXIO game (computers of every level, seeded) reviewed at
  the expert's default budget a position, as the bot does it: `Thinker.review` over a
  pool of `--workers` processes (started before the clock, as the bot's pool is).
- `review_cached_ms`: the median time of what the bot does for a second `/axio review` of
  that game, once it is kept (SQLite, a file in a temporary folder): check who may review
  it (`Reviews.reviewable`: the game and its daily attempt), read the kept review
  (`Reviews.review`, whose thinker here refuses to think, so the pool is provably not
  asked), and build the answer: its words, its picture with alt text, its buttons. Only
  Discord's own round trip is left out. `review_cached_repo_ms` is the storage read
  alone, and `review_render_ms` the picture and its alt text alone.

Run: python -m bench.bench_review [--workers 2] [--budget 2.0]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from bench.common import median_ms, report
from bot.config import Settings
from bot.screens.review import review_alt, review_file, review_text, review_view, review_words
from bot.table.painter import Painter
from bot.table.reviews import Reviews
from bot.table.thinking import Thinker
from engine import AxioGame
from engine.ai import choose_move, expert
from engine.ai.review import GameReview, ReviewTask, review_tasks
from render.review import render_review
from storage import Repository

GAME_SEED = 26
LEVELS = ("hard", "normal", "easy", "normal")
NAMES = ["Hard", "Normal", "Easy", "Normal too"]
PLAY_BUDGET_S = 0.1
REVIEW_SEED = 1
CACHED_RUNS = 50
PICTURE_PROCESSES = Settings.model_fields["picture_processes"].default
"""As the bot runs by default (`PICTURE_PROCESSES`)."""
GUILD = 1
HOST = 100


def utc_now() -> datetime:
    return datetime.now(UTC)


def finished_game() -> AxioGame:
    """The game to review: four computers of several levels, so there is something to find."""
    game = AxioGame(4, GAME_SEED)
    while not game.is_over:
        level = LEVELS[game.to_move]
        game.play(choose_move(game, level, seed=GAME_SEED, budget_s=PLAY_BUDGET_S))
    return game


class NoThinking(Thinker):
    """A thinker that must not be asked: a kept review is read, never computed again."""

    async def review(self, tasks: Sequence[ReviewTask]) -> GameReview:
        raise AssertionError("a kept review was computed again")


async def stored_review_ms(game: AxioGame, review: GameReview, folder: Path) -> dict[str, float]:
    """Store the game and its review as the bot would, then time a second request."""
    async with await Repository.open(folder / "bench.sqlite3") as repo:
        record = await repo.create_lobby("axio", GUILD, 10, HOST, NAMES[0])
        for seat in range(1, 4):
            record = await repo.join(record.id, HOST + seat, NAMES[seat])
        record = await repo.start(record.id, GAME_SEED)
        for number, entry in enumerate(game.log):
            record, _ = await repo.record_move(record.id, number, entry.move)
        assert record.status == "finished"
        await repo.save_review(record.id, review.to_dict())
        reviews = Reviews(repo, NoThinking(0), budget_s=review.budget_s, clock=utc_now)
        painter = Painter(PICTURE_PROCESSES)  # the bot's: the picture drawn in its workers
        painter.start()
        await painter.paint(render_review, review, list(NAMES))  # workers up before the clock
        storage_times, answer_times = [], []
        for _ in range(CACHED_RUNS):
            start = time.perf_counter()
            data = await repo.review(record.id)
            assert data is not None and GameReview.from_dict(data) == review
            storage_times.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            found = await reviews.reviewable(record.id, GUILD, HOST + 2)  # a player asks
            shown = await reviews.review(found)
            answer = (
                review_text(found, shown),
                await review_file(found, shown, painter.paint),
                review_view(found, shown),
            )
            answer_times.append((time.perf_counter() - start) * 1000)
            assert shown == review and answer[1].description
        painter.close()
        return {
            "review_cached_ms": round(statistics.median(answer_times), 3),
            "review_cached_repo_ms": round(statistics.median(storage_times), 3),
        }


async def pool_review(workers: int, tasks: Sequence[ReviewTask]) -> tuple[GameReview, float]:
    """The review as the bot computes it: `Thinker.review` over the bot's process pool
    (one analysis queued per worker at a time), its workers up before the clock."""
    thinker = Thinker(workers)
    try:
        warm = [thinker.choose(AxioGame(2, n), "easy", 0, 0.01) for n in range(workers * 2)]
        await asyncio.gather(*warm)
        start = time.perf_counter()
        review = await thinker.review(tasks)
        return review, time.perf_counter() - start
    finally:
        thinker.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="processes for the analyses")
    parser.add_argument("--budget", type=float, default=expert.DEFAULT_BUDGET_S)
    args = parser.parse_args()
    game = finished_game()
    moves = [entry.move for entry in game.log]
    tasks = review_tasks("axio", 4, GAME_SEED, moves, budget_s=args.budget, seed=REVIEW_SEED)
    review, review_s = asyncio.run(pool_review(args.workers, tasks))
    with tempfile.TemporaryDirectory() as folder:
        cached = asyncio.run(stored_review_ms(game, review, Path(folder)))
    render_ms = median_ms(
        lambda: (
            render_review(review, NAMES, review_words(review)),
            review_alt(review, list(NAMES)),
        ),
        runs=10,
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
            **cached,
            "review_cached_path": (
                "reviewable + kept review + words, picture (painter workers), buttons"
            ),
        }
    )


if __name__ == "__main__":
    main()
