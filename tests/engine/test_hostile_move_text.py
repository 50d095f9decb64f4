"""The worst texts for every move grammar: each is read or refused, never a crash or a hang.

The parsers tokenise in one pass (no backtracking patterns), so these long runs of spaces,
digits, signs and separators are refused as quickly as a typo; `bench/bench_fuzz.py`
measures how quickly. Here the outcome is checked: the right error, a short quote.
"""

from __future__ import annotations

import pytest

from engine import AxioGame, Colour, IllegalMoveError, RotaGame, RotaMove
from engine.axio_board import parse_cell
from engine.axio_moves import Exchange, Placement, parse_axio_move, parse_tile
from engine.common import EXCERPT_LIMIT, MOVE_TEXT_LIMIT, excerpt, small_number
from engine.rota_display import parse_placed
from engine.rota_tiles import parse_tile as parse_rota_tile

RUN = 10_000


def hostile_texts() -> list[str]:
    """Long runs of what each grammar allows between its parts, and what it never allows."""
    texts = [
        "1,1" + " " * 300 + "x",  # the pattern that once took seconds
        "1,1" + " " * RUN + "x",
        "1" * RUN,
        "-" * RUN,
        "1,1 " + "9" * RUN,
        "1,1 90 " + "g" * RUN,
        "(" * RUN + "1,1 90",
        ":" * RUN,
        "," * RUN,
        "=" * RUN,
        "°" * RUN,
        "r" * RUN + "90",
        "E5:b" + " " * RUN + "F5:r",
        "e5 b" + " " * RUN + "x",
        "e" + "5" * RUN + "b f5r",
        "E5:" + "b" * RUN + " F5:r",
        "e5" + "-" * RUN + "b f5 r",
        "e5 b" + ",;/&+" * 2000 + "f5 r",
        "١٢,٣ ٩٠",  # Arabic-Indic digits: not ours
        "E٥:b F٥:r",
        "²,³ 90",
        "1,1\x00 90",
        "\x00" * RUN,
        "\n".join(["1,1 90 g"] * 1000),
        "#" * RUN,
        "#" + "3" * RUN + " 90 g",
        "x" * RUN,
        "🙂" * RUN,
        "\u200b" * RUN + "1,1 90",
        "<@123> **x** @everyone",
    ]
    return texts


def readers() -> list:
    return [
        RotaMove.parse,
        Placement.parse,
        parse_axio_move,
        Exchange.parse,
        Colour.parse,
        parse_cell,
        parse_tile,
        parse_rota_tile,
        parse_placed,
        AxioGame(2, 1).parse_move,
        RotaGame(2, 1).parse_move,
    ]


@pytest.mark.parametrize("text", hostile_texts(), ids=lambda t: repr(t[:12]) + f"x{len(t)}")
def test_worst_move_texts_are_refused_with_a_short_quote(text: str) -> None:
    for read in readers():
        with pytest.raises(IllegalMoveError) as refused:
            read(text)
        message = str(refused.value)
        assert len(message) < 200, (read, message)
        assert "\n" not in message and "\x00" not in message


def test_a_move_text_over_the_limit_is_refused_even_when_it_reads() -> None:
    padded = "2,0 90 g" + " " * MOVE_TEXT_LIMIT
    with pytest.raises(IllegalMoveError, match="is not a Rota move"):
        RotaMove.parse(padded)
    assert RotaMove.parse(padded[:MOVE_TEXT_LIMIT]) == RotaMove(2, 0, 90, Colour.GREEN)


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("2,0 90 g", RotaMove(2, 0, 90, Colour.GREEN)),
        ("  2 ,  0   r 90 °  = green  ", RotaMove(2, 0, 90, Colour.GREEN)),
        ("2 0 turn 270 degrees", RotaMove(2, 0, 270)),
        ("-12,-3 180deg", RotaMove(-12, -3, 180)),
        ("(5,5):0dot", RotaMove(5, 5, 0, Colour.GREEN)),
    ],
)
def test_rota_tokenising_still_forgives_spacing_and_decoration(text: str, move: RotaMove) -> None:
    assert RotaMove.parse(text) == move


@pytest.mark.parametrize(
    "text",
    ["2,0", "2,0 90 g b", "2,0 x90", "2,0 90 deg deg", "2,0 90g b", "2,0 -90", "1234567,0 90"],
)
def test_rota_tokenising_refuses_what_is_not_a_move(text: str) -> None:
    with pytest.raises(IllegalMoveError):
        RotaMove.parse(text)


@pytest.mark.parametrize(
    ("text", "cells"),
    [
        ("E5:b F5:r", ("E5", "F5")),
        ("e5 b, f5 r", ("E5", "F5")),
        ("E5=blue / F5-red", ("E5", "F5")),
        ("e5bf5r", ("E5", "F5")),
        ("e 5 star f 5 sun", ("E5", "F5")),
        ("E10:b E11:r", ("E10", "E11")),
    ],
)
def test_axio_scanning_still_forgives_spacing_and_separators(
    text: str, cells: tuple[str, str]
) -> None:
    placement = Placement.parse(text)
    assert placement.cells == (parse_cell(cells[0]), parse_cell(cells[1]))


@pytest.mark.parametrize(
    "text", ["e5b", "e5:b f5", "e5 f5 r", "e123:b e124:r", "n5:b n6:r", "5e:b"]
)
def test_axio_scanning_refuses_what_is_not_a_placement(text: str) -> None:
    with pytest.raises(IllegalMoveError):
        Placement.parse(text)


def test_excerpt_is_one_short_printable_line() -> None:
    quoted = excerpt("a\nb\x00c" + "z" * 1000)
    assert quoted.startswith("a b c") and len(quoted) == EXCERPT_LIMIT
    assert quoted.endswith("…") and quoted.isprintable()
    assert excerpt("  short  ") == "short"


@pytest.mark.parametrize(
    ("token", "number"),
    [
        ("12", 12),
        ("-3", -3),
        ("000001", 1),
        ("1234567", None),
        ("", None),
        ("-", None),
        ("١٢", None),
        ("²", None),
        ("1_000", None),
        ("+1", None),
        ("--1", None),
    ],
)
def test_small_number_takes_only_short_ascii_numbers(token: str, number: int | None) -> None:
    assert small_number(token) == number
