"""AXIO Rota's one kind of move: the tile to place goes on a position, turned, perhaps with
a colour named for its empty corner.

Text form: `x,y turn [colour]`, for example `2,0 90 g` or `-1,1 0`.
- `x,y` is the position, x to the right and y downward, either may be negative;
- `turn` is how far the tile is turned clockwise from its rotation 0: 0, 90, 180 or 270;
- the colour, a letter, name or symbol (`g`, `green`, `dot`), is named for the tile's empty
  corner, and only when that corner touches another tile.
Case, spacing and decoration are forgiven: `(2, 0) r90 Green`, `2 0 90°` and `2,0: 90 = g`
all read. The bot numbers the legal positions for players; it maps such a number to a
position itself, so the engine's text is always positional.
"""

from __future__ import annotations

from dataclasses import dataclass

from .common import MOVE_TEXT_LIMIT, Colour, IllegalMoveError, excerpt, small_number
from .rota_tiles import ROTATIONS

Position = tuple[int, int]

_DECORATION = str.maketrans({ch: " " for ch in "(),:=°"})
_TURN_WORDS = ("turn", "rot", "r")
_DEGREE_WORDS = ("degrees", "deg")


def _split_turn(token: str) -> tuple[str, str] | None:
    """`r90` → ("90", ""), `90deg` → ("90", ""), `0star` → ("0", "star"): the turn's digits
    and any colour written straight after them."""
    for word in _TURN_WORDS:
        if token.startswith(word) and token[len(word) : len(word) + 1].isdigit():
            token = token[len(word) :]
            break
    digits = len(token) - len(token.lstrip("0123456789"))
    number, rest = token[:digits], token[digits:]
    if rest in _DEGREE_WORDS:
        rest = ""
    return (number, rest) if number else None


def _read_move(text: str) -> tuple[int, int, int, str | None] | None:
    """x, y, turn and the named colour's text, by plain tokenising (linear in the text:
    no pattern that could backtrack), or None when the text is not shaped like a move."""
    tokens = text.lower().translate(_DECORATION).split()
    if len(tokens) < 3:
        return None
    x, y = small_number(tokens[0]), small_number(tokens[1])
    rest = tokens[2:]
    if rest[0] in _TURN_WORDS:
        rest = rest[1:]
    turn = _split_turn(rest[0]) if rest else None
    if x is None or y is None or turn is None:
        return None
    rotation, name = small_number(turn[0], digits=3), turn[1]
    rest = rest[1:]
    if rest and rest[0] in _DEGREE_WORDS:
        rest = rest[1:]
    if rest and not name:
        name, rest = rest[0], rest[1:]
    if rotation is None or rest or (not name.isalpha() and name):
        return None
    return x, y, rotation, name or None


@dataclass(frozen=True)
class RotaMove:
    """Place the tile to place at (x, y), turned `rotation` degrees clockwise."""

    x: int
    y: int
    rotation: int = 0
    name: Colour | None = None

    def __post_init__(self) -> None:
        if isinstance(self.name, str):  # a letter or name straight from a form field
            object.__setattr__(self, "name", Colour.parse(self.name))
        if self.rotation not in ROTATIONS:
            raise IllegalMoveError(
                f"a tile turns by 0, 90, 180 or 270 degrees, not {self.rotation}"
            )

    @property
    def position(self) -> Position:
        return (self.x, self.y)

    @classmethod
    def parse(cls, text: str) -> RotaMove:
        read = _read_move(text) if len(text) <= MOVE_TEXT_LIMIT else None
        if read is None:
            raise IllegalMoveError(
                f"'{excerpt(text)}' is not a Rota move: write the position, the turn and, for "
                "an empty corner that touches a tile, a colour, like 2,0 90 g"
            )
        x, y, rotation, name = read
        return cls(x, y, rotation, Colour.parse(name) if name else None)

    def __str__(self) -> str:
        named = f" {self.name}" if self.name else ""
        return f"{self.x},{self.y} {self.rotation}{named}"


def position_text(position: Position) -> str:
    return f"{position[0]},{position[1]}"
