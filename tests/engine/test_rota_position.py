"""Rota position notation, positions for tools, and what each seat may know."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import IllegalMoveError, RotaGame
from engine.rota_display import Display, parse_placed, placed_text
from engine.rota_tiles import ALL_TILES, canonical, parse_tile, tile_order, tile_text
from tests.engine.rota_positions import START_SQUARE, rota_game, swap_hidden


def test_rota_notation_one_placed_tile_per_line() -> None:
    display = Display.parse("0,0: r g b -\n1,0: o p g r\n\n# a comment\n1,-1: b o p r\n")
    assert display.notation() == "0,0: r g b -\n1,0: o p g r\n1,-1: b o p r"
    assert display.tiles[(0, 0)] == parse_tile("r g b -")
    assert list(display) == [(p, display.tiles[p]) for p in ((0, 0), (1, 0), (1, -1))]


def test_rota_notation_round_trips_through_the_game() -> None:
    game = RotaGame(3, 17)
    rng = random.Random(17)
    for _ in range(20):
        game.play(rng.choice(game.legal_moves()))
    assert Display.parse(game.display.notation()).notation() == game.display.notation()


@pytest.mark.parametrize("line", ["0,0: r g b -", "(0, 0): R G B -", "  0 ,0 :rgb-"])
def test_rota_notation_line_is_forgiving(line: str) -> None:
    assert placed_text(*parse_placed(line)) == "0,0: r g b -"


def test_rota_position_tiles_must_be_in_the_box() -> None:
    with pytest.raises(IllegalMoveError, match="no tile like r p - b"):
        RotaGame.from_position(START_SQUARE, hands=["r p - b"])
    with pytest.raises(IllegalMoveError, match="holds 1 tile like b o r g"):
        RotaGame.from_position(START_SQUARE + "\n2,0: r g b o", hands=["b o r g"])
    with pytest.raises(IllegalMoveError, match="too few for those stacks"):
        RotaGame.from_position(START_SQUARE, players=2, stack_size=30)


def test_rota_position_accounts_for_all_60_tiles() -> None:
    game = rota_game("2,1: g o b r", players=3)
    assert Counter(game.all_tiles()) == Counter(ALL_TILES)
    assert [game.stack_count(seat) for seat in range(3)] == [11, 11, 11]
    assert game.supply_count == 60 - 5 - 3 - 33


def test_rota_hand_keeps_the_turn_it_was_given_in() -> None:
    game = rota_game(hand="b r o -")
    assert tile_text(game.hand(0)) == "b r o -"
    assert game.to_dict()["hands"][0] == "b r o -"


def test_rota_hand_is_secret_unseen_tiles_are_everything_else() -> None:
    game = RotaGame(3, 2)
    for seat in range(3):
        unseen = game.unseen_tiles(seat)
        assert unseen == sorted(unseen, key=tile_order)
        seen = [t for _, t in game.display] + [game.hand(seat)]
        assert Counter(unseen) + Counter(canonical(t) for t in seen) == Counter(ALL_TILES)
        hidden = [game.hand(s) for s in range(3) if s != seat] + game.supply
        hidden += [t for stack in game.stacks for t in stack]
        assert Counter(unseen) == Counter(canonical(t) for t in hidden)


def test_rota_resample_hidden_is_the_same_for_games_differing_only_in_hidden_tiles() -> None:
    game = RotaGame(4, 6)
    rng = random.Random(6)
    for _ in range(9):
        game.play(rng.choice(game.legal_moves()))
    seat = game.to_move
    twin = swap_hidden(game, seat, 1)
    assert twin != game
    assert game.resample_hidden(seat, random.Random(5)) == twin.resample_hidden(
        seat, random.Random(5)
    )


def test_rota_resample_hidden_keeps_what_the_seat_sees() -> None:
    game = RotaGame(2, 13)
    game.play(game.legal_moves()[3])
    seat = game.to_move
    copy = game.resample_hidden(seat, random.Random(1))
    assert copy.hand(seat) == game.hand(seat)
    assert copy.display.notation() == game.display.notation()
    assert [copy.scores(s) for s in range(2)] == [game.scores(s) for s in range(2)]
    assert [copy.stack_count(s) for s in range(2)] == [game.stack_count(s) for s in range(2)]
    assert copy.supply_count == game.supply_count
    assert Counter(copy.all_tiles()) == Counter(ALL_TILES)
    assert copy.legal_moves() == game.legal_moves()
    assert game.resample_hidden(seat, random.Random(2)) != copy


def test_rota_copy_is_equal_and_independent() -> None:
    game = RotaGame(2, 31)
    copy = game.copy()
    assert copy == game
    copy.play(copy.legal_moves()[0])
    assert copy != game
    assert len(game.display) == 4 and game.display.points != copy.display.points
    assert RotaGame.from_dict(game.to_dict()) == game
