"""The learned value (issue 37): the shipped weights load, rate the obvious right, are what
the expert plays by, see only the seat's view, and self-play training improves them."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from bench.train_value import held_out_loss, train, warm_start
from bench.value_heldout import held_out_positions
from engine import RotaGame
from engine.ai import choose_move, expert, value
from engine.ai.value import OFFSETS, SIZE, TABLES, features, load_weights, win_chance_of
from engine.rota_display import corner_points
from tests.engine.games import midgame
from tests.engine.rota_positions import rota_game, swap_hidden

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def learned(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert with its learned value on (as it plays), whatever another test set."""
    monkeypatch.setattr(expert, "LEARNED_VALUE", True)


def test_the_shipped_weights_load_and_are_trained():
    weights = load_weights("rota", 2)
    assert weights is not None and len(weights) == SIZE
    assert sum(1 for w in weights if w) > SIZE // 4
    assert load_weights("rota", 3) is None
    assert load_weights("axio", 2) is None


def test_the_package_ships_the_weights():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    shipped = data["tool"]["setuptools"]["package-data"]["engine.ai"]
    assert "data/*.json" in shipped
    assert (ROOT / "engine" / "ai" / "data" / value.FILES[("rota", 2)]).stat().st_size < 5e6


def test_a_seat_far_ahead_is_rated_a_likely_winner():
    ahead = rota_game(players=2, scores=[[9, 10, 9, 11, 9], [2, 5, 3, 4, 6]], stack_size=4)
    assert win_chance_of(ahead, 0) > 0.8
    assert win_chance_of(ahead, 1) < 0.2


def test_the_features_read_only_what_the_seat_sees():
    game = midgame(RotaGame, 2, seed=8, moves=7)
    for seat in (0, 1):
        for seed in (1, 2):
            assert features(swap_hidden(game, seat, seed), seat) == features(game, seat)


def test_every_open_grid_point_counts_once_for_each_colour_it_shows():
    """The `point` table, counted from the tiles themselves: a grid point where one to
    three corners meet picks one entry for each colour among them; a full one none."""
    game = midgame(RotaGame, 2, seed=8, moves=12)
    corners: dict[tuple[int, int], list[str | None]] = {}
    for position, tile in game.display:
        for point, corner in zip(corner_points(position), tile, strict=True):
            corners.setdefault(point, []).append(corner)
    expected = sum(
        len({c for c in laid if c is not None}) for laid in corners.values() if len(laid) < 4
    )
    start, end = OFFSETS["point"], OFFSETS["point"] + TABLES["point"]
    for seat in (0, 1):
        assert sum(start <= i < end for i in features(game, seat)) == expected > 10


def test_the_expert_plays_by_the_learned_value_and_without_it_by_the_hand_written_one(
    monkeypatch: pytest.MonkeyPatch,
):
    game = midgame(RotaGame, 2, seed=4, moves=6)
    assert expert.LEARNED_VALUE and expert.leaf_value(game) is expert.blended_value
    monkeypatch.setattr(expert, "LEARNED_VALUE", False)
    assert expert.leaf_value(game) is None


def test_the_expert_plays_the_move_its_value_rates_best(monkeypatch, learned, expert_counted_work):
    """A value that likes one position on the display (and nothing else) makes the expert
    place there, where it would not without that value."""
    game = midgame(RotaGame, 2, seed=4, moves=6)
    before = choose_move(game, "expert", seed=2, budget_s=expert_counted_work)
    liked = next(p for p in game.legal_positions() if p != (before.x, before.y))

    def likes(position_game, seat):
        return 100.0 if liked in position_game.display.tiles else 0.0

    monkeypatch.setattr(expert, "learned_points", likes)
    move = choose_move(game, "expert", seed=2, budget_s=expert_counted_work)
    assert (move.x, move.y) == liked


def test_the_expert_uses_the_learned_value_where_shipped(monkeypatch, learned, expert_counted_work):
    game = midgame(RotaGame, 2, seed=4, moves=6)
    assert expert.leaf_value(game) is expert.blended_value
    assert expert.leaf_value(midgame(RotaGame, 3, seed=4, moves=6)) is None
    learned = expert.search(game, seed=2, budget_s=expert_counted_work)
    monkeypatch.setattr(expert, "LEARNED_VALUE", False)
    assert expert.leaf_value(game) is None
    assert expert.search(game, seed=2, budget_s=expert_counted_work) != learned


def test_the_learned_expert_is_reproducible_and_blind(learned, expert_counted_work):
    game = midgame(RotaGame, 2, seed=12, moves=9)
    seat = game.to_move
    chosen = expert.search(game, seed=3, budget_s=expert_counted_work)
    assert expert.search(game.copy(), seed=3, budget_s=expert_counted_work) == chosen
    for seed in (1, 2):
        twin = swap_hidden(game, seat, seed)
        assert twin.to_dict() != game.to_dict()
        assert expert.search(twin, seed=3, budget_s=expert_counted_work) == chosen


def test_a_short_training_run_lowers_the_held_out_loss():
    """From zero: the open grid points' table is counted (a position picks one of its
    entries many times), so the first few hundred games swing more than they learn."""
    held_out = held_out_positions(range(900_000_000, 900_000_060))
    start = [0.0] * SIZE
    trained, played = train(seed=1, games=600, minutes=5.0, weights=start)
    assert played == 600
    assert held_out_loss(trained, held_out) < held_out_loss(start, held_out) - 0.01


def test_a_review_weighs_moves_by_the_value_the_search_ends_in(monkeypatch, learned):
    """`expert.compare` (the review's cost) ends its playouts where the search does: a
    value that likes the first move's position lifts that move by its share of the value."""
    game = midgame(RotaGame, 2, seed=4, moves=6)
    first = game.legal_moves()[0]
    liked = (first.x, first.y)
    second = next(m for m in game.legal_moves() if (m.x, m.y) != liked)
    monkeypatch.setattr(expert, "learned_points", lambda position_game, seat: 0.0)
    before = expert.compare(game, [first, second], seed=1, deals=6)

    def likes(position_game, seat):
        return 100.0 if liked in position_game.display.tiles else 0.0

    monkeypatch.setattr(expert, "learned_points", likes)
    after = expert.compare(game, [first, second], seed=1, deals=6)
    assert after[0] - before[0] == pytest.approx(100.0 * expert.LEARNED_SHARE)
    assert after[1] - before[1] < after[0] - before[0]


def test_training_goes_on_from_an_earlier_file_table_by_table():
    """A table the earlier file shares with today's keeps its weights; a table it lacks
    starts at zero, and one of another size is not read into today's."""
    tables = {"bias": 1, "rank": TABLES["rank"], "retired": 3, "point": TABLES["point"] + 1}
    weights = [0.5] + [1.0] * TABLES["rank"] + [2.0] * 3 + [3.0] * (TABLES["point"] + 1)
    started = warm_start(json.dumps({"tables": tables, "weights": weights}))
    assert len(started) == SIZE
    assert started[OFFSETS["bias"]] == 0.5
    rank = started[OFFSETS["rank"] : OFFSETS["rank"] + TABLES["rank"]]
    assert rank == [1.0] * TABLES["rank"]
    assert sum(started) == 0.5 + TABLES["rank"]
