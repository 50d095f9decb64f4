"""The expert level: determinized Monte Carlo search over what the seat cannot see.

Information safety is structural, as for the hard level: every sample the search looks at
is a deal `game.resample_hidden(seat, rng)`: the other racks or hands, the bag order or
the stacks and supply dealt anew from the tiles this seat has not seen, and a fresh game
RNG. The real game is read only through that call (and through the seat's own legal
moves), so two games that differ only in what the seat cannot see give the same decision.

How it spends its budget (sequential halving):
- The candidates are the `WIDTH` best moves by the normal evaluation (both answers to
  AXIO's exchange option).
- The work is split into one phase per halving. In each phase every surviving candidate
  is played out on the same fresh deals (common random numbers: differences between moves
  are not swamped by the luck of the deal) until that phase's share of the work is spent;
  then the better half goes on. The number of samples grows with the budget, where the
  hard level stops pruning after twenty rounds.
- A playout is the hard level's: the other seats reply with the normal policy, and in
  AXIO the seat's own next turn is played too (its next rack is mostly known); the value
  is `position_value` there. Near the end (`ENDGAME_PLIES`), when the budget buys enough
  samples for it, playouts go on to the end of the game, whose result counts as a win.

Determinism: the work is counted, not timed (see `work`), so the same game, seed and
budget give the same move wherever the machine keeps up with the calibration.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ..game import TileGame
from .lookahead import DEAL_COST, PLY_COST, SCAN_COST, Verdict, candidates, rollout
from .work import WorkBudget

DEFAULT_BUDGET_S = 2.0
"""The budget a move when the caller names none (the issue's default)."""
UNITS_PER_SECOND = {"axio": 600_000, "rota": 380_000}
"""Work units a second of budget buys (see `lookahead` for what a unit is), per game: a
Rota unit takes longer than an AXIO one. Calibrated so that a move takes about 40 % of
its budget in processor time (0.65 µs an AXIO unit, 1.05 µs a Rota one, measured over
2- and 4-player games), which leaves the safety stop room on a busy machine and keeps a
review of a long game affordable."""
SAFETY_STOP = 0.9
WIDTH = 12
"""Candidates the search starts from."""
ROUNDS = 1
"""Rounds of the other seats' replies a playout looks at."""
ENDGAME_PLIES = 0
"""Placements left in the game below which playouts run to the end (0: never)."""
ENDGAME_SAMPLES = 40
"""Deals each candidate must get, at least, for a playout to the end to be worth it."""


def search(game: TileGame, *, seed: int, budget_s: float) -> list[Verdict]:
    """The candidate moves for the seat to move, best first."""
    seat = game.to_move
    rng = random.Random(f"expert:{seed}:{game.move_count}")
    budget = WorkBudget(budget_s, UNITS_PER_SECOND[game.kind], SAFETY_STOP)
    view = game.resample_hidden(seat, rng)
    options = candidates(view, WIDTH)
    horizon = _horizon(view, budget, len(options))
    totals = [0.0] * len(options)
    samples = [0] * len(options)
    alive = list(range(len(options)))
    phases = max(1, math.ceil(math.log2(len(options)))) if len(options) > 1 else 0
    for phase in range(phases):
        stop_at = budget.units - budget.units / (phases - phase)
        while True:
            deal = game.resample_hidden(seat, rng)
            budget.spend(DEAL_COST)
            for i in alive:
                totals[i] += rollout(deal, seat, options[i].move, budget, horizon)
                samples[i] += 1
                if budget.out_of_time():
                    break
            if budget.units <= stop_at or budget.out_of_time():
                break
        means = _means(totals, samples)
        alive.sort(key=lambda i: (-means[i], i))
        alive = sorted(alive[: max(1, len(alive) // 2)])
        if budget.out_of_time():
            break
    means = _means(totals, samples)
    order = sorted(range(len(options)), key=lambda i: (i not in alive, -means[i], i))
    return [Verdict(options[i].move, options[i].points, means[i], samples[i]) for i in order]


def _means(totals: list[float], samples: list[int]) -> list[float]:
    """Each candidate's mean value; one the clock stopped before it was sampled ranks last."""
    return [t / n if n else float("-inf") for t, n in zip(totals, samples, strict=True)]


def compare(game: TileGame, moves: Sequence[Any], *, seed: int, deals: int) -> list[float]:
    """The mean playout value of each of `moves` for the seat to move, over the same
    `deals` deals of what it cannot see: how the review weighs a played move against the
    expert's choice on equal terms."""
    seat = game.to_move
    rng = random.Random(f"compare:{seed}:{game.move_count}")
    budget = WorkBudget(1.0, float("inf"), float("inf"))
    totals = [0.0] * len(moves)
    horizon = 0
    for number in range(deals):
        deal = game.resample_hidden(seat, rng)
        if number == 0:
            horizon = _horizon(deal, budget, len(moves))
        for i, move in enumerate(moves):
            totals[i] += rollout(deal, seat, move, budget, horizon)
    return [t / deals for t in totals]


def _horizon(game: TileGame, budget: WorkBudget, width: int) -> int:
    """The turn at which playouts stop: after the other seats' replies (and in AXIO the
    seat's own next turn), or the end of the game once few placements are left and the
    budget buys every candidate `ENDGAME_SAMPLES` playouts to it."""
    follow_up = game.solo or game.kind == "axio"
    short = game.turn + ROUNDS * game.players + follow_up
    left = plies_left(game)
    if left is None or left > ENDGAME_PLIES:
        return short
    playout_cost = left * (SCAN_COST[game.kind] + PLY_COST + 60)
    if budget.units < width * ENDGAME_SAMPLES * playout_cost:
        return short
    return game.turn + left + 1


def plies_left(game: TileGame) -> int | None:
    """How many placements the game has left at most, where that is known: Rota's hands
    and stacks, or AXIO's racks once the bag is empty; None while AXIO's bag holds tiles."""
    if game.kind == "rota":
        stacks, hands = game.stacks, game.hands  # type: ignore[attr-defined]
        return sum(
            len(stack) + (hand is not None) for stack, hand in zip(stacks, hands, strict=True)
        )
    if game.bag_count:  # type: ignore[attr-defined]
        return None
    return sum(len(game.rack(seat)) for seat in range(game.players))  # type: ignore[attr-defined]
