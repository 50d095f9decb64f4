"""The AXIO board as a player sees it: the play area, colours in the right cells, tiles
joined, pyramids and dead cells, a ghost preview (the marks of the moves: test_marks)."""

from __future__ import annotations

from engine import AxioGame, Colour
from engine.axio_board import PRINTED_SPACES, Board, parse_cell
from engine.axio_moves import parse_tile
from render import axio_layout, render_axio_board
from render.samples import played
from render.theme import (
    DEAD_WELL,
    GHOST_LINE,
    GHOST_RGB,
    PRINTED_RGB,
    PYRAMID_FACES,
    SURFACE,
    TILE_RGB,
    WELL,
)

from .pixels import centre_colour, count, decode


def position(players: int, cells: dict[str, str], **kwargs) -> AxioGame:
    board = Board(players)
    for name, char in cells.items():
        board.cells[parse_cell(name)] = char
    return AxioGame.from_position(board, players=players, **kwargs)


def box(players: int, cell: str) -> tuple[int, int, int, int]:
    return axio_layout(players).cell_box(parse_cell(cell))


def test_image_is_the_play_area_of_the_player_count():
    sizes = {}
    for players in (1, 2, 3, 4):
        image = decode(render_axio_board(AxioGame(players, 1)))
        layout = axio_layout(players)
        assert image.size == layout.size
        assert layout.count == {1: 9, 2: 9, 3: 11, 4: 13}[players]
        sizes[players] = layout.cell
    # Fewer cells in the same width: a 2-player board's cells are larger on a phone.
    assert sizes[2] > sizes[3] > sizes[4] >= 48


def test_cells_outside_the_play_area_are_not_drawn():
    layout = axio_layout(2)
    assert not layout.contains(parse_cell("A1")) and not layout.contains(parse_cell("L7"))
    assert layout.contains(parse_cell("C3")) and layout.contains(parse_cell("K11"))
    # The last column drawn is K: the board ends a pad after it.
    right = layout.cell_box(parse_cell("K11"))[2]
    assert layout.size[0] - right <= layout.pad + 1


def test_printed_spaces_show_their_colour():
    for players in (1, 3, 4):
        image = decode(render_axio_board(AxioGame(players, 2)))
        for name, colour in PRINTED_SPACES.items():
            assert centre_colour(image, box(players, name)) == PRINTED_RGB[colour], name


def test_tile_halves_show_their_colour_and_empty_cells_are_empty():
    cells = {"D4": "r", "E4": "g", "H8": "b", "H9": "o", "J10": "p", "J11": "p"}
    image = decode(render_axio_board(position(2, cells)))
    for name, letter in cells.items():
        assert centre_colour(image, box(2, name)) == TILE_RGB[Colour(letter)], name
    for name in ("C3", "F5", "K11"):
        assert centre_colour(image, box(2, name)) == WELL


def test_pyramids_and_dead_cells():
    game = position(3, {"C4": "^", "F9": "x", "C3": "r", "B4": "g", "D4": "b", "C5": "o"})
    image = decode(render_axio_board(game))
    pyramid = image.crop(box(3, "C4"))
    for face in PYRAMID_FACES:
        assert count(pyramid, (0, 0, *pyramid.size), face) > 20
    assert centre_colour(image, box(3, "F9")) == DEAD_WELL


def test_the_two_halves_of_a_tile_are_joined_and_neighbouring_tiles_are_not():
    racks = [[parse_tile("rg")], [parse_tile("bo")]]
    game = position(2, {}, racks=racks, has_placed=[True, True])
    for move in ("E5:r F5:g", "I9:b I10:o"):  # the second, ringed, leaves E5 F5 plain
        game.play(move)
        if game.phase == "exchange":
            game.play("keep")
    image = decode(render_axio_board(game))
    e5, f5 = box(2, "E5"), box(2, "F5")
    middle = (e5[1] + e5[3]) // 2
    assert image.getpixel((e5[2], middle)) != SURFACE  # the join between E5 and F5
    assert image.getpixel((e5[0], middle)) == SURFACE  # E5's free left side
    assert image.getpixel((f5[2] - 1, middle)) == SURFACE


def extra_turn_game() -> tuple[AxioGame, list[str], list[str]]:
    """Seat 0 places; seat 1 reaches 18 red, earns AXIO! and places again in one turn."""
    game = position(
        2,
        {},
        racks=[[parse_tile("bb")], [parse_tile("rg"), parse_tile("oo"), parse_tile("pp")]],
        scores=[[0] * 5, [17, 0, 0, 0, 0]],
        has_placed=[True, True],
    )
    game.play("I9:b I10:b")
    if game.phase == "exchange":
        game.play("keep")
    result = game.play("G4:r G5:g")  # red walks up onto the printed red G3
    assert result.extra_turns == 1
    game.play("C9:o D9:o")
    return game, ["G4", "G5", "C9", "D9"], ["I9", "I10"]


def layout_cells(layout) -> list[int]:
    return [i for i in range(169) if layout.contains(i)]


def test_preview_draws_the_move_as_a_ghost():
    game = played(AxioGame(2, 3), 6, seed=3)
    move = game.legal_moves()[0]
    image = decode(render_axio_board(game, preview=move))
    for cell, colour in ((move.first, move.first_colour), (move.second, move.second_colour)):
        cell_box = axio_layout(2).cell_box(cell)
        assert centre_colour(image, cell_box) == GHOST_RGB[colour]
        assert count(image, cell_box, GHOST_LINE) > 10
    plain = decode(render_axio_board(game))
    assert count(plain, (0, 0, *plain.size), GHOST_LINE) == 0
    # The text form of a move previews the same.
    assert render_axio_board(game, preview=str(move)) == render_axio_board(game, preview=move)


def test_board_is_small():
    game = played(AxioGame(4, 8), 60, seed=8)
    assert len(render_axio_board(game)) < 200_000
