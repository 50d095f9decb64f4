"""The held-out positions a learned value is judged on, and both valuations' accuracy there.

Positions come from 2-player Rota games that the normal level plays in both seats, on
seeds apart from the benchmarks' (which start at 0) and from self-play's
(`bench.train_value`): every position after a move, seen from each seat, with that seat's
result (1 a win, 1/2 a shared first place, 0 a loss). Standard library only, so that
bench_ai reports the figures without numpy.

Both valuations are scored on the same positions: log loss and accuracy (the winner
predicted: more than 1/2, or a value above 0 for the hand-written one; a prediction of
exactly even counts half). The hand-written `position_value` is in points, not a chance:
it is turned into one by the logistic of `scale × value`, with the scale that fits these
very positions best, which favours it; so is the blend the expert ends its playouts in
with the learned value on (`expert.LEARNED_SHARE`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine import game_class
from engine.ai.evaluate import position_value, win_share
from engine.ai.expert import blend, chance_points
from engine.ai.policies import normal_move
from engine.ai.value import features, load_weights, win_chance

HELD_OUT_SEEDS = range(900_000_000, 900_000_300)
"""300 games, about 16,000 positions (from both seats)."""
SCALES = [0.01 * 1.25**k for k in range(30)]
"""The hand-written valuation's candidate scales (points to logit)."""


@dataclass(frozen=True)
class Position:
    picked: list[int]
    """The learned value's features."""
    hand_written: float
    result: float


def held_out_positions(seeds: range = HELD_OUT_SEEDS) -> list[Position]:
    """Every position after a move of the normal level's games on `seeds`, from each seat."""
    rota = game_class("rota")
    positions: list[Position] = []
    for seed in seeds:
        game = rota(2, seed)
        views = []
        while not game.is_over:
            game.play(normal_move(game))
            if not game.is_over:
                views += [(features(game, s), position_value(game, s), s) for s in (0, 1)]
        positions += [Position(p, v, win_share(game, s)) for p, v, s in views]
    return positions


def log_loss(chances: list[float], results: list[float]) -> float:
    eps = 1e-6
    return sum(
        -(r * math.log(max(eps, p)) + (1 - r) * math.log(max(eps, 1 - p)))
        for p, r in zip(chances, results, strict=True)
    ) / len(results)


def accuracy(margins: list[float], results: list[float]) -> float:
    """How often the sign of `margins` (a chance minus 1/2, or a value) names the result."""
    right = 0.0
    for m, r in zip(margins, results, strict=True):
        if r == 0.5 or m == 0:
            right += 0.5
        else:
            right += (m > 0) == (r > 0.5)
    return right / len(results)


def points_as_chances(values: list[float], results: list[float]) -> list[float]:
    """Values in points as chances, at the scale that fits `results` best."""

    def at(scale: float) -> list[float]:
        return [1 / (1 + math.exp(-max(-30, min(30, scale * v)))) for v in values]

    best = min(SCALES, key=lambda s: log_loss(at(s), results))
    return at(best)


def held_out_figures(positions: list[Position] | None = None) -> dict[str, object]:
    """Both valuations' log loss and accuracy on the held-out positions."""
    positions = held_out_positions() if positions is None else positions
    results = [p.result for p in positions]
    weights = load_weights("rota", 2)
    figures: dict[str, object] = {"rota_value_held_out_positions": len(positions)}
    hand_written = [p.hand_written for p in positions]
    figures.update(_scored("hand_written", hand_written, results))
    if weights is not None:
        learned = [win_chance(weights, p.picked) for p in positions]
        figures["rota_value_held_out_log_loss_learned"] = round(log_loss(learned, results), 4)
        figures["rota_value_held_out_accuracy_learned"] = round(
            accuracy([c - 0.5 for c in learned], results), 4
        )
        blended = [
            blend(v, chance_points(c, 2)) for v, c in zip(hand_written, learned, strict=True)
        ]
        figures.update(_scored("blend", blended, results))
    return figures


def _scored(name: str, values: list[float], results: list[float]) -> dict[str, float]:
    """Log loss (at the best scale) and accuracy of a valuation in points."""
    return {
        f"rota_value_held_out_log_loss_{name}": round(
            log_loss(points_as_chances(values, results), results), 4
        ),
        f"rota_value_held_out_accuracy_{name}": round(accuracy(values, results), 4),
    }
