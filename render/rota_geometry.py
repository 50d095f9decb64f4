"""Where a Rota display's positions sit on its picture, and how large a position's name is
written: the drawing and the tests share this geometry.

A phone shows the table picture (720 px wide) about 390 px wide, so a position name stays
readable there (a cap height of 12 px, what the scoreboards' names meet) only on squares of
at least `legible_tile` px (58 for the usual names): about 12 columns across the picture. A
display that grows wider than that late in a game is **wrapped**: its columns are cut into
bands laid one under the other, like lines of text, each band with its own column letters
and row numbers. Decisions:

- Neighbouring bands share `OVERLAP` (2) columns. A placement scores by the four corners it
  touches, which reach one column either side of it, so every open position is seen with all
  its neighbours in at least one band (its *home*); a shared column's names appear in both
  bands, which is what the edge letters say, so no name is ambiguous.
- Each band shows only the rows its own columns use, so a band is no taller than it needs.
- Tiles never shrink below `legible_tile` while the game runs: a display with many rows makes
  a taller picture rather than smaller names. A finished display carries no names, so it is
  simply fitted into the card, in one band (a replay draws every frame on it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache, cached_property, lru_cache

from engine.rota import RotaGame
from engine.rota_moves import Position
from engine.rota_names import column_name, position_name, row_name

from . import theme, typeface
from .theme import Box

MAX_WIDTH = 720
MAX_HEIGHT = 860
MAX_TILE = 104
PAD = 8
DISC = 0.44  # the radius of a corner's quarter-circle, as a part of the tile's side
LABEL_SIZE = 32
"""A position name's size: a cap height of 23 px, 12 px when a phone shows a 720-px-wide
picture 390 px wide, the size the scoreboards' names meet. A name that does not fit its
square on one line stands on two (column letters over the row number)."""
EDGE_FONT = (20, 30)  # the smallest and largest size of the edge labels
EDGE_SHARE = 0.4  # the edge labels' size, as a part of the tile's side
OVERLAP = 2  # columns that neighbouring bands of a wrapped display both show
BAND_GAP = 18  # the space between two bands of a wrapped display, a rule across its middle


# --- how a name is written ----------------------------------------------------------------
def name_parts(name: str) -> tuple[str, str]:
    """A position name's column letters and row number: `O10` → (`O`, `10`)."""
    split = next((i for i, ch in enumerate(name) if not ch.isalpha()), len(name))
    return name[:split], name[split:]


WIDE_NAME = "W10"
"""A wide name of the usual length: when it fits a square on one line, every name is
written on one line (the rare longer one shrinks); else every name on two, so a display
never mixes the two."""


def badge_margin(tile: int) -> int:
    """The card left around a name badge, so that neighbouring badges stay apart."""
    return max(2, tile // 22)


def label_lines(name: str, tile: int) -> tuple[list[str], int, bool]:
    """How a name is written on its badge: (lines, size, bold). On one bold line at
    LABEL_SIZE when the squares are wide enough; else its letters over its number, in the
    plain face, which is narrower than the bold, so the two lines keep their size; smaller only
    when even that does not fit (a close-up's or a test's own layout)."""
    side = tile - 2 * badge_margin(tile)
    room = side - 6
    if theme.text_width(WIDE_NAME, LABEL_SIZE) <= room:
        size = LABEL_SIZE
        while size > 10 and theme.text_width(name, size) > room:
            size -= 1
        return [name], size, True
    lines = [part for part in name_parts(name) if part]
    size = LABEL_SIZE
    while size > 10 and (
        max(theme.text_width(line, size, bold=False) for line in lines) > room
        or 2 * cap_height(size) + line_gap(size) > side - 2
    ):
        size -= 1
    return lines, size, False


def line_gap(size: int) -> int:
    """The space between a two-line name's lines: enough to stay apart on a phone."""
    return max(4, size // 8)


@lru_cache(maxsize=64)
def cap_height(size: int) -> int:
    """The height of a capital letter (and of a digit) at a font size, in pixels."""
    top, bottom = typeface.font(size).getbbox("H")[1::2]
    return bottom - top


@lru_cache(maxsize=4096)
def legible_tile(name: str) -> int:
    """The smallest square (an even side) on which a name is written whole at LABEL_SIZE:
    58 px for the usual `W10`, more for a rare far-out name like `ZZW10`."""
    tile = 2
    while label_lines(name, tile)[1] < LABEL_SIZE:
        tile += 2
    return tile


# --- one band: a window of the grid ---------------------------------------------------------
@dataclass(frozen=True)
class RotaLayout:
    """A window of grid positions drawn as one block with its edge labels, its top-left
    corner at `origin` in the picture (a wrapped display has several)."""

    x0: int  # the leftmost and topmost positions shown
    y0: int
    cols: int
    rows: int
    tile: int
    pad: int = PAD
    origin: tuple[int, int] = (0, 0)

    @cached_property
    def edge_font(self) -> int:
        """The size of the column letters and row numbers along the edges."""
        low, high = EDGE_FONT
        return max(low, min(high, round(self.tile * EDGE_SHARE)))

    @cached_property
    def band(self) -> int:
        """The width of the edge strips the column and row labels sit in."""
        return self.edge_font + 8

    @property
    def size(self) -> tuple[int, int]:
        return (
            self.cols * self.tile + 2 * self.pad + self.band,
            self.rows * self.tile + 2 * self.pad + self.band,
        )

    def column_labels(self) -> list[tuple[int, str]]:
        """(x, letters) of every column shown, left to right."""
        return [(x, column_name(x)) for x in range(self.x0, self.x0 + self.cols)]

    def row_labels(self) -> list[tuple[int, str]]:
        """(y, number) of every row shown, top to bottom."""
        return [(y, row_name(y)) for y in range(self.y0, self.y0 + self.rows)]

    def names_shown(self) -> set[str]:
        """Every position name a player can put together from the edge labels."""
        return {c + r for _, c in self.column_labels() for _, r in self.row_labels()}

    def contains(self, position: Position) -> bool:
        x, y = position
        return 0 <= x - self.x0 < self.cols and 0 <= y - self.y0 < self.rows

    def position_box(self, position: Position) -> Box:
        """The square of a position, [x0, x1) × [y0, y1)."""
        x, y = position
        left = self.origin[0] + self.pad + self.band + (x - self.x0) * self.tile
        top = self.origin[1] + self.pad + self.band + (y - self.y0) * self.tile
        return (left, top, left + self.tile, top + self.tile)

    def position_centre(self, position: Position) -> tuple[int, int]:
        left, top, _, _ = self.position_box(position)
        return (left + self.tile // 2, top + self.tile // 2)

    def badge_spot(self, position: Position) -> tuple[int, int]:
        """A point on a position's name badge left of the name: where the badge's colour
        shows if the position is labelled."""
        cx, cy = self.position_centre(position)
        return (cx - round(self.tile * 0.4), cy)

    def corner_centre(self, position: Position, corner: int) -> tuple[int, int]:
        """A point well inside the quarter-circle of a corner (0 TL, 1 TR, 2 BR, 3 BL),
        clear of its symbol: where a corner's colour can be read."""
        left, top, right, bottom = self.position_box(position)
        inset = round(self.tile * DISC * 0.82)
        edge = round(self.tile * 0.06)
        spots = (
            (left + inset, top + edge),
            (right - 1 - inset, top + edge),
            (right - 1 - inset, bottom - 1 - edge),
            (left + inset, bottom - 1 - edge),
        )
        return spots[corner]


# --- the whole picture: one band, or a display wrapped into several ---------------------------
@dataclass(frozen=True)
class DisplayLayout:
    """A display's picture: its bands, one under the other, all with the same tile size.
    A position shown in two bands (a shared column) is found through its `home` band, the
    one that shows its neighbours on both sides; `boxes` gives every square it has."""

    bands: tuple[RotaLayout, ...]

    @property
    def size(self) -> tuple[int, int]:
        return (
            max(band.origin[0] + band.size[0] for band in self.bands),
            max(band.origin[1] + band.size[1] for band in self.bands),
        )

    @property
    def tile(self) -> int:
        return self.bands[0].tile

    @property
    def pad(self) -> int:
        return self.bands[0].pad

    @property
    def band(self) -> int:
        """The width of the edge strips the column and row labels sit in."""
        return self.bands[0].band

    @property
    def x0(self) -> int:
        return min(band.x0 for band in self.bands)

    @property
    def y0(self) -> int:
        return min(band.y0 for band in self.bands)

    @property
    def cols(self) -> int:
        return max(band.x0 + band.cols for band in self.bands) - self.x0

    @property
    def rows(self) -> int:
        return max(band.y0 + band.rows for band in self.bands) - self.y0

    def column_labels(self) -> list[tuple[int, str]]:
        """(x, letters) of every column shown in any band, left to right."""
        return sorted({label for band in self.bands for label in band.column_labels()})

    def row_labels(self) -> list[tuple[int, str]]:
        """(y, number) of every row shown in any band, top to bottom."""
        return sorted({label for band in self.bands for label in band.row_labels()})

    def names_shown(self) -> set[str]:
        """Every position name a player can put together from one band's edge labels."""
        return set().union(*(band.names_shown() for band in self.bands))

    def contains(self, position: Position) -> bool:
        return any(band.contains(position) for band in self.bands)

    def home(self, position: Position) -> RotaLayout:
        """The band that shows a position farthest from its side edges (with both its
        neighbours, when two bands share its column); the first band if none shows it."""
        x = position[0]
        holding = [band for band in self.bands if band.contains(position)] or [self.bands[0]]
        return max(holding, key=lambda band: min(x - band.x0, band.x0 + band.cols - 1 - x))

    def shared_columns(self, band: RotaLayout) -> set[int]:
        """The columns of `band` that another band shows too."""
        return {
            x
            for x in range(band.x0, band.x0 + band.cols)
            for other in self.bands
            if other is not band and other.x0 <= x < other.x0 + other.cols
        }

    def boxes(self, position: Position) -> list[Box]:
        """Every square of a position: two where neighbouring bands share its column."""
        return [band.position_box(position) for band in self.bands if band.contains(position)]

    def position_box(self, position: Position) -> Box:
        return self.home(position).position_box(position)

    def position_centre(self, position: Position) -> tuple[int, int]:
        return self.home(position).position_centre(position)

    def badge_spot(self, position: Position) -> tuple[int, int]:
        return self.home(position).badge_spot(position)

    def corner_centre(self, position: Position, corner: int) -> tuple[int, int]:
        return self.home(position).corner_centre(position, corner)


def fitted_tile(cols: int, rows: int, width: int, height: int) -> int:
    """The largest even tile (up to MAX_TILE) whose window fits `width` × `height`; the edge
    strips grow with the tiles, so shrink until both fit."""
    tile = MAX_TILE
    while True:
        band = RotaLayout(0, 0, 1, 1, tile).band
        fits = min((width - 2 * PAD - band) // cols, (height - 2 * PAD - band) // rows)
        if tile <= fits:
            return tile - tile % 2
        tile = fits


def rota_layout(game: RotaGame, width: int = MAX_WIDTH, height: int = MAX_HEIGHT) -> DisplayLayout:
    """The layout for a game's display: its tiles and the ring of positions around them
    (where every legal position lies), or, once the game is over, the tiles alone; with the
    largest tiles (up to MAX_TILE) that fit in `width` × `height`, but while the game runs
    never smaller than its names need (`legible_tile`): taller than `height` if need be,
    and wrapped into bands when even one row of it is too wide for `width`."""
    x0, y0, x1, y1 = game.display.bounds()
    ring = 0 if game.is_over else 1
    cols, rows = x1 - x0 + 1 + 2 * ring, y1 - y0 + 1 + 2 * ring
    whole = RotaLayout(x0 - ring, y0 - ring, cols, rows, fitted_tile(cols, rows, width, height))
    if game.is_over:
        return DisplayLayout((whole,))
    legible = max(legible_tile(position_name(p)) for p in game.legal_positions())
    if whole.tile >= legible:
        return DisplayLayout((whole,))
    across = columns_across(width, legible)
    if cols <= across:
        return DisplayLayout((RotaLayout(whole.x0, whole.y0, cols, rows, legible),))
    return wrapped(game, whole.x0, cols, legible, across)


def columns_across(width: int, tile: int) -> int:
    """How many columns of `tile` squares fit across `width` beside the row numbers."""
    strip = RotaLayout(0, 0, 1, 1, tile).band
    return max(OVERLAP + 1, (width - 2 * PAD - strip) // tile)


def wrapped(game: RotaGame, left: int, cols: int, tile: int, across: int) -> DisplayLayout:
    """The display's `cols` columns from `left` cut into bands of at most `across` columns,
    neighbours sharing OVERLAP columns, each band as tall as the tiles and open positions in
    its own columns. Of all such cuts, the one with the lowest picture (then the fewest
    bands): a display a little too wide gets one short band for the few columns that stick
    out, above or below the rest as its columns come, left ones first like lines of text."""
    spans: dict[int, tuple[int, int]] = {}
    for x, y in [*game.display.tiles, *game.legal_positions()]:
        low, high = spans.get(x, (y, y))
        spans[x] = (min(low, y), max(high, y))
    end = left + cols

    def band(start: int, width: int) -> RotaLayout:
        lows, highs = zip(*(spans[x] for x in range(start, start + width)), strict=True)
        return RotaLayout(start, min(lows), width, max(highs) - min(lows) + 1, tile)

    @cache
    def lowest(start: int) -> tuple[int, tuple[RotaLayout, ...]]:
        """The lowest stack of bands covering the columns from `start` to the end."""
        if end - start <= across:
            last = band(start, end - start)
            return last.size[1], (last,)
        choices = []
        for width in range(OVERLAP + 1, across + 1):
            first = band(start, width)
            height, rest = lowest(start + width - OVERLAP)
            choices.append((first.size[1] + BAND_GAP + height, (first, *rest)))
        return min(choices, key=lambda choice: (choice[0], len(choice[1])))

    bands, top = [], 0
    for piece in lowest(left)[1]:
        bands.append(replace(piece, origin=(0, top)))
        top += piece.size[1] + BAND_GAP
    return DisplayLayout(tuple(bands))


def rota_position_centre(layout: DisplayLayout | RotaLayout, position: Position) -> tuple[int, int]:
    """The pixel at the centre of a grid position on a display image."""
    return layout.position_centre(position)
