"""The last placement of a Rota game, which the expert plays for the result, not the scores.

Once every stack is empty and no other seat holds a tile, the placement to make now ends
the game (unless it reaches a cap and earns an extra turn from the supply). All of that is
public: stack and hand counts, the supply's size, the scores. Two things follow:
- In a playout, the mover there chooses the placement with the best finish, where the
  normal policy only lifts its weakest colours: the real seats (hard and expert alike)
  value a finished game by its result, and in self-play of the normal level the normal
  choice gave away a better finish at 46 of 437 such placements.
- When it is the expert's own move and no placement earns an extra turn, every deal of what
  it cannot see ends the game with the same scores, so one look at each placement is exact
  (`settled_verdicts`): the expert weighs all of them, not only its candidates, and spends
  next to nothing where the search would have spent its whole budget on identical playouts
  (1.8 s, the safety stop, in a 4-player game at 2 s).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..game import TileGame
from .evaluate import move_valuer
from .lookahead import PLY_COST, Valuation, Verdict
from .policies import best_placement
from .work import WorkBudget


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
    game's ranking: sorted scores compared from the lowest), then the best by the normal
    policy's value, then the most raw points. Exact where it earns no extra turn; one that
    does only adds to the mover's scores, so it is undervalued at worst."""
    seat = game.to_move
    board = game.scoreboards[seat]
    scores, capped = board.scores, board.capped
    others = [sorted(b.scores) for s, b in enumerate(game.scoreboards) if s != seat]
    value = move_valuer(game, seat)

    def key(points: Sequence[int]) -> tuple[float, float, int]:
        mine = sorted(capped(before, gained) for before, gained in zip(scores, points, strict=True))
        if any(other > mine for other in others):
            share = 0.0
        else:
            share = 1 / (1 + sum(other == mine for other in others))
        return share, value(points), sum(points)

    return game.best_move(key)


def settled_verdicts(
    view: TileGame, seat: int, value: Valuation, budget: WorkBudget
) -> list[Verdict] | None:
    """Every placement of a closing game with its exact `value`, best first (the engine's
    order on ties), where each of them ends the game; None where one earns an extra turn,
    whose tile from the supply a deal could tell apart."""
    if not is_closing(view):
        return None
    verdicts = []
    for option in view.scored_moves():
        after = view.copy()
        after.play(option.move)
        budget.spend(PLY_COST)
        if not after.is_over:
            return None
        verdicts.append(Verdict(option.move, option.points, value(after, seat), 1))
    return sorted(verdicts, key=lambda verdict: -verdict.value)
