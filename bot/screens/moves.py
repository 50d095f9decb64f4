"""Move text as players type and read it.

AXIO moves are the engine's text (`E5:b F5:r`, `exchange`, `keep`) and read as
`E5 blue, F5 red`. Rota positions go by the names printed along the display's edges
(`engine.rota_names`), which stay the same all game: `O10 90 g` is the tile on O10,
turned 90° clockwise, naming green, and reads `O10 ↻90° green`. The engine's
coordinates (`2,0 90 g`) are still accepted.
"""

from __future__ import annotations

from typing import Any

from engine import IllegalMoveError, TileGame
from engine.common import MOVE_TEXT_LIMIT, excerpt
from engine.rota_names import position_name

from ..i18n import LANGUAGES, pgettext, speaking
from .present import move_words
from .words import engine_colour_words

MAX_CHOICES = 25


def parse_player_move(game: TileGame, text: str) -> Any:
    """The engine move a player's text means (Rota position names are read by the
    engine). Reading is plain tokenising, linear in the text, and the text is at most
    MOVE_TEXT_LIMIT long (the `/axio play` option says so too)."""
    if len(text) > MOVE_TEXT_LIMIT:
        raise IllegalMoveError(
            "a move is at most {limit} characters, and that text has {length}",
            limit=MOVE_TEXT_LIMIT,
            length=len(text),
        )
    english = engine_colour_words(text)
    try:
        return game.parse_move(english)
    except IllegalMoveError as error:  # quote what the player typed, not its English
        if english == text or error.values.get("text") != excerpt(english):
            raise
        raise IllegalMoveError(error.template, **{**error.values, "text": excerpt(text)}) from None


STAMP = "@"
"""Autocomplete values used to begin `@<move number> `; such values in a member's client
from before still read."""
STAMP_WORD = "move"


def stamp_word() -> str:
    """`move` / `Zug`: the stamp in the language being spoken."""
    return pgettext("autocomplete stamp", "move")


def stamped(move_count: int, text: str) -> str:
    """An autocomplete value: the move in words, and the move number it was made for
    (`E5 blue, F5 red (move 12)`), so a suggestion delivered twice (a double Enter, a
    client's retry) applies at most once, and what the box shows is words, not codes."""
    return f"{text} ({stamp_word()} {move_count})"


def unstamped(text: str) -> tuple[int | None, str]:
    """(the move number a suggestion was made for, or None when typed; the move text).
    A stamp in any of the bot's languages is read."""
    body = text.rstrip()
    for language in LANGUAGES:
        with speaking(language):
            opening = f" ({stamp_word()} "
        if body.endswith(")") and opening in body:
            rest, __, number = body[:-1].rpartition(opening)
            if number.isdecimal() and len(number) <= 9 and rest:
                return int(number), rest
    if not text.startswith(STAMP):
        return None, text
    number, __, rest = text[len(STAMP) :].partition(" ")
    if not number.isdecimal() or len(number) > 9:
        return None, text
    return int(number), rest


def move_text(game: TileGame, move: Any) -> str:
    """The move as a player would type it: a button's or a suggestion's value."""
    if game.kind != "rota":
        return str(move)
    named = f" {move.name}" if move.name is not None else ""
    return f"{position_name(move.position)} {move.rotation}{named}"


def move_value(game: TileGame, move: Any) -> str:
    """The move in the words a player reads, which the engine also reads back: what an
    autocomplete choice sends (`E5 blue, F5 red`, `O10 ↻90° green`)."""
    return describe(game, move)


def describe(game: TileGame, move: Any) -> str:
    """A move as a player reads it: `E5 blue, F5 red`, or `O10 ↻90° green`."""
    return move_words(game.kind, str(move))
