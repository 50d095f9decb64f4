"""Tournament scoring, standings and the pairing of each round (see pairing.py for how).

Scoring. At a tournament's tables of k players, a player scores (k-1)/(s-1) points for each
opponent ranked below them at their table of s, and half that for each one level with
them. Ranks are the game's own (`TileGame.standings()`: the rulebook's tie-break decides a
shared lowest colour, and a resigned or withdrawn seat ranks last). At the set size that
is 1 / ½ / 0 at tables of 2 (as in chess), 2 / 1 / 0 at tables of 3 and 3 / 2 / 1 / 0 at
tables of 4; a smaller table (see pairing.table_sizes) is scaled to the same range. A bye
scores as a win, k-1 points (FIDE C.04.1 and lichess give a bye a win's points). A table
that was ended without a result (a host's /axio end) scores 0 for everyone at it, as a
double forfeit does in chess, and still counts as having met.

Standings. Ties in points are broken, in this order, by:
1. Buchholz: the sum, over the rounds a player played, of the average final points of
   that round's opponents. A bye round counts the player's own points (FIDE's tie-break
   regulations count an unplayed round as a game against an opponent of one's own score).
2. The sum of the player's lowest colours over all their tournament games: the number
   the game itself is decided by.
Players equal on all three share a rank and are listed in seed order. Withdrawn players
keep their points and their place in the standings; they are never paired again.

Seed order (pairing numbers): by the server's rating of the game, best first, the order
among equals drawn with the tournament's seed (FIDE draws lots among unrated players).
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from .pairing import Pairing, pair_swiss, round_robin

FORMATS = ("swiss", "round_robin")
ROUND_ROBIN_MAX_PLAYERS = 16
"""A round robin of more would last longer than anyone's patience at days per move."""
SWISS_MAX_ROUNDS = 20


@dataclass(frozen=True)
class TableResult:
    """One finished table: its players in seat order, each seat's rank in that game (None
    if the table was ended without a result) and each seat's lowest colour."""

    players: tuple[int, ...]
    ranks: tuple[int, ...] | None
    lowest: tuple[int, ...] = ()


@dataclass(frozen=True)
class StandingRow:
    rank: int
    player: int
    points: Fraction
    buchholz: Fraction
    lowest_sum: int
    played: int
    byes: int
    withdrawn: bool = False


def table_points(result: TableResult, table_size: int) -> dict[int, Fraction]:
    """Each player's points for one table (see the module's docstring)."""
    seats = len(result.players)
    if result.ranks is None or seats < 2:
        return dict.fromkeys(result.players, Fraction(0))
    scale = Fraction(table_size - 1, seats - 1)
    points = {}
    for player, rank in zip(result.players, result.ranks, strict=True):
        below = sum(1 for other in result.ranks if other > rank)
        level = sum(1 for other in result.ranks if other == rank) - 1
        points[player] = (below + Fraction(level, 2)) * scale
    return points


def bye_points(table_size: int) -> Fraction:
    return Fraction(table_size - 1)


def standings(
    players: Sequence[int],
    results: Iterable[TableResult],
    byes: Iterable[int],
    table_size: int,
    withdrawn: Collection[int] = (),
) -> list[StandingRow]:
    """The standings, best first: `players` in seed order, every finished table, and one
    entry in `byes` per bye a player had."""
    points: dict[int, Fraction] = dict.fromkeys(players, Fraction(0))
    lowest: Counter[int] = Counter()
    played: Counter[int] = Counter()
    opponents: dict[int, list[tuple[int, ...]]] = defaultdict(list)
    finished = list(results)
    for result in finished:
        for player, got in table_points(result, table_size).items():
            points[player] += got
        for seat, player in enumerate(result.players):
            played[player] += 1
            if result.lowest:
                lowest[player] += result.lowest[seat]
            opponents[player].append(tuple(p for p in result.players if p != player))
    bye_count = Counter(byes)
    for player, count in bye_count.items():
        points[player] += bye_points(table_size) * count
    rows = []
    for player in players:
        buchholz = (
            sum(
                (
                    sum((points[o] for o in met), Fraction(0)) / len(met)
                    for met in opponents[player]
                ),
                Fraction(0),
            )
            + points[player] * bye_count[player]
        )
        rows.append(
            StandingRow(
                0,
                player,
                points[player],
                buchholz,
                lowest[player],
                played[player],
                bye_count[player],
                player in withdrawn,
            )
        )
    seed = {player: i for i, player in enumerate(players)}
    rows.sort(key=lambda r: (_merit(r), seed[r.player]))
    ranked: list[StandingRow] = []
    for i, row in enumerate(rows):
        same = ranked and _merit(ranked[-1]) == _merit(row)
        rank = ranked[-1].rank if same else i + 1
        ranked.append(replace(row, rank=rank))
    return ranked


def _merit(row: StandingRow) -> tuple[Fraction, Fraction, int]:
    """The sort key of the tie-break chain (smaller sorts first)."""
    return (-row.points, -row.buchholz, -row.lowest_sum)


def met_so_far(results: Iterable[TableResult]) -> dict[int, set[int]]:
    """Everyone each player has sat at a table with."""
    met: dict[int, set[int]] = defaultdict(set)
    for result in results:
        for player in result.players:
            met[player].update(p for p in result.players if p != player)
    return met


def swiss_round(
    players: Sequence[int],
    results: Sequence[TableResult],
    byes: Sequence[int],
    table_size: int,
    withdrawn: Collection[int] = (),
) -> Pairing:
    """The next Swiss round: the active players in standings order, paired by
    pairing.pair_swiss against everyone's opponents and byes so far."""
    rows = standings(players, results, byes, table_size, withdrawn)
    order = [row.player for row in rows if not row.withdrawn]
    points = {row.player: row.points for row in rows}
    return pair_swiss(order, points, met_so_far(results), Counter(byes), table_size)


def round_robin_round(
    players: Sequence[int], table_size: int, number: int, withdrawn: Collection[int] = ()
) -> Pairing:
    """Round `number` (from 1) of the round robin of `players` in seed order: the fixed
    schedule, less the withdrawn. A player whose tablemates have all withdrawn has a bye
    (a forfeit win, as in a round robin the opponent of a withdrawn player wins)."""
    planned = round_robin(players, table_size)[number - 1]
    tables, byes = [], [p for p in planned.byes if p not in withdrawn]
    for table in planned.tables:
        left = tuple(p for p in table if p not in withdrawn)
        if len(left) >= 2:
            tables.append(left)
        else:
            byes.extend(left)
    return Pairing(tuple(tables), tuple(byes))


def round_robin_length(players: int, table_size: int) -> int:
    """How many rounds a round robin of this many players lasts."""
    return len(round_robin(list(range(players)), table_size))


def seed_order(players: Iterable[int], ratings: Mapping[int, float], seed: int) -> list[int]:
    """Pairing numbers: best rating first (a missing rating counts as 0), equals in an
    order drawn with the tournament's seed."""
    drawn = sorted(players)
    random.Random(seed).shuffle(drawn)
    lot = {player: i for i, player in enumerate(drawn)}
    return sorted(drawn, key=lambda p: (-ratings.get(p, 0.0), lot[p]))


def table_seed(seed: int, round_number: int, table: int) -> int:
    """The deal of one table: from the tournament's seed, the round and the table, so a
    tournament's games are all fixed by its seed."""
    text = f"axio-tournament/{seed}/{round_number}/{table}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") % 2**31


_GLYPHS = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}


def format_points(value: Fraction) -> str:
    """Points as people write them: 3, 2½, 1¾; other fractions (a Buchholz of thirds)
    with two decimals."""
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    if part in _GLYPHS:
        return f"{int(whole) if whole else ''}{_GLYPHS[part]}"
    return f"{float(value):.2f}"
