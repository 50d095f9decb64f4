"""Move text as players type and read it.

AXIO moves are the engine's text (`E5:b F5:r`, `exchange`, `keep`) and read as
`E5 blue, F5 red`. Rota positions go by the names printed along the display's edges
(`engine.rota_names`), which stay the same all game: `O10 90 g` is the tile on O10,
turned 90° clockwise, naming green, and reads `O10 ↻90° green`. The engine's
coordinates (`2,0 90 g`) are still accepted.
"""

from __future__ import annotations

from typing import Any

from engine import IllegalMoveError, ScoredMove, TileGame
from engine.common import MOVE_TEXT_LIMIT
from engine.rota_names import position_name

from .present import counted, move_words, points_text

MAX_CHOICES = 25


def parse_player_move(game: TileGame, text: str) -> Any:
    """The engine move a player's text means (Rota position names are read by the
    engine). Reading is plain tokenising, linear in the text, and the text is at most
    MOVE_TEXT_LIMIT long (the `/axio play` option says so too)."""
    if len(text) > MOVE_TEXT_LIMIT:
        raise IllegalMoveError(
            f"a move is at most {MOVE_TEXT_LIMIT} characters, and that text has {len(text)}"
        )
    return game.parse_move(text)


STAMP = "@"
"""Autocomplete values begin `@<move number> `: a suggestion is for the move it was made
for, so one delivered twice (a double Enter, a client's retry) applies at most once."""


def stamped(move_count: int, text: str) -> str:
    return f"{STAMP}{move_count} {text}"


def unstamped(text: str) -> tuple[int | None, str]:
    """(the move number a suggestion was made for, or None when typed; the move text)."""
    if not text.startswith(STAMP):
        return None, text
    number, _, rest = text[len(STAMP) :].partition(" ")
    if not number.isdecimal() or len(number) > 9:
        return None, text
    return int(number), rest


def move_text(game: TileGame, move: Any) -> str:
    """The move as a player would type it: a button's or a suggestion's value."""
    if game.kind != "rota":
        return str(move)
    named = f" {move.name}" if move.name is not None else ""
    return f"{position_name(move.position)} {move.rotation}{named}"


def describe(game: TileGame, move: Any) -> str:
    """A move as a player reads it: `E5 blue, F5 red`, or `O10 ↻90° green`."""
    return move_words(game.kind, str(move))


def option_label(game: TileGame, scored: ScoredMove) -> str:
    """`E5:b F5:r — 5 pts (blue +3, red +2)`, short enough for a select or autocomplete."""
    total = sum(scored.points)
    label = f"{describe(game, scored.move)} — {counted(total, 'pt')}"
    if total:
        label += f" ({points_text(scored.points)})"
    return label[:100]
