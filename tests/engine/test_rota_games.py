"""Seeded random complete Rota games for 1 to 4 players, checking invariants on the way.

Moves are half greedy (most points for colours still below the cap), so that AXIO!, extra
turns and an emptied supply happen, and half random, so that odd positions do too.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import COLOURS, IllegalMoveError, RotaGame, RotaMove, ScoredMove
from engine.rota_tiles import ALL_TILES, ROTATIONS
from tests.engine.rota_positions import swap_hidden

GAMES_PER_COUNT = 30
BOX = Counter(ALL_TILES)


def choose(game: RotaGame, scored: list[ScoredMove], rng: random.Random) -> ScoredMove:
    if rng.random() < 0.5:
        return rng.choice(scored)
    room = [game.cap - s for s in game.scores(game.to_move)]
    return max(scored, key=lambda m: sum(min(p, r) for p, r in zip(m.points, room, strict=True)))


def check_legal_moves_are_what_play_accepts(game: RotaGame) -> None:
    """Every move near the display is accepted by play exactly when legal_moves lists it."""
    legal = set(game.legal_moves())
    x0, y0, x1, y1 = game.display.bounds()
    before = game.to_dict()
    for x in range(x0 - 1, x1 + 2):
        for y in range(y0 - 1, y1 + 2):
            for rotation in ROTATIONS:
                for name in (None, *COLOURS):
                    move = RotaMove(x, y, rotation, name)
                    if move in legal:
                        continue
                    with pytest.raises(IllegalMoveError):
                        game.play(move)
    assert game.to_dict() == before, "a refused move changed the game"
    for move in legal:
        game.copy().play(move)


def play_out(players: int, seed: int) -> RotaGame:
    game = RotaGame(players, seed)
    rng = random.Random(seed)
    moves: list[str] = []
    while not game.is_over:
        scored = game.scored_moves()
        assert [m.move for m in scored] == game.legal_moves()
        choice = choose(game, scored, rng)
        seat, before = game.to_move, game.scores(game.to_move)
        if len(moves) == 7 + seed % 5 and seed % 4 == 0:
            check_legal_moves_are_what_play_accepts(game)
        if len(moves) == 10:
            twin = swap_hidden(game, seat, seed)
            assert game.resample_hidden(seat, random.Random(seed)) == twin.resample_hidden(
                seat, random.Random(seed)
            )
        result = game.play(choice.move)
        moves.append(str(choice.move))
        room = [max(0, game.cap - b) for b in before]
        assert result.points == tuple(min(p, r) for p, r in zip(choice.points, room, strict=True))
        if all(b + p < game.cap for b, p in zip(before, choice.points, strict=True)):
            assert result.points == choice.points
        assert all(0 <= score <= game.cap for s in range(players) for score in game.scores(s))
        assert Counter(game.all_tiles()) == BOX
        if len(moves) % 9 == 0:
            assert RotaGame.from_dict(game.to_dict()) == game
    assert RotaGame.from_dict(game.to_dict()) == game
    assert RotaGame.replay(players, seed, moves) == game
    return game


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_rota_random_games_keep_the_invariants(players: int) -> None:
    extra_turns = 0
    for seed in range(GAMES_PER_COUNT):
        game = play_out(players, seed)
        extra_turns += sum(a.turn == b.turn for a, b in zip(game.log, game.log[1:], strict=False))
        assert game.is_over
        assert len(game.standings()) == players
    assert extra_turns > 0, "the greedy moves should earn some AXIO! extra turns"
