"""A game's last placement: the expert plays it, and in Rota its playouts play it, for
the result."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine import AxioGame, RotaGame
from engine.ai import expert
from engine.ai.closing import closing_placement, is_closing, settled_verdicts
from engine.ai.evaluate import win_share
from engine.ai.policies import best_placement, in_exchange, normal_move
from engine.ai.work import WorkBudget
from tests.engine.axio_positions import axio_swap_hidden
from tests.engine.games import midgame
from tests.engine.rota_positions import swap_hidden


def closing_positions(players: int, games: int) -> Iterator[RotaGame]:
    """The closing position of each of `games` games of the normal level (one that ends
    before, with all five colours at the cap, has none)."""
    for seed in range(games):
        game = RotaGame(players, seed)
        while not game.is_over and not is_closing(game):
            game.play(normal_move(game))
        if not game.is_over:
            yield game


def finish(game: RotaGame, move: object) -> float:
    """The mover's share of first place in the scores `move` leaves (where it earns an extra
    turn, the least that turn can end with)."""
    after = game.copy()
    seat = game.to_move
    after.play(move)
    return win_share(after, seat)


def test_closing_is_read_from_public_counts_only():
    game = RotaGame(2, 5)
    assert not is_closing(game)
    closing = next(closing_positions(2, 1))
    assert not any(closing.stacks)
    assert closing.hands[1 - closing.to_move] is None
    assert is_closing(swap_hidden(closing, closing.to_move, seed=3))


@pytest.mark.parametrize("players", [2, 3])
def test_the_closing_placement_takes_the_best_finish_there_is(players):
    """Over many games' last placements: never a worse finish than some other placement
    offers. The normal policy, which lifts the weakest colours, falls short in some."""
    normal_short = 0
    for game in closing_positions(players, 40):
        best = max(finish(game, move) for move in game.legal_moves())
        assert finish(game, closing_placement(game)[0]) == best
        normal_short += finish(game, best_placement(game)[0]) < best
    assert normal_short > 0  # the positions can tell the two policies apart


def test_a_resigned_rival_is_no_rival_for_the_closing_placement():
    """Resigned seats rank last whatever they score, so against one the finish is won
    already and the closing placement is the normal one."""
    contested = 0
    for game in closing_positions(2, 40):
        contested += closing_placement(game) != best_placement(game)
        game.resign(1 - game.to_move)
        assert closing_placement(game) == best_placement(game)
    assert contested > 0  # without the resignation, the two differ on some


def test_the_expert_weighs_every_last_placement_once_and_exactly(expert_counted_work):
    """Every deal of what it cannot see ends the game alike but for an extra turn's draw,
    so no sampling is needed; the same verdicts whatever is hidden."""
    for game in closing_positions(2, 12):
        verdicts = expert.search(game, seed=4, budget_s=40 * expert_counted_work)
        assert [v.samples for v in verdicts] == [1] * len(verdicts)
        assert sorted(map(str, (v.move for v in verdicts))) == sorted(map(str, game.legal_moves()))
        assert finish(game, verdicts[0].move) == max(finish(game, v.move) for v in verdicts)
        hidden_swapped = swap_hidden(game, game.to_move, seed=9)
        assert expert.search(hidden_swapped, seed=4, budget_s=40 * expert_counted_work) == verdicts


def test_an_extra_turn_at_the_end_is_weighed_over_every_tile_it_could_draw():
    """The value of a last placement that earns an extra turn is its mean over the
    supply's tiles, one by one (what the seat cannot see is exactly that supply)."""
    weighed = 0
    for game in closing_positions(2, 30):
        seat = game.to_move
        verdicts = settled_verdicts(game, seat, expert.hand_written_value, _free())
        assert verdicts is not None
        for verdict in verdicts:
            after = game.copy()
            after.play(verdict.move)
            if after.is_over:
                assert verdict.value == expert.hand_written_value(after, seat)
                continue
            outcomes = []
            for tile in game.supply:
                drawn = game.drawing_next(tile)
                drawn.play(verdict.move)
                assert drawn.extra_tile == tile
                while not drawn.is_over:
                    drawn.play(closing_placement(drawn)[0])
                outcomes.append(expert.hand_written_value(drawn, seat))
            assert verdict.value == pytest.approx(sum(outcomes) / len(outcomes))
            weighed += 1
    assert weighed >= 10


@pytest.mark.parametrize("players", [2, 4])
def test_the_expert_weighs_every_last_axio_placement_once(players, expert_counted_work):
    """Where every placement fills the board's last room, each is valued once, exactly,
    whatever the other racks and the bag hold, and so are both answers to the exchange
    offered once the board is full; a move before is searched as ever."""
    weighed = exchanges = 0
    for seed in range(12):
        game = AxioGame(players, seed)
        while not game.is_over:
            room = 1 if in_exchange(game) else 3  # every move then ends the game
            if len(game.board.empty_cells()) <= room:
                exchanges += in_exchange(game)
                verdicts = expert.search(game, seed=4, budget_s=expert_counted_work)
                assert [v.samples for v in verdicts] == [1] * len(verdicts)
                assert {v.move for v in verdicts} == set(game.legal_moves())
                twin = axio_swap_hidden(game, game.to_move, seed=9)
                assert expert.search(twin, seed=4, budget_s=expert_counted_work) == verdicts
                weighed += 1
            game.play(normal_move(game))
    assert weighed >= 4
    assert exchanges >= 1
    searched = midgame(AxioGame, players, seed=1, moves=8)
    assert expert.search(searched, seed=4, budget_s=expert_counted_work)[0].samples > 1


def test_a_budget_too_small_to_weigh_every_draw_is_left_to_the_search():
    for game in closing_positions(2, 30):
        small = WorkBudget(1.0, 100.0, float("inf"))
        if settled_verdicts(game, game.to_move, expert.hand_written_value, small) is None:
            assert settled_verdicts(game, game.to_move, expert.hand_written_value, _free())
            return
    pytest.fail("no closing position had an extra turn to weigh")


def _free() -> WorkBudget:
    """A budget that never runs out."""
    return WorkBudget(1.0, float("inf"), float("inf"))
