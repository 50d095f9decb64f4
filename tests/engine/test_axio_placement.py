"""AXIO: the board, the tiles, racks and where a tile may go."""

from collections import Counter

import pytest

from engine import AxioGame, Colour, IllegalMoveError, Placement
from engine.axio import ALL_TILES, RACK_SIZE
from engine.axio_board import PRINTED_SPACES, cell_name, parse_cell, play_area
from tests.engine.axio_positions import game_with


def test_cells_named_by_column_letter_and_row_number():
    assert parse_cell("G7") == 6 * 13 + 6
    assert cell_name(0) == "A1" and cell_name(168) == "M13"
    assert parse_cell(" g 7") == parse_cell("G7")
    for bad in ("N1", "A0", "A14", "7G", ""):
        with pytest.raises(IllegalMoveError, match="not a cell"):
            parse_cell(bad)


@pytest.mark.parametrize(
    ("players", "corner", "side"),
    [(1, "C3", 9), (2, "C3", 9), (3, "B2", 11), (4, "A1", 13)],
)
def test_play_area_by_player_count(players, corner, side):
    area = play_area(players)
    assert len(area) == side * side
    assert parse_cell(corner) in area
    first = parse_cell(corner)
    assert first - 1 not in area and first - 13 not in area


def test_cells_outside_the_play_area_do_not_exist():
    game = game_with(3, racks=["bb"], has_placed=[True] * 3)
    with pytest.raises(IllegalMoveError, match="A1 is outside the play area"):
        game.play("A1:b A2:b")
    game4 = game_with(4, racks=["bb"], has_placed=[True] * 4)
    game4.play("A1:b A2:b")


def test_printed_colour_spaces_on_fixed_cells():
    game = AxioGame(2, seed=1)
    assert PRINTED_SPACES == {
        "G3": Colour.RED,
        "K7": Colour.GREEN,
        "G11": Colour.BLUE,
        "C7": Colour.ORANGE,
        "G7": Colour.PURPLE,
    }
    for name, colour in PRINTED_SPACES.items():
        assert game.board.cells[parse_cell(name)] == colour.letter.upper()


def test_tile_mix_100_tiles_each_colour_on_40_halves():
    assert len(ALL_TILES) == 100
    counts = Counter(ALL_TILES)
    doubles = {t: n for t, n in counts.items() if t[0] is t[1]}
    mixed = {t: n for t, n in counts.items() if t[0] is not t[1]}
    assert len(doubles) == 5 and set(doubles.values()) == {6}
    assert len(mixed) == 10 and set(mixed.values()) == {7}
    halves = Counter(c for tile in ALL_TILES for c in tile)
    assert set(halves.values()) == {40}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_draws_a_secret_rack_of_five(players):
    game = AxioGame(players, seed=3)
    assert [len(game.rack(s)) for s in range(players)] == [RACK_SIZE] * players
    assert game.bag_count == 100 - RACK_SIZE * players
    public = game.unseen_tiles(0)
    assert len(public) == 100 - RACK_SIZE  # seat 0 sees only its own rack
    rack = game.rack(0)
    rack.clear()
    assert len(game.rack(0)) == RACK_SIZE  # the accessor hands out a copy


def test_start_player_drawn_at_random():
    starts = {AxioGame(4, seed).to_move for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert AxioGame(4, 11).to_move == AxioGame(4, 11).to_move


def test_tile_goes_on_two_adjacent_empty_cells_in_either_order():
    for text in ("E5:b F5:r", "F5:r E5:b"):
        game = game_with(2, racks=["rb"], has_placed=[True, True])
        game.play(text)
        assert game.board.cells[parse_cell("E5")] == "b"
        assert game.board.cells[parse_cell("F5")] == "r"
    assert Placement.parse("E5:b F5:r") == Placement.parse("F5:r E5:b")


@pytest.mark.parametrize(
    ("cells", "text", "message"),
    [
        ({}, "E5:b E7:r", "not side by side"),
        ({"E5": "g"}, "E5:b F5:r", "E5 is not empty"),
        ({}, "G7:b G6:r", "G7 is not empty"),  # a printed space
        ({"E5": "^"}, "E5:b F5:r", "E5 is not empty"),
        ({"E5": "x"}, "E5:b F5:r", "E5 is not empty"),
        ({}, "E5:g F5:g", "no green-green tile"),
    ],
)
def test_refused_placements_change_nothing(cells, text, message):
    game = game_with(2, cells, racks=["rb"], has_placed=[True, True])
    before = game.to_dict()
    with pytest.raises(IllegalMoveError, match=message):
        game.play(text)
    assert game.to_dict() == before


def test_first_tile_must_touch_a_printed_space_no_tile_touches_yet():
    game = game_with(2, {"G4": "b", "H4": "b"}, racks=["rb", "rb"], has_placed=[True, False])
    game.to_move = 1
    with pytest.raises(IllegalMoveError, match="no tile touches yet"):
        game.play("E5:b F5:r")
    with pytest.raises(IllegalMoveError, match="no tile touches yet"):
        game.play("F3:b F4:r")  # G3 is already touched by G4
    game.play("J7:b J8:r")  # touches K7, untouched
    assert game.has_placed[1]


def test_first_tile_legal_moves_all_touch_an_untouched_printed_space():
    game = AxioGame(3, seed=5)
    targets = {parse_cell(n) for n in PRINTED_SPACES}
    from engine.axio_board import NEIGHBOURS

    for move in game.legal_moves():
        assert any(t in NEIGHBOURS[c] for c in move.cells for t in targets)


def test_solo_first_tile_may_touch_any_printed_space():
    game = game_with(1, {"G4": "b", "H4": "b"}, racks=["rb"], has_placed=[False])
    game.play("F3:b F4:r")  # touches G3, which a tile already touches


def test_later_tiles_may_go_anywhere_in_the_play_area():
    game = game_with(2, {"G4": "b", "H4": "b"}, racks=["rb"], has_placed=[True, True])
    game.play("K11:b K10:r")
    assert game.board.cells[parse_cell("K11")] == "b"
