"""Rota move text: forgiving to read, one canonical form to write."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import COLOURS, Colour, IllegalMoveError, RotaGame, RotaMove
from engine.rota_display import Display
from engine.rota_tiles import ROTATIONS, parse_tile
from tests.engine.rota_positions import refused

moves = st.builds(
    RotaMove,
    st.integers(-60, 60),
    st.integers(-60, 60),
    st.sampled_from(ROTATIONS),
    st.none() | st.sampled_from(COLOURS),
)


@given(moves)
def test_rota_move_text_round_trip(move: RotaMove) -> None:
    assert RotaMove.parse(str(move)) == move
    assert str(RotaMove.parse(str(move))) == str(move)


@given(moves)
def test_rota_move_text_survives_decoration(move: RotaMove) -> None:
    name = f" {move.name.label.upper()}" if move.name else ""
    text = f" ( {move.x} , {move.y} )  r{move.rotation}°{name} "
    assert RotaMove.parse(text) == move


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2,0 90 g", RotaMove(2, 0, 90, Colour.GREEN)),
        ("2, 0 r90 green", RotaMove(2, 0, 90, Colour.GREEN)),
        ("(2,0) 90", RotaMove(2, 0, 90)),
        ("2 0 90", RotaMove(2, 0, 90)),
        ("-1,-2: 270 = dot", RotaMove(-1, -2, 270, Colour.GREEN)),
        ("3,1 turn 180 deg, B", RotaMove(3, 1, 180, Colour.BLUE)),
        ("0,3 0star", RotaMove(0, 3, 0, Colour.BLUE)),
    ],
)
def test_rota_move_text_is_forgiving(text: str, expected: RotaMove) -> None:
    assert RotaMove.parse(text) == expected


def test_rota_move_takes_a_colour_letter_for_the_name() -> None:
    assert RotaMove(2, 0, 90, "green") == RotaMove(2, 0, 90, Colour.GREEN)  # type: ignore[arg-type]


def test_rota_move_text_writes_position_turn_and_named_colour() -> None:
    assert str(RotaMove(2, 0, 90, Colour.GREEN)) == "2,0 90 g"
    assert str(RotaMove(-1, 3, 0)) == "-1,3 0"


@pytest.mark.parametrize(
    ("read", "text", "message"),
    [
        (RotaMove.parse, "", "is not a Rota move"),
        (RotaMove.parse, "2,0", "is not a Rota move"),
        (RotaMove.parse, "E5:b F5:r", "is not a Rota move"),
        (RotaMove.parse, "2,0 90 g b", "is not a Rota move"),
        (RotaMove.parse, "2,0 45", "turns by 0, 90, 180 or 270 degrees, not 45"),
        (RotaMove.parse, "2,0 90 teal", "'teal' is not a colour"),
        (parse_tile, "r g b", "four corners"),
        (parse_tile, "r g b o p", "four corners"),
        (parse_tile, "r r b o", "shows a colour twice"),
        (parse_tile, "r - b -", "more than one empty corner"),
        (parse_tile, "r g x o", "'x' is not a colour"),
        (Display.parse, "", "a display holds at least one tile"),
        (Display.parse, "0,0 r g b o", "line 1: '0,0 r g b o' is not a placed tile"),
        (Display.parse, "0,0: r g b o\n0,0: r g o b", "line 2: 0,0 holds two tiles"),
        (Display.parse, "0,0: r g b o\n1,1: r g o b", "1,1 shares no side with the other"),
        (Display.parse, "0,0: r r b o", "line 1: 'r r b o' shows a colour twice"),
    ],
)
def test_rota_text_errors_say_what_to_write(
    read: Callable[[str], object], text: str, message: str
) -> None:
    """Moves, tiles and displays in notation: each mistake gets a message a player reads."""
    with pytest.raises(IllegalMoveError, match=message):
        read(text)


def test_rota_game_parses_moves_with_the_move_class() -> None:
    assert RotaGame.parse_move("2,0 90 g") == RotaMove(2, 0, 90, Colour.GREEN)


def test_rota_malformed_move_text_leaves_the_game_unchanged() -> None:
    game = RotaGame(2, 3)
    for text, message in [("nonsense", "not a Rota move"), ("1,1 0 teal", "not a colour")]:
        refused(game, text, message)
