"""A review of a finished game: each move beside the expert's choice, what it cost, and
each player's accuracy.

    tasks = review_tasks("axio", 4, game_seed, moves, budget_s=2.0, seed=7)
    verdicts = list(pool.map(analyse, tasks))          # or map(analyse, tasks)
    review = assemble(tasks, verdicts)                  # a GameReview, to_dict() for JSON

`review_game(tasks, map_=pool.map)` does the last two with any `map` (the built-in one by
default); `review_of(game)` reviews a finished engine game in this process.

What a move is judged by (decided here, where the issue is silent):
- **The expert's choice** is what the expert level plays in the position before the move,
  searching from the mover's information only (its own rack or hand, the table, the
  counts), with the review's seed and budget. A game whose every move was the expert's
  own, with that seed and budget, therefore reviews at 100 %.
- **Cost**, in points of the player's lowest colour: when the move differs from the
  expert's choice, both are played out on the same `COMPARE_DEALS` fresh deals of what the
  player could not see (`expert.compare`), and the cost is how much lower the played move's
  mean value is (never below 0). The value is the one the expert's playouts end in
  (`expert.leaf_value`: `hand_written_value`, and in 2-player Rota the learned value
  blended in): the player's soft lowest colour, plus a small share of the mean, against
  the best other player. A game that the look-ahead sees end counts its result too (a win
  is worth `WIN_VALUE` points), so a move that throws away a won ending is a blunder.
- **Grades** by cost: under `INACCURACY` points a move is good (best when it is the
  expert's choice); from `INACCURACY` an inaccuracy, from `MISTAKE` a mistake, from
  `BLUNDER` a blunder. A move without a choice (one legal move) is forced and not graded.
- **Accuracy** of a player: the mean over their graded moves of 100·exp(−cost /
  `ACCURACY_SCALE`), so best moves count 100 and a blunder about 30 or less.
- **A stand-in's moves** (a computer playing for a late, skipped or resigned player) are
  judged and shown like any other, but they are not the player's: they count in neither
  the player's accuracy nor their mistakes, and the picture does not mark them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from .. import game_class
from ..game import TileGame
from . import expert

DEFAULT_BUDGET_S = expert.DEFAULT_BUDGET_S
COMPARE_DEALS = 16
"""Deals the played move and the expert's choice are both played out on."""
INACCURACY = 0.75
MISTAKE = 1.5
BLUNDER = 3.0
"""Cost thresholds, in points of the lowest colour. Set from reviews of greedy and normal
play (two-player games of both kinds): most of their moves cost under half a point, a
tenth of greedy's AXIO moves 1.6 or more, and a move that loses a won ending 30 to 90."""
ACCURACY_SCALE = 3.0
GRADES = ("forced", "best", "good", "inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class ReviewTask:
    """One move to analyse: the game so far (replayed from its seed) and the move played.
    Small and picklable, so that a process pool can take it."""

    kind: str
    players: int
    game_seed: int
    moves: tuple[str, ...]
    """The move log up to and including the move analysed."""
    budget_s: float
    seed: int
    stand_in: bool = False
    """The move was a stand-in's, not its player's."""


@dataclass(frozen=True)
class MoveReview:
    """One move of the game as the review judges it."""

    number: int
    """The move's place in the log, from 1."""
    seat: int
    turn: int
    """The turn it was played in, as the table numbers turns (`TileGame.turn`)."""
    played: str
    best: str
    """The expert's choice (the played move when it was forced)."""
    cost: float
    grade: str
    stand_in: bool = False
    """Played by a computer standing in for the seat's player (not counted as theirs)."""

    @property
    def counts(self) -> bool:
        """Whether the move counts for its player: one they chose, with a choice to make."""
        return self.grade != "forced" and not self.stand_in

    @property
    def marked(self) -> bool:
        """A big mistake of the player's own: what the picture marks."""
        return self.grade in ("mistake", "blunder") and not self.stand_in


@dataclass(frozen=True)
class PlayerReview:
    seat: int
    accuracy: float | None
    """Percent, or None for a player with no graded move."""
    inaccuracies: int
    mistakes: int
    blunders: int
    lowest: int
    """The lowest colour at the end."""
    stand_in_moves: int = 0
    """Moves a stand-in made for this player, which their figures leave out."""


@dataclass(frozen=True)
class GameReview:
    """The whole review; to_dict()/from_dict() round-trip through JSON."""

    kind: str
    players: int
    game_seed: int
    seed: int
    budget_s: float
    moves: tuple[MoveReview, ...]
    seats: tuple[PlayerReview, ...]
    lowest: tuple[tuple[int, ...], ...]
    """Each seat's lowest colour before the first move and after each move."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameReview:
        return cls(
            kind=data["kind"],
            players=data["players"],
            game_seed=data["game_seed"],
            seed=data["seed"],
            budget_s=data["budget_s"],
            moves=tuple(MoveReview(**m) for m in data["moves"]),
            seats=tuple(PlayerReview(**p) for p in data["seats"]),
            lowest=tuple(tuple(row) for row in data["lowest"]),
        )

    def marked(self, seat: int | None = None) -> list[MoveReview]:
        """The big mistakes (of one seat, or of all), in the order they were played."""
        return [m for m in self.moves if m.marked and seat in (None, m.seat)]

    def place_in_turn(self, move: MoveReview) -> int:
        """Which move of its turn `move` is, from 1. The table numbers turns, not moves
        (the turn post's "turn 11"): an AXIO! extra move, or AXIO's exchange choice, is a
        later move of the same turn."""
        return 1 + sum(1 for m in self.moves[: move.number - 1] if m.turn == move.turn)

    @property
    def turns(self) -> int:
        """The number of the game's last turn (0 for a game without moves)."""
        return self.moves[-1].turn if self.moves else 0


def review_tasks(
    kind: str,
    players: int,
    game_seed: int,
    moves: Sequence[str],
    *,
    budget_s: float = DEFAULT_BUDGET_S,
    seed: int = 0,
    stand_ins: Collection[int] = (),
) -> list[ReviewTask]:
    """One task per move of the log, in order; `stand_ins` are the numbers (from 1) of the
    moves a stand-in made."""
    log = tuple(str(m) for m in moves)
    return [
        ReviewTask(kind, players, game_seed, log[: i + 1], budget_s, seed, i + 1 in stand_ins)
        for i in range(len(log))
    ]


def analyse(task: ReviewTask) -> MoveReview:
    """Judge the last move of `task.moves` in the position before it."""
    game = game_class(task.kind).replay(task.players, task.game_seed, task.moves[:-1])
    verdict = judge(game, task.moves[-1], seed=task.seed, budget_s=task.budget_s)
    return replace(verdict, stand_in=True) if task.stand_in else verdict


def judge(game: TileGame, played: Any, *, seed: int, budget_s: float) -> MoveReview:
    """Judge `played` (a move or its text) in `game`, from the mover's information only."""
    move = game.parse_move(played) if isinstance(played, str) else played
    seat, turn, number = game.to_move, game.turn, game.move_count + 1
    if len(game.legal_moves()) < 2:
        return MoveReview(number, seat, turn, str(move), str(move), 0.0, "forced")
    best = expert.search(game, seed=seed, budget_s=budget_s)[0].move
    if best == move:
        return MoveReview(number, seat, turn, str(move), str(best), 0.0, "best")
    best_value, played_value = expert.compare(game, [best, move], seed=seed, deals=COMPARE_DEALS)
    cost = round(max(0.0, best_value - played_value), 2)
    return MoveReview(number, seat, turn, str(move), str(best), cost, grade(cost))


def grade(cost: float) -> str:
    """The grade of a move that was not the expert's choice, by its cost."""
    if cost >= BLUNDER:
        return "blunder"
    if cost >= MISTAKE:
        return "mistake"
    if cost >= INACCURACY:
        return "inaccuracy"
    return "good"


def assemble(tasks: Sequence[ReviewTask], verdicts: Iterable[MoveReview]) -> GameReview:
    """The review from every move's verdict (in log order)."""
    moves = tuple(verdicts)
    first = tasks[0]
    game = game_class(first.kind)(first.players, first.game_seed)
    lowest = [_lowest(game)]
    for text in tasks[-1].moves:
        game.play(text)
        lowest.append(_lowest(game))
    seats = tuple(_player(seat, moves, lowest[-1][seat]) for seat in range(first.players))
    return GameReview(
        kind=first.kind,
        players=first.players,
        game_seed=first.game_seed,
        seed=first.seed,
        budget_s=first.budget_s,
        moves=moves,
        seats=seats,
        lowest=tuple(lowest),
    )


def review_game(
    tasks: Sequence[ReviewTask], *, map_: Callable[..., Iterable[MoveReview]] = map
) -> GameReview:
    """The whole review of `review_tasks(...)`; pass a process pool's `map` to analyse
    the moves in parallel."""
    if not tasks:
        raise ValueError("a game without moves has nothing to review")
    return assemble(tasks, map_(analyse, tasks))


def review_of(game: TileGame, *, budget_s: float = DEFAULT_BUDGET_S, seed: int = 0) -> GameReview:
    """The review of a finished engine game, analysed in this process."""
    if not game.is_over:
        raise ValueError("only a finished game can be reviewed")
    moves = [entry.move for entry in game.log]
    tasks = review_tasks(game.kind, game.players, game.seed, moves, budget_s=budget_s, seed=seed)
    return review_game(tasks)


def _lowest(game: TileGame) -> tuple[int, ...]:
    return tuple(min(board.scores) for board in game.scoreboards)


def _player(seat: int, moves: Sequence[MoveReview], lowest: int) -> PlayerReview:
    graded = [m for m in moves if m.seat == seat and m.counts]
    accuracy = None
    if graded:
        mean = sum(math.exp(-m.cost / ACCURACY_SCALE) for m in graded) / len(graded)
        accuracy = round(100 * mean, 1)
    count = {g: sum(1 for m in graded if m.grade == g) for g in GRADES}
    stood_in = sum(1 for m in moves if m.seat == seat and m.stand_in)
    return PlayerReview(
        seat, accuracy, count["inaccuracy"], count["mistake"], count["blunder"], lowest, stood_in
    )
