"""The expert level: determinized Monte Carlo search over what the seat cannot see.

Information safety is structural, as for the hard level: every sample the search looks at
is a deal `game.resample_hidden(seat, rng)`: the other racks or hands, the bag order or
the stacks and supply dealt anew from the tiles this seat has not seen, and a fresh game
RNG. The real game is read only through that call (and through the seat's own legal
moves), so two games that differ only in what the seat cannot see give the same decision.

How it spends its budget (sequential halving):
- The candidates are the `WIDTH` best moves by the normal evaluation (both answers to
  AXIO's exchange option).
- The work is split into one phase per halving. In each phase every candidate still in
  is played out on the same fresh deals (common random numbers: differences between moves
  are not swamped by the luck of the deal) until that phase's share of the work is spent;
  then the better half goes on. The number of samples grows with the budget, where the
  hard level stops pruning after twenty rounds.
- The work is shared out as if the candidates were a power of two (twelve get four
  phases' shares), and the search stops when one is left (12 → 6 → 3 → 1), leaving the
  last share unspent: the same moves as spending it on the one left, in a quarter less
  time. Spending all of the work on the three real phases, or keeping two of the three
  for a fourth (12 → 6 → 3 → 2 → 1), played no better: paired against hard at 0.5 s on
  bench_ai seeds 0-49 (100 games), AXIO -0.03 ± 0.09 and -0.08 ± 0.10, Rota +0.02 ± 0.05
  both.
- A short playout is the hard level's: the other seats reply with the normal policy, and
  in AXIO the seat's own next turn is played too (its next rack is mostly known); the
  value is `hand_written_value` there (`position_value`, in AXIO with a softer minimum:
  `LEAF_STYLES`). Even knowing how the other seat plays does not pay: against greedy in
  Rota, with greedy's own replies in the playouts (an oracle of the benchmark's baseline),
  0.865 where it wins 0.885 (seeds 0-99 at 0.5 s, 200 games, -0.020 ± 0.054).
- Near the end (`ENDGAME[kind].plies` placements left at most), when the budget buys
  every candidate `ENDGAME[kind].samples` playouts to the end of the game, the playouts
  run to the end instead (the result counts as a win or a loss). In Rota, where the last
  few tiles decide the game, this took the win rate against greedy from 0.84 to 0.88 (400
  games at 0.5 s a move). Playing a few finalists out to the end from ten placements
  before did no better (0.85), so the playouts only go to the end where all candidates can
  afford it. In AXIO the end comes when the board is full, usually with tiles still in the
  bag, so the placements left are bounded by the empty cells (see `plies_left`).
- Rota's last placement (`closing`: every stack empty, no other seat holding a tile) is
  played for the result, in the playouts and at the table. There every deal ends the game
  alike but for the tile an extra turn draws, from a supply that is all the seat cannot
  see: each placement is valued exactly over those draws instead of searched, where the
  budget allows (at 2 s it always has). Paired at 0.5 s on bench_ai seeds 0-99 (200 games
  a pairing): against hard +0.035 ± 0.032 (11 games changed), against greedy +0.005 ±
  0.022 (5 changed); over bench_ai's 400 games against hard 0.550 [0.501, 0.599] where it
  won 0.524, against greedy 0.882 as before. AXIO's last move, where every move fills the
  board's last room (and the exchange then offered), is valued exactly the same way
  (against hard on seeds 0-49: no game changed). The last moves took 1.8 s at 2 s, the
  safety stop; now 36 ms in Rota, 1 ms in AXIO at most (`bench_ai`'s timed games).

The learned value (issue 37, `value`), used where one is shipped (2-player Rota; elsewhere,
or with `LEARNED_VALUE` off, the hand-written valuation alone): a playout ends in
`hand_written_value` plus `LEARNED_SHARE` of the learned chance of winning (in points: a
win is worth `WIN_VALUE`), and the candidates are the `WIDTH` that this blend rates best
after the move among the `PRIOR_POOL` × `WIDTH` best by the normal evaluation. Each
learned valuation is counted work (`VALUE_COST`), so the budget stays the same. Reviews
weigh moves by the same value (`compare`), and hints come from this search.

What hidden information costs it in Rota (`bench/bench_ceiling.py`, the same 400 games at
0.5 s a move, the expert as it plays, sighted: every deal it searches is the real game; the
learned value before its open grid points' table): against hard 0.710 where it wins 0.598
(+0.113 ± 0.056, 143 games changed), against greedy 0.915 where it wins 0.873 (+0.043 ±
0.041; with today's value, 0.911 [0.883, 0.939] where it wins 0.882, +0.029 ± 0.039). The
hand-written expert gains less from sight (against greedy 0.895 where it wins 0.882; before
`closing`, against hard 0.640 where it won 0.524). That is what seeing the unseen tiles is
worth, not room left for a fair player: the deals the expert searches are already all it may
know of them. The other seat's tile was drawn from its stack after that seat's last decision
(an extra turn's supply tile is played at once), so nothing it did tells anything about it,
and the stacks and the supply are a uniform shuffle of the tiles this seat has not seen,
which is how `resample_hidden` deals them. Where a playout plays this seat's later turns
(near the end), it plays each with the tile the seat would hold then, by a policy that reads
nothing else hidden, so no information-set search has strategy fusion to remove. What a fair
expert can still gain must come from a better value or a deeper search that pays; and
searching deeper did not pay even sighted (against greedy on 200 of those games: 0.895 with
one round of replies and with two, 0.725 with playouts to the end of the game).

Determinism: the work is counted, not timed (see `work`), so the same game, seed and
budget give the same move wherever the machine keeps up with the calibration.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..common import ScoredMove
from ..game import TileGame
from .closing import playout_placement, settled_verdicts
from .evaluate import STYLES, WIN_VALUE, Style, position_value
from .lookahead import (
    DEAL_COST,
    PLY_COST,
    SCAN_COST,
    Valuation,
    Verdict,
    candidates,
    rollout,
)
from .value import load_weights, win_chance_of
from .work import WorkBudget

DEFAULT_BUDGET_S = 2.0
"""The budget a move when the caller names none (the issue's default). Four times the work
of bench_ai's 0.5 s buys nothing: in Rota, over bench_ai's 400 games a pairing (seeds 0-199,
`bench_ai --expert-budget 2`, hard at 2 s too), against hard 0.614 [0.566, 0.661] where it
wins 0.619 at 0.5 s (paired on the same deals -0.005 ± 0.048, 102 games changed), against
greedy 0.882 [0.851, 0.914] as at 0.5 s (0.000 ± 0.034, 48 changed). Before the open grid
points' table (`value`) and with playouts to the end from ten placements out (`ENDGAME`) it
won less at 2 s than at 0.5 s: 0.585 and 0.849 (today's expert, paired with that one at 2 s:
+0.029 ± 0.050 and +0.034 ± 0.038). In AXIO, before the learned value (seeds 0-49, 100
games, paired with 0.5 s), against hard 0.64 [0.55, 0.74] (-0.08 ± 0.12). Both levels end
their playouts in the same kind of value, so more samples of it bring them closer."""
UNITS_PER_SECOND = {"axio": 600_000, "rota": 380_000}
"""Work units a second of budget buys (see `lookahead` for what a unit is), per game: a
Rota unit takes longer than an AXIO one. Calibrated so that a move takes about 40 % of
its budget in processor time (0.65 µs an AXIO unit, 1.05 µs a Rota one, measured over
2- and 4-player games), which leaves the safety stop room on a busy machine and keeps a
review of a long game affordable. A search of twelve candidates spends three quarters of
it (see the module): at 2 s, p95 1,396 ms where spending it all took 1,616 ms
(`bench_ai`'s timed games, AXIO's exchange decisions among the slowest; a game's last move
is no longer searched: 1,388 ms), and the 74 positions of `bench_review`'s game 45 s where
they took 57 s."""
SAFETY_STOP = 0.9
WIDTH = 12
"""Candidates the search starts from. In Rota, paired on bench_ai seeds 0-49 at 0.5 s
(100 games a pairing), 24 did worse: -0.05 ± 0.07 against hard, -0.03 ± 0.06 against
greedy."""
LEARNED_VALUE = True
"""Whether the expert uses the learned value where one is shipped: blended (`LEARNED_SHARE`
0.03, `PRIOR_POOL` 2). With the open grid points' table (`value`'s `point`), over
bench_ai's 400 games (seeds 0-199) at 0.5 s a move: against hard 0.619 [0.572, 0.666],
against greedy 0.882 [0.851, 0.914]; paired on the same deals with the value before that
table: +0.021 ± 0.040 (69 games changed) and +0.010 ± 0.033 (44 changed). That value,
paired with the hand-written expert, both with the exact last placement (`closing`):
against hard 0.598 [0.550, 0.645] where it wins 0.550 (change +0.048 ± 0.048, 98 games
changed), against greedy 0.873 [0.840, 0.905] where it wins 0.882 (-0.010 ± 0.038, 60
changed). On: the better figure against the stronger opponent, no worse against the weaker
beyond the noise (before `closing`, on 200 games, +0.043 ± 0.066 and -0.025 ± 0.060). What
was tried before (all paired as above): the whole learned value chose worse than the
hand-written valuation though it predicts results far better (held-out log loss 0.526
against 0.629, the winner named in 0.745 of positions against 0.627). 2-player Rota at 0.5
s a move, bench_ai seeds 0-49 (100 games a pairing), paired with the hand-written expert on
the same deals: against greedy 0.78 where it wins 0.88 (change -0.100 ± 0.094), against
hard 0.465 where it wins 0.52 (-0.055 ± 0.115). With the learned value at the playouts' end
only (`PRIOR_POOL` 1), against greedy 0.80 where it wins 0.90 (seeds 0-9, 20 games).
Blended (`LEARNED_SHARE`), paired on seeds 0-24 (50 games a pairing; the hand-written
expert 0.58 against hard, 0.88 against greedy): share 0.03 +0.01 ± 0.16 against hard, +0.02
± 0.11 against greedy; share 0.1 -0.04 ± 0.18, +0.02 ± 0.11; half the learned logit in
points (over 0.444, the hand-written value's fitted scale; it does not flatten near a sure
result) -0.04 ± 0.17, 0.00 ± 0.11 (all three at `PRIOR_POOL` 1); share 0.03 with
`PRIOR_POOL` 2 +0.03 ± 0.16, 0.00 ± 0.11. That last one on seeds 0-99 (200 games a
pairing): against hard 0.560 (+0.043 ± 0.066, 48 games changed), against greedy 0.870
(-0.025 ± 0.060, 37 changed). Within the noise then. A second learned value kept the
hand-written one whole and learned only what it misses: a logistic fit (986,000 positions
of 20,000 games of the normal level, 10 % of moves one of its six best at random) of
`position_value` with a weight per placements left and whose move, plus a table of the open
grid points of each colour (1, 2 or 3 corners of it; how many) by how far that colour is
above each seat's lowest or capped. Held out (3,000 games): log loss 0.540 where the
hand-written value alone, so fitted, has 0.552. At the playouts' end (the table in points
added to `position_value`), seeds 0-49: against hard -0.02 ± 0.10, against greedy +0.02 ±
0.08; with `PRIOR_POOL` 2 the same. Noise again."""
LEARNED_SHARE = 0.03
"""How much of the learned value (in points, ±50 at most) a playout's end adds to the
hand-written one. 0.03 weighs them about alike on held-out positions (the learned value
spreads 25 points, the hand-written 1.4). The whole learned value chose worse (see
`LEARNED_VALUE`), as if its swings between sibling moves (often 5 to 10 points of 50, from
the display's open corners) were noise to the search; blended, the hand-written value's
sharp pull towards the lowest colour stays. With the open grid points' table, share 0.06
over the same 400 games, paired with the value before that table at 0.03: against hard
0.614 (+0.016 ± 0.043), against greedy 0.868 (-0.005 ± 0.040); 0.03 does better on both
(0.619, 0.882: see `LEARNED_VALUE`)."""
PRIOR_POOL = 2
"""With the learned value, the normal evaluation's best `PRIOR_POOL` × `WIDTH` moves are
rated by it after the move, and its best `WIDTH` searched. 3 (36 moves rated) changed 2 of
bench_ai's 800 Rota games at 0.5 s (with the open grid points' table): the moves the
value likes lie among the normal evaluation's best 24 already."""
VALUE_COST = 20
"""Units for one learned valuation (its features take about 20 µs, twenty Rota units)."""
LEAF_STYLES = {"axio": Style(temperature=3.0, mean_share=0.3), "rota": STYLES["rota"]}
"""How a playout's end values scores. In AXIO a softer minimum than the one the moves
are chosen by (`evaluate.STYLES`, temperature 2): the playout ends after the seat's own
next turn, and a second-lowest colour that is close counts more there. Against hard at
0.5 s, bench_ai's 400 games (seeds 0-199), paired with temperature 2 on the same deals:
0.657 [0.611, 0.704] where temperature 2 wins 0.635, +0.022 ± 0.058 (139 games changed):
within the noise, kept as the better point estimate. Temperature 1 on seeds 0-49 (100
games): -0.11 ± 0.13."""
ROUNDS = 1
"""Rounds of the other seats' replies a playout looks at. Measured against hard at 0.5 s
(paired, the same 200 games of seeds 0-99, counted work): in AXIO two rounds lost 0.135
and a playout without the seat's own next turn lost 0.152, so a playout ends after the
seat's own next move, where it cashes what it prepared; twenty candidates instead of
twelve changed +0.010 (noise). In Rota, adding the seat's own next (blind) tile changed
+0.003."""


@dataclass(frozen=True)
class Endgame:
    """When playouts may run to the end of the game."""

    plies: int
    """Placements left at most, from which they may."""
    samples: int
    """Deals each candidate must get, at least, for them to be worth it: a game's result
    is a noisy measure, and too few samples of it choose worse than short playouts do
    (0.71 against greedy in Rota with too few, where short playouts won 0.84)."""


ENDGAME = {"rota": Endgame(plies=6, samples=40), "axio": Endgame(plies=6, samples=12)}
"""In Rota at 0.5 s the budget buys the samples only within the last six placements (six
instead of ten changed no game of 200 against greedy there); at 2 s it buys them from
ten out, and from there the playouts to the end chose worse: against greedy at 2 s (seeds
0-99, 200 games) 0.875 within six where ten won 0.828 (+0.048 ± 0.047, 24 games changed).
AXIO's last placements fill the last gaps of the board, and fewer deals tell them apart.
Against hard at 0.5 s, the same 200 games: 0.680 with it, 0.645 without; over bench_ai's
400 games 0.635, where it was 0.59."""


def search(game: TileGame, *, seed: int, budget_s: float) -> list[Verdict]:
    """The candidate moves for the seat to move, best first."""
    seat = game.to_move
    rng = random.Random(f"expert:{seed}:{game.move_count}")
    budget = WorkBudget(budget_s, UNITS_PER_SECOND[game.kind], SAFETY_STOP)
    view = game.resample_hidden(seat, rng)
    value = leaf_value(game)
    settled = settled_verdicts(view, seat, value or hand_written_value, budget)
    if settled is not None:
        return settled
    if value is None or PRIOR_POOL <= 1:
        options = candidates(view, WIDTH)
    else:
        options = _rated_candidates(view, seat, value, budget)
    horizon = _end_horizon(view, budget.units, len(options)) or _short_horizon(view)
    state = _Search(game, seat, rng, [o.move for o in options], budget, value)
    state.halve(horizon, budget.units, down_to=1)
    means, alive = state.means(), state.alive
    order = sorted(range(len(options)), key=lambda i: (i not in alive, -means[i], i))
    return [Verdict(options[i].move, options[i].points, means[i], state.samples[i]) for i in order]


def leaf_value(game: TileGame) -> Valuation | None:
    """The learned value where it is on and shipped for this game and player count."""
    if not LEARNED_VALUE or load_weights(game.kind, game.players) is None:
        return None
    return blended_value


def blended_value(game: TileGame, seat: int) -> float:
    """The hand-written value plus `LEARNED_SHARE` of the learned one, both in points."""
    return blend(hand_written_value(game, seat), learned_points(game, seat))


def hand_written_value(game: TileGame, seat: int) -> float:
    """`position_value` with the scores valued as a playout's end values them
    (`LEAF_STYLES`)."""
    return position_value(game, seat, LEAF_STYLES[game.kind])


def blend(hand_written: float, learned: float) -> float:
    """Two values in points as the playouts' end weighs them (`blended_value`; the held-out
    figures score the same)."""
    return hand_written + LEARNED_SHARE * learned


def learned_points(game: TileGame, seat: int) -> float:
    """The learned chance of winning in points of value (`chance_points`)."""
    return chance_points(win_chance_of(game, seat), game.players)


def chance_points(chance: float, players: int) -> float:
    """A chance of winning in points of value (a win is worth `WIN_VALUE`), measured from
    an even chance, as `position_value` measures a result."""
    return WIN_VALUE * (chance - 1 / players)


def _rated_candidates(
    view: TileGame, seat: int, value: Valuation, budget: WorkBudget
) -> list[ScoredMove]:
    """The `WIDTH` moves the learned value rates best after the move, among the normal
    evaluation's best `PRIOR_POOL` × `WIDTH` (both answers to an exchange), best first."""
    pool = candidates(view, WIDTH * PRIOR_POOL)
    rated = []
    for option in pool:
        after = view.copy()
        after.play(option.move)
        budget.spend(PLY_COST + VALUE_COST)
        rated.append(value(after, seat))
    order = sorted(range(len(pool)), key=lambda i: (-rated[i], i))
    return [pool[i] for i in order[:WIDTH]]


class _Search:
    """The candidates' running totals, and sequential halving over them."""

    def __init__(
        self,
        game: TileGame,
        seat: int,
        rng: random.Random,
        moves: list[Any],
        budget: WorkBudget,
        value: Valuation | None = None,
    ) -> None:
        self.game, self.seat, self.rng, self.moves, self.budget = game, seat, rng, moves, budget
        self.value = value or hand_written_value
        self.value_cost = 0 if value is None else VALUE_COST
        self.totals = [0.0] * len(moves)
        self.samples = [0] * len(moves)
        self.alive = list(range(len(moves)))

    def halve(self, horizon: int, units: float, down_to: int) -> None:
        """Spend up to `units` of work in phases, each ending with the better half going
        on, until `down_to` candidates are left. Each round plays every candidate still in
        on one fresh deal of what the seat cannot see.

        The work is shared out as if every phase halved a power of two; where the count
        is not one (12 → 6 → 3 → 1), the share of the phase that would follow is not
        spent: sampling the one candidate left changes nothing (see the module)."""
        budget = self.budget
        phases = 0
        while len(self.alive) > down_to * 2**phases:
            phases += 1
        end = budget.units - units
        for phase in range(phases):
            if len(self.alive) <= down_to:
                break
            stop_at = budget.units - (budget.units - end) / (phases - phase)
            while not budget.out_of_time():
                deal = self.game.resample_hidden(self.seat, self.rng)
                budget.spend(DEAL_COST)
                for i in self.alive:
                    self.totals[i] += rollout(
                        deal,
                        self.seat,
                        self.moves[i],
                        budget,
                        horizon,
                        self.value,
                        playout_placement,
                    )
                    budget.spend(self.value_cost)
                    self.samples[i] += 1
                    if budget.out_of_time():
                        break
                if budget.units <= stop_at:
                    break
            means = self.means()
            ranked = sorted(self.alive, key=lambda i: (-means[i], i))
            self.alive = sorted(ranked[: max(down_to, len(ranked) // 2)])

    def means(self) -> list[float]:
        """Each candidate's mean value; one the clock stopped before it was sampled ranks
        last."""
        return [
            t / n if n else float("-inf") for t, n in zip(self.totals, self.samples, strict=True)
        ]


def compare(game: TileGame, moves: Sequence[Any], *, seed: int, deals: int) -> list[float]:
    """The mean short-playout value of each of `moves` for the seat to move, over the same
    `deals` deals of what it cannot see: how the review weighs a played move against the
    expert's choice on equal terms (with the value the search ends its playouts in)."""
    seat = game.to_move
    rng = random.Random(f"compare:{seed}:{game.move_count}")
    budget = WorkBudget(1.0, math.inf, math.inf)
    value = leaf_value(game) or hand_written_value
    totals = [0.0] * len(moves)
    for _ in range(deals):
        deal = game.resample_hidden(seat, rng)
        horizon = _short_horizon(deal)
        for i, move in enumerate(moves):
            totals[i] += rollout(deal, seat, move, budget, horizon, value, playout_placement)
    return [t / deals for t in totals]


def _short_horizon(game: TileGame) -> int:
    """The turn at which a short playout stops: after `ROUNDS` rounds of the other seats'
    replies, and in AXIO after the seat's own next turn too (its next rack is mostly the
    tiles it holds now)."""
    follow_up = game.solo or game.kind == "axio"
    return game.turn + ROUNDS * game.players + follow_up


def _end_horizon(game: TileGame, units: float, width: int) -> int | None:
    """A horizon past the end of the game, when at most `ENDGAME[kind].plies` placements
    are left and `units` of work buy each of `width` candidates `ENDGAME[kind].samples`
    playouts to the end; else None."""
    endgame = ENDGAME[game.kind]
    left = plies_left(game)
    if left > endgame.plies:
        return None
    moves = len(game.legal_moves())
    playout = left * (SCAN_COST[game.kind] + moves + PLY_COST)
    if units < width * endgame.samples * playout:
        return None
    return game.turn + left + 1


def plies_left(game: TileGame) -> int:
    """How many placements the game has left at most: Rota's hands and stacks; in AXIO
    half the empty cells (a tile covers two), and no more than the racks hold once the bag
    is empty. The bag's 100 tiles outlast a two-player board, so there only the board
    tells."""
    if game.kind == "rota":
        stacks, hands = game.stacks, game.hands  # type: ignore[attr-defined]
        return sum(
            len(stack) + (hand is not None) for stack, hand in zip(stacks, hands, strict=True)
        )
    room = len(game.board.empty_cells()) // 2  # type: ignore[attr-defined]
    if game.bag_count:  # type: ignore[attr-defined]
        return room
    return min(room, sum(len(game.rack(seat)) for seat in range(game.players)))  # type: ignore[attr-defined]
