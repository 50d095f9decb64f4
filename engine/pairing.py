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
  which covers every tournament of up to a dozen or so players and any ordinary round of
  a large one. A huge tournament deep into its rounds that exhausts the budget is paired
  in one greedy pass instead (each table the companions with the fewest rematches), so
  a pairing always comes back in bounded time.

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
from math import gcd

NODE_BUDGET = 8_000
"""Search steps one pairing may take before it settles for one more rematch."""
EXACT_BELOW = 13
"""With at most this many players left, every companion is considered (exact search);
above it, the nearest POOL candidates to the ideal seats."""
POOL = {2: 12, 3: 10, 4: 9}
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
    steps = _Steps(budget)
    allowance = 0
    while True:
        for byes in choices:
            seated = [p for p in order if p not in byes]
            search = _Search(seated, points, met, allowance, steps)
            tables = search.run(Counter(sizes))
            if tables is not None:
                bye_order = tuple(p for p in order if p in byes)
                return Pairing(tuple(tables), bye_order, search.rematches(tables))
        allowance += 1


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


class _OutOfSteps(Exception):
    pass


class _Steps:
    """The search budget, shared by every try of one pairing."""

    def __init__(self, budget: int) -> None:
        self.left = budget

    def take(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _OutOfSteps


class _Search:
    """Depth first, best player first: each table is the highest unseated player with
    companions in order of preference, backtracking when the rest cannot be seated with
    at most `allowance` rematched pairs in all.

    Players are numbered by their place in `seated` and sets of them are bit masks, so a
    step costs little; a set of players left that could not be seated is remembered, and
    while no rematch may be added, a branch in which some player has too few unmet
    players left to fill a table is cut at once."""

    def __init__(
        self,
        seated: Sequence[int],
        points: Mapping[int, Fraction],
        met: Met,
        allowance: int,
        steps: _Steps,
    ) -> None:
        self.seated = list(seated)
        scale = 1  # points as whole numbers: Fraction arithmetic would slow every step
        for p in seated:
            scale = scale * points[p].denominator // gcd(scale, points[p].denominator)
        self.points = [int(points[p] * scale) for p in seated]
        place = {p: i for i, p in enumerate(seated)}
        self.met = [0] * len(seated)
        for i, p in enumerate(seated):
            for q in met.get(p, ()):
                if q in place:
                    self.met[i] |= 1 << place[q]
        self.allowance = allowance
        self.steps = steps
        self.greedy = False
        self.failed: set[tuple[int, tuple[int, ...], int]] = set()

    def run(self, sizes: Counter[int]) -> list[tuple[int, ...]] | None:
        everyone = list(range(len(self.seated)))
        found = None
        if self.steps.left >= 0:
            try:
                found = self._place(everyone, sizes, 0)
            except _OutOfSteps:
                # The budget is spent: one pass without backtracking, each table taking
                # the companions with the fewest rematches (then the usual preference).
                self.greedy = True
                self.allowance = len(everyone) ** 2
                found = self._place(everyone, sizes, 0)
        else:
            self.greedy = True
            self.allowance = len(everyone) ** 2
            found = self._place(everyone, sizes, 0)
        if found is None:
            return None
        return [tuple(self.seated[i] for i in table) for table in found]

    def rematches(self, tables: Sequence[tuple[int, ...]]) -> int:
        place = {p: i for i, p in enumerate(self.seated)}
        return sum(self._met_pairs([place[p] for p in table]) for table in tables)

    def _met_pairs(self, table: Sequence[int]) -> int:
        return sum(1 for a, b in combinations(table, 2) if self.met[a] >> b & 1)

    def _place(
        self, remaining: list[int], sizes: Counter[int], used: int
    ) -> list[tuple[int, ...]] | None:
        if not remaining:
            return []
        mask = sum(1 << i for i in remaining)
        key = (mask, tuple(sorted(sizes.elements())), used)
        if key in self.failed:
            return None
        if not self.greedy:
            self.steps.take()
            if used == self.allowance and not self._fillable(remaining, mask, sizes):
                self.failed.add(key)
                return None
        for size in sorted((s for s, n in sizes.items() if n), reverse=True):
            for companions in self._candidates(remaining, size, used == self.allowance):
                table = (remaining[0], *companions)
                cost = used + self._met_pairs(table)
                if cost > self.allowance:
                    continue
                rest = [p for p in remaining[1:] if p not in companions]
                sizes[size] -= 1
                found = self._place(rest, sizes, cost)
                sizes[size] += 1
                if found is not None:
                    return [table, *found]
        self.failed.add(key)
        return None

    def _fillable(self, remaining: list[int], mask: int, sizes: Counter[int]) -> bool:
        """Whether every player left has enough players left they have not met to fill
        the smallest table still to seat (a cut while no rematch may be added)."""
        need = min(s for s, n in sizes.items() if n) - 1
        return all(((mask & ~self.met[p]) & ~(1 << p)).bit_count() >= need for p in remaining)

    def _candidates(self, remaining: list[int], size: int, fresh: bool) -> list[tuple[int, ...]]:
        """Companions for remaining[0] at a table of `size`, best first: fewest points
        given away (the same score group first), then nearest the ideal seats, the
        positions size-1 even slices down the score group. `fresh`: only players who
        have not met the top player or each other."""
        top = remaining[0]
        top_points = self.points[top]
        group = sum(1 for p in remaining if self.points[p] == top_points)
        span = max(group, size)
        ideal = [j * span // size for j in range(1, size)]
        positions = [
            i for i in range(1, len(remaining)) if not (fresh and self.met[top] >> remaining[i] & 1)
        ]
        if len(remaining) > EXACT_BELOW:

            def nearness(i: int) -> tuple[int, int, int]:
                again = self.met[top] >> remaining[i] & 1 if self.greedy else 0
                return (again, min(abs(i - s) for s in ideal), i)

            positions = sorted(sorted(positions, key=nearness)[: POOL[size]])

        def preference(chosen: tuple[int, ...]) -> tuple:
            given = sum(top_points - self.points[remaining[i]] for i in chosen)
            drift = sum(abs(i - s) for i, s in zip(chosen, ideal, strict=True))
            if self.greedy:
                again = self._met_pairs([top, *(remaining[i] for i in chosen)])
                return (again, given, drift, chosen)
            return (given, drift, chosen)

        def strangers(chosen: tuple[int, ...]) -> bool:
            pairs = combinations((remaining[i] for i in chosen), 2)
            return not any(self.met[a] >> b & 1 for a, b in pairs)

        combos = combinations(positions, size - 1)
        if fresh and size > 2:
            combos = filter(strangers, combos)
        ranked = sorted(combos, key=preference)
        return [tuple(remaining[i] for i in chosen) for chosen in ranked]
