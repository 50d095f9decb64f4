"""Computer players: legal through whole games, deterministic, blind to hidden tiles, and
taking AXIO's exchange and Rota's naming decisions."""

from __future__ import annotations

import pytest

from engine import AxioGame, Colour, Exchange, RotaGame, TileGame
from engine.ai import LEVELS, choose_move, greedy
from engine.axio import EXCHANGE
from tests.engine.axio_positions import axio_swap_hidden, game_with
from tests.engine.games import midgame
from tests.engine.rota_positions import rota_game, swap_hidden

KINDS = (AxioGame, RotaGame)
FAST = 0.02  # seconds a move: legality does not need strength


def play_out(game: TileGame, level: str, seed: int) -> int:
    """Play `game` to its end with every seat at `level`, checking each move is legal."""
    moves = 0
    while not game.is_over:
        move = choose_move(game, level, seed=seed, budget_s=FAST)
        assert move in game.legal_moves(), f"{level} chose an illegal move {move}"
        game.play(move)
        moves += 1
    return moves


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.kind)
def test_every_level_plays_only_legal_moves_through_whole_games(kind, players, level):
    game = kind(players, seed=players * 10 + LEVELS.index(level))
    assert play_out(game, level, seed=3) > 0
    assert game.is_over


def test_greedy_takes_the_most_raw_points_now():
    game = AxioGame(2, seed=5)
    for _ in range(6):
        game.play(greedy(game))
    best = max(m.total for m in game.scored_moves())
    chosen = greedy(game)
    assert next(m.total for m in game.scored_moves() if m.move == chosen) == best


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.kind)
@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_decision(kind, level, counted_work):
    game = midgame(kind, 3, seed=4, moves=7)
    first = choose_move(game, level, seed=9, budget_s=counted_work)
    assert choose_move(game.copy(), level, seed=9, budget_s=counted_work) == first


@pytest.mark.parametrize(
    ("kind", "swap"), [(AxioGame, axio_swap_hidden), (RotaGame, swap_hidden)], ids=["axio", "rota"]
)
@pytest.mark.parametrize("players", [2, 4])
def test_hard_decides_the_same_whatever_it_cannot_see(kind, swap, players, counted_work):
    game = midgame(kind, players, seed=players, moves=5)
    seat = game.to_move
    for seed in (1, 2):
        twin = swap(game, seat, seed)
        assert twin.to_dict() != game.to_dict()
        assert twin.scored_moves() == game.scored_moves()  # what the seat sees is the same
        assert choose_move(twin, "hard", seed=7, budget_s=counted_work) == choose_move(
            game, "hard", seed=7, budget_s=counted_work
        )


def exchange_position(rack: str, scores: list[int]) -> AxioGame:
    """Seat 0 has placed and now answers the exchange option (its rack lacks the lowest)."""
    game = game_with(
        2, {}, racks=[rack, "rr rr rr rr rr"], scores=[scores, [0] * 5], has_placed=[True, True]
    )
    game.play("C3:r C4:r" if rack.startswith("rr") else "C3:g C4:g")
    assert game.phase == EXCHANGE
    return game


def test_ai_exchanges_a_rack_without_the_weakest_colour(counted_work):
    game = exchange_position("rr rr rg rg rg", [9, 9, 0, 9, 9])  # blue lags, no blue in rack
    for level in ("normal", "hard"):
        assert choose_move(game, level, seed=1, budget_s=counted_work) == Exchange(True)
    assert choose_move(game, "easy", seed=1) in game.legal_moves()


def test_normal_keeps_a_rack_that_serves_its_second_weakest_colour():
    game = exchange_position("gg gg gg gg gg", [3, 4, 14, 14, 14])  # red lags, green close
    assert choose_move(game, "normal", seed=1) == Exchange(False)


def test_ai_names_the_weakest_colour_for_an_empty_corner(counted_work):
    # Every colour but orange is at the cap: only orange points count, and the tile shows
    # no orange, so the move must name orange for its empty corner.
    game = rota_game(hand="r g b -", scores=[[12, 12, 12, 0, 12]])
    for level in ("normal", "hard"):
        move = choose_move(game, level, seed=1, budget_s=counted_work)
        assert move in game.legal_moves()
        assert move.name is Colour.ORANGE


def test_unknown_level_and_finished_game_refused():
    game = AxioGame(2, seed=1)
    with pytest.raises(ValueError, match="no level"):
        choose_move(game, "grandmaster", seed=1)
    play_out(game, "normal", seed=1)
    with pytest.raises(ValueError, match="over"):
        choose_move(game, "normal", seed=1)
