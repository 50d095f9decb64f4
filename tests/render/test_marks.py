"""What players see of the moves made since their last turn (issue 33): every placement
since the player to move last played (other players', computers', AXIO! extra ones) ringed
on the board in its mover's seat colour with a badge numbered in order; the legend under
the board saying what the marks are; each seat's colour on its scoreboard."""

from __future__ import annotations

from engine import AxioGame, RotaGame
from engine.axio_board import parse_cell
from engine.axio_moves import Placement
from engine.rota_moves import RotaMove
from render import (
    axio_layout,
    recent_marks,
    render_axio_board,
    render_rota_display,
    render_scoreboard,
    render_table,
    rota_layout,
    table_origins,
)
from render.axio_board import badge_centre, badge_size
from render.marks import LEGEND, legend_title
from render.rota_display import mark_badge
from render.samples import played
from render.scoreboard import seat_origin
from render.theme import CARD, MUTED, SEAT_RGB, TEXT
from render.words import ENGLISH

from .pixels import count, decode, fill_colour
from .test_axio_board import extra_turn_game, layout_cells

NAMES = ["Alice", "Bob", "Chandra", "Dmitri"]


def since_last_played(game) -> list[tuple[int, str]]:
    """(seat, move) of every placement after the seat to move's last entry in the log, for
    a game where that seat is not in the middle of its own turn."""
    log = game.log
    last = max((i for i, e in enumerate(log) if e.seat == game.to_move), default=-1)
    return [(e.seat, e.move) for e in log[last + 1 :] if e.move not in ("keep", "exchange")]


def test_the_marks_are_every_placement_since_the_player_to_move_last_played():
    for players in (2, 3, 4):
        game = played(AxioGame(players, 7), 5 * players + 1, seed=7)
        marks = recent_marks(game)
        assert [(m.seat, m.move) for m in marks] == since_last_played(game)
        assert [m.number for m in marks] == list(range(1, len(marks) + 1))
        assert len({m.seat for m in marks}) == players - 1  # everyone else moved since
    rota = played(RotaGame(4, 3), 13, seed=3)
    assert [(m.seat, m.move) for m in recent_marks(rota)] == since_last_played(rota)
    assert recent_marks(AxioGame(4, 1)) == []  # nobody has moved yet


def test_an_axio_extra_placement_is_marked_with_the_turn_that_earned_it():
    game, last, earlier = extra_turn_game()  # seat 0 placed; seat 1 placed twice (AXIO!)
    marks = recent_marks(game)
    assert [m.seat for m in marks][-2:] == [1, 1]
    extra = sorted(cell for m in marks[-2:] for cell in Placement.parse(m.move).cells)
    assert extra == cells(last)
    if game.to_move == 0:  # seat 0's own move is its last turn, not something to catch up on
        assert len(marks) == 2
    else:  # seat 1 still deciding on its exchange: everything since its previous turn
        assert len(marks) == 3 and marks[0].seat == 0
        assert sorted(Placement.parse(marks[0].move).cells) == cells(earlier)


def cells(names: list[str]) -> list[int]:
    return sorted(parse_cell(name) for name in names)


def edge_colours(image, box) -> list[tuple[int, int, int]]:
    """The colours just inside the middle of each side of a box: where a ring runs."""
    x0, y0, x1, y1 = box
    mx, my = (x0 + x1) // 2, (y0 + y1) // 2
    return [image.getpixel(p) for p in ((x0 + 2, my), (x1 - 3, my), (mx, y0 + 2), (mx, y1 - 3))]


def badge_colour(image, centre: tuple[int, int], size: int) -> tuple[int, int, int]:
    """The disc's colour a third of its size above its middle: above the number."""
    cx, cy = centre
    y = round(cy - size * 0.34)
    return fill_colour(image, (cx - 2, y - 1, cx + 3, y + 2))


def test_each_axio_move_is_ringed_in_its_movers_colour_with_its_badge():
    game = played(AxioGame(4, 5), 30, seed=5)
    image = decode(render_axio_board(game))
    layout = axio_layout(4)
    marked = set()
    for mark in recent_marks(game):
        colour = SEAT_RGB[mark.seat]
        placement = Placement.parse(mark.move)
        for cell in placement.cells:
            marked.add(cell)
            sides = edge_colours(image, layout.cell_box(cell))
            assert sides.count(colour) >= 3, (mark, cell, sides)  # all but the joined side
        centre = badge_centre(layout, placement)
        assert badge_colour(image, centre, badge_size(layout)) == colour, mark
    assert len(marked) == 6  # three moves since seat to move last played
    for cell in layout_cells(layout):
        if cell not in marked and game.board.cells[cell] in "rgbop":
            sides = edge_colours(image, layout.cell_box(cell))
            assert not set(sides) & set(SEAT_RGB), cell  # an older tile: no ring


def test_each_rota_move_is_framed_in_its_movers_colour_with_its_badge():
    game = played(RotaGame(4, 9), 20, seed=9)
    image = decode(render_rota_display(game))
    layout = rota_layout(game)
    marks = recent_marks(game)
    assert len(marks) == 3
    marked = set()
    for mark in marks:
        position = RotaMove.parse(mark.move).position
        marked.add(position)
        colour = SEAT_RGB[mark.seat]
        assert edge_colours(image, layout.position_box(position)).count(colour) == 4, mark
        centre = layout.position_centre(position)
        assert badge_colour(image, centre, mark_badge(layout.tile)) == colour, mark
    for position, _ in game.display:
        if position not in marked and layout.contains(position):
            sides = edge_colours(image, layout.position_box(position))
            assert not set(sides) & set(SEAT_RGB), position


def test_the_legend_says_what_the_marks_are_and_shows_each_badge_in_order():
    game = played(AxioGame(4, 5), 30, seed=5)
    assert legend_title(game, NAMES, ENGLISH) == f"since {NAMES[game.to_move]} last played:"
    table = decode(render_table(game, NAMES))
    (_, by), _ = table_origins(game)
    board_height = axio_layout(4).size[1]
    strip = (0, by + board_height, table.width, by + board_height + LEGEND)
    assert count(table, strip, MUTED) > 100  # the words
    mid = by + board_height + LEGEND // 2
    xs = []
    for mark in recent_marks(game):
        found = [x for x in range(strip[2]) if table.getpixel((x, mid - 12)) == SEAT_RGB[mark.seat]]
        assert found, mark
        xs.append(min(found))
    assert xs == sorted(xs)  # the badges left to right, in the order the moves were made
    over = played(AxioGame(2, 5), 10_000, seed=5)
    assert over.is_over and legend_title(over, NAMES, ENGLISH) == "last turn:"
    fresh = decode(render_table(AxioGame(2, 5), NAMES))
    (_, by), _ = table_origins(AxioGame(2, 5))
    height = axio_layout(2).size[1]
    empty = fresh.crop((0, by + height, fresh.width, by + height + LEGEND))
    assert set(empty.get_flattened_data()) == {CARD}  # nothing to explain before a move


def test_a_two_player_legend_names_the_mover():
    game = played(AxioGame(2, 5), 9, seed=5)
    table = decode(render_table(game, NAMES))
    (_, by), _ = table_origins(game)
    top = by + axio_layout(2).size[1]
    assert count(table, (0, top, table.width, top + LEGEND), TEXT) > 50  # the name, in white


def test_each_seat_wears_its_colour_on_its_scoreboard():
    game = played(AxioGame(4, 5), 30, seed=5)
    image = decode(render_scoreboard(game, NAMES))
    for seat in range(4):
        ox, oy = seat_origin(game, seat)
        assert image.getpixel((ox + 5, oy + 24)) == SEAT_RGB[seat], seat
