"""The engine state as stored: games.state, compact and without the move log, and
games.rng, the random generator's state, apart.

The log lives in the moves table, one row per move, so the snapshot is written whole on
every move without growing with the game. The RNG state (624 words, packed as base64) was
three quarters of that snapshot, yet a game only draws on it when it shuffles (the deal,
and an accepted AXIO exchange): so it has a column of its own, written only when it
changed. Games saved before that (migration 0004) still carry it inside games.state, with
games.rng empty; they are read as they are and move the RNG out at their next move.
"""

from __future__ import annotations

import base64
import json
from array import array
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, replace

from engine import PlayResult, TileGame, game_class

from .records import Seat

_WORD = "I" if array("I").itemsize == 4 else "L"


def encode_state(game: TileGame) -> str:
    """The game's state as JSON text, without the log and the RNG."""
    data = game.to_dict(log=False)
    del data["rng"]
    return json.dumps(data, separators=(",", ":"))


def encode_rng(game: TileGame) -> str:
    """The game's RNG state as JSON text, its 624 words packed."""
    version, internal, gauss = game.rng.getstate()
    packed = base64.b64encode(array(_WORD, internal).tobytes()).decode("ascii")
    return json.dumps([version, packed, gauss], separators=(",", ":"))


@dataclass(frozen=True)
class Played:
    """A move played on a game, with what storing it writes."""

    result: PlayResult
    state: str
    rng: str | None
    """The RNG to store, or None: the stored one stands (the move did not draw on it)."""
    new_turn: bool
    """Whether the move passed the turn on (an AXIO! extra turn does not)."""


def play_to_store(game: TileGame, move: object, rng_stored: bool) -> Played:
    """Play `move` on `game` (IllegalMoveError changes nothing) and encode what storing it
    writes; `rng_stored` False (a game saved before migration 0004) stores the RNG anyway."""
    before = (game.to_move, game.turn)
    rng_before = game.rng.getstate()
    result = game.play(move)
    changed = not rng_stored or game.rng.getstate() != rng_before
    return Played(
        result,
        encode_state(game),
        encode_rng(game) if changed else None,
        (game.to_move, game.turn) != before,
    )


def decode_state(text: str, log: Iterable[tuple[int, int, str]], rng: str | None) -> TileGame:
    """Rebuild a game object from its stored state, its RNG (None when the state holds
    it, as saved before migration 0004) and its log rows (seat, turn, text)."""
    data = json.loads(text)
    version, packed, gauss = json.loads(rng) if rng is not None else data["rng"]
    data["rng"] = [version, array(_WORD, base64.b64decode(packed)).tolist(), gauss]
    data["log"] = [list(entry) for entry in log]
    return game_class(data["kind"]).from_dict(data)


def replay(kind: str, players: int, seed: int, log: Iterable[tuple[int, int, str]]) -> TileGame:
    """Rebuild a game from its seed and moves alone, ignoring any snapshot.

    Resignations are not moves: the seats' resigned flags are applied by the caller.
    """
    game = game_class(kind)(players, seed)
    for seat, turn, text in log:
        if (seat, turn) != (game.to_move, game.turn):
            raise ValueError(
                f"the log says seat {seat} played turn {turn}, "
                f"but the game had seat {game.to_move} on turn {game.turn}"
            )
        game.play(text)
    return game


class GameCache:
    """Recently used games, so that a move does not decode its game from JSON again.

    An entry is used only when the database holds exactly the state it was made from
    (same game, move count and snapshot text), so it can never be stale, even when another
    process writes the file. (The RNG column need not be compared: it changes only with a
    move, and each move number of a game is stored once, so the move count fixes it.)
    Games go in and come out as copies: a caller may change the object it is handed
    without touching the cache.

    An entry put by a committed move also keeps the game's seats, which change in a
    running game only with its state (a resignation): `held` hands those entries to a
    write that checks the stored state itself (see one_trip.py).
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._entries: OrderedDict[int, CachedGame] = OrderedDict()

    def get(self, game_id: int, move_count: int, state: str) -> TileGame | None:
        entry = self._entries.get(game_id)
        if entry is None or entry.move_count != move_count or entry.state != state:
            return None
        self._entries.move_to_end(game_id)
        return entry.game.copy()

    def held(self, game_id: int, move_count: int) -> CachedGame | None:
        """The entry at `move_count` that has its seats, with a copy of its game, or None.
        The caller must check that the database still holds `state`."""
        entry = self._entries.get(game_id)
        if entry is None or entry.move_count != move_count or entry.seats is None:
            return None
        self._entries.move_to_end(game_id)
        return replace(entry, game=entry.game.copy())

    def put(
        self,
        game_id: int,
        move_count: int,
        state: str,
        game: TileGame,
        seats: tuple[Seat, ...] | None = None,
    ) -> None:
        if self.size <= 0:
            return
        self._entries[game_id] = CachedGame(move_count, state, game.copy(), seats)
        self._entries.move_to_end(game_id)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def clear(self) -> None:
        self._entries.clear()


@dataclass(frozen=True)
class CachedGame:
    move_count: int
    state: str
    game: TileGame
    seats: tuple[Seat, ...] | None
