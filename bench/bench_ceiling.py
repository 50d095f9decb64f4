"""How much a computer could gain by seeing every hidden tile: a ceiling for issue 26's goals.

The expert and hard levels search over deals of what their seat cannot see. This benchmark
plays each pairing twice on the same seeds and seats: once fair, once with the first-named
level *sighted*, so that every deal it searches is the real game (the other hands, its own
coming tiles, the order of the stacks and the supply). A sighted level is an experiment
only: the bot never builds one. Whatever a better treatment of hidden information could
win (information-set search, a finer model of the unseen tiles) is at most what seeing
them wins here, at the same horizon and valuation. In Rota the fair expert's deals are
already the seat's whole knowledge of the unseen tiles (see engine/ai/expert.py), so there
the gap is the worth of seeing, which no fair player can win back.

Figures per pairing: the fair and the sighted win rate with their 95 % intervals, the
paired change (same seeds and seats) and how many games' results differ. Counted work
only, the clock's stop off, as in bench_ai, so the figures do not depend on the machine.
The expert is the one the bot plays (`expert_value`: with the learned value in 2-player
Rota, as shipped), so its fair figures equal bench_ai's on the same seeds.

Run: nice -n 10 python -m bench.bench_ceiling [--games N] [--workers 2] [--pairings …]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from multiprocessing import Pool
from typing import Any

from bench.bench_ai import (
    EXPERT_MATCH_BUDGET_S,
    MATCH_BUDGET_S,
    counted_work_only,
    half_width,
    interval,
    play_match,
)
from bench.common import report
from engine import game_class
from engine.ai import expert
from engine.ai.evaluate import win_share
from engine.game import TileGame

PAIRINGS = {
    "rota_hard_vs_greedy": ("rota", "hard", "greedy", MATCH_BUDGET_S),
    "rota_expert_vs_greedy": ("rota", "expert", "greedy", EXPERT_MATCH_BUDGET_S),
    "rota_expert_vs_hard": ("rota", "expert", "hard", EXPERT_MATCH_BUDGET_S),
}
"""Rota's pairings of issue 26, and the expert against greedy for the scale between them."""


def sighted(game: TileGame) -> TileGame:
    """A copy of `game` whose every deal of the hidden tiles is the real one.

    `resample_hidden` is the searches' only way to the tiles a seat cannot see; here it
    returns a plain copy of the real game (its own random draw is still made, so the
    search's random numbers run as they would)."""
    real = type(game)

    class Sighted(real):  # type: ignore[misc, valid-type]
        def resample_hidden(self, seat: int, rng: Any) -> TileGame:
            rng.random()
            view = real.copy(self)
            view.__class__ = real
            return view

    view = game.copy()
    view.__class__ = Sighted
    return view


def ceiling_game(task: tuple[str, int, int, bool]) -> tuple[str, int, int, bool, float]:
    """One game of a pairing with the first level in `seat`, sighted or fair: the task
    back and the first level's win share."""
    name, seed, seat, sees = task
    if sees:
        game, _ = play_match(PAIRINGS[name], seed, seat, shown=sighted)
    else:
        game, _ = play_match(PAIRINGS[name], seed, seat)
    return name, seed, seat, sees, win_share(game, seat)


def check_sight() -> None:
    """The oracle must really see: a sighted deal holds the other seat's real hand."""
    game = game_class("rota")(2, 1)
    view = sighted(game).resample_hidden(0, random.Random(0))
    if view.hands != game.hands or view.stacks != game.stacks:  # type: ignore[attr-defined]
        raise SystemExit("the sighted copy does not see the real tiles")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="seeds a pairing (2 games each)")
    parser.add_argument("--workers", type=int, default=2, help="processes (cores) to use")
    parser.add_argument("--pairings", nargs="*", default=list(PAIRINGS), choices=list(PAIRINGS))
    args = parser.parse_args()
    check_sight()
    started = time.perf_counter()
    tasks = [
        (name, seed, seat, sees)
        for name in args.pairings
        for seed in range(args.games)
        for seat in (0, 1)
        for sees in (False, True)
    ]
    shares: dict[tuple[str, int, int, bool], float] = {}
    with Pool(args.workers, initializer=counted_work_only) as pool:
        for name, seed, seat, sees, share in pool.imap_unordered(ceiling_game, tasks):
            shares[(name, seed, seat, sees)] = share
    figures: dict[str, object] = {}
    for name in args.pairings:
        games = [(seed, seat) for seed in range(args.games) for seat in (0, 1)]
        fair = [shares[(name, seed, seat, False)] for seed, seat in games]
        seen = [shares[(name, seed, seat, True)] for seed, seat in games]
        changes = [after - before for before, after in zip(fair, seen, strict=True)]
        figures[f"{name}_winrate"] = round(statistics.mean(fair), 3)
        figures[f"{name}_winrate_ci95"] = interval(fair)
        figures[f"{name}_sighted_winrate"] = round(statistics.mean(seen), 3)
        figures[f"{name}_sighted_winrate_ci95"] = interval(seen)
        figures[f"{name}_sighted_change"] = round(statistics.mean(changes), 3)
        figures[f"{name}_sighted_change_ci95_half"] = round(half_width(changes), 3)
        figures[f"{name}_games_changed"] = sum(1 for c in changes if c)
        figures[f"{name}_games"] = len(fair)
    figures["expert_value"] = "learned" if expert.LEARNED_VALUE else "hand-written"
    figures["match_budget_s"] = MATCH_BUDGET_S
    figures["expert_match_budget_s"] = EXPERT_MATCH_BUDGET_S
    figures["seconds"] = round(time.perf_counter() - started)
    report(figures)


if __name__ == "__main__":
    main()
