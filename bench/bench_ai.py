"""Computer players against each other, and how long each level thinks.

Strength: each pairing plays 2-player games on seeds 0..N-1 (`--first-seed K`: K..K+N-1,
so that a long run can be split and its games files joined), every seed twice with the
two players' seats swapped, so that each deal is played from both sides. A game counts 1
for the first-named level when it ranks first alone, 1/2 when it shares first place; the
figure is the mean over the 2N games with its 95 % confidence interval (normal
approximation, `_ci95`). Pairings: normal and hard against greedy in both games at
MATCH_BUDGET_S a move, and expert against hard in both games with both at
EXPERT_MATCH_BUDGET_S a move (the bot gives every computer the same budget; `--expert-budget`
sets another, e.g. the server's default 2 s), and the expert against greedy in Rota. In these
matches the levels think with counted work only, the clock's safety stop off, so the win
rates do not depend on how busy the machine is (see engine/ai/work.py).

Time: each level at its default budget (hard 1 s, expert 2 s) plays every seat of
4-player AXIO and Rota games and 2-player Rota games as in play (safety stop on); each move is timed
(`hard_move_ms_p95`, `expert_move_ms_p95`, max too); easy and normal are timed on the
same positions. Levels should stay within their budget + 10 % at p95. The slowest last move
of a game is given apart (`rota_expert_last_move_ms_max`, …): every deal ends a game's last
turn alike, so the expert values it exactly rather than searches (engine/ai/closing.py).

Screening a change: run one pairing on fewer seeds with `--games-out FILE`, which writes
each game's seed, seat, win share and both final score vectors as JSON lines, and run it
again after the change with `--compare-with FILE`. The same seeds give the same deals, so
the runs compare game by game (paired seeds): the figure `<pairing>_paired_change` is the
mean change in win share with its 95 % interval, and `_games_changed` how many games'
results differ, so that a change that flips few games is not lost in the luck of the deal.

The learned value (issue 37): the expert uses it where one is shipped (2-player Rota, see
expert.LEARNED_VALUE); `--value hand-written` plays the expert without it, for a paired
comparison with the hand-written valuation alone; `--learned-share X` and `--prior-pool N`
set how it blends and how many candidates it rates (expert.LEARNED_SHARE, PRIOR_POOL).
The output also gives both valuations' log loss and accuracy on held-out positions
(`bench/value_heldout.py`, keys `rota_value_held_out_*`).

Run: nice -n 10 python -m bench.bench_ai [--games N] [--workers 2] [--pairings …]
[--no-timing] [--games-out FILE] [--compare-with FILE] [--value learned|hand-written]
[--learned-share X] [--prior-pool N] [--expert-budget S] [--first-seed K]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable
from multiprocessing import Pool

from bench.common import percentile, report
from bench.value_heldout import held_out_figures
from engine import game_class
from engine.ai import choose_move, expert, greedy, lookahead
from engine.ai.evaluate import win_share
from engine.game import TileGame

MATCH_BUDGET_S = 0.2
EXPERT_MATCH_BUDGET_S = 0.5
DEFAULT_BUDGET_S = {"hard": 1.0, "expert": expert.DEFAULT_BUDGET_S}
PAIRINGS = {
    "axio_hard_vs_greedy": ("axio", "hard", "greedy", MATCH_BUDGET_S),
    "rota_hard_vs_greedy": ("rota", "hard", "greedy", MATCH_BUDGET_S),
    "axio_normal_vs_greedy": ("axio", "normal", "greedy", MATCH_BUDGET_S),
    "rota_normal_vs_greedy": ("rota", "normal", "greedy", MATCH_BUDGET_S),
    "axio_expert_vs_hard": ("axio", "expert", "hard", EXPERT_MATCH_BUDGET_S),
    "rota_expert_vs_hard": ("rota", "expert", "hard", EXPERT_MATCH_BUDGET_S),
    "rota_expert_vs_greedy": ("rota", "expert", "greedy", EXPERT_MATCH_BUDGET_S),
}
TIMED_GAMES = {("axio", 4): 2, ("rota", 4): 2, ("rota", 2): 2}
"""Timed games per game and player count: 2-player Rota is where the expert plays with
the learned value."""
PROGRESS_EVERY = 40


def counted_work_only(
    learned: bool | None = None,
    share: float | None = None,
    pool: int | None = None,
    expert_budget_s: float = EXPERT_MATCH_BUDGET_S,
):
    """No clock stop in this process: decisions are the counted work's alone. The expert
    uses the learned value or not (see `use_value`; None: as it plays), and its pairings
    think `expert_budget_s` a move (set here, in each worker, whatever way workers start)."""
    lookahead.SAFETY_STOP = math.inf
    expert.SAFETY_STOP = math.inf
    use_value(learned, share, pool)
    set_expert_budget(expert_budget_s)


def use_value(
    learned: bool | None = None, share: float | None = None, pool: int | None = None
) -> None:
    """The expert in this process uses the learned value or not (None: as it plays,
    `expert.LEARNED_VALUE` as shipped); with it, `share` and `pool` replace
    expert.LEARNED_SHARE and expert.PRIOR_POOL where given."""
    if learned is not None:
        expert.LEARNED_VALUE = learned
    if share is not None:
        expert.LEARNED_SHARE = share
    if pool is not None:
        expert.PRIOR_POOL = pool


def set_expert_budget(budget_s: float) -> None:
    """Both levels of every expert pairing think `budget_s` a move (counted work), so that
    the expert's figures at the server's default 2 s compare with those at 0.5 s."""
    for name, (kind, level, other, _) in PAIRINGS.items():
        if level == "expert":
            PAIRINGS[name] = (kind, level, other, budget_s)


def move_of(game, level: str, seed: int, budget_s: float):
    if level == "greedy":
        return greedy(game)
    return choose_move(game, level, seed=seed, budget_s=budget_s)


MatchResult = tuple[str, int, int, float, list[float], list[list[int]]]


def match_game(task: tuple[str, int, int]) -> MatchResult:
    """One game of a pairing with the first level in `seat`: the task back, the first
    level's win share, its move times in milliseconds and both levels' final scores (the
    first level's first)."""
    name, seed, seat = task
    game, times = play_match(PAIRINGS[name], seed, seat)
    scores = [list(game.scores(seat)), list(game.scores(1 - seat))]
    return name, seed, seat, win_share(game, seat), times, scores


def play_match(
    pairing: tuple[str, str, str, float],
    seed: int,
    seat: int,
    shown: Callable[[TileGame], TileGame] = lambda game: game,
) -> tuple[TileGame, list[float]]:
    """A two-player game of `pairing` (kind, first level, other level, budget) on `seed`
    with the first level in `seat`, played to its end: the game and the first level's move
    times in milliseconds. `shown` is the game as the first level is given it (bench_ceiling
    gives it a sighted copy)."""
    kind, level, other, budget = pairing
    game = game_class(kind)(2, seed)
    times = []
    while not game.is_over:
        if game.to_move == seat:
            start = time.perf_counter()
            move = move_of(shown(game), level, seed, budget)
            times.append((time.perf_counter() - start) * 1000)
        else:
            move = move_of(game, other, seed + 1, budget)
        game.play(move)
    return game, times


def timed_game(task: tuple[str, int, str, int]) -> dict[str, list[float]]:
    """A game of `players` with `level` in every seat at its default budget, the clock's stop
    on: its move times, those of easy and normal on the same positions, and (under
    "<kind>_<level>_last") the time of the game's last move."""
    kind, players, level, seed = task
    game = game_class(kind)(players, seed)
    times: dict[str, list[float]] = {level: [], "easy": [], "normal": []}
    while not game.is_over:
        for other in ("easy", "normal"):
            start = time.perf_counter()
            choose_move(game, other, seed=seed)
            times[other].append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        move = choose_move(game, level, seed=seed, budget_s=DEFAULT_BUDGET_S[level])
        times[level].append((time.perf_counter() - start) * 1000)
        game.play(move)
    times[f"{kind}_{level}_last"] = times[level][-1:]
    return times


def write_games(path: str, games: list[dict[str, object]]) -> None:
    """Each game as one JSON line, in seed and seat order, for a game-by-game comparison."""
    games.sort(key=lambda g: (g["pairing"], g["seed"], g["seat"]))  # type: ignore[arg-type]
    with open(path, "w") as out:
        out.writelines(json.dumps(game) + "\n" for game in games)


def paired_changes(path: str, games: list[dict[str, object]]) -> dict[str, object]:
    """Per pairing, the change in win share against the same seeds and seats of an earlier
    run: its mean with the 95 % interval, and how many games' results differ."""
    with open(path) as earlier_file:
        earlier = {
            (g["pairing"], g["seed"], g["seat"]): g["share"] for g in map(json.loads, earlier_file)
        }
    changes: dict[str, list[float]] = {}
    for g in games:
        before = earlier.get((g["pairing"], g["seed"], g["seat"]))
        if before is not None:
            changes.setdefault(str(g["pairing"]), []).append(g["share"] - before)  # type: ignore[operator]
    figures: dict[str, object] = {}
    for name, found in changes.items():
        figures[f"{name}_paired_change"] = round(statistics.mean(found), 3)
        figures[f"{name}_paired_change_ci95_half"] = round(half_width(found), 3)
        figures[f"{name}_games_changed"] = sum(1 for c in found if c)
    return figures


def print_progress(done: int, total: int, shares: dict[str, list[float]], started: float) -> None:
    """A line on the way (a long run can be read before it ends): each pairing's win rate
    so far over the games it has finished."""
    so_far = ", ".join(
        f"{name} {statistics.mean(found):.3f} ({len(found)})"
        for name, found in shares.items()
        if found
    )
    print(f"[{done}/{total} games, {time.perf_counter() - started:.0f} s] {so_far}", flush=True)


def half_width(values: list[float]) -> float:
    """Half the 95 % confidence interval of the mean (normal approximation)."""
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def interval(shares: list[float]) -> list[float]:
    """The 95 % confidence interval of the mean (normal approximation, within 0..1)."""
    mean = statistics.mean(shares)
    half = half_width(shares)
    return [round(max(0.0, mean - half), 3), round(min(1.0, mean + half), 3)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seeds a pairing (2 games each)")
    parser.add_argument(
        "--first-seed", type=int, default=0, help="play seeds from this one (split a long run)"
    )
    parser.add_argument("--workers", type=int, default=2, help="processes (cores) to use")
    parser.add_argument("--pairings", nargs="*", default=list(PAIRINGS), choices=list(PAIRINGS))
    parser.add_argument("--no-timing", action="store_true", help="skip the timed games")
    parser.add_argument("--games-out", help="write each game as a JSON line to this file")
    parser.add_argument("--compare-with", help="an earlier --games-out file: paired changes")
    parser.add_argument(
        "--value",
        choices=["learned", "hand-written"],
        default="learned" if expert.LEARNED_VALUE else "hand-written",
        help="the expert's (default: as it plays, expert.LEARNED_VALUE)",
    )
    parser.add_argument("--learned-share", type=float, help="expert.LEARNED_SHARE, with learned")
    parser.add_argument("--prior-pool", type=int, help="expert.PRIOR_POOL, with learned")
    parser.add_argument(
        "--expert-budget",
        type=float,
        default=EXPERT_MATCH_BUDGET_S,
        help="seconds a move for both levels of the expert's pairings",
    )
    args = parser.parse_args()
    set_expert_budget(args.expert_budget)
    learned = args.value == "learned"
    value_setting = (learned, args.learned_share, args.prior_pool)
    use_value(*value_setting)
    started = time.perf_counter()
    tasks = [
        (name, seed, seat)
        for seed in range(args.first_seed, args.first_seed + args.games)
        for name in args.pairings
        for seat in (0, 1)
    ]
    shares: dict[str, list[float]] = {name: [] for name in args.pairings}
    lowest: dict[str, list[int]] = {name: [] for name in args.pairings}
    match_times: dict[str, list[float]] = {name: [] for name in args.pairings}
    timed: dict[str, list[float]] = {}
    timed_tasks = [
        (kind, players, level, seed)
        for level in ("hard", "expert")
        for (kind, players), count in TIMED_GAMES.items()
        for seed in range(count)
    ]
    games: list[dict[str, object]] = []
    match_setting = (*value_setting, args.expert_budget)
    with Pool(args.workers, initializer=counted_work_only, initargs=match_setting) as pool:
        for done, result in enumerate(pool.imap_unordered(match_game, tasks), 1):
            name, seed, seat, share, times, scores = result
            shares[name].append(share)
            lowest[name].append(min(scores[0]))
            match_times[name].extend(times)
            games.append(
                {"pairing": name, "seed": seed, "seat": seat, "share": share, "scores": scores}
            )
            if done % PROGRESS_EVERY == 0:
                print_progress(done, len(tasks), shares, started)
    if args.games_out:
        write_games(args.games_out, games)
    if not args.no_timing:
        with Pool(args.workers, initializer=use_value, initargs=value_setting) as pool:
            for times in pool.imap_unordered(timed_game, timed_tasks):
                for level, found in times.items():
                    timed.setdefault(level, []).extend(found)
    figures: dict[str, object] = {}
    for name in args.pairings:
        figures[f"{name}_winrate"] = round(statistics.mean(shares[name]), 3)
        figures[f"{name}_winrate_ci95"] = interval(shares[name])
        figures[f"{name}_games"] = len(shares[name])
    for name in args.pairings:
        kind, level, _, _ = PAIRINGS[name]
        figures[f"{kind}_{level}_mean_lowest"] = round(statistics.mean(lowest[name]), 2)
    if args.compare_with:
        figures.update(paired_changes(args.compare_with, games))
    figures["expert_value"] = args.value
    if learned:
        figures["expert_learned_share"] = expert.LEARNED_SHARE
        figures["expert_prior_pool"] = expert.PRIOR_POOL
    figures.update(held_out_figures())
    figures["match_budget_s"] = MATCH_BUDGET_S
    figures["expert_match_budget_s"] = args.expert_budget
    for level in ("hard", "expert"):
        found = [
            t for name in args.pairings if PAIRINGS[name][1] == level for t in match_times[name]
        ]
        if found:
            budget = MATCH_BUDGET_S if level == "hard" else args.expert_budget
            figures[f"{level}_{round(budget * 1000)}ms_move_ms_p95"] = round(
                percentile(found, 0.95), 1
            )
    for level in ("easy", "normal", "hard", "expert"):
        if level in timed:
            figures[f"{level}_move_ms_p95"] = round(percentile(timed[level], 0.95), 1)
            figures[f"{level}_move_ms_max"] = round(max(timed[level]), 1)
    for last in sorted(name for name in timed if name.endswith("_last")):
        figures[f"{last}_move_ms_max"] = round(max(timed[last]), 1)
    if timed:
        figures["hard_timed_budget_s"] = DEFAULT_BUDGET_S["hard"]
        figures["expert_timed_budget_s"] = DEFAULT_BUDGET_S["expert"]
        figures["timed_moves"] = {level: len(found) for level, found in timed.items()}
    figures["games"] = len(tasks) + (0 if args.no_timing else len(timed_tasks))
    figures["seconds"] = round(time.perf_counter() - started)
    report(figures)


if __name__ == "__main__":
    main()
