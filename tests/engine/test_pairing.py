"""Pairing rounds: Swiss against a brute-force search of every possible round, the
round robin schedules, and table sizes."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pairing import Pairing, pair_swiss, round_robin, table_sizes


def all_rounds(players: list[int], sizes: tuple[int, ...]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to seat `players` at tables of these sizes (any order of the sizes)."""
    if not players:
        yield []
        return
    top, rest = players[0], players[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for companions in combinations(rest, size - 1):
            others = [p for p in rest if p not in companions]
            for tables in all_rounds(others, tuple(left)):
                yield [(top, *companions), *tables]


def rematches(tables: list[tuple[int, ...]], met: dict[int, set[int]]) -> int:
    return sum(1 for t in tables for a, b in combinations(t, 2) if b in met[a])


def fewest_rematches(order, met, byes_had, table_size) -> int:
    """The brute-force answer: the fewest rematches of any round that spreads the byes."""
    sizes, bye_count = table_sizes(len(order), table_size)
    best = None
    for resting in combinations(order, bye_count):
        seated = [p for p in order if p not in resting]
        if resting and max(byes_had[p] for p in resting) > min(
            (byes_had[p] for p in seated), default=99
        ):
            continue
        for tables in all_rounds(seated, sizes):
            count = rematches(tables, met)
            best = count if best is None else min(best, count)
    assert best is not None
    return best


@st.composite
def histories(draw: st.DrawFn) -> tuple:
    """A tournament part-way: players best first, their points, who met whom, byes."""
    table_size = draw(st.sampled_from([2, 3, 4]))
    n = draw(st.integers(2, 9 if table_size > 2 else 10))
    order = list(range(100, 100 + n))
    rng = random.Random(draw(st.integers(0, 10**6)))
    met: dict[int, set[int]] = {p: set() for p in order}
    byes_had: Counter[int] = Counter()
    for _ in range(draw(st.integers(0, n))):
        shuffled = rng.sample(order, n)
        sizes, bye_count = table_sizes(n, table_size)
        byes_had.update(shuffled[:bye_count])
        at = bye_count
        for size in sizes:
            table = shuffled[at : at + size]
            at += size
            for p in table:
                met[p].update(q for q in table if q != p)
    points = {p: Fraction(rng.randrange(0, 7), 2) for p in order}
    order.sort(key=lambda p: -points[p])
    return order, points, met, byes_had, table_size


def check_round(pairing: Pairing, order: list[int], byes_had: Counter, table_size: int) -> None:
    """Every active player seated exactly once, tables as table_sizes says, byes spread."""
    assert sorted(pairing.players) == sorted(order)
    sizes, bye_count = table_sizes(len(order), table_size)
    assert sorted(len(t) for t in pairing.tables) == sorted(sizes)
    assert len(pairing.byes) == bye_count
    seated = [p for t in pairing.tables for p in t]
    if pairing.byes and seated:
        assert max(byes_had[p] for p in pairing.byes) <= min(byes_had[p] for p in seated)


@settings(max_examples=150, deadline=None)
@given(histories())
def test_swiss_has_no_avoidable_rematch_and_spreads_byes(history):
    order, points, met, byes_had, table_size = history
    pairing = pair_swiss(order, points, met, byes_had, table_size)
    check_round(pairing, order, byes_had, table_size)
    assert pairing.rematches == rematches(list(pairing.tables), met)
    assert pairing.rematches == fewest_rematches(order, met, byes_had, table_size)


@settings(max_examples=60, deadline=None)
@given(histories())
def test_swiss_is_deterministic(history):
    order, points, met, byes_had, table_size = history
    first = pair_swiss(order, points, met, byes_had, table_size)
    reordered = {p: set(sorted(met[p], reverse=True)) for p in reversed(list(met))}
    again = pair_swiss(order, dict(reversed(points.items())), reordered, byes_had, table_size)
    assert first == again


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 14), st.sampled_from([2, 3, 4]), st.integers(0, 10**6))
def test_whole_swiss_tournament_spreads_byes_and_avoids_rematches(n, table_size, seed):
    """Round after round with random results: nobody has a second bye while an active
    player has had none, and no rematch while the brute force finds a round without."""
    rng = random.Random(seed)
    order = list(range(n))
    points = dict.fromkeys(order, Fraction(0))
    met: dict[int, set[int]] = {p: set() for p in order}
    byes_had: Counter[int] = Counter()
    for _ in range(min(n, 6)):
        order.sort(key=lambda p: -points[p])
        pairing = pair_swiss(order, points, met, byes_had, table_size)
        check_round(pairing, order, byes_had, table_size)
        if n <= 9:
            assert pairing.rematches == fewest_rematches(order, met, byes_had, table_size)
        byes_had.update(pairing.byes)
        for p in pairing.byes:
            points[p] += 1
        for table in pairing.tables:
            for p in table:
                met[p].update(q for q in table if q != p)
            points[rng.choice(table)] += 1
        assert max(byes_had.values(), default=0) - min(byes_had[p] for p in order) <= 1


def test_first_round_top_half_meets_bottom_half():
    order = list(range(8))
    zero = dict.fromkeys(order, Fraction(0))
    pairing = pair_swiss(order, zero, {}, {}, 2)
    assert pairing.tables == ((0, 4), (1, 5), (2, 6), (3, 7))
    threes = pair_swiss(list(range(9)), dict.fromkeys(range(9), Fraction(0)), {}, {}, 3)
    assert threes.tables == ((0, 3, 6), (1, 4, 7), (2, 5, 8))


def test_equal_points_sit_together_and_the_bye_goes_to_the_lowest():
    order = list(range(7))
    points = {p: Fraction(1 if p < 4 else 0) for p in order}
    pairing = pair_swiss(order, points, {}, {}, 2)
    assert pairing.byes == (6,)
    for table in pairing.tables:
        assert len({points[p] for p in table}) == 1


def test_a_rematch_gives_way_to_a_player_from_lower_down():
    order = [1, 2, 3, 4]
    points = {1: Fraction(2), 2: Fraction(2), 3: Fraction(0), 4: Fraction(0)}
    met = {1: {2}, 2: {1}, 3: set(), 4: set()}
    pairing = pair_swiss(order, points, met, {}, 2)
    assert pairing.rematches == 0
    assert {frozenset(t) for t in pairing.tables} == {frozenset({1, 3}), frozenset({2, 4})}


@pytest.mark.parametrize(
    ("players", "size", "expected"),
    [
        (7, 2, ((2, 2, 2), 1)),
        (7, 3, ((3, 2, 2), 0)),
        (9, 3, ((3, 3, 3), 0)),
        (5, 4, ((4,), 1)),
        (7, 4, ((4, 3), 0)),
        (2, 4, ((2,), 0)),
        (1, 2, ((), 1)),
    ],
)
def test_table_sizes_seat_everyone_when_they_can(players, size, expected):
    assert table_sizes(players, size) == expected


@pytest.mark.parametrize(("n", "size"), [(4, 2), (7, 2), (8, 2), (9, 3), (7, 3), (12, 4), (5, 4)])
def test_round_robin_every_pair_meets(n, size):
    rounds = round_robin(list(range(n)), size)
    pairs: Counter[frozenset] = Counter()
    for pairing in rounds:
        assert sorted(pairing.players) == list(range(n))
        for table in pairing.tables:
            pairs.update(frozenset(p) for p in combinations(table, 2))
    assert set(pairs) == {frozenset(p) for p in combinations(range(n), 2)}
    if size == 2:  # Berger tables: each pair exactly once, n-1 rounds (n with a bye)
        assert set(pairs.values()) == {1}
        assert len(rounds) == n - 1 + n % 2
    assert rounds == round_robin(list(range(n)), size)


def test_round_robin_of_four_at_tables_of_two_is_three_rounds():
    rounds = round_robin([1, 2, 3, 4], 2)
    assert [r.tables for r in rounds] == [((1, 4), (2, 3)), ((1, 3), (4, 2)), ((1, 2), (3, 4))]
