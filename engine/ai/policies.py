"""The one-move policies: greedy (the benchmark's baseline), easy and normal.

Each looks only at what the seat to move may know: the board, the scores and its own rack
or hand (through `scored_moves()`, which scores the mover's own tiles), plus, for AXIO's
exchange, the tiles it has not seen. They never look ahead.
"""

from __future__ import annotations

import random
from typing import Any

from ..axio import ALL_TILES, EXCHANGE
from ..axio_moves import Exchange
from ..common import COLOUR_INDEX, COLOURS, ScoredMove
from ..game import TileGame
from .evaluate import STYLES, move_valuer, need_weights

EASY_CHOICES = 6
"""Easy picks among this many of the highest-scoring moves, more points more likely."""
EASY_EXCHANGE_CHANCE = 0.5
EXCHANGE_MARGIN = 0.05
"""Normal exchanges only when the expected new tiles are clearly better than the rack."""


def in_exchange(game: TileGame) -> bool:
    """Whether the seat to move must answer AXIO's exchange option (exchange or keep)."""
    return getattr(game, "phase", None) == EXCHANGE


def greedy(game: TileGame) -> Any:
    """The move with the most raw points now, the first in the engine's order on ties.

    It keeps its rack when offered an exchange: both answers score nothing now.
    """
    if in_exchange(game):
        return Exchange(False)
    return game.best_move(sum)[0]


def easy_move(game: TileGame, rng: random.Random) -> Any:
    """A plausible but weak move: one of the few highest-scoring, chosen at random."""
    if in_exchange(game):
        return Exchange(rng.random() < EASY_EXCHANGE_CHANCE)
    moves = sorted(game.scored_moves(), key=lambda m: -m.total)[:EASY_CHOICES]
    return rng.choices([m.move for m in moves], weights=[m.total + 1 for m in moves])[0]


def ranked_moves(game: TileGame, moves: list[ScoredMove]) -> list[tuple[float, ScoredMove]]:
    """`moves` with their value to the mover, best first (ties: more raw points, then the
    engine's order)."""
    values = _values(game, moves)
    order = sorted(range(len(moves)), key=lambda i: (-values[i], -moves[i].total, i))
    return [(values[i], moves[i]) for i in order]


def best_of(game: TileGame, moves: list[ScoredMove]) -> Any:
    """The one of `moves` that best lifts the mover's weakest colours now."""
    values = _values(game, moves)
    best = max(range(len(moves)), key=lambda i: (values[i], moves[i].total, -i))
    return moves[best].move


def normal_move(game: TileGame) -> Any:
    """The move that best lifts the mover's weakest colours now (one move, no look-ahead)."""
    if in_exchange(game):
        return Exchange(exchange_gain(game) > EXCHANGE_MARGIN)
    return best_placement(game)[0]


def best_placement(game: TileGame) -> tuple[Any, int]:
    """`best_of` all of the mover's placements without listing them (the engine keeps only
    the best), and how many there were: a look-ahead asks this of every simulated turn."""
    value = move_valuer(game, game.to_move)
    return game.best_move(lambda points: (value(points), sum(points)))


def _values(game: TileGame, moves: list[ScoredMove]) -> list[float]:
    """The value of each move; many moves score alike, so each distinct vector once."""
    value = move_valuer(game, game.to_move)
    cache: dict[tuple[int, ...], float] = {}
    values = []
    for m in moves:
        v = cache.get(m.points)
        if v is None:
            v = cache[m.points] = value(m.points)
        values.append(v)
    return values


def exchange_gain(game: TileGame) -> float:
    """How much better, per tile, fresh tiles would serve the weakest colours than the rack.

    A tile is worth the need weights of its two halves; fresh tiles are worth the average
    over the tiles this seat has not seen (the bag and the other racks look alike to it).
    That average only needs the unseen halves per colour, which are counted from the board
    rather than listed tile by tile: look-aheads ask this often.
    """
    seat = game.to_move
    weights = need_weights(game.scoreboards[seat].scores, STYLES[game.kind])
    rack = game.rack(seat)  # type: ignore[attr-defined]
    cells = game.board.cells  # type: ignore[attr-defined]
    unseen = [HALVES[c] - cells.count(c.letter) for c in COLOURS]
    for tile in rack:
        for colour in tile:
            unseen[COLOUR_INDEX[colour]] -= 1
    if not rack or not sum(unseen):
        return 0.0
    fresh = 2 * sum(w * n for w, n in zip(weights, unseen, strict=True)) / sum(unseen)
    kept = sum(weights[COLOUR_INDEX[colour]] for tile in rack for colour in tile) / len(rack)
    return fresh - kept


HALVES = {c: sum(tile.count(c) for tile in ALL_TILES) for c in COLOURS}
"""How many tile halves of each colour the AXIO box holds."""
