"""The private pieces, for ephemeral messages: an AXIO rack and a Rota hand tile.

A rack shows up to five dominoes standing side by side, each numbered as the move builder
numbers them. A hand tile is shown in its four turns, each labelled with the turn to type,
so a player can choose a turn by looking rather than by turning a tile in their head.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.axio import Tile as AxioTile
from engine.rota_tiles import ROTATIONS, turned
from engine.rota_tiles import Tile as RotaTile

from . import theme
from .axio_sprites import half_sprite
from .paletted import canvas, part_for, place
from .rota_display import tile_sprite
from .theme import Box

PAD = 14
RACK_CELL = 92  # one half of a domino in a rack
RACK_SLOT = 140  # the width each rack tile takes
HAND_TILE = 132
HAND_SLOT = 170
BADGE = 46  # the height of a number or turn badge
BADGE_TEXT = 32  # a cap height of 12+ px when a phone shows the picture 390 px wide


def rack_size(count: int) -> tuple[int, int]:
    return (max(count, 1) * RACK_SLOT + 2 * PAD, 2 * RACK_CELL + BADGE + 3 * PAD)


def rack_half_box(index: int, half: int) -> Box:
    """The square of one half (0 top, 1 bottom) of the rack's tile `index` (0-based)."""
    left = PAD + index * RACK_SLOT + (RACK_SLOT - RACK_CELL) // 2
    top = PAD + half * RACK_CELL
    return (left, top, left + RACK_CELL, top + RACK_CELL)


def rack_badge_centre(index: int) -> tuple[int, int]:
    """The centre of the number under the rack's tile `index` (0-based)."""
    return (PAD + index * RACK_SLOT + RACK_SLOT // 2, 2 * PAD + 2 * RACK_CELL + BADGE // 2)


def _badge(draw: ImageDraw.ImageDraw, centre: tuple[int, int], words: str, width: int) -> None:
    """A number or turn on a pill, the thing a player reads off and types."""
    cx, cy = centre
    box = (cx - width // 2, cy - BADGE // 2, cx + width // 2, cy + BADGE // 2)
    draw.rounded_rectangle(box, radius=BADGE // 2, fill=theme.PANEL)
    theme.text(draw, (cx, cy + 1), words, BADGE_TEXT, theme.TEXT)


def draw_rack(tiles: list[AxioTile], paletted: bool = False) -> Image.Image:
    """The rack's dominoes standing side by side, numbered 1..n from the left (`paletted`:
    on the palette, from mapped parts)."""
    image = canvas(rack_size(len(tiles)), theme.CARD, paletted)
    draw = ImageDraw.Draw(image)
    if not tiles:
        theme.text(draw, (image.width // 2, image.height // 2), "no tiles", 24, theme.MUTED)
    for index, (top, bottom) in enumerate(tiles):
        for half, (colour, towards) in enumerate(((top, 2), (bottom, 0))):
            left, y, _, _ = rack_half_box(index, half)
            place(image, part_for(image, half_sprite, colour, RACK_CELL, towards), (left, y))
        _badge(draw, rack_badge_centre(index), str(index + 1), 52)
    return image


def render_rack(tiles: list[AxioTile]) -> bytes:
    """An AXIO rack (up to 5 tiles, or solo's one drawn tile) as PNG bytes, numbered 1..n
    in the order given."""
    return theme.png_bytes(draw_rack(tiles, paletted=True))


def hand_size() -> tuple[int, int]:
    return (len(ROTATIONS) * HAND_SLOT + 2 * PAD, HAND_TILE + BADGE + 3 * PAD)


def hand_tile_box(turn_index: int) -> Box:
    """The square of the hand tile shown at ROTATIONS[turn_index]."""
    left = PAD + turn_index * HAND_SLOT + (HAND_SLOT - HAND_TILE) // 2
    return (left, PAD, left + HAND_TILE, PAD + HAND_TILE)


def hand_badge_centre(turn_index: int) -> tuple[int, int]:
    return (PAD + turn_index * HAND_SLOT + HAND_SLOT // 2, 2 * PAD + HAND_TILE + BADGE // 2)


def turn_arrow(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float) -> None:
    """A clockwise arrow, the ↻ players read in the menus (the font has no such glyph): an
    open circle with its head at the top pointing right."""
    cx, cy = centre
    width = max(2, round(radius / 3.5))
    box = (cx - radius, cy - radius, cx + radius, cy + radius)
    draw.arc(box, -60, 250, fill=theme.TEXT, width=width)
    tip = (cx + radius * 0.1 + width, cy - radius)
    head = radius * 0.75
    draw.polygon(
        [(tip[0] + head * 0.6, tip[1]), (tip[0] - head * 0.3, tip[1] - head * 0.6),
         (tip[0] - head * 0.3, tip[1] + head * 0.6)],
        fill=theme.TEXT,
    )  # fmt: skip


def draw_hand(tile: RotaTile, paletted: bool = False) -> Image.Image:
    """The tile in each of its four turns, left to right, labelled ↻0°, ↻90°, ↻180°, ↻270°:
    how far it is turned clockwise, the turn players choose in the menus and type."""
    image = canvas(hand_size(), theme.CARD, paletted)
    draw = ImageDraw.Draw(image)
    for index, rotation in enumerate(ROTATIONS):
        sprite = part_for(image, tile_sprite, turned(tile, rotation), HAND_TILE)
        place(image, sprite, hand_tile_box(index)[:2])
        cx, cy = hand_badge_centre(index)
        _badge(draw, (cx + 12, cy), f"{rotation}°", 140)
        turn_arrow(draw, (cx - 44, cy + 1), 12)
    return image


def render_hand(tile: RotaTile) -> bytes:
    """A Rota hand tile (at rotation 0) as PNG bytes, shown in its four turns."""
    return theme.png_bytes(draw_hand(tile, paletted=True))
