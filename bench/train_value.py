"""Train the learned value of 2-player Rota (engine/ai/value.py) by self-play, TD(λ).

Self-play: both seats choose among the expert's candidate moves (the normal evaluation's
best few, `lookahead.candidates`) the one whose position after the move the current value
rates best for them, and a random one of them with chance `--explore`. After each game
the value moves towards the λ-returns of every position seen from each seat (forward-view
TD(λ): the result at the end, the value's own later estimates before it), a logistic
regression step per position with the step shared among the features it picks.

Reproducible: games are seeded SELF_PLAY_BASE + seed × 1,000,000 + i, apart from every
benchmark's seeds (from 0) and from the held-out games (bench/value_heldout.py), and the
run stops after `--games` games (or `--minutes`, then the log says how many it played; a
time-bounded run is reproducible by giving that count as --games). The held-out log loss
is printed as it goes. numpy is used here only (a dev dependency); playing reads the
weights with the standard library.

`--start FILE` goes on from an earlier weights file: the tables it shares with today's
keep their weights, new tables start at zero (`warm_start`).

Run: nice -n 10 python -m bench.train_value --game rota --seed 1 --minutes 33 \
    [--games N] [--start FILE] [--out engine/ai/data/rota-2p.json]
The shipped weights came in two runs on the shared 2-core machine. First the score and
display-summary tables from zero, `--seed 1 --games 54678` (33 minutes; held-out log loss
0.526; that file is commit ead05ae's engine/ai/data/rota-2p.json). Then the open grid
points' table (`point`) added, going on from that file: `--seed 2 --games 77220 --start
FILE` (30 minutes; held-out 0.525). So anywhere: `git show
ead05ae:engine/ai/data/rota-2p.json > start.json`, then the second run.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import numpy as np

from bench.value_heldout import Position, held_out_positions
from engine import game_class
from engine.ai.evaluate import win_share
from engine.ai.lookahead import candidates
from engine.ai.value import FILES, OFFSETS, SIZE, TABLES, features, win_chance

SELF_PLAY_BASE = 1_000_000_000
CANDIDATES = 8
OUT = Path(__file__).resolve().parent.parent / "engine" / "ai" / "data" / FILES[("rota", 2)]


def after_value(game, move, seat: int, weights: list[float]) -> float:
    """The value for `seat` of the position `move` leads to."""
    after = game.copy()
    after.play(move)
    if after.is_over:
        return win_share(after, seat)
    return win_chance(weights, features(after, seat))


def self_play(seed: int, weights: list[float], rng: random.Random, explore: float):
    """One game: each seat's features after every move, and each seat's result."""
    game = game_class("rota")(2, seed)
    seen: list[list[list[int]]] = [[], []]
    while not game.is_over:
        seat = game.to_move
        options = [o.move for o in candidates(game, CANDIDATES)]
        if rng.random() < explore:
            move = rng.choice(options)
        else:
            move = max(options, key=lambda m: after_value(game, m, seat, weights))
        game.play(move)
        if not game.is_over:
            for s in (0, 1):
                seen[s].append(features(game, s))
    return seen, [win_share(game, s) for s in (0, 1)]


def learn(weights: list[float], positions: list[list[int]], result: float, step: float, lam: float):
    """Move the value of each position towards its λ-return (see the module).

    The step is shared among the picks, so a position with many open grid points of one
    kind moves its logit by more than the step times its error. Normalising by the squared
    counts instead (NLMS, exactly the step) learned faster at first (from zero, log loss on
    200 held-out games 0.6645 after 300 games where this has 0.687) but no faster after
    1,200 (0.6235, 0.6211); from zero with it, 63,000 games reached 0.540 on the held-out
    set (the shipped weights 0.525, after two runs of 131,898 games in all). Going on from
    the shipped weights with it (`--step 0.08`, 122,307 games, held-out 0.5239) played
    worse against hard on bench_ai's 400 games (0.586, -0.033 ± 0.030 paired) and hardly
    better against greedy (0.895, +0.013 ± 0.022)."""
    values = [win_chance(weights, p) for p in positions]
    next_value = next_return = result
    for picked, value in zip(reversed(positions), reversed(values), strict=True):
        target = (1 - lam) * next_value + lam * next_return
        change = step * (target - value) / len(picked)
        for i in picked:
            weights[i] += change
        next_value, next_return = value, target


def held_out_loss(weights: list[float], positions: list[Position]) -> float:
    """Mean log loss of the value on the held-out positions (numpy: all at once; positions
    pick different numbers of weights)."""
    rows = np.repeat(np.arange(len(positions)), [len(p.picked) for p in positions])
    picked = np.fromiter((i for p in positions for i in p.picked), dtype=np.int64)
    results = np.array([p.result for p in positions])
    logits = np.bincount(rows, np.asarray(weights)[picked], minlength=len(positions))
    chances = np.clip(1 / (1 + np.exp(-logits)), 1e-6, 1 - 1e-6)
    return float(-(results * np.log(chances) + (1 - results) * np.log(1 - chances)).mean())


def train(
    seed: int,
    games: int,
    minutes: float,
    step: float = 1.0,
    lam: float = 0.7,
    explore: float = 0.1,
    weights: list[float] | None = None,
    held_out: list[Position] | None = None,
    report_every: int = 500,
) -> tuple[list[float], int]:
    """Weights after self-play from `weights` (zeros by default), and the games played."""
    weights = [0.0] * SIZE if weights is None else list(weights)
    rng = random.Random(f"train:{seed}")
    stop = time.monotonic() + minutes * 60
    played = 0
    while played < games and time.monotonic() < stop:
        seen, results = self_play(SELF_PLAY_BASE + seed * 1_000_000 + played, weights, rng, explore)
        decay = step / (1 + played / 5000)
        for s in (0, 1):
            learn(weights, seen[s], results[s], decay, lam)
        played += 1
        if held_out is not None and played % report_every == 0:
            loss = held_out_loss(weights, held_out)
            print(f"{played} games, held-out log loss {loss:.4f}", flush=True)
    return weights, played


def warm_start(text: str) -> list[float]:
    """Weights for today's tables from an earlier weights file: the tables it shares with
    today's (same name and size) keep their weights, new ones start at zero."""
    data = json.loads(text)
    weights = [0.0] * SIZE
    at = 0
    for name, size in data["tables"].items():
        if TABLES.get(name) == size:
            weights[OFFSETS[name] : OFFSETS[name] + size] = data["weights"][at : at + size]
        at += size
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["rota"], default="rota")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=10**9, help="self-play games at most")
    parser.add_argument("--minutes", type=float, default=120.0, help="time at most")
    parser.add_argument("--step", type=float, default=1.0)
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--explore", type=float, default=0.1)
    parser.add_argument("--start", type=Path, help="an earlier weights file to go on from")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    start = warm_start(args.start.read_text()) if args.start else None
    held_out = held_out_positions()
    zero = held_out_loss([0.0] * SIZE, held_out)
    print(f"held-out: {len(held_out)} positions, log loss {zero:.4f} at zero weights")
    if start is not None:
        print(f"going on from {args.start}: held-out {held_out_loss(start, held_out):.4f}")
    started = time.monotonic()
    weights, played = train(
        args.seed, args.games, args.minutes, args.step, args.lam, args.explore, start, held_out
    )
    loss = held_out_loss(weights, held_out)
    print(f"done: {played} games in {time.monotonic() - started:.0f} s, held-out {loss:.4f}")
    data = {
        "game": args.game,
        "players": 2,
        "seed": args.seed,
        "games": played,
        "step": args.step,
        "lam": args.lam,
        "explore": args.explore,
        "start": args.start.name if args.start else None,
        "held_out_log_loss": round(loss, 4),
        "tables": TABLES,
        "weights": [round(w, 4) for w in weights],
    }
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
