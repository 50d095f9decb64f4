"""Racks and hand tiles: the right colours in the right places, numbered and labelled."""

from __future__ import annotations

from engine import Colour
from engine.axio_moves import parse_tile
from engine.rota_tiles import ROTATIONS, turned
from engine.rota_tiles import parse_tile as parse_rota_tile
from render import (
    hand_tile_box,
    rack_badge_centre,
    rack_half_box,
    render_hand,
    render_rack,
    typeface,
)
from render.pieces import RACK_SLOT
from render.rota_geometry import DISC
from render.theme import PANEL, ROTA_EMPTY, TILE_RGB

from .pixels import centre_colour, count, decode


def test_rack_shows_each_tile_numbered():
    tiles = [parse_tile(t) for t in ("rg", "bb", "op", "gp", "ro")]
    for n in range(0, 6):
        image = decode(render_rack(tiles[:n]))
        assert image.width == max(n, 1) * RACK_SLOT + 28
        for index, (top, bottom) in enumerate(tiles[:n]):
            assert centre_colour(image, rack_half_box(index, 0)) == TILE_RGB[top]
            assert centre_colour(image, rack_half_box(index, 1)) == TILE_RGB[bottom]
            cx, cy = rack_badge_centre(index)
            assert count(image, (cx - 26, cy - 20, cx + 26, cy + 20), PANEL) > 200


def test_hand_shows_the_tile_in_four_turns():
    tile = parse_rota_tile("r g b -")
    image = decode(render_hand(tile))
    for index, rotation in enumerate(ROTATIONS):
        x0, y0, x1, y1 = hand_tile_box(index)
        size = x1 - x0
        reach = round(size * DISC * 0.82)
        edge = round(size * 0.06)
        spots = (
            (x0 + reach, y0 + edge),
            (x1 - 1 - reach, y0 + edge),
            (x1 - 1 - reach, y1 - 1 - edge),
            (x0 + reach, y1 - 1 - edge),
        )
        for corner, colour in enumerate(turned(tile, rotation)):
            expected = ROTA_EMPTY if colour is None else TILE_RGB[colour]
            assert image.getpixel(spots[corner]) == expected, (rotation, corner)


def test_turn_labels_under_each_turn():
    image = decode(render_hand(parse_rota_tile("o p r g")))
    from render.pieces import hand_badge_centre

    inks = []
    for index in range(4):
        cx, cy = hand_badge_centre(index)
        assert count(image, (cx - 40, cy - 18, cx + 40, cy + 18), PANEL) > 400
        inks.append(
            sum(
                1
                for p in image.crop((cx - 40, cy - 18, cx + 40, cy + 18)).get_flattened_data()
                if sum(p) > 600
            )
        )
    # "0°" has less ink than "90°", which has less than "180°" and "270°".
    assert inks[0] < inks[1] < min(inks[2], inks[3])


def test_colours_are_distinct_and_symbols_differ():
    assert len(set(TILE_RGB.values())) == 5
    assert {c.symbol for c in Colour} == {"sun", "dot", "star", "square", "ring"}


def test_rack_numbers_and_hand_turns_are_legible_on_a_390_px_phone():
    from render.pieces import BADGE_TEXT

    top, bottom = typeface.font(BADGE_TEXT).getbbox("0")[1::2]
    rack = decode(render_rack([parse_tile(t) for t in ("rg", "oo", "pp", "bb", "go")]))
    hand = decode(render_hand(parse_rota_tile("r g - p")))
    for image in (rack, hand):
        assert (bottom - top) * 390 / image.width >= 12
