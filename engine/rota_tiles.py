"""AXIO Rota tiles: the fixed mix of 60, their text form, and turning.

A tile is four corners in the order top-left, top-right, bottom-right, bottom-left, each a
Colour or None for an empty corner. Turning a tile by 90 degrees clockwise moves each
corner one step along TL → TR → BR → BL → TL.

A tile's text is its four corners as letters, `-` for the empty one: `r g b -`. A tile
taken from the table is at rotation 0 in its canonical form: the turn whose corners read
lowest (colours in the order r g b o p, the empty corner last), so that copies of one tile
always read the same and a tile's identity is `canonical(tile)` whatever its turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache, lru_cache

from .common import COLOUR_INDEX, Colour, IllegalMoveError, excerpt

Tile = tuple[Colour | None, Colour | None, Colour | None, Colour | None]

CORNER_NAMES = ("TL", "TR", "BR", "BL")
EMPTY_CORNER = "-"
ROTATIONS = (0, 90, 180, 270)

# [reconstructed] The mix of the 60 tiles; the rulebooks' pictures are lost. Every tile
# with four colours (5 choices of four colours × 6 orders around the square, up to
# turning) is in the box twice; on 10 of the 60 one corner is empty instead, two blanks
# per colour and at most one per order, so each colour is on 46 corners. Each line holds
# the two copies of one order, the copy with a blank first. Correct the mix here only.
TILE_TABLE: tuple[str, ...] = (
    # the four colours without red
    "g b o -", "g b o p",
    "g b p o", "g b p o",
    "g o b p", "g o b p",
    "g - p b", "g o p b",
    "g p b o", "g p b o",
    "g p o b", "g p o b",
    # the four colours without green
    "b o p -", "r b o p",
    "r b p o", "r b p o",
    "r o b p", "r o b p",
    "r o - b", "r o p b",
    "r p b o", "r p b o",
    "r p o b", "r p o b",
    # the four colours without blue
    "r - o p", "r g o p",
    "r g p o", "r g p o",
    "r o g p", "r o g p",
    "g - o p", "r o p g",
    "r p g o", "r p g o",
    "r p o g", "r p o g",
    # the four colours without orange
    "r g - p", "r g b p",
    "r g p b", "r g p b",
    "r b g p", "r b g p",
    "r b p -", "r b p g",
    "r p g b", "r p g b",
    "r p b g", "r p b g",
    # the four colours without purple
    "r g b -", "r g b o",
    "r g o b", "r g o b",
    "r b g o", "r b g o",
    "r - o g", "r b o g",
    "r o g b", "r o g b",
    "r o b g", "r o b g",
)  # fmt: skip


def _corner_key(corner: Colour | None) -> int:
    return len(COLOUR_INDEX) if corner is None else COLOUR_INDEX[corner]


def turned(tile: Tile, rotation: int) -> Tile:
    """The tile turned clockwise by `rotation` degrees (0, 90, 180 or 270)."""
    steps = (rotation // 90) % 4
    if not steps:
        return tile
    return tile[-steps:] + tile[:-steps]  # type: ignore[return-value]


def tile_order(tile: Tile) -> tuple[int, ...]:
    """Sort key of a tile as it lies: its corners in colour order, the empty corner last."""
    return tuple(_corner_key(c) for c in tile)


@cache
def canonical(tile: Tile) -> Tile:
    """The tile's identity: its turn whose corners read lowest (see the module doc)."""
    return min((turned(tile, r) for r in ROTATIONS), key=tile_order)


@lru_cache(maxsize=1024)
def tile_text(tile: Tile) -> str:
    """`r g b -`. Cached: every stored move writes the supply's and stacks' dozens of
    tiles, of a few hundred kinds (625 colourings with turns, and the blanks)."""
    return " ".join(EMPTY_CORNER if c is None else c.value for c in tile)


@lru_cache(maxsize=1024)
def parse_tile(text: str) -> Tile:
    """Read a tile's four corners, `r g b -` (also `rgb-`, `R, G, B, -`), and check it.

    Cached: saved games and copies read the same few dozen texts again and again.
    """
    clean = text.replace(",", " ").strip()
    parts = clean.split() if " " in clean else list(clean)
    if len(parts) != 4:
        raise IllegalMoveError(
            f"'{excerpt(text)}' is not a tile: write its four corners TL TR BR BL, "
            "like r g b - (- for the empty corner)"
        )
    tile = tuple(None if p in (EMPTY_CORNER, ".") else Colour.parse(p) for p in parts)
    check_tile(tile)  # type: ignore[arg-type]
    return tile  # type: ignore[return-value]


def check_tile(tile: Tile) -> None:
    """Refuse corners no Rota tile has: a repeated colour or more than one empty corner."""
    colours = [c for c in tile if c is not None]
    if len(colours) < 3:
        raise IllegalMoveError(f"'{tile_text(tile)}' has more than one empty corner")
    if len(set(colours)) != len(colours):
        raise IllegalMoveError(f"'{tile_text(tile)}' shows a colour twice")


def empty_corner(tile: Tile) -> int | None:
    """The index of the tile's empty corner (0 TL … 3 BL), or None."""
    return tile.index(None) if None in tile else None


ALL_TILES: tuple[Tile, ...] = tuple(parse_tile(text) for text in TILE_TABLE)
TILE_COUNTS: Counter[Tile] = Counter(ALL_TILES)


def check_in_box(tiles: Iterable[Tile]) -> None:
    """Refuse tiles (in any turn) of which the box holds fewer than that many."""
    left = Counter(TILE_COUNTS)
    for tile in tiles:
        key = canonical(tile)
        if left[key] > 0:
            left[key] -= 1
            continue
        held, text = TILE_COUNTS[key], tile_text(tile)
        if not held:
            raise IllegalMoveError(f"there is no tile like {text} (in any turn) among the 60")
        raise IllegalMoveError(
            f"the box holds {held} tile{'' if held == 1 else 's'} like {text} (in any turn), "
            "and that position has more"
        )


def remaining(tiles: Iterable[Tile]) -> list[Tile]:
    """The box's tiles less `tiles` (by identity), sorted, each at rotation 0."""
    left = TILE_COUNTS - Counter(canonical(t) for t in tiles)
    return sorted(left.elements(), key=tile_order)
