"""Hints for /axio hint: legal, best first, each with a one-line reason."""

from __future__ import annotations

import pytest

from engine import AxioGame, Exchange, RotaGame
from engine.ai import Hint, choose_move, hint
from engine.ai.hints import reason
from engine.common import Scoreboard
from tests.engine.axio_positions import game_with


@pytest.mark.parametrize("kind", [AxioGame, RotaGame], ids=lambda k: k.kind)
def test_hints_are_legal_distinct_best_first_with_reasons(kind, counted_work):
    game = kind(2, seed=6)
    for _ in range(4):
        game.play(choose_move(game, "normal", seed=1))
    hints = hint(game, seed=2, budget_s=counted_work, count=3)
    assert len(hints) == 3
    assert len({h.move for h in hints}) == 3
    scored = {m.move: m.points for m in game.scored_moves()}
    for h in hints:
        assert isinstance(h, Hint)
        assert h.points == scored[h.move]  # the raw points, before the cap
        assert h.reason and "\n" not in h.reason
    # Best first: the first hint is the move the hard level plays.
    assert hints[0].move == choose_move(game, "hard", seed=2, budget_s=counted_work)


def test_expert_hints_start_with_the_experts_move(expert_counted_work):
    game = RotaGame(2, seed=8)
    for _ in range(5):
        game.play(choose_move(game, "normal", seed=1))
    budget = expert_counted_work
    hints = hint(game, seed=2, budget_s=budget, count=3, level="expert")
    assert len({h.move for h in hints}) == 3
    assert hints[0].move == choose_move(game, "expert", seed=2, budget_s=budget)
    with pytest.raises(ValueError, match="hard or the expert"):
        hint(game, seed=2, level="easy")


def test_hint_offers_both_answers_to_an_exchange(counted_work):
    game = game_with(
        2, {}, racks=["rr rr rg rg rg", "bb"], scores=[[9, 9, 0, 9, 9], [0] * 5],
        has_placed=[True, True],
    )  # fmt: skip
    game.play("C3:r C4:r")
    hints = hint(game, seed=1, budget_s=counted_work)
    assert {h.move for h in hints} == {Exchange(True), Exchange(False)}
    assert hints[0].move == Exchange(True)
    assert "blue" in hints[0].reason


def test_no_hints_once_the_game_is_over():
    game = AxioGame(1, seed=2)
    while not game.is_over:
        game.play(choose_move(game, "normal", seed=1))
    assert hint(game, seed=1) == []


@pytest.mark.parametrize(
    ("scores", "points", "expected"),
    [
        ([5, 6, 2, 7, 8], (0, 0, 3, 0, 0), "lifts your weakest colour, blue, by 3"),
        ([5, 3, 2, 7, 8], (0, 2, 0, 0, 0), "adds 2 to green, one of your lower colours"),
        ([5, 3, 2, 7, 8], (0, 0, 0, 1, 4), "scores 5 points, most in purple"),
        ([5, 3, 2, 7, 16], (0, 0, 0, 0, 3), "reaches 18 in purple: AXIO! an extra turn (1 lost"),
        ([5, 3, 2, 7, 8], (0, 0, 0, 0, 0), "scores nothing now"),
    ],
)
def test_reason_says_what_the_move_does_for_the_weakest_colours(scores, points, expected):
    board = Scoreboard(18, scores=scores)
    assert reason(board, object(), points).startswith(expected)


def test_reason_promises_no_extra_turn_in_solo_axio():
    board = Scoreboard(18, boards=2, scores=[5, 3, 2, 7, 16])
    assert "AXIO!" not in reason(board, object(), (0, 0, 0, 0, 3), extra_turns=False)
