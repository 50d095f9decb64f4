"""The hard level: a look-ahead over determinizations of what the seat cannot see.

Information safety is structural: the search starts by dealing `resample_hidden(seat, rng)`
copies of the game (other racks, the bag order, the stacks re-dealt at random from the
tiles this seat has not seen) and reads the real game only through that call. Two games
that differ only in hidden tiles therefore give the same decision.

Each round deals one such copy and plays every surviving candidate move on it, then the
other seats' turns and, where it is foreseeable, the seat's own next turn (all with the
normal policy), and values the position reached (`position_value`). Candidates are the
best few moves by the normal evaluation; after some rounds the weaker half is dropped so
that the rest get more samples. All candidates share each round's deal, so their
differences are not swamped by the luck of the deal. What limits it in Rota is the
one-round horizon and the valuation, not the hidden tiles: allowed to see every hidden
tile (an experiment, never the game: `bench/bench_ceiling.py`), it won 0.877 against
greedy where it wins 0.840 (the same 400 games, 0.2 s a move).

Determinism: the amount of work is counted, not timed. Every move the engine scores costs
one unit, and copies, plays, scans and deals their own calibrated costs; a budget of
`budget_s` seconds buys `budget_s * UNITS_PER_SECOND` units, calibrated so that a move
takes well under its budget on a modest machine. The wall clock is only a safety stop
(`SAFETY_STOP`): it does not fire on a machine as fast as the calibration one; when it
does (a slow or busy machine), the decision comes from the work finished so far, which
then depends on timing.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..common import NO_POINTS, ScoredMove
from ..game import TileGame
from .evaluate import position_value
from .policies import best_placement, in_exchange, normal_move, ranked_moves
from .work import WorkBudget

UNITS_PER_SECOND = 120_000
"""Work units a second of budget buys. A unit is about the time the engine takes to score
and value one move (3.5 µs on the calibration machine), so that a move takes under half
its budget there and the safety stop has room on a busy machine."""
PLY_COST = 12
"""Units for copying a game and playing one simulated move on it."""
SCAN_COST = {"axio": 200, "rota": 10}
"""Units for one `scored_moves()` call beside its moves: AXIO first tabulates what every
empty cell would score."""
SAFETY_STOP = 0.9
"""The share of the budget after which the wall clock stops the search, whatever is left."""
DEAL_COST = 150
"""Units for dealing one determinization (`resample_hidden`)."""
CANDIDATES = 8
PRUNE_AFTER = (4, 10, 20)
"""Rounds after which the weaker half of the candidates is dropped (at least two stay)."""


@dataclass(frozen=True)
class Verdict:
    """One candidate after the search: its mean value over the rounds that sampled it."""

    move: Any
    points: tuple[int, ...]
    value: float
    samples: int


def search(game: TileGame, *, seed: int, budget_s: float) -> list[Verdict]:
    """The candidate moves for the seat to move, best first, judged by look-ahead."""
    seat = game.to_move
    rng = random.Random(f"{seed}:{game.move_count}")
    budget = WorkBudget(budget_s, UNITS_PER_SECOND, SAFETY_STOP)
    view = game.resample_hidden(seat, rng)
    options = candidates(view)
    totals = [0.0] * len(options)
    samples = [0] * len(options)
    alive = list(range(len(options)))
    rounds = 0
    round_cost = 0.0
    while len(alive) > 1 and budget.units > round_cost and not budget.out_of_time():
        det = view if rounds == 0 else game.resample_hidden(seat, rng)
        before = budget.units
        budget.spend(DEAL_COST)
        for i in alive:
            totals[i] += rollout(det, seat, options[i].move, budget, _horizon(det))
            samples[i] += 1
            if budget.out_of_time():
                break
        rounds += 1
        per_candidate = (before - budget.units) / len(alive)
        if rounds in PRUNE_AFTER:
            alive.sort(key=lambda i: -totals[i] / samples[i])
            alive = sorted(alive[: max(2, len(alive) // 2)])
        round_cost = per_candidate * len(alive)
    means = [t / n if n else float("-inf") for t, n in zip(totals, samples, strict=True)]
    order = sorted(range(len(options)), key=lambda i: (i not in alive, -means[i], i))
    return [Verdict(options[i].move, options[i].points, means[i], samples[i]) for i in order]


def candidates(view: TileGame, width: int = CANDIDATES) -> list[ScoredMove]:
    """The moves worth a look-ahead: both answers to an exchange, else the `width` best by
    the normal evaluation (one per distinct effect on the table)."""
    if in_exchange(view):
        return [ScoredMove(m, NO_POINTS) for m in view.legal_moves()]
    chosen: dict[Any, ScoredMove] = {}
    for _value, m in ranked_moves(view, view.scored_moves()):
        chosen.setdefault(_board_effect(m.move), m)
        if len(chosen) == width:
            break
    return list(chosen.values())


def _board_effect(move: Any) -> Any:
    """What a move leaves on the table. A Rota move's named colour only changes the points
    it scores now, so of several names for one placement only the best is worth a look."""
    return dataclasses.replace(move, name=None) if hasattr(move, "name") else move


Valuation = Callable[[TileGame, int], float]
"""How good a position is for a seat (see `evaluate.position_value`)."""
PlacementPolicy = Callable[[TileGame], tuple[Any, int]]
"""How a playout chooses a placement, and how many there were (see `best_placement`)."""


def rollout(
    det: TileGame,
    seat: int,
    move: Any,
    budget: WorkBudget,
    horizon: int,
    value: Valuation = position_value,
    placement: PlacementPolicy = best_placement,
) -> float:
    """Play `move` on a copy of `det`, then the following turns with the normal policy
    (its exchanges, and `placement`) until turn `horizon` (or the end); the `value` of
    where that leads for `seat`."""
    game = det.copy()
    game.play(move)
    budget.spend(PLY_COST)
    while not game.is_over and game.turn < horizon:
        if in_exchange(game):
            game.play(normal_move(game))
            budget.spend(PLY_COST)
            continue
        move, count = placement(game)
        budget.spend(SCAN_COST[game.kind] + count + PLY_COST)
        game.play(move)
    return value(game, seat)


def _horizon(game: TileGame) -> int:
    """The turn at which a rollout stops: once every other seat has replied, and after the
    seat's own next turn too where that turn is foreseeable. In AXIO the next rack is
    mostly the tiles held now; in solo there is nothing else to look at. In Rota with
    others the next tile is a blind draw, and playing it only added noise: against greedy
    the search won 0.83 without it and 0.77 with it (300 games each)."""
    follow_up = game.solo or game.kind == "axio"
    return game.turn + game.players + follow_up
