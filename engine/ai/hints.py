"""Hints for the player to move: the hard (or expert) level's best few moves, each with a
short reason.

The bot shows them in an ephemeral reply (/axio hint), so they may only use what that
player may know; they come from the same search as the level, which guarantees it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..axio_moves import Exchange
from ..common import COLOURS, Scoreboard
from ..game import TileGame
from . import expert, lookahead
from .evaluate import earns_extra_turns

SEARCHES = {"hard": lookahead.search, "expert": expert.search}


@dataclass(frozen=True)
class Hint:
    """A suggested move, the raw points it scores now (before the cap) and why."""

    move: Any
    points: tuple[int, ...]
    reason: str


def hint(
    game: TileGame, *, seed: int, budget_s: float = 1.0, count: int = 3, level: str = "hard"
) -> list[Hint]:
    """Up to `count` suggestions for the seat to move, best first, from the search of the
    hard level or (where a server allows it) the expert level."""
    if game.is_over:
        return []
    if level not in SEARCHES:
        raise ValueError(f"hints come from the hard or the expert level, not {level!r}")
    board = game.scoreboards[game.to_move]
    extra = earns_extra_turns(game)
    verdicts = SEARCHES[level](game, seed=seed, budget_s=budget_s)[:count]
    return [Hint(v.move, v.points, reason(board, v.move, v.points, extra)) for v in verdicts]


def reason(board: Scoreboard, move: Any, points: Sequence[int], extra_turns: bool = True) -> str:
    """One line saying what the move does for the weakest colours."""
    weakest = _names(board.lowest_colours())
    if isinstance(move, Exchange):
        if move.accept:
            return f"swap your rack for five new tiles: it has no {weakest}, your weakest"
        return "keep your rack: its tiles still serve your other colours"
    kept = [board.capped(b, got) - b for b, got in zip(board.scores, points, strict=True)]
    lost = sum(points) - sum(kept)
    text = _placement_reason(board, kept, extra_turns)
    return f"{text} ({lost} lost past the cap)" if lost else text


def _placement_reason(board: Scoreboard, kept: Sequence[int], extra_turns: bool) -> str:
    scores = board.scores
    reached = [c for i, c in enumerate(COLOURS) if scores[i] < board.cap <= scores[i] + kept[i]]
    if reached and extra_turns:
        return f"reaches {board.cap} in {_names(reached)}: AXIO! an extra turn"
    gains = [i for i in _order(scores) if kept[i]]
    if not gains:
        return "scores nothing now, but leaves the best position after the likely replies"
    first = gains[0]
    label = COLOURS[first].label
    if scores[first] == min(scores):
        return f"lifts your weakest colour, {label}, by {kept[first]}"
    if scores[first] < sorted(scores)[2]:
        return f"adds {kept[first]} to {label}, one of your lower colours"
    total = sum(kept)
    most = COLOURS[max(gains, key=lambda i: kept[i])].label
    return f"scores {total} point{'' if total == 1 else 's'}, most in {most}"


def _order(scores: Sequence[int]) -> list[int]:
    """Colour indices from the weakest score up (ties in colour order)."""
    return sorted(range(len(scores)), key=lambda i: (scores[i], i))


def _names(colours: Sequence[Any]) -> str:
    labels = [c.label for c in colours]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]
