"""Build AXIO Rota positions for tests: the 2×2 start square plus a few named tiles."""

from __future__ import annotations

import random

import pytest

from engine import IllegalMoveError, RotaGame

# Four-colour tiles, so that no corner of the start square is empty.
START_SQUARE = """
0,0: r g o b
1,0: g b r o
0,1: g b o p
1,1: o r b g
"""


def rota_game(
    *lines: str,
    hand: str = "r g b o",
    players: int = 1,
    scores: list[list[int]] | None = None,
    stack_size: int | None = None,
    start: str = START_SQUARE,
) -> RotaGame:
    """A game on the start square plus `lines` (notation), seat 0 to move with `hand`."""
    display = "\n".join([start, *lines])
    return RotaGame.from_position(
        display, players=players, hands=[hand], scores=scores, stack_size=stack_size
    )


def swap_hidden(game: RotaGame, seat: int, seed: int) -> RotaGame:
    """The same game with everything `seat` cannot see dealt differently."""
    data = game.to_dict()
    others = [s for s in range(game.players) if s != seat and data["hands"][s] is not None]
    pool = [data["hands"][s] for s in others] + data["supply"]
    pool += [t for stack in data["stacks"] for t in stack]
    random.Random(seed).shuffle(pool)
    for s in others:
        data["hands"][s] = pool.pop()
    data["stacks"] = [[pool.pop() for _ in stack] for stack in data["stacks"]]
    data["supply"] = pool
    return RotaGame.from_dict(data)


def refused(game: RotaGame, move: str, message: str) -> None:
    """Check that `move` is refused with a message matching `message`, changing nothing."""
    before = game.to_dict()
    with pytest.raises(IllegalMoveError, match=message):
        game.play(move)
    assert game.to_dict() == before
