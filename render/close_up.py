"""A close-up: the part of the board around the last move, drawn large for a phone.

The table image shows the whole board; late in a game a phone shows AXIO's cells small, and
Rota's tiles at the smallest size that keeps their position names readable (a wide display
wraps into bands, see `render.rota_geometry`). The close-up is asked for (the turn post's
**Close-up**, `/axio board close_up:True`): a window of the board around the last move,
its cells or tiles about twice the size, with the column letters and row numbers of that
window along its edges, so a name read there is the name to type.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.axio import AxioGame
from engine.axio_board import COLUMNS, PLAY_AREA_BOUNDS, SIZE
from engine.game import TileGame
from engine.rota import RotaGame

from . import theme
from .axio_board import axio_layout, draw_board, last_turn_placements
from .paletted import canvas
from .rota_display import draw_display
from .rota_geometry import RotaLayout

WIDTH = 720
AXIO_WINDOW = 7  # cells a side
ROTA_WINDOW = 5  # positions a side
ROTA_TILE = 124
BAND = 40  # the strip of column letters and row numbers
LABEL_SIZE = 30


def _window(centre: int, low: int, high: int, size: int) -> int:
    """The first of `size` consecutive numbers around `centre`, within [low, high]."""
    start = centre - size // 2
    return max(low, min(start, high - size + 1))


def axio_close_up(game: AxioGame, paletted: bool = False) -> Image.Image:
    low, high = PLAY_AREA_BOUNDS[game.players]
    size = min(AXIO_WINDOW, high - low + 1)
    cells = [c for p in last_turn_placements(game) for c in p.cells]
    rows = [c // SIZE for c in cells] or [(low + high) // 2]
    cols = [c % SIZE for c in cells] or [(low + high) // 2]
    row0 = _window((min(rows) + max(rows)) // 2, low, high, size)
    col0 = _window((min(cols) + max(cols)) // 2, low, high, size)
    count = high - low + 1
    cell = (WIDTH - BAND) // size
    layout = axio_layout(game.players, width=round(cell * count / 0.92) + 2)
    board = draw_board(game, width=layout.size[0], paletted=paletted)
    left, top, _, _ = layout.cell_box(row0 * SIZE + col0)
    right, bottom = left + size * layout.cell, top + size * layout.cell
    crop = board.crop((left, top, right, bottom))
    image = canvas((BAND + crop.width, BAND + crop.height), theme.CARD, paletted)
    image.paste(crop, (BAND, BAND))
    draw = ImageDraw.Draw(image)
    for i in range(size):
        middle = BAND + i * layout.cell + layout.cell // 2
        theme.text(draw, (middle, BAND // 2), COLUMNS[col0 + i], LABEL_SIZE, theme.MUTED)
        theme.text(draw, (BAND // 2, middle), str(row0 + i + 1), LABEL_SIZE, theme.MUTED)
    return image


def rota_close_up(game: RotaGame, paletted: bool = False) -> Image.Image:
    last = game.last_placements()
    x0, y0, x1, y1 = game.display.bounds()
    cx, cy = last[-1] if last else ((x0 + x1) // 2, (y0 + y1) // 2)
    ring = 0 if game.is_over else 1  # the open positions around the display, while it grows
    cols = min(ROTA_WINDOW, x1 - x0 + 1 + 2 * ring)
    rows = min(ROTA_WINDOW, y1 - y0 + 1 + 2 * ring)
    left = _window(cx, x0 - ring, x1 + ring, cols)
    top = _window(cy, y0 - ring, y1 + ring, rows)
    layout = RotaLayout(left, top, cols, rows, ROTA_TILE)
    return draw_display(game, labels=True, layout=layout, paletted=paletted)


def render_close_up(game: TileGame) -> bytes:
    """The board around the last move (or its middle, before any move) as PNG bytes."""
    if isinstance(game, AxioGame):
        return theme.png_bytes(axio_close_up(game, paletted=True))
    if isinstance(game, RotaGame):
        return theme.png_bytes(rota_close_up(game, paletted=True))
    raise TypeError(f"no close-up for a {type(game).__name__}")
