"""Computer players: normal and hard against the greedy baseline, and how long hard thinks.

Each pairing plays two-player games on seeds 0..N-1, the level's seat alternating with the
seed; a game counts 1 when the level ranks first alone, 1/2 when it shares first place.
Hard gets 200 ms a move there. Then hard plays every seat of 4-player AXIO games at the
default 1 s budget, and every one of those moves is timed.

Run: python -m bench.bench_ai [--games N] [--workers 2]
"""

from __future__ import annotations

import argparse
import statistics
import time
from multiprocessing import Pool

from bench.common import percentile, report
from engine import game_class
from engine.ai import choose_move, greedy
from engine.ai.evaluate import win_share

MATCH_BUDGET_S = 0.2
DEFAULT_BUDGET_S = 1.0
PAIRINGS = (("axio", "hard"), ("rota", "hard"), ("axio", "normal"), ("rota", "normal"))
TIMED_GAMES = 2


def match_game(task: tuple[str, str, int]) -> tuple[str, str, float, list[float], int]:
    """One two-player game of `level` against greedy: its win share and the level's move
    times in milliseconds, and the level's lowest score at the end."""
    kind, level, seed = task
    game = game_class(kind)(2, seed)
    seat = seed % 2
    times = []
    while not game.is_over:
        if game.to_move == seat:
            start = time.perf_counter()
            move = choose_move(game, level, seed=seed, budget_s=MATCH_BUDGET_S)
            times.append((time.perf_counter() - start) * 1000)
        else:
            move = greedy(game)
        game.play(move)
    return kind, level, win_share(game, seat), times, min(game.scores(seat))


def timed_game(seed: int) -> list[float]:
    """A 4-player AXIO game with hard in every seat at the default budget: its move times."""
    game = game_class("axio")(4, seed)
    times = []
    while not game.is_over:
        start = time.perf_counter()
        move = choose_move(game, "hard", seed=seed, budget_s=DEFAULT_BUDGET_S)
        times.append((time.perf_counter() - start) * 1000)
        game.play(move)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--workers", type=int, default=2, help="processes (cores) to use")
    args = parser.parse_args()
    started = time.perf_counter()
    tasks = [(kind, level, seed) for seed in range(args.games) for kind, level in PAIRINGS]
    shares: dict[tuple[str, str], list[float]] = {pairing: [] for pairing in PAIRINGS}
    lowest: dict[tuple[str, str], list[int]] = {pairing: [] for pairing in PAIRINGS}
    match_times: list[float] = []
    with Pool(args.workers) as pool:
        for kind, level, share, times, low in pool.imap_unordered(match_game, tasks):
            shares[kind, level].append(share)
            lowest[kind, level].append(low)
            if level == "hard":
                match_times.extend(times)
        move_times = [t for times in pool.map(timed_game, range(TIMED_GAMES)) for t in times]
    figures: dict[str, float | int] = {}
    for kind, level in PAIRINGS:
        winrate = statistics.mean(shares[kind, level])
        figures[f"{kind}_{level}_vs_greedy_winrate"] = round(winrate, 3)
    for kind, level in PAIRINGS:
        figures[f"{kind}_{level}_mean_lowest"] = round(statistics.mean(lowest[kind, level]), 2)
    figures["hard_move_ms_p95"] = round(percentile(move_times, 0.95), 1)
    figures["hard_move_ms_max"] = round(max(move_times), 1)
    figures["hard_200ms_move_ms_p95"] = round(percentile(match_times, 0.95), 1)
    figures["games"] = len(tasks) + TIMED_GAMES
    figures["seconds"] = round(time.perf_counter() - started)
    report(figures)


if __name__ == "__main__":
    main()
