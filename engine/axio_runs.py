"""Scoring every placement on one AXIO position at once.

Walking the board for each of a thousand candidate placements is what made scoring slow;
one table of what each empty cell would score, per colour and per direction its other
half lies in, lets all of them score from look-ups.
"""

from __future__ import annotations

from .axio_board import DIRECTION_STEPS, EMPTY, NEIGHBOURS, Board


class RunTable:
    """What every empty cell would score, so all placements on one position score without
    walking the board again.

    `half_points[cell][d]` holds, per colour, what a half of that colour on `cell` scores
    when its other half lies in direction `d` (so the walk skips that direction).
    """

    __slots__ = ("board", "empty_around", "half_points")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.half_points: dict[int, list[list[int]]] = {}
        cells = board.cells
        empty = board.empty_cells()
        self.empty_around = {
            cell: sum(1 for n in NEIGHBOURS[cell] if cells[n] == EMPTY) for cell in empty
        }
        """How many empty neighbours each empty cell has."""
        for cell in empty:
            runs = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
            for d, step in enumerate(DIRECTION_STEPS):
                colour = board.colour_index(cell + step) if in_line(cell, step) else -1
                if colour >= 0:
                    runs[d * 5 + colour] = board.run(cell, step, colour)
            totals = [runs[c] + runs[5 + c] + runs[10 + c] + runs[15 + c] for c in range(5)]
            self.half_points[cell] = [
                [totals[c] - runs[away * 5 + c] for c in range(5)] for away in range(4)
            ]

    def pyramid_points(self, a: int, b: int) -> tuple[list[int], int, int]:
        """Covering a and b isolates some cells: their fixed neighbour points, and how many
        of them touch a and b (each such pyramid also scores that half's colour).

        A neighbour is isolated when a and b were its only empty neighbours; the empty
        neighbours of each cell are counted once per table, not once per placement.
        """
        empty_around = self.empty_around
        points = [0, 0, 0, 0, 0]
        touching_a = touching_b = 0
        for n in {*NEIGHBOURS[a], *NEIGHBOURS[b]}:
            left = empty_around.get(n)
            if left is None or n in (a, b):
                continue
            near_a, near_b = a in NEIGHBOURS[n], b in NEIGHBOURS[n]
            if left == near_a + near_b:
                for colour, count in enumerate(self.board.symbol_points(n)):
                    points[colour] += count
                touching_a += near_a
                touching_b += near_b
        return points, touching_a, touching_b


def in_line(cell: int, step: int) -> bool:
    """Whether a step from `cell` stays on the grid without wrapping to another row."""
    col = cell % 13
    nxt = cell + step
    return 0 <= nxt < 169 and not (step == 1 and col == 12) and not (step == -1 and col == 0)
