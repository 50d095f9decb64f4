"""AXIO moves: a tile placement and the exchange decision, each with a short text form.

A placement reads `E5:b F5:r` (cell, colour of the half on it, twice). Case, spacing and
separators are forgiven: `e5 b, f5 r` and `E5:blue F5:red` mean the same. The exchange
decision reads `exchange` or `keep`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .axio_board import NEIGHBOURS, cell_name, parse_cell
from .common import Colour, IllegalMoveError

_PLACEMENT = re.compile(
    r"^\s*([a-m]\s*\d{1,2})\s*[:=\-]?\s*([a-z]+)\s*[,;/&+]?\s*"
    r"([a-m]\s*\d{1,2})\s*[:=\-]?\s*([a-z]+)\s*$",
    re.IGNORECASE,
)
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
                f"{cell_name(self.first)} and {cell_name(self.second)} are not side by side: "
                "a tile covers two cells that share a side"
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
        match = _PLACEMENT.match(text)
        if not match:
            raise IllegalMoveError(
                f"'{text.strip()}' is not a placement: write two cells with their colours, "
                "like E5:b F5:r"
            )
        a, colour_a, b, colour_b = match.groups()
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
            raise IllegalMoveError(f"'{text.strip()}' is not an answer: write exchange or keep")
        return cls(_EXCHANGE_WORDS[word])

    def __str__(self) -> str:
        return "exchange" if self.accept else "keep"


AxioMove = Placement | Exchange


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
    return f"{tile[0]}{tile[1]}"


_TILES_BY_TEXT: dict[str, tuple[Colour, Colour]] = {
    a.value + b.value: tile_key(a, b) for a in Colour for b in Colour
}


def parse_tile(text: str) -> tuple[Colour, Colour]:
    """A tile from its two colour letters ("bg"); a table look-up, as saved games hold many."""
    tile = _TILES_BY_TEXT.get(text.strip().lower())
    if tile is None:
        raise IllegalMoveError(f"'{text}' is not a tile: write its two colour letters, like bg")
    return tile
