"""Pairing a tournament round: who sits at which table of 2, 3 or 4, and who has a bye.

Swiss follows the basic rules of the FIDE Dutch system (FIDE Handbook C.04.1 "Basic
rules for Swiss systems" and C.04.3 "FIDE (Dutch) System"), which lichess also pairs by:
- C.04.1.b: two players do not meet twice. Here: the round has the fewest possible pairs
  of players who have sat at one table before; none while some pairing avoids them all.
- C.04.1.c: a player who has had a bye gets no second one. Here: while an active player
  has had fewer byes, nobody gets one more; this ranks above rematches, as both are
  absolute criteria and spreading byes is the one players see.
- C.04.1.d/e: players of equal points are paired together as far as possible; a score
  group that cannot be paired within itself sends its lowest players down to the next.
- C.04.3: within a score group the top half meets the bottom half (1 vs m/2+1, …), and
  the bye goes to the lowest-ranked player of the lowest score group who may have one.

Where this departs from FIDE, for AXIO and for tables of 3–4:
- No colours: AXIO has none to allocate (the engine draws who starts).
- A table of k players takes its players from k slices of the score group (the i-th of
  the top slice with the i-th of every other): the top-half/bottom-half rule for k parts.
- A "rematch" is any pair of players who sat at one table before, at any table size.
- Tables are of the set size k or one smaller, so that nobody sits out when the players
  do not divide by k (7 players at tables of 3: 3+2+2); a bye only when no such split
  seats everyone (tables of 2 with an odd count, 5 players at tables of 4). With fewer
  players than one such table (after withdrawals), one smaller table plays.
- The search is exact (no avoidable rematch, spread byes) up to NODE_BUDGET search steps,
  which covers every tournament of about a dozen players and the ordinary rounds of a
  large one. A large tournament deep into its rounds that exhausts the budget is paired
  greedily instead (each table the companions with the fewest rematches), then repaired
  by swapping players between tables while that removes rematches (equal points first):
  few rematches, not provably fewest, in bounded time.

Round robin for tables of 2 uses the Berger tables (FIDE Handbook C.05, Annex 1); for
tables of 3–4 there is no published schedule for every player count, so rounds are
formed one by one, each seating the fewest pairs who have met, until every pair has met.

Pure and deterministic: the same inputs give the same pairing, with no randomness at all
(the caller's seeded initial order is the only source of chance).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from .pairing_search import OutOfSteps, RoundSearch, Steps

NODE_BUDGET = 3_000
"""Search steps (tables tried from a position) one pairing may take before it settles
for a greedy round repaired by swaps (see pairing_search.py)."""
MAX_BYE_SETS = 16
"""Ways of giving the byes tried before the next rematch is allowed."""

Met = Mapping[int, frozenset[int] | set[int]]


@dataclass(frozen=True)
class Pairing:
    """One round: tables (player ids in seat order) and the players with a bye."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()
    rematches: int = 0
    """Pairs seated together who had already met: the fewest the search could find."""

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(p for table in self.tables for p in table) + self.byes


def table_sizes(players: int, size: int) -> tuple[tuple[int, ...], int]:
    """The table sizes (largest first) for `players` at tables of `size`, and the number
    of byes: as many full tables as leave nobody out, the rest one seat smaller."""
    if not 2 <= size <= 4:
        raise ValueError(f"tables have 2 to 4 players, not {size}")
    smaller = size - 1
    best: tuple[int, int, int] | None = None  # (byes, small tables, full tables)
    for small in range(players // smaller + 1 if smaller >= 2 else 1):
        full, left = divmod(players - small * smaller, size)
        if best is None or (left, small) < best[:2]:
            best = (left, small, full)
    assert best is not None
    byes, small, full = best
    if full == small == 0 and players >= 2:  # too few for even a smaller table
        return (players,), 0
    return (size,) * full + (smaller,) * small, byes


def pair_swiss(
    order: Sequence[int],
    points: Mapping[int, Fraction],
    met: Met,
    byes_had: Mapping[int, int],
    table_size: int,
    *,
    budget: int = NODE_BUDGET,
) -> Pairing:
    """Pair the active players, given best first (the standings' order), at tables of
    `table_size`. `met[p]`: everyone p has sat with; `byes_had[p]`: p's byes so far."""
    if len(set(order)) != len(order):
        raise ValueError("a player is listed twice")
    sizes, bye_count = table_sizes(len(order), table_size)
    choices = list(_bye_choices(order, byes_had, bye_count))

    def pairing(byes: set[int], search: RoundSearch, tables: list[tuple[int, ...]]) -> Pairing:
        bye_order = tuple(p for p in order if p in byes)
        return Pairing(tuple(tables), bye_order, search.rematches(tables))

    steps = Steps(budget)
    try:
        for allowance in range(len(order) ** 2):
            for byes in choices:
                search = RoundSearch([p for p in order if p not in byes], points, met)
                tables = search.exact(Counter(sizes), allowance, steps)
                if tables is not None:
                    return pairing(byes, search, tables)
    except OutOfSteps:
        pass
    search = RoundSearch([p for p in order if p not in choices[0]], points, met)
    return pairing(choices[0], search, search.greedy(Counter(sizes)))


def round_robin(players: Sequence[int], table_size: int) -> list[Pairing]:
    """Every round of a round robin of `players` (in their drawn order), after which every
    pair has met: the Berger tables for tables of 2; for tables of 3–4, rounds formed one
    by one (see `_covering_round`) until no pair is left unmet."""
    if table_size == 2:
        return _berger(list(players))
    met: dict[int, set[int]] = {p: set() for p in players}
    byes: Counter[int] = Counter()
    rounds: list[Pairing] = []
    limit = len(players) * len(players)  # far past any real schedule: a guard, not a plan
    while any(len(met[p]) < len(players) - 1 for p in players) and len(rounds) < limit:
        pairing = _covering_round(players, met, byes, table_size)
        for table in pairing.tables:
            for p in table:
                met[p].update(q for q in table if q != p)
        byes.update(pairing.byes)
        rounds.append(pairing)
    return rounds


def _covering_round(
    players: Sequence[int], met: Mapping[int, set[int]], byes: Counter[int], table_size: int
) -> Pairing:
    """One round robin round at tables of 3–4, greedily: the byes go to those with the
    fewest byes who have the fewest players left to meet; then, most players left to meet
    first, each table is filled one seat at a time with whoever adds the most new pairs.
    The first table always adds one while any pair is unmet, so the schedule ends."""
    sizes, bye_count = table_sizes(len(players), table_size)
    place = {p: i for i, p in enumerate(players)}

    def unmet(p: int, among: Sequence[int]) -> int:
        return sum(1 for q in among if q != p and q not in met[p])

    by_bye = sorted(players, key=lambda p: (byes[p], unmet(p, players), -place[p]))
    resting = set(by_bye[:bye_count])
    left = sorted(
        (p for p in players if p not in resting), key=lambda p: (-unmet(p, players), place[p])
    )
    tables = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best = max(left, key=lambda q: (sum(q not in met[t] for t in table), -place[q]))
            left.remove(best)
            table.append(best)
        tables.append(tuple(table))
    again = sum(1 for table in tables for a, b in combinations(table, 2) if b in met[a])
    return Pairing(tuple(tables), tuple(p for p in players if p in resting), again)


def _berger(players: list[int]) -> list[Pairing]:
    """FIDE's Berger tables by the circle method: the first player stays, the others turn
    one place each round; with an odd count a dummy seat gives the bye."""
    ring: list[int | None] = [*players, None] if len(players) % 2 else list(players)
    n = len(ring)
    rounds = []
    for _ in range(n - 1):
        tables, byes = [], []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                byes.append(b if a is None else a)
            else:
                tables.append((a, b))
        rounds.append(Pairing(tuple(tables), tuple(p for p in byes if p is not None)))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def _bye_choices(order: Sequence[int], byes_had: Mapping[int, int], count: int) -> Iterator[set]:
    """The sets of players who may take the round's byes, best first: nobody gets one
    more while an active player has had fewer, and the lowest-ranked go first."""
    if count == 0:
        yield set()
        return
    place = {p: i for i, p in enumerate(order)}
    lowest_first = sorted(order, key=lambda p: (byes_had.get(p, 0), -place[p]))
    level = byes_had.get(lowest_first[count - 1], 0)
    must = [p for p in lowest_first if byes_had.get(p, 0) < level]
    may = [p for p in lowest_first if byes_had.get(p, 0) == level]
    for n, chosen in enumerate(combinations(may, count - len(must))):
        if n >= MAX_BYE_SETS:
            return
        yield {*must, *chosen}
