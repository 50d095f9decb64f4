"""Build AXIO positions for tests from a few named cells instead of 13 typed lines."""

from __future__ import annotations

from engine import AxioGame, Colour
from engine.axio_board import Board, parse_cell
from engine.axio_moves import parse_tile


def board_with(players: int, cells: dict[str, str]) -> Board:
    """An empty board for the player count with the given cells set to notation characters."""
    board = Board(players)
    for name, char in cells.items():
        board.cells[parse_cell(name)] = char
    return board


def game_with(
    players: int,
    cells: dict[str, str] | None = None,
    racks: list[str] | None = None,
    scores: list[list[int]] | None = None,
    has_placed: list[bool] | None = None,
) -> AxioGame:
    """A game on a made-up position; racks are written as tile codes like "bg rr"."""
    tiles = [[parse_tile(code) for code in rack.split()] for rack in racks or []]
    return AxioGame.from_position(
        board_with(players, cells or {}),
        players=players,
        racks=tiles,
        scores=scores,
        has_placed=has_placed,
    )


def colour_points(points: tuple[int, ...]) -> dict[Colour, int]:
    from engine import COLOURS

    return {COLOURS[i]: n for i, n in enumerate(points) if n}
