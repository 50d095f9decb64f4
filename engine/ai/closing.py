"""A game's last turn, which the expert plays for the result, not the scores.

In Rota, once every stack is empty and no other seat holds a tile, the placement to make
now ends the game, unless it reaches a cap and earns an extra turn from the supply. All of
that is public: stack and hand counts, the supply's size, the scores. Two things follow:
- In a playout, the mover there chooses the placement with the best finish, where the
  normal policy only lifts its weakest colours: the real seats (hard and expert alike)
  value a finished game by its result, and in self-play of the normal level the normal
  choice gave away a better finish at 46 of 437 such placements. Playing every seat's own
  last placement (its stack empty) for its greatest sorted scores, though that dominates
  its own finish, did no better: paired at 0.5 s on bench_ai seeds 0-49, against hard
  0.00 ± 0.06, against greedy -0.01 ± 0.04 (8 and 5 of 100 games changed).
- When it is the expert's own move, every deal of what it cannot see ends the game alike,
  but for the tile an extra turn draws; and the supply it draws from is all that the seat
  cannot see. So each placement is valued exactly (`settled_verdicts`) instead of sampled:
  the expert weighs all of them, not only its candidates, and answers in tens of
  milliseconds where the search spent its whole budget (1.8 s, the safety stop, at 2 s).

In AXIO the game ends when the seat to move cannot place: its rack is empty or no two
neighbouring cells are (rack sizes and the board are public). Where every move ends it,
the same holds: each is valued once, exactly. That covers the exchange RULES.md still
offers once the board is full, which changes nothing: the search spent its whole budget
on those two answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..axio_moves import Exchange
from ..common import NO_POINTS, ScoredMove, rank_key
from ..game import TileGame
from .evaluate import move_valuer
from .lookahead import PLY_COST, Valuation, Verdict
from .policies import best_placement, in_exchange
from .work import WorkBudget

AXIO_LAST_ROOM = 3
"""Empty cells at most on an AXIO board whose placements are checked for ending the game.
With three, a placement leaves one at most, so it ends the game; in self-play of the normal
level (60 games of 2 and 4 players) no board with more empty cells had every placement
end it."""
DRAW_COST = 1_500
"""Units for playing out one draw of an extra turn: a copy, the placement and its extra
placements (a closing scan weighs every placement's finish, and one extra turn often
earns another). Measured at 0.9 to 1.9 ms a draw (a Rota unit is about 1.05 µs)."""


def is_closing(game: TileGame) -> bool:
    """Whether the placement to make now is the game's last but for extra turns: Rota,
    every stack empty and no other seat holding a tile (all public)."""
    if game.kind != "rota":
        return False
    if any(game.stacks):  # type: ignore[attr-defined]
        return False
    hands = game.hands  # type: ignore[attr-defined]
    return all(hand is None for seat, hand in enumerate(hands) if seat != game.to_move)


def playout_placement(game: TileGame) -> tuple[Any, int]:
    """The expert's playout policy: `closing_placement` where the game is closing, else the
    normal one (`best_placement`); and how many placements there were."""
    return closing_placement(game) if is_closing(game) else best_placement(game)


def closing_placement(game: TileGame) -> tuple[Any, int]:
    """The placement with the largest share of first place in the scores it leaves (the
    game's ranking, `rank_key`: resigned seats last, then sorted scores compared from the
    lowest; all five at the cap are the best sorted scores there are), then the best by
    the normal policy's value, then the most raw points. Exact where it earns no extra
    turn; one that does only adds to the mover's scores, so it is undervalued at worst."""
    seat = game.to_move
    board = game.scoreboards[seat]
    scores, capped = board.scores, board.capped
    resigned = seat in game.resigned
    rivals = [
        rank_key(b.scores, resigned=s in game.resigned)
        for s, b in enumerate(game.scoreboards)
        if s != seat
    ]
    value = move_valuer(game, seat)

    def key(points: Sequence[int]) -> tuple[float, float, int]:
        after = [capped(before, gained) for before, gained in zip(scores, points, strict=True)]
        mine = rank_key(after, resigned=resigned)
        if any(rival < mine for rival in rivals):
            share = 0.0
        else:
            share = 1 / (1 + sum(rival == mine for rival in rivals))
        return share, value(points), sum(points)

    return game.best_move(key)


def _axio_near_the_end(view: TileGame) -> bool:
    """Whether an AXIO board has so few empty cells (`AXIO_LAST_ROOM`) that every move
    may end the game: worth checking them all."""
    if view.kind != "axio":
        return False
    return len(view.board.empty_cells()) <= AXIO_LAST_ROOM  # type: ignore[attr-defined]


def _last_move_options(view: TileGame) -> list[ScoredMove]:
    """Every move of the seat to move: both answers to an exchange, else every placement
    with its points (each of Rota's named colours apart: they score differently)."""
    if in_exchange(view):
        return [ScoredMove(move, NO_POINTS) for move in view.legal_moves()]
    return view.scored_moves()


def _ends_with(view: TileGame, move: Any) -> TileGame:
    """`view` after `move` and, where AXIO then offers an exchange, keeping the rack: on a
    board with no room left either answer ends the game with the same scores."""
    after = view.copy()
    after.play(move)
    if in_exchange(after):
        after.play(Exchange(False))
    return after


def settled_verdicts(
    view: TileGame, seat: int, value: Valuation, budget: WorkBudget
) -> list[Verdict] | None:
    """Every move of a game's last turn with its `value` at the end, best first (the
    engine's order on ties); None where it is not the last turn (a Rota game not closing,
    an AXIO move that leaves room for another placement), or where weighing every draw
    would cost more than the budget left (the search then samples them).

    A placement that ends the game is valued once, exactly. One that earns a Rota extra turn
    is valued over every tile the supply could give it, each as likely as it is common:
    there the supply is all the seat cannot see, so that is exact too as far as the extra
    placement goes (`closing_placement`; a further extra turn, rarer still, takes the rest
    of the supply in the deal's order)."""
    closing = is_closing(view)
    if not closing and not _axio_near_the_end(view):
        return None
    options = _last_move_options(view)
    ended: dict[int, float] = {}
    for index, option in enumerate(options):
        after = _ends_with(view, option.move)
        budget.spend(PLY_COST)
        if after.is_over:
            ended[index] = value(after, seat)
    if len(ended) < len(options) and not closing:
        return None  # an AXIO placement leaves room for another: the next racks matter
    draws = Counter(view.supply if closing else ())  # type: ignore[attr-defined]
    if (len(options) - len(ended)) * len(draws) * DRAW_COST > budget.units:
        return None
    worths = [
        ended[index] if index in ended else _expected(view, option.move, draws, seat, value, budget)
        for index, option in enumerate(options)
    ]
    order = sorted(range(len(options)), key=lambda i: (-worths[i], i))
    return [Verdict(options[i].move, options[i].points, worths[i], 1) for i in order]


def _expected(
    view: TileGame,
    move: Any,
    draws: Counter[Any],
    seat: int,
    value: Valuation,
    budget: WorkBudget,
) -> float:
    """The mean `value` of `move` over the tiles its extra turn could draw."""
    total = sum(
        count * _finished(view.drawing_next(tile), move, seat, value, budget)  # type: ignore[attr-defined]
        for tile, count in draws.items()
    )
    return total / sum(draws.values())


def _finished(game: TileGame, move: Any, seat: int, value: Valuation, budget: WorkBudget) -> float:
    """The `value` for `seat` once `move` and the extra turns it earns are played."""
    budget.spend(DRAW_COST)
    game.play(move)
    while not game.is_over:
        game.play(closing_placement(game)[0])
    return value(game, seat)
