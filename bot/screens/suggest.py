"""Suggested moves: the few best moves of the player to move, each one tap from a preview.

"Best" is what wins the game: the player's lowest colour decides it, so moves are ordered
by how much they raise the lowest score, then by the points they give the lowest colours
(two colours tied lowest need both raised), then by their total. The heading every list
shows says so: `SUGGESTED_ORDER`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import ScoredMove, TileGame

from .moves import describe
from .words import change_sentence, change_text

SUGGESTIONS = 4
SUGGESTED_ORDER = "best for your lowest colour first, then most points"


@dataclass(frozen=True)
class Suggestion:
    scored: ScoredMove
    lowest_lift: int  # how far the player's lowest score rises
    weakest_points: int  # points on the colours that are lowest now
    total: int  # points kept, after the cap
    before: tuple[int, ...] = ()  # the mover's five scores now …
    after: tuple[int, ...] = ()  # … and after the move (pyramids and the cap included)

    def sort_key(self) -> tuple[int, int, int, str]:
        return (-self.lowest_lift, -self.weakest_points, -self.total, str(self.scored.move))


def appraise(game: TileGame, scored: ScoredMove) -> Suggestion:
    """What a move does for the player to move: their five scores after it, with the cap
    applied exactly as the engine applies it (solo AXIO's two scoreboards included)."""
    board = game.scoreboards[game.to_move]
    before = tuple(board.scores)
    after = tuple(board.capped(s, p) for s, p in zip(before, scored.points, strict=True))
    low = min(before)
    weakest = sum(b - a for a, b in zip(before, after, strict=True) if a == low)
    gained = sum(after) - sum(before)
    return Suggestion(scored, min(after) - low, weakest, gained, before, after)


def ranked_suggestions(game: TileGame, moves: list[ScoredMove] | None = None) -> list[Suggestion]:
    """All the given moves (by default every legal one), best first as SUGGESTED_ORDER says."""
    found = [appraise(game, m) for m in (game.scored_moves() if moves is None else moves)]
    return sorted(found, key=Suggestion.sort_key)


def best_moves(game: TileGame, count: int = SUGGESTIONS) -> list[Suggestion]:
    """The best few moves, in SUGGESTED_ORDER, one per AXIO tile or Rota position first,
    so the buttons offer a real choice rather than one placement four ways."""
    if getattr(game, "phase", "place") != "place":
        return []
    ranked = ranked_suggestions(game)
    chosen: list[Suggestion] = []
    seen: set[object] = set()
    for suggestion in ranked:
        if _group(suggestion) not in seen and len(chosen) < count:
            seen.add(_group(suggestion))
            chosen.append(suggestion)
    for suggestion in ranked:  # fewer tiles or positions than buttons: fill up in order
        if len(chosen) >= count:
            break
        if suggestion not in chosen:
            chosen.append(suggestion)
    return sorted(chosen, key=Suggestion.sort_key)


def _group(suggestion: Suggestion) -> object:
    move = suggestion.scored.move
    return getattr(move, "tile", None) or getattr(move, "position", None) or str(move)


def gain_text(suggestion: Suggestion) -> str:
    """`+3 blue, +2 red · lowest stays 0`: what the move adds, and to the lowest score."""
    return change_text(suggestion.before, suggestion.after)


def lift_text(suggestion: Suggestion) -> str:
    """What the move does, in a sentence's words: `raises blue by 2; your lowest …`."""
    return change_sentence(suggestion.before, suggestion.after)


LABEL_LIMIT = 80
"""Discord's longest button label."""


def suggestion_label(game: TileGame, suggestion: Suggestion) -> str:
    """A button's label (at most 80 characters): `E5 blue, F5 red · +3 blue · lowest 0 → 3`;
    a move that scores in many colours names them by emoji to fit, never cut short."""
    move = describe(game, suggestion.scored.move)
    label = f"{move} · {gain_text(suggestion)}"
    if len(label) > LABEL_LIMIT:
        label = f"{move} · {change_text(suggestion.before, suggestion.after, compact=True)}"
    return label[:LABEL_LIMIT]
