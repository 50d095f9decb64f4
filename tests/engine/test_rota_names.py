"""Rota position names: one fixed name per position, read off the display's edges."""

from __future__ import annotations

import pytest

from engine import IllegalMoveError
from engine.rota_moves import RotaMove
from engine.rota_names import (
    PositionNameError,
    column_name,
    parse_position_name,
    position_name,
    turn_text,
)


def test_the_start_square_is_m10_to_n11() -> None:
    names = [position_name(p) for p in ((0, 0), (1, 0), (0, 1), (1, 1))]
    assert names == ["M10", "N10", "M11", "N11"]


@pytest.mark.parametrize(
    ("x", "name"),
    [(-39, "AAZ"), (-38, "AA"), (-13, "AZ"), (-12, "A"), (0, "M"), (13, "Z"), (14, "ZA"),
     (39, "ZZ"), (40, "ZZA")],
)  # fmt: skip
def test_columns_go_on_past_the_alphabet(x: int, name: str) -> None:
    assert column_name(x) == name


def test_every_reachable_position_has_one_name_and_back() -> None:
    """60 tiles reach at most 60 steps from the start in any direction."""
    seen: dict[str, tuple[int, int]] = {}
    for x in range(-65, 66):
        for y in range(-65, 66):
            name = position_name((x, y))
            assert name not in seen, (name, seen.get(name), (x, y))
            seen[name] = (x, y)
            assert parse_position_name(name) == (x, y)
            assert parse_position_name(name.lower()) == (x, y)


def test_names_are_short_near_the_start() -> None:
    assert all(len(position_name((x, y))) <= 3 for x in range(-12, 14) for y in range(-9, 90))


@pytest.mark.parametrize("text", ["", "10", "M", "ZAB3", "AZA3", "M1-0", "M 10", "É10", "M١٠"])
def test_what_is_not_a_name_is_refused(text: str) -> None:
    with pytest.raises(PositionNameError):
        parse_position_name(text)


def test_a_long_text_is_read_in_one_pass() -> None:
    """No backtracking: a hostile 100,000-character name is refused at once."""
    with pytest.raises(PositionNameError):
        parse_position_name("Z" * 100_000 + "!")


def test_moves_read_names_and_turn_arrows() -> None:
    assert RotaMove.parse("O10 90 g") == RotaMove(2, 0, 90, "g")
    assert RotaMove.parse("o10 ↻90° green") == RotaMove(2, 0, 90, "g")
    assert RotaMove.parse("L9: 180") == RotaMove(-1, -1, 180)
    assert RotaMove.parse("2,0 90 g") == RotaMove(2, 0, 90, "g")
    assert RotaMove(2, 0, 90, "g").named_text == "O10 ↻90° green"
    assert turn_text(270) == "↻270°"
    with pytest.raises(IllegalMoveError, match="not a column"):
        RotaMove.parse("AZB3 90")
