"""How computer players value scores: the goal is the highest LOWEST colour, not raw points.

A seat's score vector is valued with a soft minimum (a smooth stand-in for the lowest
colour that still notices the second lowest, and so on) plus a small share of the mean, so
that points on a strong colour are not worthless while the weak colours stay the priority.
Everything is in points, so values of different seats can be subtracted.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..game import TileGame


@dataclass(frozen=True)
class Style:
    """How one game's scores are valued."""

    temperature: float
    """Of the soft minimum. Smaller: only the lowest colour counts; larger: all alike."""
    mean_share: float
    """How much the mean score counts beside the soft minimum."""
    extra_turn: float = 3.0
    """What an AXIO! extra turn is worth, in points of value, when a move is judged alone."""


STYLES: dict[str, Style] = {"axio": Style(2.0, 0.3), "rota": Style(3.0, 0.8)}
"""Tuned by playing the normal level against the greedy baseline (two-player games, 400 a
setting for AXIO, 1,000 for Rota): Rota's short games reward total points more than AXIO's
do. The look-ahead's final valuation was not sensitive to these (Rota: 0.80–0.81 against
greedy for temperatures 2 to 5; a lexicographic valuation of sorted scores did worse). A
win-probability model fitted to 58,000 positions of 2,400 Rota games (logistic, on the
sorted score gaps, totals and placements left) predicted results far better (log loss
0.55 against 0.64) but chose no better: hard against greedy 0.825 with it, 0.840
without (the same 400 games)."""
WIN_VALUE = 100.0
"""What winning is worth at the end of a look-ahead, in points of value."""
MAX_TRACK = 36
"""The highest value a track can hold: twice AXIO's cap, on solo AXIO's two scoreboards."""


@functools.lru_cache(maxsize=8)
def _falloff(temperature: float) -> tuple[float, ...]:
    """exp(-x / temperature) for every score a track can hold, looked up not computed."""
    return tuple(math.exp(-x / temperature) for x in range(MAX_TRACK + 1))


def utility(scores: Sequence[int], style: Style) -> float:
    """One seat's value of its (capped) scores: a soft minimum plus a share of the mean.

    The soft minimum -T·log(Σ exp(-s/T)) is at most the lowest score and close to it when
    one colour lags; the colours above it still count a little, as the standings' ties do.
    """
    falloff = _falloff(style.temperature)
    soft = -style.temperature * math.log(sum(falloff[s] for s in scores))
    return soft + style.mean_share * sum(scores) / len(scores)


def need_weights(scores: Sequence[int], style: Style) -> list[float]:
    """How much one more point in each colour is worth now (the utility's slopes)."""
    falloff = _falloff(style.temperature)
    total = sum(falloff[s] for s in scores)
    return [falloff[s] / total + style.mean_share / len(scores) for s in scores]


def earns_extra_turns(game: TileGame) -> bool:
    """Solo AXIO has no extra turns (RULES.md); every other game has."""
    return not (game.kind == "axio" and game.solo)


def move_valuer(game: TileGame, seat: int) -> Callable[[Sequence[int]], float]:
    """A function giving what scoring some points now is worth to `seat`, judged on its own
    (no look-ahead): the gain in utility, plus the AXIO! extra turns the points earn."""
    board = game.scoreboards[seat]
    scores, cap, capped = board.scores, board.cap, board.capped
    style = STYLES[game.kind]
    base = utility(scores, style)
    extra = style.extra_turn if earns_extra_turns(game) else 0.0

    def value(points: Sequence[int]) -> float:
        new = [capped(before, gained) for before, gained in zip(scores, points, strict=True)]
        reached = sum(1 for before, now in zip(scores, new, strict=True) if before < cap <= now)
        return utility(new, style) - base + extra * reached

    return value


def position_value(game: TileGame, seat: int, style: Style | None = None) -> float:
    """How good a position is for `seat`: its value against the best other seat, its
    scores valued with `style` (the game's `STYLES` by default).

    A finished game counts its result first, against the share of a win an unfinished
    game promises on average (a shared first place is half a win in two).
    """
    style = style or STYLES[game.kind]
    values = [utility(board.scores, style) for board in game.scoreboards]
    mine = values[seat]
    others = [v for s, v in enumerate(values) if s != seat]
    relative = mine - max(others) if others else mine
    if game.is_over and others:
        relative += WIN_VALUE * (win_share(game, seat) - 1 / game.players)
    return relative


def win_share(game: TileGame, seat: int) -> float:
    """1 for a sole first place, 1/n for a first place shared by n seats, else 0."""
    firsts = [s.seat for s in game.standings() if s.rank == 1]
    return 1 / len(firsts) if seat in firsts else 0.0
