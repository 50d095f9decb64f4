"""AXIO turn flow: AXIO! extra turns, the exchange option, refilling, the end, and solo."""

import pytest

from engine import AxioGame, Colour, Exchange, IllegalMoveError
from engine.axio import EXCHANGE, PLACE, RACK_SIZE
from engine.axio_moves import parse_tile, tile_text
from tests.engine.axio_positions import game_with

B = Colour.BLUE


def two_player(rack: str, scores0: list[int], cells: dict | None = None) -> AxioGame:
    return game_with(
        2,
        cells or {},
        racks=[rack, "rr rr rr rr rr"],
        scores=[scores0, [0] * 5],
        has_placed=[True, True],
    )


def test_axio_reaching_cap_earns_an_extra_turn_rack_not_refilled():
    game = two_player("bo gg pp", [5, 5, 17, 5, 5], {"D5": "b"})
    result = game.play("E5:b E6:o")
    assert result.axio == (B,) and result.extra_turns == 1
    assert game.to_move == 0 and game.phase == PLACE
    assert len(game.rack(0)) == 2  # not refilled between placements
    game.play("J10:g J9:g")
    assert game.to_move == 1
    assert len(game.rack(0)) == RACK_SIZE


def test_axio_several_colours_on_one_placement_earn_that_many_extra_turns():
    game = two_player("bg pp oo rr", [5, 17, 17, 5, 5], {"D5": "b", "G5": "g"})
    result = game.play("E5:b F5:g")
    assert result.extra_turns == 2
    game.play("J10:p J9:p")
    assert game.to_move == 0
    game.play("C10:o C11:o")
    assert game.to_move == 1


def test_axio_colour_already_at_cap_earns_nothing_more():
    game = two_player("bo gg", [5, 5, 18, 5, 5], {"D5": "b"})
    result = game.play("E5:b E6:o")
    assert result.extra_turns == 0 and result.axio == ()
    assert game.to_move == 1


def test_extra_turns_lost_when_rack_empty():
    """RULES.md: an extra turn that cannot be played is lost, and is not announced."""
    game = two_player("bo", [5, 5, 17, 5, 5], {"D5": "b"})
    result = game.play("E5:b E6:o")
    assert result.axio == (B,) and result.extra_turns == 0
    assert game.to_move == 1  # the rack was empty: the extra turn is lost


def test_extra_turns_capped_by_the_tiles_left_in_the_rack():
    game = two_player("bg pp", [5, 17, 17, 5, 5], {"D5": "b", "G5": "g"})
    result = game.play("E5:b F5:g")
    assert len(result.axio) == 2 and result.extra_turns == 1  # one tile, one placement
    game.play("J10:p J9:p")
    assert game.to_move == 1


def test_extra_turns_not_announced_on_immediate_win_axio():
    game = two_player("bo gg", [18, 18, 17, 18, 18], {"D5": "b"})
    result = game.play("E5:b E6:o")
    assert result.game_over and result.axio == (B,)
    assert result.extra_turns == 0


def test_immediate_win_when_all_five_colours_reach_cap():
    game = two_player("bo gg", [18, 18, 17, 18, 18], {"D5": "b"})
    result = game.play("E5:b E6:o")
    assert result.game_over and game.is_over
    assert game.immediate_winner == 0
    assert [s.seat for s in game.standings() if s.winner] == [0]


def test_exchange_offered_when_rack_lacks_every_lowest_colour():
    game = two_player("bo gg gg pp pp", [3, 9, 9, 9, 9])
    game.play("E5:b E6:o")
    assert game.phase == EXCHANGE and game.to_move == 0
    assert game.legal_moves() == [Exchange(True), Exchange(False)]
    before = game.to_dict()
    with pytest.raises(IllegalMoveError, match="first answer the exchange"):
        game.play("J10:g J9:g")
    assert game.to_dict() == before


def test_exchange_not_offered_when_rack_shows_a_lowest_colour():
    game = two_player("bo rg gg gg gg", [9, 3, 9, 9, 3])  # lowest: red and orange
    game.play("E5:b E6:o")
    assert game.phase == PLACE and game.to_move == 1


def test_exchange_draws_five_new_then_returns_revealed_tiles():
    game = two_player("bo gg gg pp pp", [3, 9, 9, 9, 9])
    game.play("E5:b E6:o")
    kept = game.rack(0)
    game.bag = [parse_tile("rr")] * 3 + [parse_tile("bo")] * 5
    result = game.play("exchange")
    assert result.move == "exchange"
    assert sorted(result.returned) == sorted(tile_text(tile) for tile in kept)
    assert sorted(map(str, game.rack(0))) != sorted(map(str, kept))
    assert len(game.rack(0)) == RACK_SIZE
    assert len(game.bag) == 8 - RACK_SIZE + len(kept)
    assert game.to_move == 1


def test_keeping_the_rack_refills_it():
    game = two_player("bo gg gg pp pp", [3, 9, 9, 9, 9])
    game.play("E5:b E6:o")
    kept = game.rack(0)
    game.play(Exchange(False))
    assert game.rack(0)[: len(kept)] == kept and len(game.rack(0)) == RACK_SIZE


def test_no_exchange_to_answer_during_placement():
    game = two_player("bo", [3, 9, 9, 9, 9])
    with pytest.raises(IllegalMoveError, match="no exchange to answer"):
        game.play("keep")


def test_refill_takes_fewer_when_bag_runs_short():
    game = two_player("bo gg rr", [9, 9, 9, 9, 9])
    game.bag = [parse_tile("pp")]
    game.play("E5:b E6:o")
    assert len(game.rack(0)) == 3 and game.bag == []


def test_game_ends_when_player_to_move_cannot_place():
    # Leave one empty pair only; placing on it leaves the next player nothing.
    cells = {}
    for row in range(3, 12):
        for col in "CDEFGHIJK":
            cells[f"{col}{row}"] = "p"
    for name in ("G3", "K7", "G11", "C7", "G7"):
        cells.pop(name)
    cells["E5"] = "."
    cells["E6"] = "."
    game = two_player("bo", [9] * 5, cells)
    result = game.play("E5:b E6:o")
    assert result.game_over and game.is_over and game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.play("E5:b E6:o")


def test_game_ends_when_first_tile_has_no_untouched_printed_space():
    touched = {"G4": "b", "J7": "b", "G10": "b", "D7": "b", "G6": "b"}
    game = game_with(2, touched, racks=["bo", "bo"], has_placed=[True, False])
    game.to_move = 1
    game._start_turn()
    assert game.is_over


def test_solo_draws_one_tile_and_places_it_at_once():
    game = AxioGame(1, seed=2)
    assert len(game.rack(0)) == 1
    bag = game.bag_count
    game.play(game.legal_moves()[0])
    assert len(game.rack(0)) == 1 and game.bag_count == bag - 1
    assert game.phase == PLACE


def test_solo_second_scoreboard_takes_points_after_cap():
    game = game_with(1, {"D5": "b", "C5": "b"}, racks=["bo"], scores=[[5, 5, 17, 5, 5]])
    result = game.play("E5:b E6:o")
    assert game.scores(0)[2] == 18 and result.points[2] == 1  # past 18 from this scoring: lost
    assert result.extra_turns == 0 and result.axio == ()
    game.racks[0] = [parse_tile("bo")]
    game.play("F5:b F6:o")  # E5, D5, C5 to the left: 3 on the second board
    assert game.scores(0)[2] == 21


def test_solo_colour_total_at_most_36_and_no_immediate_win():
    game = game_with(1, {"D5": "b", "C5": "b"}, racks=["bo"], scores=[[36, 36, 35, 36, 36]])
    game.play("E5:b E6:o")
    assert game.scores(0) == (36, 36, 36, 36, 36)
    assert not game.is_over and game.immediate_winner is None


def test_solo_no_exchange_ever():
    game = game_with(1, {}, racks=["bo"], scores=[[0, 9, 9, 9, 9]])
    game.play("G4:b H4:o")
    assert game.phase == PLACE


def test_solo_game_ends_when_bag_is_empty():
    game = game_with(1, {}, racks=["bo"])
    game.bag = []
    game.play("G4:b H4:o")
    assert game.is_over


def test_solo_result_is_lowest_colour_total():
    game = game_with(1, {}, racks=["bo"], scores=[[20, 11, 30, 25, 19]])
    assert game.standings()[0].lowest == 11
