"""Tournament scoring, the tie-break chain, seeding and the rounds each format pairs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.tournament import (
    TableResult,
    format_points,
    round_robin_length,
    round_robin_round,
    seed_order,
    standings,
    swiss_round,
    table_points,
)


@pytest.mark.parametrize(
    ("ranks", "size", "expected"),
    [
        ((1, 2), 2, (1, 0)),
        ((1, 1), 2, (Fraction(1, 2), Fraction(1, 2))),
        ((2, 1, 3), 3, (1, 2, 0)),
        ((1, 2, 3, 4), 4, (3, 2, 1, 0)),
        ((1, 1, 3, 4), 4, (Fraction(5, 2), Fraction(5, 2), 1, 0)),
        ((1, 2, 3), 4, (3, Fraction(3, 2), 0)),  # a table one short, scaled to 3..0
        ((1, 2), 3, (2, 0)),
    ],
)
def test_table_placement_gives_points(ranks, size, expected):
    players = tuple(range(len(ranks)))
    points = table_points(TableResult(players, ranks), size)
    assert tuple(points[p] for p in players) == expected


def test_a_table_ended_without_result_scores_nothing():
    assert table_points(TableResult((1, 2), None), 2) == {1: 0, 2: 0}


def test_standings_break_ties_by_buchholz_then_lowest_colours():
    # Round 1: A beats B, C beats D. Round 2: A beats C, D beats B.
    results = [
        TableResult((1, 2), (1, 2), (10, 5)),
        TableResult((3, 4), (1, 2), (9, 4)),
        TableResult((1, 3), (1, 2), (11, 8)),
        TableResult((4, 2), (1, 2), (7, 6)),
    ]
    rows = standings([1, 2, 3, 4], results, [], 2)
    assert [r.player for r in rows] == [1, 3, 4, 2]
    by_player = {r.player: r for r in rows}
    assert by_player[3].points == by_player[4].points == 1
    # C met A (2) and D (1): 3 over 2 rounds; D met C (1) and B (0): 1.
    assert by_player[3].buchholz == 3 and by_player[4].buchholz == 1
    assert by_player[1].lowest_sum == 21 and [r.rank for r in rows] == [1, 2, 3, 4]


def test_equal_on_every_tie_break_share_the_rank_in_seed_order():
    results = [TableResult((5, 6), (1, 1), (8, 8))]
    rows = standings([6, 5], results, [], 2)
    assert [(r.rank, r.player) for r in rows] == [(1, 6), (1, 5)]


def test_a_bye_scores_a_win_and_counts_own_points_for_buchholz():
    rows = standings([1, 2, 3], [TableResult((1, 2), (1, 2), (3, 3))], [3], 2)
    by_player = {r.player: r for r in rows}
    assert by_player[3].points == 1 and by_player[3].byes == 1
    assert by_player[3].buchholz == 1
    four = standings([1], [], [1], 4)
    assert four[0].points == 3


def test_withdrawn_keep_their_points_but_are_not_paired():
    results = [TableResult((1, 2), (1, 2), (5, 5)), TableResult((3, 4), (1, 2), (5, 5))]
    rows = standings([1, 2, 3, 4], results, [], 2, withdrawn={1})
    assert rows[0].player == 1 and rows[0].withdrawn
    pairing = swiss_round([1, 2, 3, 4], results, [], 2, withdrawn={1})
    assert 1 not in pairing.players and len(pairing.byes) == 1


def test_swiss_round_pairs_winners_with_winners():
    results = [TableResult((1, 3), (1, 2)), TableResult((2, 4), (1, 2))]
    pairing = swiss_round([1, 2, 3, 4], results, [], 2)
    assert {frozenset(t) for t in pairing.tables} == {frozenset({1, 2}), frozenset({3, 4})}


def test_round_robin_round_leaves_out_the_withdrawn():
    assert round_robin_length(4, 2) == 3
    full = round_robin_round([1, 2, 3, 4], 2, 1)
    assert full.tables == ((1, 4), (2, 3))
    without = round_robin_round([1, 2, 3, 4], 2, 1, withdrawn={4})
    assert without.tables == ((2, 3),) and without.byes == (1,)


def test_seed_order_by_rating_then_drawn_lots():
    ratings = {10: 5.0, 11: 9.0}
    order = seed_order([12, 10, 13, 11], ratings, seed=3)
    assert order[:2] == [11, 10]
    assert sorted(order[2:]) == [12, 13]
    assert order == seed_order([13, 12, 11, 10], ratings, seed=3)
    draws = {tuple(seed_order(range(6), {}, seed=s)) for s in range(20)}
    assert len(draws) > 1


@pytest.mark.parametrize(
    ("value", "text"),
    [(Fraction(3), "3"), (Fraction(5, 2), "2½"), (Fraction(3, 4), "¾"), (Fraction(7, 3), "2.33")],
)
def test_points_read_as_people_write_them(value, text):
    assert format_points(value) == text
