"""The expert level: reproducible for a seed, blind to what its seat cannot see, within
its budget, and sound where the answer is known."""

from __future__ import annotations

import time

import pytest

from engine import AxioGame, Colour, Exchange, RotaGame
from engine.ai import LEVELS, choose_move, expert
from engine.ai.evaluate import win_share
from engine.ai.policies import greedy
from tests.engine.axio_positions import axio_swap_hidden, game_with
from tests.engine.games import midgame
from tests.engine.rota_positions import rota_game, swap_hidden

SWAPS = [(AxioGame, axio_swap_hidden), (RotaGame, swap_hidden)]


def test_expert_is_a_level():
    assert "expert" in LEVELS


@pytest.mark.parametrize(("kind", "_swap"), SWAPS, ids=["axio", "rota"])
def test_same_seed_same_move(kind, _swap, expert_counted_work):
    game = midgame(kind, 2, seed=6, moves=9)
    first = choose_move(game, "expert", seed=4, budget_s=expert_counted_work)
    again = choose_move(game.copy(), "expert", seed=4, budget_s=expert_counted_work)
    assert again == first
    verdicts = expert.search(game, seed=4, budget_s=expert_counted_work)
    assert verdicts[0].move == first
    assert verdicts == expert.search(game.copy(), seed=4, budget_s=expert_counted_work)


@pytest.mark.parametrize(("kind", "swap"), SWAPS, ids=["axio", "rota"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_expert_decides_the_same_whatever_it_cannot_see(kind, swap, players, expert_counted_work):
    """The other racks or hands, the bag or the stacks and supply, and the RNG's future
    dealt differently: the seat sees the same, so with its seed fixed it plays the same."""
    game = midgame(kind, players, seed=players + 20, moves=2 * players + 1)
    seat = game.to_move
    chosen = expert.search(game, seed=5, budget_s=expert_counted_work)
    for seed in (1, 2, 3):
        twin = swap(game, seat, seed)
        assert twin.to_dict() != game.to_dict()
        assert twin.scored_moves() == game.scored_moves()
        assert expert.search(twin, seed=5, budget_s=expert_counted_work) == chosen


def test_a_different_seed_may_search_differently(expert_counted_work):
    """The seed is what varies the deals: the values it finds change with it."""
    game = midgame(RotaGame, 2, seed=3, moves=5)
    values = {
        tuple(v.value for v in expert.search(game, seed=s, budget_s=expert_counted_work))
        for s in range(3)
    }
    assert len(values) > 1


@pytest.mark.parametrize("kind", [AxioGame, RotaGame], ids=["axio", "rota"])
def test_expert_keeps_to_its_budget(kind):
    """With the real calibration: a generous bound (timing goals live in bench_ai)."""
    budget = 0.3
    for seed in range(3):
        game = midgame(kind, 4, seed=seed, moves=6 + seed)
        start = time.perf_counter()
        choose_move(game, "expert", seed=seed, budget_s=budget)
        assert time.perf_counter() - start < 3 * budget + 0.5


def test_expert_exchanges_a_rack_without_the_weakest_colour(expert_counted_work):
    game = game_with(
        2,
        {},
        racks=["rr rr rg rg rg", "rr rr rr rr rr"],
        scores=[[9, 9, 0, 9, 9], [0] * 5],
        has_placed=[True, True],
    )
    game.play("C3:r C4:r")
    assert choose_move(game, "expert", seed=1, budget_s=expert_counted_work) == Exchange(True)


def test_expert_names_the_weakest_colour_for_an_empty_corner(expert_counted_work):
    game = rota_game(hand="r g b -", scores=[[12, 12, 12, 0, 12]])
    move = choose_move(game, "expert", seed=1, budget_s=expert_counted_work)
    assert move in game.legal_moves()
    assert move.name is Colour.ORANGE


@pytest.mark.parametrize("kind", [AxioGame, RotaGame], ids=["axio", "rota"])
def test_expert_beats_greedy_more_often_than_not(kind, expert_counted_work):
    """A sanity check of strength on a few games, seats swapped (the real measure is
    bench_ai's hundreds of games)."""
    shares = []
    for seed in range(4):
        game = kind(2, seed)
        seat = seed % 2
        while not game.is_over:
            if game.to_move == seat:
                game.play(choose_move(game, "expert", seed=seed, budget_s=expert_counted_work))
            else:
                game.play(greedy(game))
        shares.append(win_share(game, seat))
    assert sum(shares) >= 3


@pytest.mark.parametrize("players", [2, 4])
def test_plies_left_bounds_the_placements_an_axio_game_still_has(players):
    """The expert's end-of-game playouts rely on it. In two-player AXIO the board fills
    while the bag still holds tiles, so there the bound must come from the board."""
    game = AxioGame(players, 3)
    seen = []  # (the bound, placements made so far)
    placed = 0
    while not game.is_over:
        seen.append((expert.plies_left(game), placed))
        move = greedy(game)
        placed += not isinstance(move, Exchange)
        game.play(move)
    assert all(bound >= placed - before for bound, before in seen)
    assert min(bound - (placed - before) for bound, before in seen[-4:]) <= 1  # tight at the end
    if players == 2:
        assert game.bag_count > 0  # why the board, not the racks, must tell


@pytest.mark.parametrize("kind", [AxioGame, RotaGame], ids=["axio", "rota"])
def test_the_search_stops_when_one_candidate_is_left(kind, expert_counted_work):
    """Twelve candidates halve 12 → 6 → 3 → 1: the winner is sampled as often as the two
    it beat last, never on its own (that would cost time and change nothing)."""
    game = midgame(kind, 2, seed=8, moves=6)
    verdicts = expert.search(game, seed=2, budget_s=8 * expert_counted_work)
    assert len(verdicts) == expert.WIDTH
    finalists = [v.samples for v in verdicts[:3]]
    assert finalists[0] > verdicts[3].samples
    assert finalists == [finalists[0]] * 3


def test_rota_playouts_run_to_the_end_only_in_the_last_six_placements():
    """However large the budget (at 2 s it buys the samples from ten placements out), the
    playouts go to the end only within six: from further out they chose worse."""
    game = RotaGame(2, seed=5)
    horizons = {}
    while expert.plies_left(game) >= 6:
        horizons[expert.plies_left(game)] = expert._end_horizon(game, float("inf"), 12)
        game.play(greedy(game))
    assert horizons[6] is not None
    assert all(horizons[left] is None for left in horizons if left > 6)
    assert 7 in horizons or 8 in horizons
