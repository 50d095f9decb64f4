"""The Rota display as a player sees it: corner colours where the tiles lie, empty corners
empty, the last turn marked, the edges labelled, and a name on exactly the positions the
tile may go."""

from __future__ import annotations

from engine import RotaGame
from engine.rota_names import position_name
from engine.rota_tiles import turned
from render import render_rota_display, rota_layout, rota_position_centre
from render.rota_display import LABEL_BG
from render.samples import played
from render.theme import CARD, GHOST_LINE, MUTED, ROTA_EMPTY, TILE_RGB

from .pixels import count, decode

START = """
0,0: r g o b
1,0: g b r o
0,1: g b o -
1,1: o r b g
"""


def display_game(*lines: str, hand: str = "r g b o") -> RotaGame:
    return RotaGame.from_position("\n".join([START, *lines]), players=1, hands=[hand])


def grid(layout):
    return [
        (x, y)
        for y in range(layout.y0, layout.y0 + layout.rows)
        for x in range(layout.x0, layout.x0 + layout.cols)
    ]


def test_corners_show_their_colours_and_empty_corners_show_empty():
    game = display_game("2,0: p o b g")
    image = decode(render_rota_display(game))
    layout = rota_layout(game)
    assert image.size == layout.size
    for position, corners in game.display:
        for corner, colour in enumerate(corners):
            spot = layout.corner_centre(position, corner)
            expected = ROTA_EMPTY if colour is None else TILE_RGB[colour]
            assert image.getpixel(spot) == expected, (position, corner)


def test_labels_on_exactly_the_legal_positions():
    game = played(RotaGame(3, 4), 14, seed=4)
    image = decode(render_rota_display(game))
    layout = rota_layout(game)
    legal = set(game.legal_positions())
    assert len(legal) > 8
    for position in grid(layout):
        labelled = image.getpixel(layout.badge_spot(position)) == LABEL_BG
        assert labelled == (position in legal), position


def test_edges_name_every_column_and_row_shown_and_names_stay_put():
    """The edge labels are the position names' parts; a name means the same square on the
    first display and on a later, larger one."""
    early = played(RotaGame(2, 6), 2, seed=6)
    late = played(RotaGame(2, 6), 20, seed=6)
    for game in (early, late):
        layout = rota_layout(game)
        assert [x for x, _ in layout.column_labels()] == list(
            range(layout.x0, layout.x0 + layout.cols)
        )
        assert all(position_name(p) in layout.names_shown() for p in game.legal_positions())
        assert all(position_name(p) in layout.names_shown() for p, _ in game.display)
    start = ((0, 0), (1, 0), (0, 1), (1, 1))
    assert [position_name(p) for p in start] == ["M10", "N10", "M11", "N11"]
    for game in (early, late):
        layout = rota_layout(game)
        assert dict(layout.column_labels())[0] == "M" and dict(layout.row_labels())[0] == "10"


def test_edge_labels_are_drawn_above_and_left_of_their_squares():
    game = played(RotaGame(2, 6), 10, seed=6)
    image = decode(render_rota_display(game))
    layout = rota_layout(game)
    for x, _ in layout.column_labels():
        cx, _ = rota_position_centre(layout, (x, layout.y0))
        band = (cx - layout.tile // 3, layout.pad, cx + layout.tile // 3, layout.pad + layout.band)
        assert count(image, band, MUTED) > 0, x
    for y, _ in layout.row_labels():
        _, cy = rota_position_centre(layout, (layout.x0, y))
        band = (layout.pad, cy - layout.tile // 3, layout.pad + layout.band, cy + layout.tile // 3)
        assert count(image, band, MUTED) > 0, y


def test_no_labels_when_asked_or_when_the_game_is_over():
    game = played(RotaGame(2, 2), 5, seed=2)
    image = decode(render_rota_display(game, labels=False))
    # A label is a whole badge of its slate; a move's numbered badge may blend into a few
    # pixels of it at its rim.
    assert count(image, (0, 0, *image.size), LABEL_BG) < rota_layout(game).tile
    over = played(RotaGame(1, 2), 100, seed=2)
    assert over.is_over
    image = decode(render_rota_display(over))
    assert count(image, (0, 0, *image.size), LABEL_BG) == 0


def test_preview_shows_the_turned_tile_as_a_ghost():
    game = display_game(hand="r g b -")
    move = next(m for m in game.legal_moves() if m.rotation == 90)
    image = decode(render_rota_display(game, labels=False, preview=move))
    layout = rota_layout(game)
    box = layout.position_box(move.position)
    assert count(image, box, GHOST_LINE) > layout.tile
    laid = turned(game.tile_to_place, 90)
    for corner, colour in enumerate(laid):
        pixel = image.getpixel(layout.corner_centre(move.position, corner))
        if colour is not None:  # a ghost: between the card and the colour
            full = TILE_RGB[colour]
            assert pixel != full and pixel != CARD
            assert all(
                min(c, f) - 2 <= p <= max(c, f) + 2
                for p, c, f in zip(pixel, CARD, full, strict=True)
            )
