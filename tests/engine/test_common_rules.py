"""Rules common to both games: colours, caps, AXIO! counting and the winner."""

import pickle

import pytest

from engine import COLOURS, AxioGame, Colour, IllegalMoveError
from engine.common import Scoreboard, standings
from engine.rota_names import PositionNameError


def test_five_colours_each_with_own_symbol_and_letter():
    assert [c.letter for c in COLOURS] == ["r", "g", "b", "o", "p"]
    assert [c.symbol for c in COLOURS] == ["sun", "dot", "star", "square", "ring"]
    assert Colour.parse("Blue") is Colour.BLUE
    assert Colour.parse(" star ") is Colour.BLUE
    with pytest.raises(IllegalMoveError, match="not a colour"):
        Colour.parse("teal")


def test_track_capped_points_past_cap_lost():
    board = Scoreboard(cap=18)
    board.scores = [16, 0, 0, 0, 0]
    kept, reached = board.add((5, 0, 0, 0, 0))
    assert board.scores[0] == 18
    assert kept == (2, 0, 0, 0, 0)
    assert reached == (Colour.RED,)


def test_colour_reaches_cap_only_once():
    board = Scoreboard(cap=12, scores=[12, 0, 0, 0, 0])
    kept, reached = board.add((3, 1, 0, 0, 0))
    assert reached == ()
    assert kept == (0, 1, 0, 0, 0)


def test_several_colours_reaching_cap_on_one_scoring_each_count():
    board = Scoreboard(cap=12, scores=[11, 10, 12, 0, 0])
    _, reached = board.add((1, 4, 2, 0, 0))
    assert reached == (Colour.RED, Colour.GREEN)


def test_winner_has_highest_lowest_score():
    # The rulebook: Anne's lowest is red 11, Kate's lowest is blue 8: Anne wins.
    anne = [11, 14, 15, 12, 13]
    kate = [16, 17, 8, 18, 12]
    result = standings([anne, kate])
    assert [(s.seat, s.rank, s.winner) for s in result] == [(0, 1, True), (1, 2, False)]


def test_tie_on_lowest_goes_to_next_lowest_and_so_on():
    # The rulebook's three-player example: all lowest 9; Anne's next is 11, Kate and
    # Julia 12; their third lowest: Kate 12, Julia 15. Julia wins.
    anne = [9, 11, 13, 14, 15]
    kate = [9, 12, 12, 16, 17]
    julia = [9, 12, 15, 16, 16]
    result = standings([anne, kate, julia])
    assert [s.seat for s in result] == [2, 1, 0]
    assert [s.winner for s in result] == [True, False, False]


def test_players_equal_on_all_five_share_the_victory():
    result = standings([[5, 6, 7, 8, 9], [9, 8, 7, 6, 5], [1, 18, 18, 18, 18]])
    assert [(s.seat, s.rank, s.winner) for s in result] == [
        (0, 1, True),
        (1, 1, True),
        (2, 3, False),
    ]


def test_immediate_winner_ranks_first_alone():
    result = standings([[18] * 5, [18] * 5], immediate_winner=1)
    assert [(s.seat, s.rank, s.winner) for s in result] == [(1, 1, True), (0, 2, False)]


def test_resigned_seat_ranks_last_whatever_its_scores():
    result = standings([[10] * 5, [2] * 5], resigned=[0])
    assert [(s.seat, s.winner, s.resigned) for s in result] == [(1, True, False), (0, False, True)]


def test_a_refusal_keeps_its_template_and_values_for_translation():
    """An interface translates the template whole and the values it knows; `str()` is the
    English sentence with colours by name, also after crossing a process boundary."""
    error = IllegalMoveError("your rack has no {tile} tile", tile=(Colour.RED, Colour.BLUE))
    assert str(error) == "your rack has no red-blue tile"
    assert error.template == "your rack has no {tile} tile"
    assert error.values == {"tile": (Colour.RED, Colour.BLUE)}
    copied = pickle.loads(pickle.dumps(error))
    assert (copied.template, copied.values, str(copied)) == (
        error.template,
        error.values,
        str(error),
    )
    assert str(IllegalMoveError("'{not a field}' typed")) == "'{not a field}' typed"
    named = pickle.loads(pickle.dumps(PositionNameError("'{text}' is not a column", text="Q")))
    assert type(named) is PositionNameError and str(named) == "'Q' is not a column"


def test_the_engines_refusals_name_their_values_rather_than_formatting_them():
    """A refusal a player meets carries its cell, colour and typed text as values, so the
    bot can say it in the player's language."""
    game = AxioGame(2, seed=1)
    with pytest.raises(IllegalMoveError) as caught:
        game.play("E5 red, G5 blue")
    assert caught.value.template.startswith("{first} and {second} are not side by side")
    assert caught.value.values == {"first": "E5", "second": "G5"}
    with pytest.raises(IllegalMoveError) as caught:
        Colour.parse("mauve")
    assert caught.value.values == {"text": "mauve"}
