"""Games part-way through, for the computer players' tests."""

from __future__ import annotations

from engine import TileGame
from engine.ai.policies import normal_move


def midgame(kind: type[TileGame], players: int, seed: int, moves: int) -> TileGame:
    """A game of `kind` after `moves` moves of the normal level."""
    game = kind(players, seed)
    for _ in range(moves):
        game.play(normal_move(game))
    return game
