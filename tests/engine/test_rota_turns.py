"""RULES.md, AXIO Rota: AXIO! extra turns, drawing, the end, solo and the winner."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Colour, RotaGame
from engine.rota_tiles import canonical
from tests.engine.rota_positions import refused, rota_game

# At (2,0) turned 0, "o g b r" scores 2 red (its BL meets two reds, see rota_positions),
# and "b o g r" scores 1 blue and 2 red.
RED_TWO = ("2,1: g o b r",)


def red_at(score: int, **kwargs) -> RotaGame:
    return rota_game(*RED_TWO, hand="o g b r", scores=[[score, 0, 0, 0, 0]], **kwargs)


def test_rota_extra_turn_from_general_supply() -> None:
    game = red_at(11)
    supply, stack = list(game.supply), list(game.stacks[0])
    result = game.play("2,0 0")
    assert result.axio == (Colour.RED,)
    assert result.extra_turns == 1
    assert game.extra_tile == supply[-1]
    assert game.supply == supply[:-1]
    assert game.tile_to_place == game.extra_tile
    assert game.stacks[0] == stack, "the own stack is drawn from only after extra turns"
    assert game.hand(0) is None
    assert (game.to_move, game.turn) == (0, 1)
    moves = game.legal_moves()
    assert [m for m, _ in game.display.scored_placements(game.extra_tile)] == moves
    game.play(moves[0])
    assert game.extra_tile is None
    assert game.hand(0) == stack[-1]
    assert game.stacks[0] == stack[:-1]
    assert game.turn == 2


def test_rota_extra_turn_tile_is_public() -> None:
    game = rota_game(*RED_TWO, hand="o g b r", players=2, scores=[[11, 0, 0, 0, 0], [0] * 5])
    unseen_before = Counter(game.unseen_tiles(1))
    placed = canonical(game.hand(0))
    game.play("2,0 0")
    assert game.extra_tile is not None
    # Seat 1 now sees the placed hand tile and the extra tile; nothing else came to light.
    assert unseen_before - Counter(game.unseen_tiles(1)) == Counter([placed, game.extra_tile])
    assert game.resample_hidden(1, random.Random(3)).extra_tile == game.extra_tile


def test_rota_each_colour_reaching_12_earns_one_extra_turn() -> None:
    game = rota_game(*RED_TWO, hand="b o g r", scores=[[11, 0, 11, 0, 0]])
    result = game.play("2,0 0")
    assert result.points == (1, 0, 1, 0, 0)
    assert set(result.axio) == {Colour.RED, Colour.BLUE}
    assert result.extra_turns == 2
    for extra_left in (1, 0):
        assert game.extra_tile is not None and game.hand(0) is None
        assert game.extra_turns == extra_left
        game.play(game.legal_moves()[0])
    assert game.extra_tile is None and game.hand(0) is not None
    assert game.turn == 2


def test_rota_no_extra_turn_when_supply_empty() -> None:
    game = red_at(11, stack_size=54)  # every tile left is in the stack
    assert game.supply_count == 0
    result = game.play("2,0 0")
    assert result.axio == (Colour.RED,)
    assert result.extra_turns == 0
    assert game.extra_tile is None
    assert game.hand(0) is not None and game.turn == 2


def test_extra_turns_not_announced_on_immediate_win_rota() -> None:
    game = rota_game(*RED_TWO, hand="o g b r", scores=[[11, 12, 12, 12, 12]])
    assert game.supply_count > 0
    result = game.play("2,0 0")
    assert result.axio == (Colour.RED,) and result.game_over
    assert result.extra_turns == 0
    assert game.extra_tile is None


def test_rota_extra_turns_only_while_the_supply_lasts() -> None:
    game = rota_game(*RED_TWO, hand="b o g r", scores=[[11, 0, 11, 0, 0]], stack_size=53)
    assert game.supply_count == 1
    result = game.play("2,0 0")
    assert result.extra_turns == 1
    game.play(game.legal_moves()[0])
    assert game.extra_tile is None and game.turn == 2


def test_rota_extra_turn_can_earn_another() -> None:
    game = rota_game(*RED_TWO, hand="o g b r", scores=[[11, 0, 11, 0, 0]])
    # Make the supply tile of the extra turn one with blue: after the first tile, (3,0)
    # turned so that its BL is blue puts that corner on (3,1), next to the first tile's BR b.
    extra = next(tile for tile in game.supply if Colour.BLUE in tile)
    game.supply.remove(extra)
    game.supply.append(extra)
    assert game.play("2,0 0").axio == (Colour.RED,)
    blue = [m for m in game.scored_moves() if m.points[2] > 0]
    result = game.play(blue[0].move)
    assert result.axio == (Colour.BLUE,)
    assert result.extra_turns == 1
    assert game.extra_tile is not None and game.turn == 1


def test_rota_colour_reaches_the_cap_only_once() -> None:
    game = red_at(12)
    result = game.play("2,0 0")
    assert result.points == (0, 0, 0, 0, 0)
    assert result.axio == ()
    assert game.extra_tile is None


def test_rota_draw_next_stack_tile_and_pass_clockwise() -> None:
    game = RotaGame(3, 8)
    seat = game.to_move
    top = game.stacks[seat][-1]
    game.play(game.legal_moves()[0])
    assert game.hand(seat) == top
    assert game.stack_count(seat) == 10
    assert game.to_move == (seat + 1) % 3


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_rota_game_ends_when_every_player_has_placed_all_twelve(players: int) -> None:
    game = RotaGame(players, 21)
    rng = random.Random(21)
    own_tiles = 0
    while not game.is_over:
        own_tiles += game.extra_tile is None
        assert any(hand is not None for hand in game.hands)
        game.play(rng.choice(game.legal_moves()))
    assert own_tiles == 12 * players
    assert all(hand is None for hand in game.hands)
    assert all(not stack for stack in game.stacks)
    assert game.legal_moves() == []
    refused(game, "9,9 0", "the game is over")


def test_rota_immediate_win_with_12_in_all_five_colours() -> None:
    near = [12, 12, 12, 12, 11]
    game = rota_game(hand="p r b o", players=2, scores=[near, [0] * 5])
    result = game.play("0,2 0")  # its TL p meets (0,1)'s BL p: 1 purple
    assert game.scores(0) == (12,) * 5, result
    assert result.game_over and game.is_over
    assert game.immediate_winner == 0
    assert game.winners() == [0]
    assert game.legal_moves() == []


def test_rota_solo_immediate_win_ends_the_game() -> None:
    near = [12, 12, 12, 12, 11]
    game = rota_game(hand="p r b o", scores=[near])
    result = game.play("0,2 0")
    assert result.game_over and game.standings()[0].lowest == 12


def test_rota_solo_plays_the_twelve_stack_tiles_and_scores_its_lowest_colour() -> None:
    game = RotaGame(1, 4)
    assert game.supply_count == 44
    rng = random.Random(4)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    assert len({entry.turn for entry in game.log}) == 12
    (standing,) = game.standings()
    assert standing.lowest == min(game.scores(0))


def test_rota_winner_has_the_highest_lowest_score_rulebook_examples() -> None:
    # Anna's lowest is 8 (red), Beata's 6 (blue): Anna wins.
    game = rota_game(players=2, scores=[[8, 9, 10, 11, 12], [12, 12, 6, 12, 12]])
    assert [s.seat for s in game.standings() if s.winner] == [0]
    # All lowest 7; Anna's next is 8, Beata and Chris 9; then Beata 9, Chris 10: Chris.
    scores = [[7, 8, 12, 12, 12], [9, 7, 12, 9, 12], [9, 12, 10, 12, 7]]
    game = rota_game(players=3, scores=scores)
    assert [(s.seat, s.rank) for s in game.standings()] == [(2, 1), (1, 2), (0, 3)]


def test_rota_equal_on_all_five_share_the_victory() -> None:
    game = rota_game(players=2, scores=[[3, 4, 5, 6, 7], [7, 6, 5, 4, 3]])
    assert [s.rank for s in game.standings()] == [1, 1]


def test_rota_last_placements_are_the_whole_last_turn() -> None:
    game = red_at(11)
    assert game.last_placements() == []
    game.play("2,0 0")
    assert game.last_placements() == [(2, 0)]
    extra = game.legal_moves()[0]
    game.play(extra)
    assert game.last_placements() == [(2, 0), extra.position]
    game.play(game.legal_moves()[0])
    assert len(game.last_placements()) == 1
