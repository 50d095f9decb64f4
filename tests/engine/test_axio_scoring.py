"""AXIO scoring: both halves in three directions, the stops, and pyramids."""

import pytest

from engine import Colour
from engine.axio import PYRAMID_SUPPLY
from engine.axio_board import parse_cell
from tests.engine.axio_positions import colour_points, game_with

B, R, G, ORANGE = Colour.BLUE, Colour.RED, Colour.GREEN, Colour.ORANGE


def placed(players, cells, rack, move, scores=None):
    game = game_with(players, cells, racks=[rack], scores=scores, has_placed=[True] * players)
    return game, game.play(move)


def test_rulebook_example_one_point_in_blue():
    _, result = placed(2, {"D5": "b"}, "bo", "E5:b E6:o")
    assert colour_points(result.points) == {B: 1}


def test_rulebook_example_three_blue_two_red():
    cells = {"E4": "b", "E3": "b", "D5": "b", "F4": "r", "G5": "r"}
    _, result = placed(2, cells, "br", "E5:b F5:r")
    assert colour_points(result.points) == {B: 3, R: 2}


def test_rulebook_example_four_blue_two_red():
    cells = {"E4": "b", "E3": "b", "D5": "b", "E6": "b", "F4": "r", "G5": "r"}
    _, result = placed(2, cells, "br", "E5:b F5:r")
    assert colour_points(result.points) == {B: 4, R: 2}


def test_half_scores_three_directions_not_toward_other_half():
    # F5 is blue but lies in the direction of the other half, so E5's blue ignores it;
    # the other half (F5 itself) is the tile's own and never counts.
    cells = {"D5": "b", "E4": "b", "E6": "b", "G5": "b"}
    _, result = placed(2, cells, "bb", "E5:b F5:b")
    # E5: left D5, up E4, down E6 = 3; F5: right G5 = 1 (left is the tile's own E5).
    assert colour_points(result.points) == {B: 4}


def test_double_scores_once_per_half():
    cells = {"D5": "g", "G5": "g"}
    _, result = placed(2, cells, "gg", "E5:g F5:g")
    assert colour_points(result.points) == {G: 2}


def test_printed_spaces_count_when_scoring():
    _, result = placed(2, {}, "ro", "G4:r H4:o")
    assert colour_points(result.points) == {R: 1}  # G3 is the printed red space


@pytest.mark.parametrize(
    ("stop", "why"),
    [("r", "a different colour"), (".", "an empty cell"), ("^", "a pyramid"), ("x", "a dead cell")],
)
def test_scoring_walk_stops(stop, why):
    cells = {"D5": "b", "C5": stop, "B5": "b", "A5": "b"}
    _, result = placed(4, cells, "bo", "E5:b E6:o")
    assert colour_points(result.points).get(B) == 1, why


def test_scoring_walk_stops_at_edge_of_play_area():
    # In a 2-player game C5 is the last column; B5 lies outside even though it is on the board.
    _, result = placed(2, {"D5": "b", "C5": "b"}, "bo", "E5:b E6:o")
    assert colour_points(result.points) == {B: 2}


def test_pyramid_on_isolated_cell_scores_neighbouring_symbols():
    # The rulebook's Anne: 3 blue for the tile, then a pyramid scoring green, blue and red.
    cells = {"C4": "g", "C6": "r", "D4": "b", "D3": "b", "D6": "b"}
    game, result = placed(2, cells, "bo", "D5:b E5:o")
    assert result.pyramids == ("C5",)
    assert colour_points(result.points) == {B: 4, G: 1, R: 1}
    assert game.board.cells[parse_cell("C5")] == "^"


def test_pyramid_scores_printed_spaces():
    cells = {"F4": "o", "H4": "o"}
    _, result = placed(2, cells, "bb", "G5:b G6:b")
    assert result.pyramids == ("G4",)
    assert colour_points(result.points) == {B: 1, R: 1, ORANGE: 2}


def test_several_isolated_cells_each_get_a_pyramid():
    # Cells C4 and C6 on the left edge both lose their last empty neighbour.
    cells = {"C3": "g", "D4": "g", "D6": "r", "C7": "O"}
    _, result = placed(2, cells, "pp", "C5:p D5:p")
    assert set(result.pyramids) == {"C4", "C6"}


def test_only_cells_next_to_the_placed_tile_become_isolated():
    # J9 was already isolated before this placement; it is not the new tile's neighbour.
    cells = {"J8": "g", "I9": "g", "K9": "g", "J10": "g"}
    _, result = placed(2, cells, "bo", "D4:b E4:o")
    assert result.pyramids == ()


def test_twenty_first_pyramid_moves_the_oldest_and_leaves_a_dead_cell():
    pyramid_cells = [f"{c}{r}" for r in (9, 10, 11) for c in "CDEFHIJ"][:PYRAMID_SUPPLY]
    cells = {name: "^" for name in pyramid_cells}
    cells.update({"D4": "g", "F4": "g", "E3": "g"})
    game, result = placed(2, cells, "bo", "E5:b F5:o")
    oldest = min(pyramid_cells, key=parse_cell)
    assert result.pyramids == ("E4",)
    assert result.dead_cells == (oldest,)
    assert game.board.cells[parse_cell(oldest)] == "x"
    assert len(game.pyramids) == PYRAMID_SUPPLY


def test_dead_cell_never_playable_nor_given_a_pyramid():
    cells = {"E5": "x", "D5": "g", "F5": "g", "E6": "g"}
    game, result = placed(2, cells, "bo", "E3:b E4:o")
    assert result.pyramids == ()  # E5 has no empty neighbour left, but stays dead
    assert game.board.cells[parse_cell("E5")] == "x"
    assert all(parse_cell("E5") not in m.cells for m in game.legal_moves())
