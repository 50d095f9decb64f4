"""Engine speed: scoring every legal move, and whole random games.

Run: python -m bench.bench_engine
"""

from __future__ import annotations

import random

from bench.common import median_ms, report
from engine import AxioGame


def axio_position_after(tiles: int, players: int = 4, seed: int = 7) -> AxioGame:
    """A game with `tiles` tiles placed by random legal moves."""
    game = AxioGame(players, seed)
    rng = random.Random(seed)
    while len(game.tiles) < tiles and not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def random_game(game_class: type, players: int, seed: int) -> None:
    game = game_class(players, seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))


def axio_figures() -> dict[str, float]:
    position = axio_position_after(20)
    seeds = iter(range(10_000))
    return {
        "axio_legal_moves_late": len(position.scored_moves()),
        "axio_moves_scored_ms": median_ms(position.scored_moves, runs=50),
        "axio_random_game_4p_ms": median_ms(lambda: random_game(AxioGame, 4, next(seeds)), 15),
    }


def main() -> None:
    report(axio_figures())


if __name__ == "__main__":
    main()
