"""Engine speed: scoring every legal move, and whole random games.

Run: python -m bench.bench_engine
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bench.common import median_ms, report
from engine import AxioGame, RotaGame


def position_after(
    game_class: type, laid: Callable[[Any], int], tiles: int, players: int = 4, seed: int = 7
) -> Any:
    """A game with `tiles` tiles laid (as `laid` counts them) by random legal moves."""
    game = game_class(players, seed)
    rng = random.Random(seed)
    while laid(game) < tiles and not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def axio_position_after(tiles: int, players: int = 4, seed: int = 7) -> AxioGame:
    return position_after(AxioGame, lambda game: len(game.tiles), tiles, players, seed)


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


def rota_figures() -> dict[str, float]:
    """The hand tile's moves on a display of 30 tiles, and whole 4-player games."""
    position = position_after(RotaGame, lambda game: len(game.display), 30)
    seeds = iter(range(10_000))
    return {
        "rota_legal_moves_30": len(position.scored_moves()),
        "rota_moves_scored_ms": median_ms(position.scored_moves, runs=50),
        "rota_random_game_4p_ms": median_ms(lambda: random_game(RotaGame, 4, next(seeds)), 15),
    }


def main() -> None:
    report({**axio_figures(), **rota_figures()})


if __name__ == "__main__":
    main()
