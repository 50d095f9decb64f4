"""Build AXIO positions for tests from a few named cells instead of 13 typed lines."""

from __future__ import annotations

import random

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


def axio_swap_hidden(game: AxioGame, seat: int, seed: int) -> AxioGame:
    """The same game with the other racks, the bag order and the RNG's future changed."""
    twin = game.copy()
    others = [s for s in range(game.players) if s != seat]
    pool = [t for s in others for t in twin.racks[s]] + twin.bag
    random.Random(seed).shuffle(pool)
    for s in others:
        size = len(twin.racks[s])
        twin.racks[s], pool = pool[:size], pool[size:]
    twin.bag = pool
    twin.rng.seed(seed)
    return twin
