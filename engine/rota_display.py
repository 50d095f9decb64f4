"""The AXIO Rota display: the tiles laid on the unbounded grid, and how a placement scores.

The tile at (x, y) has its corners on the grid points (x, y) TL, (x+1, y) TR,
(x+1, y+1) BR and (x, y+1) BL. For each grid point the display keeps how many corners
meet there and how many of them show each colour, so that scoring a placement is a few
look-ups and scoring every placement of a tile takes well under a millisecond per
position.

Notation, one placed tile per line: `x,y: TL TR BR BL`, the corners as they lie after
turning, `-` for an empty corner, e.g. `0,0: r g b -`. Blank lines and lines starting
with `#` are skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from .common import COLOUR_INDEX, COLOURS, Colour, IllegalMoveError, Points, excerpt, small_number
from .rota_moves import Position, RotaMove, position_text
from .rota_tiles import ROTATIONS, Tile, parse_tile, tile_text, turned

Point = tuple[int, int]
Counts = list[int] | None
"""What meets at one grid point: corners per colour (r g b o p), then all corners; None if
no tile touches the point."""

# Where each corner (TL, TR, BR, BL) meets the grid, from the tile's position.
CORNER_OFFSETS: tuple[Point, ...] = ((0, 0), (1, 0), (1, 1), (0, 1))
SIDE_STEPS: tuple[Position, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
START_POSITIONS: tuple[Position, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
CENTRE: Point = (1, 1)

_CORNERS = len(COLOURS)  # index of the "corners meeting here" count in a point's counts


def corner_points(position: Position) -> tuple[Point, Point, Point, Point]:
    x, y = position
    return ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))


def parse_placed(text: str) -> tuple[Position, Tile]:
    """Read one notation line, `x,y: TL TR BR BL` (split, not matched: linear in the line)."""
    head, colon, corners = text.partition(":")
    inner = head.strip()
    if inner.startswith("(") and inner.endswith(")"):
        inner = inner[1:-1]
    parts = inner.split(",")
    numbers = [small_number(part.strip()) for part in parts] if len(parts) == 2 else []
    if not colon or len(numbers) != 2 or None in numbers:
        raise IllegalMoveError(
            f"'{excerpt(text)}' is not a placed tile: write its position and its four corners "
            "as they lie, like 0,0: r g b -"
        )
    x, y = numbers
    return (x, y), parse_tile(corners.strip())  # type: ignore[return-value]


def placed_text(position: Position, tile: Tile) -> str:
    return f"{position_text(position)}: {tile_text(tile)}"


class Display:
    """The tiles on the table, in the order they were laid."""

    __slots__ = ("order", "points", "tiles")

    def __init__(self, placed: list[tuple[Position, Tile]] | None = None) -> None:
        self.tiles: dict[Position, Tile] = {}
        self.order: list[Position] = []
        # grid point -> [count of r, g, b, o, p corners there, count of all corners there]
        self.points: dict[Point, list[int]] = {}
        for position, tile in placed or []:
            self.place(position, tile)

    # --- reading and writing ------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Display:
        """Read the notation; the tiles must be on distinct positions and connected."""
        display = cls()
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                position, tile = parse_placed(line)
            except IllegalMoveError as error:
                raise IllegalMoveError(f"line {number}: {error}") from error
            if position in display.tiles:
                raise IllegalMoveError(f"line {number}: {position_text(position)} holds two tiles")
            display.place(position, tile)
        if not display.tiles:
            raise IllegalMoveError(
                "a display holds at least one tile, one per line like 0,0: r g b -"
            )
        display.check_connected()
        return display

    def notation(self) -> str:
        return "\n".join(placed_text(p, self.tiles[p]) for p in self.order)

    def check_connected(self) -> None:
        """Refuse a display that is not one group of tiles joined side by side."""
        first = self.order[0]
        seen, todo = {first}, [first]
        while todo:
            for n in _neighbours(todo.pop()):
                if n in self.tiles and n not in seen:
                    seen.add(n)
                    todo.append(n)
        for position in self.order:
            if position not in seen:
                raise IllegalMoveError(
                    f"{position_text(position)} shares no side with the other tiles: "
                    "a display is one group of tiles"
                )

    def copy(self) -> Display:
        display = Display.__new__(Display)
        display.tiles = dict(self.tiles)
        display.order = list(self.order)
        display.points = {point: list(counts) for point, counts in self.points.items()}
        return display

    # --- what is where --------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.order)

    def __iter__(self) -> Iterator[tuple[Position, Tile]]:
        """Every placed tile with its corners as they lie, in the order they were laid."""
        return ((p, self.tiles[p]) for p in self.order)

    def place(self, position: Position, tile: Tile) -> None:
        self.tiles[position] = tile
        self.order.append(position)
        for point, corner in zip(corner_points(position), tile, strict=True):
            counts = self.points.setdefault(point, [0] * (_CORNERS + 1))
            counts[_CORNERS] += 1
            if corner is not None:
                counts[COLOUR_INDEX[corner]] += 1

    def legal_positions(self) -> list[Position]:
        """Empty positions sharing a side with a tile, sorted by row then column."""
        found = {n for p in self.tiles for n in _neighbours(p) if n not in self.tiles}
        return sorted(found, key=lambda p: (p[1], p[0]))

    def is_legal_position(self, position: Position) -> bool:
        return position not in self.tiles and any(n in self.tiles for n in _neighbours(position))

    def bounds(self) -> tuple[int, int, int, int]:
        """The smallest and largest x and y of the placed tiles: (x0, y0, x1, y1)."""
        xs = [p[0] for p in self.order]
        ys = [p[1] for p in self.order]
        return min(xs), min(ys), max(xs), max(ys)

    # --- scoring ---------------------------------------------------------------------------
    def touching_empty_corner(self, position: Position, laid: Tile) -> bool:
        """Whether the laid tile's empty corner meets another tile there (it must be named)."""
        counts = self._counts(position)
        return any(c is None and n is not None for c, n in zip(laid, counts, strict=True))

    def score(self, position: Position, laid: Tile, name: Colour | None = None) -> Points:
        """Points for laying `laid` (already turned) at `position`, its empty corner named."""
        counts = self._counts(position)
        points, blank = _laid_points(counts, colour_indices(laid))
        there = counts[blank] if blank >= 0 else None
        if there is not None and name is not None:
            index = COLOUR_INDEX[name]
            points[index] += there[index]
        return tuple(points)  # type: ignore[return-value]

    def scored_placements(self, tile: Tile) -> list[tuple[RotaMove, Points]]:
        """Every placement of `tile` with its points: all legal positions, all four turns,
        and the five colours that can be named where an empty corner touches a tile."""
        return [
            (RotaMove(x, y, rotation, name), points)
            for x, y, rotation, name, points in self.placement_points(tile)
        ]

    def placement_points(self, tile: Tile) -> Iterator[tuple[int, int, int, Colour | None, Points]]:
        """`scored_placements` as plain tuples (x, y, rotation, name, points), in the same
        order: a look-ahead scores thousands of placements and builds a move for one."""
        turns = [(r, colour_indices(turned(tile, r))) for r in ROTATIONS]
        for position in self.legal_positions():
            x, y = position
            counts = self._counts(position)
            for rotation, laid in turns:
                points, blank = _laid_points(counts, laid)
                if blank < 0:
                    yield x, y, rotation, None, tuple(points)  # type: ignore[misc]
                    continue
                there = counts[blank] or []
                for index, colour in enumerate(COLOURS):
                    named = list(points)
                    named[index] += there[index]
                    yield x, y, rotation, colour, tuple(named)  # type: ignore[misc]

    def _counts(self, position: Position) -> list[Counts]:
        get = self.points.get
        return [get(point) for point in corner_points(position)]


@cache
def colour_indices(laid: Tile) -> tuple[int, ...]:
    """A tile's corners as colour indices, -1 for the empty one: scoring reads these."""
    return tuple(-1 if corner is None else COLOUR_INDEX[corner] for corner in laid)


def _laid_points(counts: list[Counts], laid: tuple[int, ...]) -> tuple[list[int], int]:
    """Points of a laid tile's coloured corners (as colour indices), and which corner is
    empty if it meets another tile (-1 if none). A corner meeting no tile finds no counts
    and scores nothing; empty corners already in the display are in no colour count."""
    points = [0, 0, 0, 0, 0]
    blank = -1
    for corner in range(4):
        there = counts[corner]
        if there is None:
            continue
        index = laid[corner]
        if index < 0:
            blank = corner
        else:
            points[index] += there[index]
    return points, blank


def _neighbours(position: Position) -> list[Position]:
    x, y = position
    return [(x + dx, y + dy) for dx, dy in SIDE_STEPS]
