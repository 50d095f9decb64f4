"""The AXIO Rota display: tiles whose coloured quarter-circles meet at grid points to form
circles, the last move ringed, and each position the tile may go marked with its name.

Positions have fixed names (`engine.rota_names`): the column letters run along the top
edge and the row numbers down the left edge, like AXIO's board, and every position the
tile may go carries its name, so a player reads `O10` off the picture and types it.

The picture covers the tiles plus one ring of positions around them (where every legal
position lies), with the tile size chosen so the whole display fits a phone-friendly card.
Tiles are drawn from cached quarter sprites, so a 40-tile display takes a few milliseconds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.common import Colour
from engine.rota import RotaGame
from engine.rota_moves import Position, RotaMove
from engine.rota_names import column_name, position_name, row_name
from engine.rota_tiles import Tile, turned

from . import theme
from .theme import Box

MAX_WIDTH = 720
MAX_HEIGHT = 860
MAX_TILE = 104
PAD = 8
DISC = 0.44  # the radius of a corner's quarter-circle, as a part of the tile's side
LABEL_BG = (66, 82, 116)  # the badge of a named position: a slate blue no tile uses
LABEL_SIZE = 32
"""A position name's size: a cap height of 23 px, 12 px when a phone shows a 720-px-wide
picture 390 px wide, the size the scoreboards' names meet. A name that does not fit its
square on one line stands on two (column letters over the row number); only on a display
too crowded for that does it shrink (the **Close-up** shows it large)."""
EDGE_FONT = (20, 30)  # the smallest and largest size of the edge labels
EDGE_SHARE = 0.4  # the edge labels' size, as a part of the tile's side


@dataclass(frozen=True)
class RotaLayout:
    """Where each grid position sits on a display image; drawing and tests share it."""

    x0: int  # the leftmost and topmost positions shown
    y0: int
    cols: int
    rows: int
    tile: int
    pad: int = PAD

    @property
    def edge_font(self) -> int:
        """The size of the column letters and row numbers along the edges."""
        low, high = EDGE_FONT
        return max(low, min(high, round(self.tile * EDGE_SHARE)))

    @property
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
        left = self.pad + self.band + (x - self.x0) * self.tile
        top = self.pad + self.band + (y - self.y0) * self.tile
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


def rota_layout(game: RotaGame, width: int = MAX_WIDTH, height: int = MAX_HEIGHT) -> RotaLayout:
    """The layout for a game's display: its tiles and the ring of positions around them
    (where every legal position lies), or, once the game is over, the tiles alone; with the
    largest tiles (up to MAX_TILE) that fit in `width` × `height`."""
    x0, y0, x1, y1 = game.display.bounds()
    ring = 0 if game.is_over else 1
    cols, rows = x1 - x0 + 1 + 2 * ring, y1 - y0 + 1 + 2 * ring
    tile = MAX_TILE
    while True:  # the edge strips grow with the tiles: shrink until both fit
        band = RotaLayout(0, 0, 1, 1, tile).band
        fits = min((width - 2 * PAD - band) // cols, (height - 2 * PAD - band) // rows)
        if tile <= fits:
            break
        tile = fits
    return RotaLayout(x0 - ring, y0 - ring, cols, rows, tile - tile % 2)


def rota_position_centre(layout: RotaLayout, position: Position) -> tuple[int, int]:
    """The pixel at the centre of a grid position on a display image."""
    return layout.position_centre(position)


# --- sprites ------------------------------------------------------------------------------
@lru_cache(maxsize=512)
def quarter_sprite(colour: Colour | None, corner: int, tile: int) -> Image.Image:
    """One quarter of a tile: the face, its outer edges, and the quarter-circle at the
    tile's corner with the colour's symbol (or, for an empty corner, only its outline)."""
    h = tile // 2

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        hk, r = h * k, tile * k * DISC
        cx = 0 if corner in (0, 3) else hk
        cy = 0 if corner in (0, 1) else hk
        line = max(k, tile * k * 0.02)
        edge = theme.shade(theme.ROTA_FACE, 0.55)
        draw.rectangle((cx - line, 0, cx + line, hk), fill=edge)
        draw.rectangle((0, cy - line, hk, cy + line), fill=edge)
        disc = (cx - r, cy - r, cx + r, cy + r)
        if colour is None:
            draw.ellipse(disc, fill=theme.ROTA_EMPTY)
            for start in range(0, 360, 30):
                draw.arc(disc, start, start + 15, fill=theme.MUTED, width=round(line * 1.5))
            return
        draw.ellipse(disc, fill=theme.TILE_RGB[colour])
        reach = r / (1 + math.sqrt(2))  # the centre of the largest circle in the quarter
        sx = cx + (reach if cx == 0 else -reach)
        sy = cy + (reach if cy == 0 else -reach)
        theme.draw_symbol(draw, colour, sx, sy, reach * 0.9)

    return theme.smooth((h, h), theme.ROTA_FACE, paint)


QUARTER_OFFSETS = ((0, 0), (1, 0), (1, 1), (0, 1))  # TL, TR, BR, BL in half-tiles


@lru_cache(maxsize=1024)
def tile_sprite(corners: Tile, tile: int) -> Image.Image:
    """A whole tile as it lies, from its four quarters."""
    image = Image.new("RGB", (tile, tile), theme.ROTA_FACE)
    h = tile // 2
    for corner, (colour, (dx, dy)) in enumerate(zip(corners, QUARTER_OFFSETS, strict=True)):
        image.paste(quarter_sprite(colour, corner, tile), (dx * h, dy * h))
    return image


@lru_cache(maxsize=64)
def ghost_tile(corners: Tile, tile: int) -> Image.Image:
    """A proposed tile, seen half through over the card."""
    card = Image.new("RGB", (tile, tile), theme.CARD)
    return Image.blend(card, tile_sprite(corners, tile), theme.GHOST_ALPHA)


def _mark_last(draw: ImageDraw.ImageDraw, layout: RotaLayout, position: Position) -> None:
    """The last move: a thin yellow frame that leaves the corners readable, and a yellow
    dot on the tile's bare middle that finds the eye even on a crowded display."""
    left, top, right, bottom = layout.position_box(position)
    width = max(2, layout.tile // 18)
    draw.rectangle((left, top, right - 1, bottom - 1), outline=theme.HIGHLIGHT, width=width)
    cx, cy = layout.position_centre(position)
    r = layout.tile * 0.15
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r),
        fill=theme.HIGHLIGHT,
        outline=theme.CARD,
        width=max(1, width // 2),
    )


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
    LABEL_SIZE when the squares are wide enough; else its letters over its number, in a
    plain face (a made-bold stroke would close the gap between the lines); smaller only
    when even that does not fit."""
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
    top, bottom = theme.font(size).getbbox("H")[1::2]
    return bottom - top


@lru_cache(maxsize=1024)
def _label_sprite(name: str, tile: int) -> Image.Image:
    """A named badge over the card: a position the player can type, its name as large as
    the scoreboards' names. Cached, as the same names stay open turn after turn."""
    image = Image.new("RGB", (tile, tile), theme.CARD)
    draw = ImageDraw.Draw(image)
    margin = badge_margin(tile)
    draw.rounded_rectangle((margin, margin, tile - 1 - margin, tile - 1 - margin),
                           radius=max(4, tile // 7), fill=LABEL_BG)  # fmt: skip
    c = tile / 2
    lines, size, bold = label_lines(name, tile)
    if len(lines) == 1:
        theme.text(draw, (c, c + 1), lines[0], size, theme.INK, bold=bold)
        return image
    step = (cap_height(size) + line_gap(size)) / 2
    for line, dy in zip(lines, (-step, step), strict=True):
        theme.text(draw, (c, c + dy), line, size, theme.INK, anchor="mm", bold=bold)
    return image


@lru_cache(maxsize=512)
def _edge_sprite(words: str, size: int, box: int) -> Image.Image:
    """A column letter or row number, centred in a `box`-sided square of card."""
    image = Image.new("RGB", (box, box), theme.CARD)
    theme.text(ImageDraw.Draw(image), (box / 2, box / 2), words, size, theme.MUTED)
    return image


def _edges(image: Image.Image, layout: RotaLayout) -> None:
    """Column letters along the top, row numbers down the left: what names are made of."""
    size, band = layout.edge_font, layout.band
    for x, letters in layout.column_labels():
        cx, _ = layout.position_centre((x, layout.y0))
        sprite = _edge_sprite(letters, size, min(band, layout.tile))
        image.paste(sprite, (cx - sprite.width // 2, layout.pad + (band - sprite.height) // 2))
    for y, number in layout.row_labels():
        _, cy = layout.position_centre((layout.x0, y))
        sprite = _edge_sprite(number, size if len(number) < 3 else size - 4, band)
        image.paste(sprite, (layout.pad, cy - band // 2))


def draw_display(
    game: RotaGame,
    labels: bool = True,
    preview: RotaMove | str | None = None,
    layout: RotaLayout | None = None,
) -> Image.Image:
    """The display as an RGB image: the edge labels, tiles, the last move, the named
    positions the tile may go (with `labels`), a ghost move.
    A replay passes the final display's layout so that every frame has the same size."""
    layout = layout or rota_layout(game)
    image = Image.new("RGB", layout.size, theme.CARD)
    draw = ImageDraw.Draw(image)
    _edges(image, layout)
    for position, corners in game.display:
        if layout.contains(position):  # a close-up shows a window of the display
            image.paste(tile_sprite(corners, layout.tile), layout.position_box(position)[:2])
    for position in game.last_placements():
        if layout.contains(position):
            _mark_last(draw, layout, position)
    move = RotaMove.parse(preview) if isinstance(preview, str) else preview
    if labels and not game.is_over:  # a finished game has nowhere left to play
        for position in game.legal_positions():
            if layout.contains(position) and (move is None or position != move.position):
                box = layout.position_box(position)
                image.paste(_label_sprite(position_name(position), layout.tile), box[:2])
    tile = game.tile_to_place
    if move is not None and tile is not None and layout.contains(move.position):
        box = layout.position_box(move.position)
        image.paste(ghost_tile(turned(tile, move.rotation), layout.tile), box[:2])
        inclusive = (box[0], box[1], box[2] - 1, box[3] - 1)
        theme.dashed_box(draw, inclusive, theme.GHOST_LINE, max(2, layout.tile // 24))
    return image


def render_rota_display(
    game: RotaGame, *, labels: bool = True, preview: RotaMove | str | None = None
) -> bytes:
    """The display as PNG bytes: the column letters and row numbers along the edges, the
    last turn's tiles ringed in yellow, each legal position marked with its name (unless
    `labels` is False), and with `preview`, the tile to place drawn as a ghost where that
    move would put it."""
    return theme.png_bytes(draw_display(game, labels, preview))
