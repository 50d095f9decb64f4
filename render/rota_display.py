"""The AXIO Rota display: tiles whose coloured quarter-circles meet at grid points to form
circles, the moves since the player to move last played framed and numbered, and each
position the tile may go marked with its name.

Positions have fixed names (`engine.rota_names`): the column letters run along the top
edge and the row numbers down the left edge, like AXIO's board, and every position the
tile may go carries its name, so a player reads `O10` off the picture and types it.

The picture covers the tiles plus one ring of positions around them (where every legal
position lies); `render.rota_geometry` chooses the tile size and, when a late display is too
wide for its names to stay readable on a phone, wraps it into bands one under the other.
Tiles are drawn from cached quarter sprites, so a 40-tile display takes a few milliseconds.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.common import Colour
from engine.rota import RotaGame
from engine.rota_moves import RotaMove
from engine.rota_names import position_name
from engine.rota_tiles import Tile, turned

from . import theme
from .marks import Mark, paste_chip, recent_marks, seat_colour
from .paletted import canvas, part_for, place
from .rota_geometry import (
    BAND_GAP,
    DISC,
    DisplayLayout,
    RotaLayout,
    badge_margin,
    cap_height,
    label_lines,
    line_gap,
    rota_layout,
)

FAST_SHARE = 0.6
"""How much of a display's PNG is deflated the fast way (`render.png`), as a board's."""
LABEL_BG = (66, 82, 116)  # the badge of a named position: a slate blue no tile uses


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


@lru_cache(maxsize=32)
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


def _mark_move(
    image: Image.Image, layout: RotaLayout, mark: Mark, corners: Tile | None = None
) -> None:
    """A move since the player to move last played: a frame in its mover's seat colour
    with a dark inner edge (a white frame on the pale face), thin enough to leave the
    corners readable, and its numbered badge on the tile's bare middle,
    which finds the eye even on a crowded display."""
    position = RotaMove.parse(mark.move).position
    left, top, right, bottom = layout.position_box(position)
    frame = (left, top, right - 1, bottom - 1)
    theme.highlight_box(ImageDraw.Draw(image), frame, layout.tile // 2, seat_colour(mark.seat))
    centre, size = layout.position_centre(position), mark_badge(layout.tile)
    if image.mode == "P" and corners is not None:
        # The badge's rim blends with the face under it, which is not quite flat (the
        # tile's sprite is scaled down): drawn in RGB on the tile around it, mapped. The
        # window starts on even pixels, so the badge's half-pixel spot rounds the same way.
        x0, y0 = ((round(c - size / 2) - 2) // 2 * 2 for c in centre)
        box = (x0 - left, y0 - top, x0 - left + size + 4, y0 - top + size + 4)
        window = tile_sprite(corners, layout.tile).crop(box)
        paste_chip(window, mark, (centre[0] - x0, centre[1] - y0), size)
        image.paste(theme.to_palette(window), (x0, y0))
        return
    paste_chip(image, mark, centre, size)


def mark_badge(tile: int) -> int:
    """A badge's diameter on a tile: the bare face between the four quarter-circles (whose
    edges come within 0.27 of a side of the middle)."""
    return max(18, round(tile * (2 * (0.5**0.5 - DISC) - 0.04)))


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
def _edge_sprite(words: str, size: int, box: int, ground: theme.RGB = theme.CARD) -> Image.Image:
    """A column letter or row number, centred in a `box`-sided square of `ground`."""
    image = Image.new("RGB", (box, box), ground)
    theme.text(ImageDraw.Draw(image), (box / 2, box / 2), words, size, theme.MUTED)
    return image


def _edges(image: Image.Image, layout: RotaLayout, shared: set[int]) -> None:
    """Column letters along the top, row numbers down the left: what names are made of.
    The letters of the `shared` columns (those another band of a wrapped display shows
    too) sit on a raised strip, so the eye finds where one band goes on in the next."""
    size, band = layout.edge_font, layout.band
    left, top = layout.origin
    runs = [x for x in shared if x - 1 not in shared]
    for first in runs:
        last = first
        while last + 1 in shared:
            last += 1
        x0, _, _, _ = layout.position_box((first, layout.y0))
        _, _, x1, _ = layout.position_box((last, layout.y0))
        strip = (x0 + 2, top + layout.pad, x1 - 3, top + layout.pad + band - 1)
        ImageDraw.Draw(image).rounded_rectangle(strip, radius=band // 2, fill=theme.PANEL)
    for x, letters in layout.column_labels():
        cx, _ = layout.position_centre((x, layout.y0))
        ground = theme.PANEL if x in shared else theme.CARD
        sprite = part_for(image, _edge_sprite, letters, size, min(band, layout.tile), ground)
        place(
            image, sprite, (cx - sprite.width // 2, top + layout.pad + (band - sprite.height) // 2)
        )
    for y, number in layout.row_labels():
        _, cy = layout.position_centre((layout.x0, y))
        sprite = part_for(image, _edge_sprite, number, size if len(number) < 3 else size - 4, band)
        place(image, sprite, (left + layout.pad, cy - band // 2))


def _draw_band(
    image: Image.Image,
    game: RotaGame,
    layout: RotaLayout,
    labels: bool,
    move: RotaMove | None,
    shared: set[int],
) -> None:
    """One window of the display: its edge labels (the `shared` columns marked), tiles, the
    moves since the player to move last played, the named positions (with `labels`), a
    ghost move."""
    draw = ImageDraw.Draw(image)
    _edges(image, layout, shared)
    for position, corners in game.display:
        if layout.contains(position):  # a band or a close-up shows a window of the display
            sprite = part_for(image, tile_sprite, corners, layout.tile)
            place(image, sprite, layout.position_box(position)[:2])
    tiles = dict(game.display)
    for mark in recent_marks(game):
        position = RotaMove.parse(mark.move).position
        if layout.contains(position):
            _mark_move(image, layout, mark, tiles.get(position))
    if labels and not game.is_over:  # a finished game has nowhere left to play
        for position in game.legal_positions():
            if layout.contains(position) and (move is None or position != move.position):
                box = layout.position_box(position)
                sprite = part_for(image, _label_sprite, position_name(position), layout.tile)
                place(image, sprite, box[:2])
    tile = game.tile_to_place
    if move is not None and tile is not None and layout.contains(move.position):
        box = layout.position_box(move.position)
        place(image, part_for(image, ghost_tile, turned(tile, move.rotation), layout.tile), box[:2])
        inclusive = (box[0], box[1], box[2] - 1, box[3] - 1)
        theme.dashed_box(draw, inclusive, theme.GHOST_LINE, max(2, layout.tile // 24))


def _rules(image: Image.Image, layout: DisplayLayout) -> None:
    """A thin rule in the gap above each band after the first: where a wrapped display
    goes on, like the next line of a text."""
    draw = ImageDraw.Draw(image)
    for band in layout.bands[1:]:
        y = band.origin[1] - BAND_GAP // 2
        draw.line((band.pad, y, layout.size[0] - band.pad, y), fill=theme.MUTED, width=2)


def draw_display(
    game: RotaGame,
    labels: bool = True,
    preview: RotaMove | str | None = None,
    layout: DisplayLayout | RotaLayout | None = None,
    paletted: bool = False,
) -> Image.Image:
    """The display as an RGB image, band by band (see `render.rota_geometry`).
    A replay passes the final display's layout so that every frame has the same size; a
    close-up passes the window it shows. `paletted`: on the palette, from mapped parts."""
    if layout is None:
        layout = rota_layout(game)
    elif isinstance(layout, RotaLayout):
        layout = DisplayLayout((layout,))
    image = canvas(layout.size, theme.CARD, paletted)
    move = RotaMove.parse(preview) if isinstance(preview, str) else preview
    for band in layout.bands:
        _draw_band(image, game, band, labels, move, layout.shared_columns(band))
    _rules(image, layout)
    return image


def render_rota_display(
    game: RotaGame, *, labels: bool = True, preview: RotaMove | str | None = None
) -> bytes:
    """The display as PNG bytes: the column letters and row numbers along the edges, the
    tiles placed since the player to move last played framed in their movers' colours and
    numbered, each legal position marked with its name (unless
    `labels` is False), and with `preview`, the tile to place drawn as a ghost where that
    move would put it."""
    return theme.png_bytes(draw_display(game, labels, preview, paletted=True), FAST_SHARE)
