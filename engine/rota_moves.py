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

import re
from dataclasses import dataclass

from .common import Colour, IllegalMoveError
from .rota_tiles import ROTATIONS

Position = tuple[int, int]

_MOVE = re.compile(
    r"^\s*\(?\s*(-?\d+)\s*(?:,|\s)\s*(-?\d+)\s*\)?\s*:?\s*"  # position
    r"(?:r|rot|turn)?\s*(\d+)\s*(?:°|deg|degrees)?\s*"  # turn
    r"(?:[,=:]\s*)?([a-z]+)?\s*$",  # colour named for the empty corner
    re.IGNORECASE,
)


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
        match = _MOVE.match(text)
        if not match:
            raise IllegalMoveError(
                f"'{text.strip()}' is not a Rota move: write the position, the turn and, for "
                "an empty corner that touches a tile, a colour, like 2,0 90 g"
            )
        x, y, rotation, name = match.groups()
        return cls(int(x), int(y), int(rotation), Colour.parse(name) if name else None)

    def __str__(self) -> str:
        named = f" {self.name}" if self.name else ""
        return f"{self.x},{self.y} {self.rotation}{named}"


def position_text(position: Position) -> str:
    return f"{position[0]},{position[1]}"
