"""How computer players value scores: the highest lowest colour first, the cap respected."""

from __future__ import annotations

from engine import AxioGame
from engine.ai.evaluate import STYLES, move_valuer, position_value, utility
from tests.engine.axio_positions import game_with

AXIO = STYLES["axio"]


def test_utility_prefers_the_higher_lowest_colour_over_more_points():
    assert utility([5, 5, 5, 5, 5], AXIO) > utility([2, 6, 6, 6, 6], AXIO)
    assert utility([5, 5, 5, 5, 9], AXIO) > utility([5, 5, 5, 5, 5], AXIO)  # ties: next lowest


def test_move_value_ignores_points_past_the_cap_and_prizes_an_extra_turn():
    game = game_with(2, {}, racks=["rr", "gg"], scores=[[18, 17, 5, 5, 5], [0] * 5])
    value = move_valuer(game, 0)
    assert value((3, 0, 0, 0, 0)) == 0  # red is already at the cap
    assert value((0, 1, 0, 0, 0)) > value((0, 0, 0, 0, 0)) + AXIO.extra_turn * 0.9
    assert value((0, 0, 1, 0, 0)) > value((0, 0, 0, 1, 0)) - 1e-9  # blue, orange: equal need


def test_solo_axio_earns_no_extra_turn_value():
    game = game_with(1, {}, racks=["rr"], scores=[[5, 17, 5, 5, 5]])
    assert move_valuer(game, 0)((0, 1, 0, 0, 0)) < 1


def test_position_value_counts_a_finished_game_result():
    game = AxioGame(2, seed=1)
    game.scoreboards[0].scores = [8, 8, 8, 8, 8]
    game.scoreboards[1].scores = [4, 9, 9, 9, 9]
    unfinished = position_value(game, 0)
    assert unfinished > 0 > position_value(game, 1)
    game.over = True
    assert position_value(game, 0) > unfinished + 40
