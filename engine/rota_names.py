"""Names for AXIO Rota positions that players read off the picture: a column letter and a row
number, like AXIO's `E5`, printed along the display's edges.

A name is fixed for the whole game: the start square's four positions are `M10 N10 M11 N11`
(x = 0 is column M, y = 0 is row 10), whichever way the display grows. The display is
unbounded, so both parts go on past their usual range:

- columns: x from -12 to 13 are the single letters A to Z. Further right, each 26 columns
  add a `Z` in front (ZA is x = 14, ZZ is 39, ZZA is 40); further left, each 26 add an `A`
  (AZ is x = -13, AA is -38, AAZ is -39). So a name reads left to right in order.
- rows: y + 10, a plain whole number; rows above row 1 (y < -9) are 0, -1, -2, ….

Every position has exactly one name and every name one position. Reading a name is one
pass over its characters (letters, then an optional minus, then digits), no backtracking.
"""

from __future__ import annotations

from .common import IllegalMoveError, excerpt

Position = tuple[int, int]

FIRST_COLUMN = -12  # x of column A
LAST_COLUMN = 13  # x of column Z
LETTERS = 26
ROW_OF_ORIGIN = 10  # the row number of y = 0


class PositionNameError(IllegalMoveError):
    """Text that is not the name of a Rota position (in a move, the move's refusal)."""


def column_name(x: int) -> str:
    """`M` for x = 0; `ZA`, `AZ`, … past the single letters."""
    prefix = ""
    while x > LAST_COLUMN:
        prefix += "Z"
        x -= LETTERS
    while x < FIRST_COLUMN:
        prefix += "A"
        x += LETTERS
    return prefix + chr(ord("A") + x - FIRST_COLUMN)


def row_name(y: int) -> str:
    return str(y + ROW_OF_ORIGIN)


def position_name(position: Position) -> str:
    """`M10` for (0, 0), the start square's top-left position."""
    x, y = position
    return column_name(x) + row_name(y)


def parse_column(letters: str) -> int:
    """The x of a column name; its letters before the last must all be Z or all be A."""
    if not letters or not letters.isalpha() or not letters.isascii():
        raise PositionNameError("'{text}' is not a column letter", text=excerpt(letters))
    letters = letters.upper()
    *prefix, last = letters
    x = ord(last) - ord("A") + FIRST_COLUMN
    if prefix:
        lead = prefix[0]
        if lead not in "AZ" or any(c != lead for c in prefix):
            raise PositionNameError(
                "'{text}' is not a column: a long column name repeats Z or A before its last "
                "letter, like ZB or AY",
                text=excerpt(letters),
            )
        x += len(prefix) * (LETTERS if lead == "Z" else -LETTERS)
    return x


def parse_position_name(text: str) -> Position:
    """(x, y) for a name like `M10`, `zb7` or `C-2`: letters, then the row number."""
    text = text.strip()
    split = 0
    while split < len(text) and text[split].isascii() and text[split].isalpha():
        split += 1
    letters, number = text[:split], text[split:]
    digits = number[1:] if number.startswith("-") else number
    if not letters or not digits or not digits.isascii() or not digits.isdigit():
        raise PositionNameError(
            "'{text}' is not a position: write the column letter and the row number shown "
            "along the display's edges, like M10",
            text=excerpt(text),
        )
    return parse_column(letters), int(number) - ROW_OF_ORIGIN


def is_position_name(text: str) -> bool:
    try:
        parse_position_name(text)
    except PositionNameError:
        return False
    return True


TURN_ARROW = "↻"


def turn_text(rotation: int) -> str:
    """How far a tile is turned, as players read it: `↻90°` (clockwise), or `as drawn`."""
    return f"{TURN_ARROW}{rotation}°"
