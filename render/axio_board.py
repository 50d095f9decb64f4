"""The AXIO board: the play area for the player count, its cells, tiles, pyramids and the
moves since the player to move last played (`render.marks`), drawn from cached sprites so
that a late-game board takes a few milliseconds.

Only the play area is drawn; the rest of the 13×13 grid does not exist in that game, so
leaving it out gives a 2-player board cells 40% larger on a phone. Column letters and row
numbers keep their real names (a 2-player board runs C–K, 3–11).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from PIL import Image, ImageDraw

from engine.axio import AxioGame
from engine.axio_board import (
    COLUMNS,
    DIRECTION_STEPS,
    PLAY_AREA_BOUNDS,
    PRINTED_INDEX,
    SIZE,
    direction_between,
    parse_cell,
)
from engine.axio_moves import Placement
from engine.common import IllegalMoveError

from . import theme
from .axio_sprites import DRAWN, cell_sprite, ghost_sprite, printed_sprite, well_sprite
from .marks import Mark, paste_chip, recent_marks, seat_colour
from .paletted import copy_of, mapped, mapped_core, part_for, place, windows
from .png import RowFilters, chosen_filters

BOARD_WIDTH = 720
"""The width of a full-size board image; a phone shows it at about 400 px."""

Box = tuple[int, int, int, int]
ENCODINGS: dict[int, tuple[float, bool]] = {
    1: (1.0, False),
    2: (1.0, False),
    3: (0.65, False),
    4: (0.9, True),
}
"""How a board of each player count is written (`render.png`): the share of its rows, from
the top, that ISA-L deflates, and whether its rows are filtered (`board_filters`). Measured
on seeded boards of 0–80 tiles, the largest against Pillow's level 4 (what was sent before
issue 36): 2 players (and 1, the same play area) all by ISA-L, 1.065× (share 0.65: 1.054×),
~0.2 ms less; 3 players as before (filtered: 1.20×); 4 players filtered at 0.9, 1.116×
(unfiltered at 0.65: 1.111×), the late board of bench_render 49.04 KB (49.13) and ~0.08
ms less: its rows much like the rows above them deflate smaller as differences, which
buys ISA-L a larger share."""


@dataclass(frozen=True)
class AxioLayout:
    """Where everything sits on a board image; drawing and tests use the same geometry."""

    players: int
    cell: int
    label: int  # the band for column letters (top) and row numbers (left)
    pad: int

    @property
    def low(self) -> int:
        return PLAY_AREA_BOUNDS[self.players][0]

    @property
    def count(self) -> int:
        low, high = PLAY_AREA_BOUNDS[self.players]
        return high - low + 1

    @property
    def origin(self) -> tuple[int, int]:
        """The top-left corner of the play area's first cell."""
        return (self.pad + self.label, self.pad + self.label)

    @property
    def size(self) -> tuple[int, int]:
        side = self.pad * 2 + self.label + self.count * self.cell
        return (side, side)

    @cached_property
    def corners(self) -> dict[int, tuple[int, int]]:
        """The top-left corner of every cell of the play area, by index, worked out once."""
        low, count, (ox, oy) = self.low, self.count, self.origin
        return {
            (row + low) * SIZE + col + low: (ox + col * self.cell, oy + row * self.cell)
            for row in range(count)
            for col in range(count)
        }

    @cached_property
    def boxes(self) -> dict[int, Box]:
        """Every cell's square, [x0, x1) × [y0, y1), by index, worked out once."""
        s = self.cell
        return {index: (x, y, x + s, y + s) for index, (x, y) in self.corners.items()}

    def contains(self, index: int) -> bool:
        return index in self.corners

    def cell_box(self, index: int) -> Box:
        """The cell's square, [x0, x1) × [y0, y1); only cells of the play area have one."""
        box = self.boxes.get(index)
        if box is None:
            raise IllegalMoveError("that cell is outside the play area of this game")
        return box

    def cell_centre(self, index: int) -> tuple[int, int]:
        x0, y0, x1, y1 = self.cell_box(index)
        return ((x0 + x1) // 2, (y0 + y1) // 2)


@lru_cache(maxsize=16)
def axio_layout(players: int, width: int = BOARD_WIDTH) -> AxioLayout:
    """The layout of a board image `width` pixels wide (smaller for replay frames)."""
    pad = max(4, width // 180)
    label = max(14, width // 20)
    count = PLAY_AREA_BOUNDS[players][1] - PLAY_AREA_BOUNDS[players][0] + 1
    cell = (width - 2 * pad - label) // count
    return AxioLayout(players, cell, label, pad)


def axio_cell_centre(
    cell: int | str, players: int = 4, width: int = BOARD_WIDTH
) -> tuple[int, int]:
    """The pixel at the centre of a cell (index or name like "G7") on a board image."""
    index = parse_cell(cell) if isinstance(cell, str) else cell
    return axio_layout(players, width).cell_centre(index)


@lru_cache(maxsize=8)
def board_background(players: int, width: int = BOARD_WIDTH) -> Image.Image:
    """The empty board of a player count: card, surface, wells, printed spaces, labels."""
    layout = axio_layout(players, width)
    image = Image.new("RGB", layout.size, theme.CARD)
    draw = ImageDraw.Draw(image)
    ox, oy = layout.origin
    side = layout.count * layout.cell
    border = max(2, layout.cell // 10)
    draw.rounded_rectangle(
        (ox - border, oy - border, ox + side + border - 1, oy + side + border - 1),
        radius=border * 2,
        fill=theme.SURFACE,
    )
    well = well_sprite(layout.cell)
    for row in range(layout.count):
        for col in range(layout.count):
            index = (row + layout.low) * SIZE + col + layout.low
            colour = PRINTED_INDEX.get(index)
            sprite = printed_sprite(colour, layout.cell) if colour else well
            image.paste(sprite, layout.cell_box(index)[:2])
    size = label_size(layout)
    for i in range(layout.count):
        centre = oy + i * layout.cell + layout.cell // 2
        label_mid = layout.pad + layout.label // 2 - border // 2
        theme.text(draw, (centre - oy + ox, label_mid), COLUMNS[i + layout.low], size, theme.MUTED)
        theme.text(draw, (label_mid, centre), str(i + layout.low + 1), size, theme.MUTED)
    return image


def label_size(layout: AxioLayout) -> int:
    """The column letters' and row numbers' size: a cap height of 11 px when a phone shows
    a 13×13 board 390 px wide ("13" still fits its band)."""
    return max(11, round(min(layout.cell * 0.55, layout.label * 0.78)))


# --- the board of a game ---------------------------------------------------------------------
TOWARDS = {step: direction for direction, step in enumerate(DIRECTION_STEPS)}
"""The direction (0 up … 3 left) of a step between neighbouring cells' indices."""


def partners(tiles: list[tuple[int, int]]) -> dict[int, int]:
    """For each covered cell, the direction (0 up … 3 left) of its tile's other half."""
    found = {}
    for a, b in tiles:
        found[a] = TOWARDS[b - a]
        found[b] = TOWARDS[a - b]
    return found


def last_turn_placements(game: AxioGame) -> list[Placement]:
    """Every placement of the last turn that placed a tile, extra turns included."""
    placements: list[Placement] = []
    turn = None
    for entry in reversed(game.log):
        if turn is not None and entry.turn != turn:
            break
        try:
            placement = Placement.parse(entry.move)
        except IllegalMoveError:
            continue
        turn = entry.turn
        placements.append(placement)
    return placements[::-1]


def as_placement(move: Placement | str | None) -> Placement | None:
    return Placement.parse(move) if isinstance(move, str) else move


def draw_board(
    game: AxioGame,
    width: int = BOARD_WIDTH,
    preview: Placement | str | None = None,
    paletted: bool = False,
) -> Image.Image:
    """The board as an RGB image: tiles, pyramids, dead cells, the moves since the player to
    move last played, a ghost move; `paletted`: on the palette, from its parts mapped once
    (`render.paletted`)."""
    layout = axio_layout(game.players, width)
    image = copy_of(board_background(game.players, width), paletted)
    s, joins, marked = layout.cell, partners(game.tiles), marked_moves(layout, game)
    paste_cells(image, layout, cell_looks(layout, game, joins))
    mark_moves(image, layout, marked)
    if paletted:
        _blend_badges(image, layout, game, width, (joins, marked))
    draw = ImageDraw.Draw(image)
    ghost = as_placement(preview)
    if ghost:
        for cell, colour, other in (
            (ghost.first, ghost.first_colour, ghost.second),
            (ghost.second, ghost.second_colour, ghost.first),
        ):
            if layout.contains(cell):
                sprite = part_for(image, ghost_sprite, colour, s, direction_between(cell, other))
                place(image, sprite, layout.cell_box(cell)[:2])
        if all(layout.contains(c) for c in ghost.cells):
            theme.dashed_box(draw, tile_box(layout, ghost.cells), theme.GHOST_LINE, max(2, s // 18))
    return image


Look = tuple[int, str, int | None]
"""A drawn cell: its index, what it shows (board notation), its tile's other half's side."""


def cell_looks(
    layout: AxioLayout, game: AxioGame, joins: dict[int, int], window: Box | None = None
) -> tuple[Look, ...]:
    """The tiles, pyramids and dead cells of the board (`joins`: the game's `partners`);
    with `window`, only those that reach into it."""
    cells = game.board.cells
    if window is None:  # the play area's cells (only they have a square)
        return tuple((i, cells[i], joins.get(i)) for i in layout.boxes if cells[i] in DRAWN)
    drawn = (index for index in _cells_in(layout, window) if cells[index] in DRAWN)
    return tuple((index, cells[index], joins.get(index)) for index in drawn)


def paste_cells(
    image: Image.Image, layout: AxioLayout, looks: tuple[Look, ...], shift: tuple[int, int] = (0, 0)
) -> None:
    """The cells' sprites (`cell_looks`); `shift`: the image is a window of the board from
    there."""
    left, top = shift
    boxes, s = layout.boxes, layout.cell
    shown: dict[tuple[str, int | None], object] = {}  # each look's part, found once
    target = image.im
    for index, ch, towards in looks:
        part = shown.get((ch, towards))
        if part is None:
            part = shown[ch, towards] = part_for(image, cell_sprite, ch, s, towards).im
        box = boxes[index]
        if left or top:
            box = (box[0] - left, box[1] - top, box[2] - left, box[3] - top)
        target.paste(part, box)


def _cells_in(layout: AxioLayout, window: Box) -> list[int]:
    """The cells of the play area that reach into a window of the board image."""
    (ox, oy), cell, low = layout.origin, layout.cell, layout.low
    cols = range(
        max(0, (window[0] - ox) // cell), min(layout.count, (window[2] - ox - 1) // cell + 1)
    )
    rows = range(
        max(0, (window[1] - oy) // cell), min(layout.count, (window[3] - oy - 1) // cell + 1)
    )
    return [(row + low) * SIZE + col + low for row in rows for col in cols]


def _blend_badges(
    image: Image.Image, layout: AxioLayout, game: AxioGame, width: int, known: tuple
) -> None:
    """A palette board's badges: each blends its rim with the tiles under it, so it is
    drawn in RGB on the window of the board around it (`badge_window`), mapped and pasted,
    as the whole board drawn in RGB would have it. The mapped window (its pixels alone,
    `paletted.mapped_core`) is kept by exactly what it shows (`paletted.windows`), so a
    board drawn again, or another with the same corner, pays for none. A window starts on
    even pixels, so the badges' half-pixel spots round the same way. `known`: the game's
    `partners` and `marked_moves`."""
    joins, marked = known
    size = badge_size(layout)
    for _, _, (cx, cy) in marked:
        left, top = (round(cx - size / 2) - 2) // 2 * 2, (round(cy - size / 2) - 2) // 2 * 2
        box = (max(0, left), max(0, top), min(image.width, left + size + 4),
               min(image.height, top + size + 4))  # fmt: skip
        looks = cell_looks(layout, game, joins, box)
        reaching = tuple(entry for entry in marked if _reaches(entry, size, box))
        key = (badge_window, game.players, width, box, looks, reaching)
        found = windows.get(key)
        if found is None:
            found = windows.put(key, (mapped_core(badge_window(*key[1:])),))
        image.im.paste(found[0], box)


def badge_window(
    players: int, width: int, box: Box, looks: tuple[Look, ...], marked: tuple
) -> Image.Image:
    """The window `box` of a board in RGB: its background, the cells `looks` and the
    `marked` moves that reach into it, drawn from these alone (the key it is kept by)."""
    layout = axio_layout(players, width)
    window = board_background(players, width).crop(box)
    paste_cells(window, layout, looks, box[:2])
    mark_moves(window, layout, list(marked), box[:2], within=box)
    return window


parsed = lru_cache(maxsize=1024)(Placement.parse)
"""A placement from its text, read once (every badge's window reads every mark)."""


def badge_size(layout: AxioLayout) -> int:
    """A move's badge: about four fifths of a cell, centred on its tile's top-left corner,
    where it covers no symbol (the symbols sit in the cells' middles)."""
    return max(20, round(layout.cell * 0.78))


def badge_centre(layout: AxioLayout, placement: Placement) -> tuple[int, int]:
    """Where a placement's badge sits: its tile's top-left corner, kept on the board."""
    x0, y0, _, _ = tile_box(layout, placement.cells)
    half = badge_size(layout) // 2
    low = layout.origin[0] + half - max(2, layout.cell // 10)
    return (max(x0, low), max(y0, low))


Marked = list[tuple[Mark, Box, tuple[int, int]]]
"""The moves a board marks: each with its ring's box (inclusive) and its badge's centre."""


def marked_moves(layout: AxioLayout, game: AxioGame) -> Marked:
    """Every placement since the player to move last played (`render.marks`), where its
    ring and badge go on this board."""
    placed = [(mark, parsed(mark.move)) for mark in recent_marks(game)]
    return [(mark, tile_box(layout, p.cells), badge_centre(layout, p)) for mark, p in placed]


def mark_moves(
    image: Image.Image,
    layout: AxioLayout,
    marked: Marked,
    shift: tuple[int, int] = (0, 0),
    within: Box | None = None,
) -> None:
    """The `marked` moves: each ringed in its mover's seat colour, with its numbered badge
    (rings first, so no ring crosses a badge). `shift`: the image is a window of the board
    from there, `within` (board pixels, exclusive end): only the rings and badges that
    reach into it, the rest would draw nothing there. A palette board's badges are
    blended apart (`_blend_badges`)."""
    draw = ImageDraw.Draw(image)
    dx, dy = shift
    size = badge_size(layout)
    for mark, ring, _ in marked:
        if within is None or _meets(_edges(ring), within):
            x0, y0, x1, y1 = ring
            box = (x0 - dx, y0 - dy, x1 - dx, y1 - dy)
            theme.highlight_box(draw, box, layout.cell, seat_colour(mark.seat))
    if image.mode == "P":
        return
    for mark, _, (cx, cy) in marked:
        if within is None or _meets(_chip_square((cx, cy), size), within):
            paste_chip(image, mark, (cx - dx, cy - dy), size)


def _edges(ring: Box) -> Box:
    """A ring's box (inclusive) as the pixels it may touch (exclusive ends)."""
    return (ring[0], ring[1], ring[2] + 1, ring[3] + 1)


def _chip_square(centre: tuple[int, int], size: int) -> Box:
    """The pixels a badge of `size` centred there may touch (exclusive ends)."""
    cx, cy, half = centre[0], centre[1], size // 2
    return (cx - half - 1, cy - half - 1, cx + half + 2, cy + half + 2)


def _reaches(entry: tuple[Mark, Box, tuple[int, int]], size: int, window: Box) -> bool:
    """Whether a marked move's ring or badge draws anything in the window."""
    return _meets(_edges(entry[1]), window) or _meets(_chip_square(entry[2], size), window)


def _meets(a: Box, b: Box) -> bool:
    """Whether two boxes (exclusive ends) share a pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def tile_box(layout: AxioLayout, cells: tuple[int, int]) -> Box:
    """The box around both cells of a tile, inside their squares."""
    a, b = (layout.cell_box(c) for c in cells)
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]) - 1, max(a[3], b[3]) - 1)


def render_axio_board(game: AxioGame, *, preview: Placement | str | None = None) -> bytes:
    """The board as PNG bytes, every placement since the player to move last played ringed
    in its mover's colour and numbered (`render.marks`); with `preview`,
    that placement drawn as a ghost for the player to confirm."""
    share, filtered = ENCODINGS[game.players]
    filters = board_filters(game.players) if filtered else None
    return theme.png_bytes(draw_board(game, preview=preview, paletted=True), share, filters)


@lru_cache(maxsize=4)
def board_filters(players: int) -> RowFilters:
    """The PNG filter of each row of a board of a player count, chosen on its empty board
    (`png.chosen_filters`: once a process, ~20 ms), so that the same state always gives the
    same bytes."""
    return chosen_filters(mapped(board_background(players)))
