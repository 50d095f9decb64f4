"""What a state tells the player to move about the phase of their turn and their moves, on
engine games played until each phase comes up."""

from __future__ import annotations

import random

from bot.screens.suggest import best_moves
from bot.web.activity.view import legal_moves, own_tiles, phase_of, suggested
from engine import game_class


def played_until(kind: str, wanted: str, seeds: range = range(200)):
    """A game (of some seed) in the phase `wanted`, reached by random legal moves."""
    for seed in seeds:
        game = game_class(kind)(2, seed)
        rng = random.Random(seed)
        while not game.is_over:
            if phase_of(game) == wanted:
                return game
            game.play(str(rng.choice(game.legal_moves())))
    raise AssertionError(f"no {kind} game reached {wanted}")


def test_the_axio_exchange_offers_its_two_answers():
    game = played_until("axio", "exchange")
    assert game.phase == "exchange"
    moves = legal_moves(game, game.scored_moves())
    assert sorted(m["move"] for m in moves) == ["exchange", "keep"]
    assert all(m["gains"] == {} and not m["axio"] for m in moves)


def test_an_axio_extra_placement_is_marked_and_follows_an_axio():
    game = played_until("axio", "extra")
    last = game.log[-1]
    assert (last.seat, last.turn) == (game.to_move, game.turn)
    assert phase_of(game) == "extra" and legal_moves(game, game.scored_moves())


def test_every_legal_move_is_listed_with_its_points():
    game = played_until("axio", "move", range(3, 4))
    scored = game.scored_moves()
    listed = legal_moves(game, scored)
    assert [m["move"] for m in listed] == [str(s.move) for s in scored]
    for entry, found in zip(listed, scored, strict=True):
        assert sum(entry["gains"].values()) == sum(found.points)
    assert len(own_tiles(game, game.to_move)) == 5


def test_a_rota_supply_tile_is_an_extra_turn():
    game = played_until("rota", "move", range(5, 6))
    assert phase_of(game) == "move" and len(own_tiles(game, game.to_move)) == 1
    game.extra_tile = game.supply.pop()  # as after an AXIO! (rare in random play)
    assert phase_of(game) == "extra"
    assert {m["move"] for m in legal_moves(game, game.scored_moves())} == {
        str(move) for move in game.legal_moves()
    }


def test_the_suggestions_are_the_builders_own():
    """`suggested` ranks only the moves that can be among the builder's suggestions: the
    same moves, in the same order, in every position of these games."""
    positions = 0
    for kind, players, seed in [("axio", 2, 1), ("axio", 4, 2), ("rota", 2, 3), ("rota", 3, 4)]:
        game = game_class(kind)(players, seed)
        rng = random.Random(seed)
        while not game.is_over:
            scored = game.scored_moves()
            if scored:
                builder = [str(s.scored.move) for s in best_moves(game, moves=scored)]
                assert suggested(game, scored) == builder
                positions += 1
            game.play(str(rng.choice(game.legal_moves())))
    assert positions > 100
