"""The search behind pairing.pair_swiss: seating players at tables with as few rematches
as allowed, in the Dutch system's order of preference.

Players are numbered by their place in the standings (0 is the leader) and sets of them
are bit masks, so a step costs little. `exact` is a depth-first search, best player first:
each table is the highest unseated player with companions in order of preference,
backtracking when the rest cannot be seated within the rematches allowed; a set of players
left that could not be seated is remembered, and while no rematch may be added, a branch
in which some player has too few unmet players left to fill a table is cut at once.
`greedy` is the bounded fallback: one pass, each table taking the companions with the
fewest rematches, then swaps between tables while a swap removes rematches.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from math import lcm

EXACT_BELOW = 13
"""With at most this many players left, every companion is considered (exact search);
above it, the POOL nearest the ideal seats."""
POOL = {2: 12, 3: 9, 4: 8}


class OutOfSteps(Exception):
    pass


class Steps:
    """The search budget, shared by every try of one pairing."""

    def __init__(self, budget: int) -> None:
        self.left = budget

    def take(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise OutOfSteps


Table = tuple[int, ...]


class RoundSearch:
    def __init__(
        self,
        seated: Sequence[int],
        points: Mapping[int, Fraction],
        met: Mapping[int, frozenset[int] | set[int]],
    ) -> None:
        self.seated = list(seated)
        self.n = len(seated)
        scale = lcm(1, *(points[p].denominator for p in seated))  # whole numbers: fast
        self.points = [int(points[p] * scale) for p in seated]
        place = {p: i for i, p in enumerate(seated)}
        self.met = [0] * self.n
        for i, p in enumerate(seated):
            for q in met.get(p, ()):
                if q in place:
                    self.met[i] |= 1 << place[q]

    # --- the answers, in player ids -------------------------------------------------------
    def exact(self, sizes: Counter[int], allowance: int, steps: Steps) -> list[Table] | None:
        """The first seating in order of preference with at most `allowance` rematched
        pairs, or None if there is none. OutOfSteps when the budget runs out."""
        self.allowance, self.steps, self.greedy_pass = allowance, steps, False
        self.failed: set[tuple[int, tuple[int, ...], int]] = set()
        found = self._place((1 << self.n) - 1, sizes, 0)
        return None if found is None else self._ids(found)

    def greedy(self, sizes: Counter[int]) -> list[Table]:
        """One pass, fewest rematches first, then repaired by swaps (see `_repair`)."""
        tables: list[Table] = []
        mask = (1 << self.n) - 1
        self.greedy_pass = True
        for size in sorted(sizes.elements(), reverse=True):
            remaining = self._members(mask)
            table = (remaining[0], *self._candidates(remaining, size, fresh=False)[0])
            tables.append(table)
            mask &= ~sum(1 << i for i in table)
        return self._ids(self._repair(tables))

    def rematches(self, tables: Sequence[Table]) -> int:
        place = {p: i for i, p in enumerate(self.seated)}
        return sum(self._met_pairs([place[p] for p in table]) for table in tables)

    def _ids(self, tables: list[Table]) -> list[Table]:
        return [tuple(self.seated[i] for i in table) for table in tables]

    # --- the search -------------------------------------------------------------------------
    def _met_pairs(self, table: Sequence[int]) -> int:
        return sum(1 for a, b in combinations(table, 2) if self.met[a] >> b & 1)

    def _members(self, mask: int) -> list[int]:
        return [i for i in range(self.n) if mask >> i & 1]

    def _place(self, mask: int, sizes: Counter[int], used: int) -> list[Table] | None:
        if not mask:
            return []
        self.steps.take()
        remaining = self._members(mask)
        fresh = used == self.allowance
        if fresh and not self._fillable(remaining, mask, sizes):
            self.failed.add((mask, tuple(sorted(sizes.elements())), used))
            return None
        for size in sorted((s for s, n in sizes.items() if n), reverse=True):
            sizes[size] -= 1
            left = tuple(sorted(sizes.elements()))
            for companions in self._candidates(remaining, size, fresh):
                table = (remaining[0], *companions)
                cost = used + self._met_pairs(table)
                rest = mask & ~sum(1 << i for i in table)
                if cost > self.allowance or (rest, left, cost) in self.failed:
                    continue
                found = self._place(rest, sizes, cost)
                if found is not None:
                    sizes[size] += 1
                    return [table, *found]
            sizes[size] += 1
        self.failed.add((mask, tuple(sorted(sizes.elements())), used))
        return None

    def _fillable(self, remaining: list[int], mask: int, sizes: Counter[int]) -> bool:
        """Whether every player left has enough players left they have not met to fill
        the smallest table still to seat (a cut while no rematch may be added)."""
        need = min(s for s, n in sizes.items() if n) - 1
        return all(((mask & ~self.met[p]) & ~(1 << p)).bit_count() >= need for p in remaining)

    def _candidates(self, remaining: list[int], size: int, fresh: bool) -> list[Table]:
        """Companions for remaining[0] at a table of `size`, best first: fewest points
        given away (the same score group first), then nearest the ideal seats, the
        positions size-1 even slices down the score group. `fresh`: only players who
        have not met the top player or each other. The greedy pass puts fewest rematches
        before everything."""
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
                again = self.met[top] >> remaining[i] & 1 if self.greedy_pass else 0
                return (again, min(abs(i - s) for s in ideal), i)

            positions = sorted(sorted(positions, key=nearness)[: POOL[size]])
        given = {i: top_points - self.points[remaining[i]] for i in positions}

        def preference(chosen: tuple[int, ...]) -> tuple:
            drift = sum(abs(i - s) for i, s in zip(chosen, ideal, strict=True))
            order = (sum(given[i] for i in chosen), drift, chosen)
            if self.greedy_pass:
                return (self._met_pairs([top, *(remaining[i] for i in chosen)]), *order)
            return order

        def strangers(chosen: tuple[int, ...]) -> bool:
            pairs = combinations((remaining[i] for i in chosen), 2)
            return not any(self.met[a] >> b & 1 for a, b in pairs)

        combos = combinations(positions, size - 1)
        if fresh and size > 2:
            combos = filter(strangers, combos)
        return [tuple(remaining[i] for i in chosen) for chosen in sorted(combos, key=preference)]

    def _repair(self, tables: list[Table]) -> list[Table]:
        """Swap two players of different tables while a swap lowers the rematches: first
        between players of equal points (the score groups stay), then between any."""
        tables = [list(t) for t in tables]  # type: ignore[misc]
        for equal_only in (True, False):
            while self._one_swap(tables, equal_only):  # type: ignore[arg-type]
                pass
        return [tuple(t) for t in tables]

    def _one_swap(self, tables: list[list[int]], equal_only: bool) -> bool:
        for a, mine in enumerate(tables):
            if not self._met_pairs(mine):
                continue
            for i, p in enumerate(mine):
                for b, theirs in enumerate(tables):
                    for j, q in enumerate(theirs):
                        if b == a or (equal_only and self.points[p] != self.points[q]):
                            continue
                        before = self._met_pairs(mine) + self._met_pairs(theirs)
                        new_mine = [*mine[:i], q, *mine[i + 1 :]]
                        new_theirs = [*theirs[:j], p, *theirs[j + 1 :]]
                        if self._met_pairs(new_mine) + self._met_pairs(new_theirs) < before:
                            tables[a], tables[b] = new_mine, new_theirs
                            return True
        return False
