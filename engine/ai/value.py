"""A learned value of a position: the chance that a seat wins, from what that seat may see.

The hand-written valuation (`evaluate.position_value`) knows the goal (the highest lowest
colour) but not how a position plays on; this one is learned by self-play
(`bench/train_value.py`, TD(λ)) and read from a weights file shipped with the package.
It covers the games and player counts a file exists for (2-player Rota for now);
`load_weights` says None elsewhere and the expert keeps the hand-written valuation.

Features (n-tuples: each is a small table, the value is the logistic of the sum of the
entries the position picks; the five colours share the per-colour tables):
- `rank`: the r-th lowest score of the seat beside the other seat's r-th lowest;
- `colour`: the seat's and the other's score in each colour;
- `lead` and `ahead`: the gap between the lowest colours, and who leads on the game's
  ranking (sorted scores compared), by placements left and whose move it is;
- `open`: per colour, how far it is above each seat's lowest, beside the most points a
  corner of that colour could score on the display now;
- `supply`: the same distances beside how many corners of that colour are not on the
  display (counts only: the seat's view of the unseen tiles);
- `point`: every open grid point (one to three corners laid), for every colour it shows:
  how many corners of that colour and of all colours meet there, beside the colour's
  distances above each seat's lowest and whose move it is. Summed over the display, so
  that the number of chances counts, not only the best one: the table that tells apart
  two moves scoring alike (what each leaves open, and for whom).

Information safety is structural: the features read the scores, the display, stack sizes
and whose move it is, all public; never a hand, a stack or the supply.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from importlib import resources

from ..common import COLOURS as COLOUR_ORDER
from ..game import TileGame
from ..rota_tiles import ALL_TILES
from .evaluate import win_share

CAP = 12
"""Rota's cap: the score tables hold 0..CAP."""
TRACK = CAP + 1
LEFT = 27
"""Placements left in a 2-player game: 2 × (a stack of 12 and a hand) + 1 to spare."""
GAP = 6
"""Gaps between lowest colours beyond ±GAP count as ±GAP."""
NEED = 4
"""How far a colour is above a seat's lowest, 0..NEED-1 (further counts as NEED-1)."""
OPEN = 4
"""Points an open corner could score in one colour, 0..OPEN-1."""
SUPPLY = 8
"""Corners of one colour off the display, in steps of `SUPPLY_STEP`, 0..SUPPLY-1."""
SUPPLY_STEP = 6
HELD = 3
"""An open grid point holds one to HELD corners, and so of one colour."""
POINT_ENTRIES = HELD * HELD * 2
"""The `point` entries of one pair of distances: corners of the colour, of all colours,
whose move."""
COLOURS = len(COLOUR_ORDER)
CORNERS_PER_COLOUR = [sum(tile.count(colour) for tile in ALL_TILES) for colour in COLOUR_ORDER]
"""Corners of each colour in the box."""

TABLES: dict[str, int] = {
    "bias": 1,
    "rank": COLOURS * TRACK * TRACK,
    "colour": TRACK * TRACK,
    "lead": 2 * LEFT * (2 * GAP + 1),
    "ahead": 2 * LEFT * 3,
    "open": NEED * NEED * OPEN * 2,
    "supply": NEED * NEED * SUPPLY,
    "point": NEED * NEED * POINT_ENTRIES,
}
"""Each table's size, in the order of the flat weight vector."""
OFFSETS: dict[str, int] = {}
_at = 0
for _name, _size in TABLES.items():
    OFFSETS[_name] = _at
    _at += _size
SIZE = _at
"""How many weights a value has."""
FILES = {("rota", 2): "rota-2p.json"}
"""The weights file of each (game, players) covered, in engine/ai/data."""


def features(game: TileGame, seat: int) -> list[int]:
    """The weight indices a 2-player Rota position picks for `seat` (see the module)."""
    other = 1 - seat
    mine = game.scoreboards[seat].scores
    theirs = game.scoreboards[other].scores
    my_sorted, their_sorted = sorted(mine), sorted(theirs)
    my_low, their_low = my_sorted[0], their_sorted[0]
    left = min(LEFT - 1, _placements_left(game, seat) + _placements_left(game, other))
    mover = int(game.to_move == seat)
    gap = max(-GAP, min(GAP, my_low - their_low)) + GAP
    ahead = (my_sorted > their_sorted) - (my_sorted < their_sorted) + 1
    needs = [
        min(NEED - 1, mine[c] - my_low) * NEED + min(NEED - 1, theirs[c] - their_low)
        for c in range(COLOURS)
    ]
    point_at = [OFFSETS["point"] + need * POINT_ENTRIES + mover for need in needs]
    best_open = [0] * COLOURS
    laid = [0] * COLOURS
    found = []
    for counts in game.display.points.values():  # type: ignore[attr-defined]
        corners = counts[COLOURS]
        open_point = corners < 4
        for c in range(COLOURS):
            n = counts[c]
            if not n:
                continue
            laid[c] += n
            if open_point:
                found.append(point_at[c] + ((n - 1) * HELD + corners - 1) * 2)
                if n > best_open[c]:
                    best_open[c] = n
    rank, colour, need_open, supply = (
        OFFSETS["rank"],
        OFFSETS["colour"],
        OFFSETS["open"],
        OFFSETS["supply"],
    )
    found += [
        OFFSETS["bias"],
        OFFSETS["lead"] + (mover * LEFT + left) * (2 * GAP + 1) + gap,
        OFFSETS["ahead"] + (mover * LEFT + left) * 3 + ahead,
    ]
    for r in range(COLOURS):
        found.append(rank + (r * TRACK + my_sorted[r]) * TRACK + their_sorted[r])
    for c in range(COLOURS):
        found.append(colour + mine[c] * TRACK + theirs[c])
        need = needs[c]
        found.append(need_open + (need * OPEN + min(OPEN - 1, best_open[c])) * 2 + mover)
        off = min(SUPPLY - 1, max(0, CORNERS_PER_COLOUR[c] - laid[c]) // SUPPLY_STEP)
        found.append(supply + need * SUPPLY + off)
    return found


def _placements_left(game: TileGame, seat: int) -> int:
    """A seat's stack and hand, as its opponents can count them."""
    return game.stack_count(seat) + (game.hands[seat] is not None)  # type: ignore[attr-defined]


def win_chance(weights: Sequence[float], picked: Sequence[int]) -> float:
    """The logistic of the picked weights' sum."""
    total = sum(weights[i] for i in picked)
    if total < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-total))


@functools.lru_cache(maxsize=4)
def load_weights(kind: str, players: int) -> tuple[float, ...] | None:
    """The shipped weights for a game and player count, or None if none are shipped."""
    name = FILES.get((kind, players))
    if name is None:
        return None
    text = resources.files(__package__).joinpath("data", name).read_text()
    return parse_weights(text)


def parse_weights(text: str) -> tuple[float, ...]:
    """The weight vector of a weights file, checked against this module's tables."""
    data = json.loads(text)
    if data.get("tables") != TABLES:
        raise ValueError("the weights file was trained for other features: train it again")
    weights = tuple(float(w) for w in data["weights"])
    if len(weights) != SIZE:
        raise ValueError(f"the weights file holds {len(weights)} weights, not {SIZE}")
    return weights


def win_chance_of(game: TileGame, seat: int) -> float:
    """`seat`'s learned chance to win (a finished game: its share of the win), for a game
    and player count whose weights are shipped."""
    if game.is_over:
        return win_share(game, seat)
    weights = load_weights(game.kind, game.players)
    if weights is None:
        raise ValueError(f"no learned value is shipped for {game.players}-player {game.kind}")
    return win_chance(weights, features(game, seat))
