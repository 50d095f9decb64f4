"""Seeded random AXIO games for every player count, checking the invariants of the rules."""

import random
from collections import Counter

import pytest

from engine import AxioGame, IllegalMoveError, Placement
from engine.axio import ALL_TILES
from engine.axio_board import TILE_LETTERS
from engine.axio_moves import tile_key
from engine.common import COLOURS, Colour

GAMES_PER_COUNT = 60


def tiles_accounted_for(game: AxioGame) -> Counter:
    on_board = Counter(
        tile_key(Colour(game.board.cells[a]), Colour(game.board.cells[b])) for a, b in game.tiles
    )
    in_racks = Counter(t for seat in range(game.players) for t in game.rack(seat))
    return on_board + in_racks + Counter(game.bag)


def every_candidate(game: AxioGame) -> list[Placement]:
    """Every placement text could name on this board: all tiles on all adjacent pairs."""
    cells = [i for i in game.board.area]
    kinds = {tile for tile in ALL_TILES}
    moves = []
    for a in cells:
        for b in (a + 1, a + 13):
            if b in game.board.area and (b != a + 1 or a % 13 != 12):
                for x, y in kinds:
                    moves.append(Placement(a, x, b, y))
                    if x is not y:
                        moves.append(Placement(a, y, b, x))
    return moves


def check_legal_moves_agree_with_play(game: AxioGame, rng: random.Random) -> None:
    legal = set(game.legal_moves())
    before = game.to_dict()
    for move in every_candidate(game):
        if move not in legal:
            with pytest.raises(IllegalMoveError):
                game.play(move)
    assert game.to_dict() == before
    for move in rng.sample(sorted(legal, key=str), min(5, len(legal))):
        game.copy().play(move)


def check_scored_points_match_play(game: AxioGame, rng: random.Random) -> None:
    for scored in rng.sample(game.scored_moves(), min(5, len(game.scored_moves()))):
        copy = game.copy()
        for board in copy.scoreboards:
            board.cap = 10_000
        assert copy.play(scored.move).points == scored.points


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_every_invariant(players):
    for seed in range(GAMES_PER_COUNT):
        rng = random.Random(seed)
        game = AxioGame(players, seed)
        deep_check_at = rng.randrange(1, 20)
        while not game.is_over:
            assert tiles_accounted_for(game) == Counter(ALL_TILES)
            if game.move_count == deep_check_at and seed % 10 == 0:
                check_legal_moves_agree_with_play(game, rng)
                check_scored_points_match_play(game, rng)
            game.play(rng.choice(game.legal_moves()))
            limit = game.cap * (2 if players == 1 else 1)
            assert all(0 <= s <= limit for board in game.scoreboards for s in board.scores)
            assert len(game.pyramids) <= 20
        assert tiles_accounted_for(game) == Counter(ALL_TILES)
        assert AxioGame.from_dict(game.to_dict()) == game
        assert AxioGame.replay(players, seed, [e.move for e in game.log]) == game
        standings = game.standings()
        assert sorted(s.seat for s in standings) == list(range(players))
        assert any(s.winner for s in standings)


def test_serialisation_round_trips_mid_game_and_play_goes_on_identically():
    rng = random.Random(4)
    game = AxioGame(3, seed=4)
    for _ in range(25):
        game.play(rng.choice(game.legal_moves()))
    copy = AxioGame.from_dict(game.to_dict())
    assert copy == game
    for _ in range(10):
        move = rng.choice(game.legal_moves())
        assert game.play(move) == copy.play(move)
    assert copy == game


def test_resample_hidden_depends_only_on_what_the_seat_can_see():
    game = AxioGame(3, seed=8)
    other = game.copy()
    # Swap hidden tiles between seat 1's rack and the bag: seat 0 cannot tell.
    other.racks[1][0], other.bag[0] = other.bag[0], other.racks[1][0]
    other.bag.reverse()
    a = game.resample_hidden(0, random.Random(1))
    b = other.resample_hidden(0, random.Random(1))
    assert a.racks == b.racks and a.bag == b.bag
    assert a.rack(0) == game.rack(0)
    assert Counter(tiles_accounted_for(a)) == Counter(ALL_TILES)


def test_points_per_colour_in_colour_order():
    assert [c.letter for c in COLOURS] == list(TILE_LETTERS)
