"""Suggested moves: the few best moves of the player to move, each one tap from a preview.

"Best" is what wins the game: the player's lowest colour decides it, so moves are ordered
by how much they raise the lowest score, then by the points they give the lowest colours
(two colours tied lowest need both raised), then by their total. The heading every list
shows says so: `SUGGESTED_ORDER`.

Each suggestion is a different placement: it covers other cells than every other one
(AXIO: another pair of cells; Rota: another position). Moves on the same cells that
differ only in the tile, its orientation, its turn or a Rota tile's named colour are one
placement, of which the best is offered: four buttons that put a tile on A7 and B7 four
ways, each differing in a half that scores nothing, are one choice, not four. The
computer's own choice (the first move `/axio hint` gives) is always among them when it is
known, in its place in that order, so a player never sees a list that leaves out the
move the hint calls best.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import ScoredMove, TileGame

from ..i18n import _
from .moves import describe
from .words import change_sentence, change_text

SUGGESTIONS = 4
SUGGESTED_ORDER = "best for your lowest colour first, then most points"
CHOICE_MARK = "🤖"
"""Marks the computer's choice among suggested moves and hints."""


def choice_note() -> str:
    """The sentence beside a list that marks the computer's choice."""
    return _("{mark} marks the computer's choice.", mark=CHOICE_MARK)


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


def best_moves(
    game: TileGame,
    count: int = SUGGESTIONS,
    pick: Any = None,
    moves: list[ScoredMove] | None = None,
) -> list[Suggestion]:
    """The best `count` different placements in SUGGESTED_ORDER, with the computer's
    choice `pick` (a move; None when there is none) among them; from `moves` when the
    caller has scored them already (the Activity lists them all too)."""
    if getattr(game, "phase", "place") != "place":
        return []
    ranked = ranked_suggestions(game, moves)
    chosen = [s for s in ranked if pick is not None and s.scored.move == pick][:1]
    taken = {placement(s.scored.move) for s in chosen}
    for suggestion in ranked:
        if len(chosen) >= count:
            break
        if placement(suggestion.scored.move) not in taken:
            taken.add(placement(suggestion.scored.move))
            chosen.append(suggestion)
    return sorted(chosen, key=Suggestion.sort_key)


def placement(move: Any) -> object:
    """The cells a move covers, which tell one placement from another (see the module's
    notes): AXIO's two cells in either order, Rota's position."""
    if hasattr(move, "first"):
        return frozenset((move.first, move.second))
    if hasattr(move, "x"):
        return (move.x, move.y)
    return str(move)


def gain_text(suggestion: Suggestion) -> str:
    """`+3 blue, +2 red · lowest stays 0`: what the move adds, and to the lowest score."""
    return change_text(suggestion.before, suggestion.after)


def lift_text(suggestion: Suggestion) -> str:
    """What the move does, in a sentence's words: `raises blue by 2; your lowest …`."""
    return change_sentence(suggestion.before, suggestion.after)


LABEL_LIMIT = 80
"""Discord's longest button label."""


def suggestion_label(game: TileGame, suggestion: Suggestion, *, marked: bool = False) -> str:
    """A button's label (at most 80 characters): `E5 blue, F5 red · +3 blue · lowest 0 → 3`;
    a move that scores in many colours names them by emoji to fit, never cut short.
    `marked`: the computer's choice, led by CHOICE_MARK."""
    move = describe(game, suggestion.scored.move)
    if marked:
        move = f"{CHOICE_MARK} {move}"
    label = f"{move} · {gain_text(suggestion)}"
    if len(label) > LABEL_LIMIT:
        label = f"{move} · {change_text(suggestion.before, suggestion.after, compact=True)}"
    return label[:LABEL_LIMIT]
