"""AXIO Rota's one kind of move: the tile to place goes on a position, turned, perhaps with
a colour named for its empty corner.

Text form: `x,y turn [colour]`, for example `2,0 90 g` or `-1,1 0`, or with the position's
name as printed along the display's edges (`engine.rota_names`): `O10 90 g`.
- `x,y` is the position, x to the right and y downward, either may be negative;
- `turn` is how far the tile is turned clockwise from its rotation 0: 0, 90, 180 or 270;
- the colour, a letter, name or symbol (`g`, `green`, `dot`), is named for the tile's empty
  corner, and only when that corner touches another tile.
Case, spacing and decoration are forgiven: `(2, 0) r90 Green`, `2 0 90°` and `2,0: 90 = g`
all read, and so does the turn as players see it, `↻90°`. A move's `str` stays the
coordinates (stored game logs hold it); `named_text` is what players read.
"""

from __future__ import annotations

from dataclasses import dataclass

from .common import MOVE_TEXT_LIMIT, Colour, IllegalMoveError, excerpt, small_number
from .rota_names import TURN_ARROW, parse_position_name, position_name, turn_text
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
                "a tile turns by 0, 90, 180 or 270 degrees, not {rotation}",
                rotation=self.rotation,
            )

    @property
    def position(self) -> Position:
        return (self.x, self.y)

    @classmethod
    def parse(cls, text: str) -> RotaMove:
        read = None
        if len(text) <= MOVE_TEXT_LIMIT:
            coordinates = _with_coordinates(text.replace(TURN_ARROW, " "))
            read = None if coordinates is None else _read_move(coordinates)
        if read is None:
            raise IllegalMoveError(
                "'{text}' is not a Rota move: write the position (its name on the display's "
                "edges), the turn and, for an empty corner touching a tile, a colour, like "
                "O10 90 green",
                text=excerpt(text),
            )
        x, y, rotation, name = read
        return cls(x, y, rotation, Colour.parse(name) if name else None)

    def __str__(self) -> str:
        named = f" {self.name}" if self.name else ""
        return f"{self.x},{self.y} {self.rotation}{named}"

    @property
    def named_text(self) -> str:
        """The move as players read it: `O10 ↻90° green`."""
        named = f" {self.name.label}" if self.name else ""
        return f"{position_name(self.position)} {turn_text(self.rotation)}{named}"


def _with_coordinates(text: str) -> str | None:
    """A move that starts with a position name (a letter), rewritten to start with its
    coordinates; other text is returned as it is. One pass: the name runs to the first
    character that is not a letter, a digit or a minus.

    A first word with a digit is meant as a name, so a wrong one is refused in its own
    words (PositionNameError: "'ZQ10' is not a column: …"); one without (`nonsense`) is
    None, and refused with the whole move's format."""
    text = text.strip()
    if not text[:1].isalpha():
        return text
    end = 0
    while end < len(text) and (text[end].isalnum() or text[end] == "-"):
        end += 1
    if not any(ch.isdigit() for ch in text[:end]):
        return None
    x, y = parse_position_name(text[:end])
    return f"{x},{y} {text[end:].lstrip(' :')}"


def position_text(position: Position) -> str:
    return f"{position[0]},{position[1]}"
