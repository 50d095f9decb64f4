"""AXIO moves: a tile placement and the exchange decision, each with a short text form.

A placement reads `E5:b F5:r` (cell, colour of the half on it, twice). Case, spacing and
separators are forgiven: `e5 b, f5 r` and `E5:blue F5:red` mean the same. The exchange
decision reads `exchange` or `keep`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .axio_board import NEIGHBOURS, cell_name, parse_cell
from .common import MOVE_TEXT_LIMIT, Colour, IllegalMoveError, excerpt

_SEPARATORS = frozenset(":=-,;/&+")
_COLUMN_LETTERS = frozenset("abcdefghijklm")
_DIGITS = frozenset("0123456789")
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
_EXCHANGE_WORDS = {"exchange": True, "swap": True, "yes": True, "keep": False, "no": False}


@dataclass(frozen=True)
class Placement:
    """A tile on two adjacent cells; the lower-numbered cell is always `first`."""

    first: int
    first_colour: Colour
    second: int
    second_colour: Colour

    def __post_init__(self) -> None:
        if self.second not in NEIGHBOURS[self.first]:
            raise IllegalMoveError(
                "{first} and {second} are not side by side: a tile covers two cells that "
                "share a side",
                first=cell_name(self.first),
                second=cell_name(self.second),
            )
        if self.second < self.first:
            first, first_colour = self.first, self.first_colour
            object.__setattr__(self, "first", self.second)
            object.__setattr__(self, "first_colour", self.second_colour)
            object.__setattr__(self, "second", first)
            object.__setattr__(self, "second_colour", first_colour)

    @property
    def cells(self) -> tuple[int, int]:
        return (self.first, self.second)

    @property
    def tile(self) -> tuple[Colour, Colour]:
        return tile_key(self.first_colour, self.second_colour)

    @classmethod
    def parse(cls, text: str) -> Placement:
        read = _read_placement(text) if len(text) <= MOVE_TEXT_LIMIT else None
        if read is None:
            raise IllegalMoveError(
                "'{text}' is not a placement: write two cells with their colours, like "
                "E5 blue, F5 red",
                text=excerpt(text),
            )
        a, colour_a, b, colour_b = read
        return cls(parse_cell(a), Colour.parse(colour_a), parse_cell(b), Colour.parse(colour_b))

    def __str__(self) -> str:
        return (
            f"{cell_name(self.first)}:{self.first_colour} "
            f"{cell_name(self.second)}:{self.second_colour}"
        )


@dataclass(frozen=True)
class Exchange:
    """The answer to AXIO's exchange option: swap the whole rack, or keep it."""

    accept: bool

    @classmethod
    def parse(cls, text: str) -> Exchange:
        word = text.strip().lower()
        if word not in _EXCHANGE_WORDS:
            raise IllegalMoveError(
                "'{text}' is not an answer: write exchange or keep", text=excerpt(text)
            )
        return cls(_EXCHANGE_WORDS[word])

    def __str__(self) -> str:
        return "exchange" if self.accept else "keep"


AxioMove = Placement | Exchange


def _read_placement(text: str) -> tuple[str, str, str, str] | None:
    """Cell, colour, cell, colour, by one left-to-right scan with spacing and separators
    dropped (`e5 b, f5 r`, `E5:blue F5:red`, `e5bf5r`): linear in the text, no pattern
    that could backtrack. The second cell's column is the last letter before its row."""
    compact = "".join(ch for ch in text.lower() if not ch.isspace() and ch not in _SEPARATORS)
    end = len(compact)

    def run(start: int, chars: frozenset[str]) -> int:
        while start < end and compact[start] in chars:
            start += 1
        return start

    if not compact or compact[0] not in _COLUMN_LETTERS:
        return None
    row_a = run(1, _DIGITS)
    letters = run(row_a, _LETTERS)  # colour a, then the second cell's column
    row_b = run(letters, _DIGITS)
    colour_b = run(row_b, _LETTERS)
    column_b = letters - 1
    if (
        colour_b != end
        or not 2 <= row_a <= 3
        or not 1 <= row_b - letters <= 2
        or column_b <= row_a
        or compact[column_b] not in _COLUMN_LETTERS
        or row_b == colour_b
    ):
        return None
    return (
        compact[:row_a],
        compact[row_a:column_b],
        compact[column_b:row_b],
        compact[row_b:],
    )


def parse_axio_move(text: str) -> AxioMove:
    """Read either kind of AXIO move from its text."""
    if text.strip().lower() in _EXCHANGE_WORDS:
        return Exchange.parse(text)
    return Placement.parse(text)


def tile_key(a: Colour, b: Colour) -> tuple[Colour, Colour]:
    """A tile's identity: its two colours in a fixed order (halves are not ordered)."""
    order = "rgbop"
    return (a, b) if order.index(a.value) <= order.index(b.value) else (b, a)


def tile_text(tile: tuple[Colour, Colour]) -> str:
    # _value_ is the plain attribute behind Enum.value: saved games write their bag and
    # racks tile by tile, and the property (or a dict keyed by colours) costs 5-10 times more.
    return tile[0]._value_ + tile[1]._value_


_TILES_BY_TEXT: dict[str, tuple[Colour, Colour]] = {
    a.value + b.value: tile_key(a, b) for a in Colour for b in Colour
}


def parse_tile(text: str) -> tuple[Colour, Colour]:
    """A tile from its two colour letters ("bg"); a table look-up, as saved games hold many."""
    tile = _TILES_BY_TEXT.get(text.strip().lower())
    if tile is None:
        raise IllegalMoveError(
            f"'{excerpt(text)}' is not a tile: write its two colour letters, like bg"
        )
    return tile
