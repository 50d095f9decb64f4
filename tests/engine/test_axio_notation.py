"""AXIO position notation, move text and the `python -m engine score axio` command."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import AxioGame, Exchange, IllegalMoveError, Placement
from engine.axio_board import NEIGHBOURS, Board
from engine.cli import main
from engine.common import COLOURS
from tests.engine.axio_positions import board_with


def test_board_notation_round_trips():
    board = board_with(3, {"E5": "b", "F5": "r", "C3": "^", "D3": "x"})
    text = board.notation()
    assert len(text.splitlines()) == 13
    assert Board.parse(text, 3).cells == board.cells
    assert text.splitlines()[0] == "#" * 13  # row 1 lies outside a 3-player area


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda rows: rows[:12], "13 lines of 13"),
        (lambda rows: [rows[0][:12], *rows[1:]], "13 lines of 13"),
        (lambda rows: [*rows[:4], rows[4][:5] + "z" + rows[4][6:], *rows[5:]], "not a board"),
        (lambda rows: [rows[0][:5] + "." + rows[0][6:], *rows[1:]], "outside the play area"),
        (lambda rows: [*rows[:2], rows[2][:6] + "." + rows[2][7:], *rows[3:]], "printed space"),
        (lambda rows: [*rows[:3], rows[3][:4] + "R" + rows[3][5:], *rows[4:]], "not the printed"),
    ],
)
def test_malformed_board_notation_refused(change, message):
    rows = Board(2).notation().splitlines()
    with pytest.raises(IllegalMoveError, match=message):
        Board.parse("\n".join(change(rows)), 2)


@pytest.mark.parametrize(
    "text",
    ["E5:b F5:r", "e5:b f5:r", " E5 b , F5 r ", "E5=blue F5=red", "E5b F5r", "F5:r E5:b"],
)
def test_placement_text_is_forgiving(text):
    assert str(Placement.parse(text)) == "E5:b F5:r"


@pytest.mark.parametrize("text", ["", "E5", "E5:b", "E5:b F5", "E5:q F5:r", "Z5:b F5:r", "hello"])
def test_malformed_move_text_says_what_to_write(text):
    with pytest.raises(IllegalMoveError) as error:
        AxioGame.parse_move(text)
    assert str(error.value)


@given(
    st.integers(0, 168).flatmap(lambda a: st.tuples(st.just(a), st.sampled_from(NEIGHBOURS[a]))),
    st.sampled_from(COLOURS),
    st.sampled_from(COLOURS),
)
def test_placement_parse_str_round_trip(cells, colour_a, colour_b):
    move = Placement(cells[0], colour_a, cells[1], colour_b)
    assert Placement.parse(str(move)) == move
    assert AxioGame.parse_move(str(move).lower()) == move


def test_exchange_text_round_trip():
    for move in (Exchange(True), Exchange(False)):
        assert AxioGame.parse_move(str(move)) == move
    assert AxioGame.parse_move("Swap") == Exchange(True)


def write_board(tmp_path, board: Board):
    path = tmp_path / "board.txt"
    path.write_text(board.notation())
    return str(path)


def score_axio(tmp_path, board: Board, place: str) -> int:
    board_file = write_board(tmp_path, board)
    return main(["score", "axio", "--players", "2", "--board", board_file, "--place", place])


def test_cli_scores_a_placement(tmp_path, capsys):
    board = board_with(2, {"E4": "b", "E3": "b", "D5": "b", "F4": "r", "G5": "r"})
    assert score_axio(tmp_path, board, "E5:b F5:r") == 0
    assert json.loads(capsys.readouterr().out) == {
        "points": {"red": 2, "blue": 3},
        "pyramids": [],
        "extra_turns": 0,
    }


def test_cli_reports_pyramids(tmp_path, capsys):
    board = board_with(2, {"F4": "o", "H4": "o"})
    assert score_axio(tmp_path, board, "G5:b G6:b") == 0
    assert json.loads(capsys.readouterr().out)["pyramids"] == ["G4"]


@pytest.mark.parametrize(
    "args",
    [
        ["score", "axio", "--players", "2", "--place", "E5:b F5:r"],
        ["score", "axio", "--players", "9", "--board", "{board}", "--place", "E5:b F5:r"],
        ["score", "axio", "--players", "2", "--board", "/nonexistent", "--place", "E5:b F5:r"],
        ["score", "axio", "--players", "2", "--board", "{board}", "--place", "E5:b"],
        ["score", "axio", "--players", "2", "--board", "{board}", "--place", "G7:b G6:r"],
        ["score", "chess"],
    ],
)
def test_cli_malformed_input_exits_2_with_one_line(tmp_path, capsys, args):
    board = write_board(tmp_path, Board(2))
    code = main([a.replace("{board}", board) for a in args])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err.startswith("error: ") and captured.err.count("\n") == 1
