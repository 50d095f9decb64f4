"""The shape both game classes share: seats, scoreboards, the seeded RNG, the move log,
standings, serialisation and replay.

A subclass supplies the rules (`legal_moves`, `_apply`, `parse_move`) and its own state in
`_state_dict` / `_load_state`; everything a caller relies on being the same for both games
lives here.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from .common import (
    Colour,
    IllegalMoveError,
    PlayResult,
    Points,
    Scoreboard,
    ScoredMove,
    Standing,
    rng_from_json,
    rng_state_to_json,
    rng_with_state,
    standings,
)


@dataclass(frozen=True)
class LogEntry:
    """One move as it was played: by whom, in which player turn."""

    seat: int
    turn: int
    move: str


class TileGame(ABC):
    """Common state and behaviour of AxioGame and RotaGame."""

    kind: ClassVar[str]
    cap: ClassVar[int]

    def __init__(self, players: int, seed: int) -> None:
        if players not in (1, 2, 3, 4):
            raise IllegalMoveError(f"a game has 1 to 4 players, not {players}")
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        boards = 2 if self.solo_boards_doubled and players == 1 else 1
        self.scoreboards = [Scoreboard(self.cap, boards) for _ in range(players)]
        self.to_move = 0
        self.turn = 1
        self.log: list[LogEntry] = []
        self.resigned: set[int] = set()
        self.immediate_winner: int | None = None
        self.over = False

    solo_boards_doubled: ClassVar[bool] = False

    # --- the rules, supplied by each game ---------------------------------------------
    @abstractmethod
    def legal_moves(self) -> list[Any]: ...

    @abstractmethod
    def scored_moves(self) -> list[ScoredMove]:
        """Every legal move with the points it would score now."""

    @abstractmethod
    def best_move(self, key: Callable[[Points], Any]) -> tuple[Any, int]:
        """The legal move whose points `key` ranks highest (the first in `scored_moves()`
        order on ties) and how many moves there are; (None, 0) when none is a placement."""

    @classmethod
    @abstractmethod
    def parse_move(cls, text: str) -> Any: ...

    @abstractmethod
    def _apply(self, move: Any) -> PlayResult:
        """Check and play a move. Must raise before changing anything if it is illegal."""

    @abstractmethod
    def _state_dict(self) -> dict: ...

    @abstractmethod
    def _load_state(self, data: dict) -> None: ...

    # --- playing ------------------------------------------------------------------------
    def play(self, move: Any) -> PlayResult:
        """Play a move (or its text) for the seat to move; the game is unchanged on error."""
        if self.over:
            raise IllegalMoveError("the game is over: start a new one")
        if isinstance(move, str):
            move = self.parse_move(move)
        seat, turn = self.to_move, self.turn
        result = self._apply(move)
        self.log.append(LogEntry(seat, turn, str(move)))
        return result

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def move_count(self) -> int:
        """How many moves have been played: the version number of this state."""
        return len(self.log)

    def resign(self, seat: int) -> None:
        """Mark a seat as resigned: it still plays (a computer takes it) but ranks last."""
        self.resigned.add(seat)

    def score_points(self, seat: int, points: Points) -> tuple[Points, tuple[Colour, ...]]:
        """Add points to a seat's scoreboard (capped); all five at the cap wins at once.

        The immediate win needs a single scoreboard: solo AXIO's second scoreboard means
        a player at the cap on the first still has points to make, so that game goes on.
        """
        board = self.scoreboards[seat]
        kept, reached = board.add(points)
        if board.boards == 1 and board.all_capped():
            self.immediate_winner = seat
            self.over = True
        return kept, reached

    def scores(self, seat: int) -> Points:
        return tuple(self.scoreboards[seat].scores)  # type: ignore[return-value]

    def standings(self) -> list[Standing]:
        return standings(
            [board.scores for board in self.scoreboards], self.resigned, self.immediate_winner
        )

    def winners(self) -> list[int]:
        return [s.seat for s in self.standings() if s.winner] if self.over else []

    # --- serialisation and replay -------------------------------------------------------
    def to_dict(self, *, log: bool = True) -> dict:
        """The whole game as JSON-ready data; log=False leaves out the move log, for a
        store that keeps the moves apart (from_dict then needs a "log" put back)."""
        data = {
            "kind": self.kind,
            "players": self.players,
            "seed": self.seed,
            "rng": rng_state_to_json(self.rng),
            "scores": [board.scores for board in self.scoreboards],
            "to_move": self.to_move,
            "turn": self.turn,
            "resigned": sorted(self.resigned),
            "immediate_winner": self.immediate_winner,
            "over": self.over,
            **self._state_dict(),
        }
        if log:
            data["log"] = [[e.seat, e.turn, e.move] for e in self.log]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Self:
        if data.get("kind") != cls.kind:
            raise IllegalMoveError(f"that is not a saved {cls.kind} game")
        game = cls.__new__(cls)
        TileGame.__init__(game, data["players"], data["seed"])
        game.rng = rng_from_json(data["rng"])
        for board, scores in zip(game.scoreboards, data["scores"], strict=True):
            board.scores = list(scores)
        game.to_move = data["to_move"]
        game.turn = data["turn"]
        game.log = [LogEntry(*entry) for entry in data["log"]]
        game.resigned = set(data["resigned"])
        game.immediate_winner = data["immediate_winner"]
        game.over = data["over"]
        game._load_state(data)
        return game

    def copy(self) -> Self:
        """An independent copy. Subclasses may copy faster with `_copy_common`."""
        return type(self).from_dict(self.to_dict())

    def _copy_common(self) -> Self:
        """A new game sharing nothing mutable with this one in the state kept here; the
        subclass then copies its own mutable state. Computer players copy games thousands of
        times a move, and this is ~30 times faster than a round trip through to_dict()."""
        game = type(self).__new__(type(self))
        game.__dict__.update(self.__dict__)
        game.rng = rng_with_state(self.rng.getstate())
        game.scoreboards = [Scoreboard(b.cap, b.boards, b.scores) for b in self.scoreboards]
        game.log = list(self.log)
        game.resigned = set(self.resigned)
        return game

    @classmethod
    def replay(cls, players: int, seed: int, moves: Iterable[Any]) -> Self:
        """Rebuild a game from its seed and its moves (objects or text)."""
        game = cls(players, seed)
        for move in moves:
            game.play(move)
        return game

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()  # type: ignore[union-attr]

    __hash__ = None  # type: ignore[assignment]
