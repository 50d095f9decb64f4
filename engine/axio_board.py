"""The AXIO board: a 13×13 grid, the play area for the player count, and how cells score.

Cells are numbered `row * 13 + col` (0-based) internally and named like `G7` outside.
The board is stored as its RULES.md notation, one character per cell, so that the state,
the notation and the scoring all read the same thing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .common import COLOURS, Colour, IllegalMoveError, excerpt, small_number

SIZE = 13
CELLS = SIZE * SIZE
COLUMNS = "ABCDEFGHIJKLM"
_CELL_NAMES = tuple(f"{COLUMNS[i % SIZE]}{i // SIZE + 1}" for i in range(CELLS))
"""Every cell's name, looked up: a saved game names every tile's cells."""

EMPTY = "."
PYRAMID = "^"
DEAD = "x"
OUTSIDE = "#"
TILE_LETTERS = "rgbop"
PRINTED_LETTERS = "RGBOP"

# [reconstructed] The five printed colour spaces: the centre and the middle of each edge
# of the central 9×9 area. Correct them here and nowhere else.
PRINTED_SPACES: dict[str, Colour] = {
    "G3": Colour.RED,
    "K7": Colour.GREEN,
    "G11": Colour.BLUE,
    "C7": Colour.ORANGE,
    "G7": Colour.PURPLE,
}

# Play area by player count: the first and last row/column index (0-based, inclusive).
PLAY_AREA_BOUNDS: dict[int, tuple[int, int]] = {1: (2, 10), 2: (2, 10), 3: (1, 11), 4: (0, 12)}


def cell_name(index: int) -> str:
    if 0 <= index < CELLS:
        return _CELL_NAMES[index]
    row, col = divmod(index, SIZE)
    return f"{COLUMNS[col]}{row + 1}"


def parse_cell(text: str) -> int:
    """Read a cell name such as `G7` or `g 7`."""
    clean = text.strip().replace(" ", "").upper()
    row = small_number(clean[1:], digits=2) if clean[1:2] != "-" else None
    if clean[:1] and clean[0] in COLUMNS and row is not None and 1 <= row <= SIZE:
        return (row - 1) * SIZE + COLUMNS.index(clean[0])
    raise IllegalMoveError(
        "'{text}' is not a cell: use a column A–M and a row 1–13, like G7", text=excerpt(text)
    )


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, SIZE)
    result = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            result.append(r * SIZE + c)
    return tuple(result)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(CELLS))
# Steps for the four directions (up, right, down, left) and how far each cell can walk.
DIRECTION_STEPS = (-SIZE, 1, SIZE, -1)
PRINTED_INDEX: dict[int, Colour] = {parse_cell(name): c for name, c in PRINTED_SPACES.items()}
COLOUR_OF_LETTER: dict[str, int] = {
    letter: i for i, c in enumerate(COLOURS) for letter in (c.value, c.value.upper())
}


def play_area(players: int) -> frozenset[int]:
    low, high = PLAY_AREA_BOUNDS[players]
    return frozenset(r * SIZE + c for r in range(low, high + 1) for c in range(low, high + 1))


def direction_between(a: int, b: int) -> int:
    """The direction index (0 up, 1 right, 2 down, 3 left) that leads from a to b."""
    return DIRECTION_STEPS.index(b - a)


class Board:
    """The cells of one game, with the walks and counts that scoring needs."""

    __slots__ = ("area", "cells", "players")

    def __init__(self, players: int, cells: list[str] | None = None) -> None:
        self.players = players
        self.area = play_area(players)
        if cells is None:
            cells = [EMPTY if i in self.area else OUTSIDE for i in range(CELLS)]
            for index, colour in PRINTED_INDEX.items():
                cells[index] = colour.value.upper()
        self.cells = cells

    # --- notation -------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, players: int) -> Board:
        """Read the 13-line notation of RULES.md and check it fits the player count."""
        lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
        if len(lines) != SIZE or any(len(line) != SIZE for line in lines):
            raise IllegalMoveError("a board is 13 lines of 13 characters")
        cells = list("".join(lines))
        area = play_area(players)
        allowed = set(EMPTY + PYRAMID + DEAD + TILE_LETTERS + PRINTED_LETTERS)
        for i, ch in enumerate(cells):
            name = cell_name(i)
            if i not in area:
                if ch != OUTSIDE:
                    raise IllegalMoveError(f"{name} is outside the play area and must be '#'")
            elif ch not in allowed:
                raise IllegalMoveError(f"{name} holds '{ch}', which is not a board character")
            elif ch in PRINTED_LETTERS and PRINTED_INDEX.get(i) != Colour(ch.lower()):
                raise IllegalMoveError(f"{name} is not the printed space '{ch}'")
        for i, colour in PRINTED_INDEX.items():
            if cells[i] != colour.value.upper():
                raise IllegalMoveError(f"{cell_name(i)} must show its printed space")
        return cls(players, cells)

    def notation(self) -> str:
        return "\n".join("".join(self.cells[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE))

    def copy(self) -> Board:
        board = Board.__new__(Board)
        board.players, board.area, board.cells = self.players, self.area, list(self.cells)
        return board

    # --- queries --------------------------------------------------------------------
    def is_empty(self, index: int) -> bool:
        return self.cells[index] == EMPTY

    def colour_index(self, index: int) -> int:
        """0–4 for a tile half or printed space, -1 for anything that shows no colour."""
        return COLOUR_OF_LETTER.get(self.cells[index], -1)

    def empty_cells(self) -> list[int]:
        return [i for i in range(CELLS) if self.cells[i] == EMPTY]

    def empty_pairs(self) -> list[tuple[int, int]]:
        """Every pair of orthogonally adjacent empty cells, lower index first."""
        return list(self._empty_pairs())

    def has_empty_pair(self, touching: set[int] | None = None) -> bool:
        """Whether any pair of adjacent empty cells is left (one covering a cell of
        `touching`, if given): stops at the first, where empty_pairs lists them all."""
        return any(
            touching is None or a in touching or b in touching for a, b in self._empty_pairs()
        )

    def _empty_pairs(self) -> Iterator[tuple[int, int]]:
        cells = self.cells
        for i in range(CELLS):
            if cells[i] != EMPTY:
                continue
            if i % SIZE + 1 < SIZE and cells[i + 1] == EMPTY:
                yield (i, i + 1)
            if i + SIZE < CELLS and cells[i + SIZE] == EMPTY:
                yield (i, i + SIZE)

    def run(self, start: int, step: int, colour: int) -> int:
        """How many cells of `colour` follow `start` in one direction, stopping at anything else.

        Empty cells, pyramids, dead cells and the edge of the play area show no colour, so
        one colour test covers every stop the rules list.
        """
        count = 0
        index = start
        cells = self.cells
        while True:
            _row, col = divmod(index, SIZE)
            nxt = index + step
            if (step == 1 and col == SIZE - 1) or (step == -1 and col == 0):
                return count
            if not 0 <= nxt < CELLS or COLOUR_OF_LETTER.get(cells[nxt], -1) != colour:
                return count
            count += 1
            index = nxt

    def half_points(self, cell: int, colour: int, other: int) -> int:
        """What one tile half scores: its colour counted in the three directions away from
        its other half. The half's own cell never counts."""
        away = direction_between(cell, other)
        return sum(self.run(cell, DIRECTION_STEPS[d], colour) for d in range(4) if d != away)

    def isolated_neighbours(self, cells: Iterable[int]) -> list[int]:
        """Empty cells next to `cells` that have no empty orthogonal neighbour left."""
        found = set()
        for cell in cells:
            for n in NEIGHBOURS[cell]:
                if self.cells[n] == EMPTY and all(self.cells[m] != EMPTY for m in NEIGHBOURS[n]):
                    found.add(n)
        return sorted(found)

    def symbol_points(self, cell: int) -> list[int]:
        """One point per colour symbol on the orthogonal neighbours of a cell (pyramid scoring)."""
        points = [0] * len(COLOURS)
        for n in NEIGHBOURS[cell]:
            colour = self.colour_index(n)
            if colour >= 0:
                points[colour] += 1
        return points

    def printed_touched(self, index: int) -> bool:
        """Whether a tile half touches the printed space at `index`."""
        return any(self.cells[n] in TILE_LETTERS for n in NEIGHBOURS[index])
