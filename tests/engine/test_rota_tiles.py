"""The 60 Rota tiles: the fixed mix, the text form and turning."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

import pytest

from engine import COLOURS
from engine.rota_tiles import (
    ALL_TILES,
    ROTATIONS,
    TILE_TABLE,
    canonical,
    parse_tile,
    remaining,
    tile_text,
    turned,
)


def four_colour_orders() -> set[tuple]:
    """Every tile with four different colours, up to turning: 5 colour sets × 6 orders."""
    return {canonical(p) for four in combinations(COLOURS, 4) for p in permutations(four)}


def test_rota_tile_mix_has_60_tiles() -> None:
    assert len(TILE_TABLE) == len(ALL_TILES) == 60


def test_rota_tile_mix_every_four_colour_tile_twice_one_copy_may_be_blanked() -> None:
    orders = four_colour_orders()
    assert len(orders) == 30
    full_copies = [ALL_TILES[i + 1] for i in range(0, 60, 2)]
    assert sorted(full_copies, key=tile_text) == sorted(orders, key=tile_text)
    for i in range(0, 60, 2):
        blanked, full = ALL_TILES[i], ALL_TILES[i + 1]
        if blanked == full:
            continue
        # The blanked copy is the same order with one corner empty, in some turn.
        assert None in blanked
        assert any(
            sum(a != b for a, b in zip(turned(blanked, r), full, strict=True)) == 1
            for r in ROTATIONS
        ), (tile_text(blanked), tile_text(full))


def test_rota_tile_mix_ten_empty_corners_two_per_colour() -> None:
    blanks = Counter()
    for i in range(0, 60, 2):
        blanked, full = ALL_TILES[i], ALL_TILES[i + 1]
        if blanked != full:
            (lost,) = set(full) - set(blanked)
            blanks[lost] += 1
    assert blanks == dict.fromkeys(COLOURS, 2)
    assert sum(None in tile for tile in ALL_TILES) == 10


def test_rota_tile_mix_every_colour_on_46_corners() -> None:
    corners = Counter(c for tile in ALL_TILES for c in tile)
    assert corners == {**dict.fromkeys(COLOURS, 46), None: 10}


def test_rota_tile_corners_never_repeat_a_colour_and_at_most_one_is_empty() -> None:
    for tile in ALL_TILES:
        colours = [c for c in tile if c is not None]
        assert len(set(colours)) == len(colours) >= 3


def test_rota_tile_table_lists_each_tile_at_its_rotation_zero() -> None:
    assert all(canonical(tile) == tile for tile in ALL_TILES)
    assert [tile_text(t) for t in ALL_TILES] == list(TILE_TABLE)


def test_rota_turning_90_moves_each_corner_one_step_clockwise() -> None:
    tile = parse_tile("r g b -")
    assert tile_text(turned(tile, 90)) == "- r g b"
    assert tile_text(turned(tile, 180)) == "b - r g"
    assert tile_text(turned(tile, 270)) == "g b - r"
    assert turned(turned(tile, 90), 270) == tile


def test_rota_tile_identity_ignores_turning() -> None:
    tile = parse_tile("p o g b")
    assert {canonical(turned(tile, r)) for r in ROTATIONS} == {parse_tile("g b p o")}


@pytest.mark.parametrize("text", ["r g b -", "rgb-", "R, G, B, -", " r  g b . "])
def test_rota_tile_text_is_forgiving(text: str) -> None:
    assert tile_text(parse_tile(text)) == "r g b -"


def test_rota_remaining_tiles_are_the_box_less_those_given_in_any_turn() -> None:
    given = [turned(ALL_TILES[0], 90), ALL_TILES[5]]
    left = remaining(given)
    assert len(left) == 58
    assert Counter(left) + Counter(canonical(t) for t in given) == Counter(ALL_TILES)
