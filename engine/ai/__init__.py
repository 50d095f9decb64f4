"""Computer players for both games and every player count: easy, normal, hard and expert.

They fill empty seats, play for players who time out and give hints. Pure engine code:
no I/O, deterministic for a given seed, and each decision stays within the time budget the
caller passes. See `policies` (easy, normal and the greedy baseline), `lookahead` (hard),
`expert`, `evaluate` (how scores are valued), `hints`, and `review` (a finished game's
moves beside the expert's, for /axio review)."""

from __future__ import annotations

import random
from typing import Any

from ..game import TileGame
from . import expert
from .hints import Hint, hint
from .lookahead import search
from .policies import easy_move, greedy, normal_move

LEVELS = ("easy", "normal", "hard", "expert")

__all__ = ["LEVELS", "Hint", "choose_move", "greedy", "hint"]


def choose_move(game: TileGame, level: str, *, seed: int, budget_s: float = 1.0) -> Any:
    """A legal move for the seat to move, in whatever phase the game is in (a placement,
    AXIO's exchange answer, a Rota move with its named colour).

    The same game, level, seed and budget give the same move (see `lookahead` for the one
    exception, a machine too slow for the budget).
    """
    if game.is_over:
        raise ValueError("the game is over: there is no move to choose")
    if level == "easy":
        return easy_move(game, random.Random(f"{seed}:{game.move_count}"))
    if level == "normal":
        return normal_move(game)
    if level == "hard":
        return search(game, seed=seed, budget_s=budget_s)[0].move
    if level == "expert":
        return expert.search(game, seed=seed, budget_s=budget_s)[0].move
    raise ValueError(f"there is no level {level!r}: choose {', '.join(LEVELS)}")
