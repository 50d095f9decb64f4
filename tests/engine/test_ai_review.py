"""The game review: the expert's own game reviews at 100 %, a planted blunder is marked,
a stand-in's moves are not counted as its player's, and the review is reproducible,
JSON-ready and can be farmed out to a pool."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engine import AxioGame, RotaGame, TileGame
from engine.ai import choose_move
from engine.ai.evaluate import move_valuer, win_share
from engine.ai.policies import in_exchange
from engine.ai.review import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    GameReview,
    MoveReview,
    analyse,
    assemble,
    grade,
    judge,
    review_game,
    review_of,
    review_tasks,
)
from engine.axio_board import PRINTED_INDEX, cell_name, play_area
from tests.engine.axio_positions import game_with

SEED = 3


def expert_game(kind: type[TileGame], seed: int, budget: float, until: int | None = None):
    """A game with the expert (seed SEED) in every seat, up to `until` moves or the end."""
    game = kind(2, seed)
    while not game.is_over and (until is None or game.move_count < until):
        game.play(choose_move(game, "expert", seed=SEED, budget_s=budget))
    return game


def moves_of(game: TileGame) -> list[str]:
    return [entry.move for entry in game.log]


@pytest.mark.parametrize("kind", [AxioGame, RotaGame], ids=["axio", "rota"])
def test_the_experts_own_game_reviews_at_100_percent(kind, expert_counted_work):
    game = expert_game(kind, seed=2, budget=expert_counted_work)
    review = review_of(game, budget_s=expert_counted_work, seed=SEED)
    assert len(review.moves) == game.move_count
    assert {m.grade for m in review.moves} <= {"best", "forced"}
    assert all(m.played == m.best and m.cost == 0 for m in review.moves)
    assert [p.accuracy for p in review.seats] == [100.0, 100.0]
    assert review.marked() == []


def test_a_planted_mistake_in_the_middle_game_is_marked(expert_counted_work):
    """Where the moves differ most, the move worth least now, then the expert again."""
    budget = expert_counted_work
    for seed in range(6):
        full = expert_game(AxioGame, seed, budget)
        middle = range(8, full.move_count - 8)
        spread, at = max(_spread(AxioGame.replay(2, seed, moves_of(full)[:n]), n) for n in middle)
        if spread > 3:
            break
    else:
        pytest.fail("no middle game with moves far apart")
    game = AxioGame.replay(2, seed, moves_of(full)[:at])
    value = move_valuer(game, game.to_move)
    worst = min(game.scored_moves(), key=lambda m: value(m.points)).move
    game.play(worst)
    while not game.is_over:
        game.play(choose_move(game, "expert", seed=SEED, budget_s=budget))
    review = review_of(game, budget_s=budget, seed=SEED)
    planted = review.moves[at]
    assert planted.played == str(worst) and planted.best != planted.played
    assert planted.grade in ("mistake", "blunder") and planted.cost >= MISTAKE
    assert planted in review.marked(planted.seat)
    assert review.seats[planted.seat].accuracy < 100


def _spread(game: TileGame, number: int) -> tuple[float, int]:
    if in_exchange(game) or game.is_over:
        return (0.0, number)
    value = move_valuer(game, game.to_move)
    values = [value(m.points) for m in game.scored_moves()]
    return (max(values) - min(values), number)


def test_throwing_away_a_won_ending_is_a_blunder(expert_counted_work):
    """The last placement of a Rota game decides it: planting a losing one where the
    expert's wins costs the whole game."""
    budget = expert_counted_work
    for seed in range(20):
        game = expert_game(RotaGame, seed, budget)
        last = game.move_count - 1
        before = RotaGame.replay(2, seed, moves_of(game)[:last])
        losing = [m for m in before.legal_moves() if _result(before, m) == 0.0]
        if win_share(game, before.to_move) == 1.0 and losing:
            break
    else:
        pytest.fail("no ending to plant a blunder in")
    tasks = review_tasks("rota", 2, seed, [*moves_of(before), str(losing[0])], budget_s=budget)
    verdict = analyse(tasks[-1])
    assert verdict.grade == "blunder" and verdict.cost >= BLUNDER
    assert verdict.best == moves_of(game)[last]


def test_a_stand_ins_moves_are_judged_but_not_counted_as_the_players(expert_counted_work):
    """A computer that played for a late, skipped or resigned player: its moves keep their
    grade, but its player's accuracy, counts and marks leave them out."""
    budget = expert_counted_work
    game = expert_game(RotaGame, seed=8, budget=budget, until=6)
    tasks = review_tasks("rota", 2, 8, moves_of(game), budget_s=budget, seed=SEED, stand_ins={3})
    assert [t.stand_in for t in tasks] == [False, False, True, False, False, False]
    verdicts = [analyse(t) for t in tasks]
    assert [v.stand_in for v in verdicts] == [t.stand_in for t in tasks]
    planted = replace(verdicts[2], grade="blunder", cost=BLUNDER + 1)
    review = assemble(tasks, [*verdicts[:2], planted, *verdicts[3:]])
    player = review.seats[planted.seat]
    assert review.moves[2].grade == "blunder" and review.marked() == []
    assert (player.accuracy, player.blunders, player.stand_in_moves) == (100.0, 0, 1)
    assert GameReview.from_dict(json.loads(json.dumps(review.to_dict()))) == review
    own = assemble(tasks, [*verdicts[:2], replace(planted, stand_in=False), *verdicts[3:]])
    assert own.seats[planted.seat].blunders == 1 and own.seats[planted.seat].accuracy < 100


def test_a_review_kept_before_stand_ins_were_marked_still_reads():
    """Reviews kept earlier have no stand-in fields: every move counts as its player's."""
    move = {"number": 1, "seat": 0, "turn": 1, "played": "a", "best": "b", "cost": 4.0}
    seat = {"seat": 0, "accuracy": 26.4, "inaccuracies": 0, "mistakes": 0, "blunders": 1}
    data = {"kind": "rota", "players": 1, "game_seed": 1, "seed": 0, "budget_s": 2.0}
    data |= {"moves": [move | {"grade": "blunder"}], "seats": [seat | {"lowest": 1}]}
    review = GameReview.from_dict(data | {"lowest": [[0], [1]]})
    assert review.marked() == list(review.moves) and review.seats[0].stand_in_moves == 0


def _result(game: RotaGame, move) -> float | None:
    """The mover's share of the win if `move` ends the game, else None."""
    after = game.copy()
    seat = after.to_move
    after.play(move)
    return win_share(after, seat) if after.is_over else None


def test_review_is_reproducible_and_round_trips_through_json(expert_counted_work):
    game = expert_game(RotaGame, seed=5, budget=expert_counted_work, until=8)
    tasks = review_tasks("rota", 2, 5, moves_of(game), budget_s=expert_counted_work, seed=1)
    first = [analyse(t) for t in tasks]
    assert [analyse(t) for t in tasks] == first
    review = review_game(tasks)
    assert list(review.moves) == first
    data = json.loads(json.dumps(review.to_dict()))
    assert GameReview.from_dict(data) == review
    assert data["seed"] == 1 and data["budget_s"] == expert_counted_work


def test_review_game_hands_each_move_to_the_map_it_is_given(expert_counted_work):
    game = expert_game(RotaGame, seed=6, budget=expert_counted_work, until=4)
    seen = []

    def recording_map(function, tasks):
        tasks = list(tasks)
        seen.extend(tasks)
        return map(function, tasks)

    tasks = review_tasks("rota", 2, 6, moves_of(game), budget_s=expert_counted_work)
    review = review_game(tasks, map_=recording_map)
    assert [len(t.moves) for t in seen] == [1, 2, 3, 4]
    assert [m.number for m in review.moves] == [1, 2, 3, 4]


def test_lowest_colour_is_tracked_for_every_seat_after_every_move(expert_counted_work):
    game = expert_game(RotaGame, seed=7, budget=expert_counted_work, until=6)
    review = review_game(review_tasks("rota", 2, 7, moves_of(game), budget_s=expert_counted_work))
    assert len(review.lowest) == 7 and review.lowest[0] == (0, 0)
    replayed = RotaGame(2, 7)
    for row, text in zip(review.lowest[1:], moves_of(game), strict=True):
        replayed.play(text)
        assert row == tuple(min(replayed.scores(s)) for s in range(2))
    assert [p.lowest for p in review.seats] == list(review.lowest[-1])


def test_a_move_without_a_choice_is_forced_and_not_graded():
    area = [cell_name(i) for i in play_area(2) if i not in PRINTED_INDEX]
    cells = {name: "x" for name in area} | {"C3": ".", "C4": "."}
    game = game_with(2, cells, racks=["rr", "gg"], has_placed=[True, True])
    assert game.legal_moves() == [game.parse_move("C3:r C4:r")]
    verdict = judge(game, "C3:r C4:r", seed=1, budget_s=0.1)
    assert (verdict.grade, verdict.cost, verdict.best) == ("forced", 0.0, "C3:r C4:r")


@pytest.mark.parametrize(
    ("cost", "expected"),
    [
        (0.0, "good"),
        (INACCURACY - 0.01, "good"),
        (INACCURACY, "inaccuracy"),
        (MISTAKE, "mistake"),
        (BLUNDER - 0.01, "mistake"),
        (BLUNDER, "blunder"),
        (80.0, "blunder"),
    ],
)
def test_grades_follow_the_stated_thresholds(cost, expected):
    assert grade(cost) == expected


def test_only_a_finished_game_is_reviewed():
    with pytest.raises(ValueError, match="finished"):
        review_of(AxioGame(2, seed=1))
    with pytest.raises(ValueError, match="nothing to review"):
        review_game(review_tasks("axio", 2, 1, []))


def test_moves_are_numbered_by_the_tables_turns(expert_counted_work):
    """The table numbers turns ("turn 11"), not moves: an AXIO! extra move and the exchange
    choice are later moves of the same turn, and the review says so."""
    games = (random_game(seed) for seed in range(40))
    game = next(g for g in games if len({e.turn for e in g.log}) < len(g.log))
    turns = [entry.turn for entry in game.log]
    shared = next(t for t in turns if turns.count(t) > 1)
    first = turns.index(shared)
    tasks = review_tasks("axio", 2, game.seed, moves_of(game), budget_s=expert_counted_work)
    verdicts = [analyse(task) for task in tasks[first : first + turns.count(shared)]]
    assert [v.turn for v in verdicts] == [shared] * len(verdicts)
    assert [v.number for v in verdicts] == list(range(first + 1, first + 1 + len(verdicts)))
    others = [
        MoveReview(n + 1, e.seat, e.turn, e.move, e.move, 0.0, "forced")
        for n, e in enumerate(game.log)
    ]
    review = assemble(tasks, [*others[:first], *verdicts, *others[first + len(verdicts) :]])
    assert [review.place_in_turn(v) for v in verdicts] == list(range(1, len(verdicts) + 1))
    assert review.place_in_turn(review.moves[first - 1]) == 1  # the turn before
    assert review.turns == turns[-1] < len(game.log)


def random_game(seed: int) -> AxioGame:
    """A two-player AXIO game played to its end at random."""
    rng = random.Random(seed)
    game = AxioGame(2, seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game
