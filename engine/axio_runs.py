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

    __slots__ = ("board", "half_points")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.half_points: dict[int, list[list[int]]] = {}
        for cell in board.empty_cells():
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
        of them touch a and b (each such pyramid also scores that half's colour)."""
        cells = self.board.cells
        points = [0, 0, 0, 0, 0]
        touching_a = touching_b = 0
        for n in {*NEIGHBOURS[a], *NEIGHBOURS[b]}:
            if n in (a, b) or cells[n] != EMPTY:
                continue
            if all(m in (a, b) or cells[m] != EMPTY for m in NEIGHBOURS[n]):
                for colour, count in enumerate(self.board.symbol_points(n)):
                    points[colour] += count
                touching_a += a in NEIGHBOURS[n]
                touching_b += b in NEIGHBOURS[n]
        return points, touching_a, touching_b


def in_line(cell: int, step: int) -> bool:
    """Whether a step from `cell` stays on the grid without wrapping to another row."""
    col = cell % 13
    nxt = cell + step
    return 0 <= nxt < 169 and not (step == 1 and col == 12) and not (step == -1 and col == 0)
