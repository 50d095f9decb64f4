"""What storage raises on purpose, each with a message a player can read.

Three honest outcomes for every command that changes something:
- it returns: the change is stored (committed);
- a refusal (every StorageError below except the last two groups), or a
  `NothingStoredError` (the database is busy or not answering): certainly nothing was stored;
- `OutcomeUnknownError`: the change was sent and its answer was lost, so it may have been
  stored. Only this one may leave the database changed.

Illegal moves are the engine's IllegalMoveError and pass through unchanged.
"""

from __future__ import annotations


class StorageError(Exception):
    """Base of everything storage raises on purpose; the message can be shown to the player.
    All but OutcomeUnknownError leave the database unchanged.

    As the engine's IllegalMoveError, the message is a `template` with named `{fields}`
    and the `values` that fill them, so the bot translates the sentence whole
    (`bot/catalog.py` collects the templates raised with a plain string)."""

    def __init__(self, template: str = "", /, **values: object) -> None:
        super().__init__(template.format(**values) if values else template)
        self.template = template
        self.values = values


class GameNotFoundError(StorageError):
    def __init__(self, game_id: int) -> None:
        super().__init__("there is no game number {game}", game=game_id)
        self.game_id = game_id


class OpenGameError(StorageError):
    """A new game would meet an unfinished one where only one may be open: `game_id`."""

    def __init__(self, template: str, channel_id: int, game_id: int | None) -> None:
        super().__init__(template)
        self.channel_id = channel_id
        self.game_id = game_id


class ChannelBusyError(OpenGameError):
    """The channel already has an unfinished table game (a lobby, or a game of two or more
    seats): finish or end it first. Solo games never make a channel busy."""

    def __init__(self, channel_id: int, game_id: int | None) -> None:
        super().__init__(
            "this channel already has a game in progress: finish it or end it first, "
            "or start one in another channel or thread",
            channel_id,
            game_id,
        )


class SoloBusyError(OpenGameError):
    """The member already has an unfinished solo game in this channel: one at a time, so
    that their commands here always mean one game."""

    def __init__(self, channel_id: int, game_id: int | None) -> None:
        super().__init__(
            "you already have a solo game in this channel: press **Play** on its post to go "
            "on with it",
            channel_id,
            game_id,
        )


class WrongStatusError(StorageError):
    """The game (or tournament) is not in the state the command needs, e.g. joining a
    running game; `sentence` says so to the player (a catalog template of its own)."""

    def __init__(self, game_id: int, status: str, sentence: str) -> None:
        super().__init__(sentence)
        self.game_id = game_id
        self.status = status


class StaleTurnError(StorageError):
    """A move or button for a turn that has already been played."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(
            "that was for an earlier turn and the game has moved on: look at the latest board"
        )
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class NotYourTurnError(StorageError):
    def __init__(self, seat: int, to_move: int) -> None:
        super().__init__("it is not your turn: wait for the player to move")
        self.seat = seat
        self.to_move = to_move


class LobbyFullError(StorageError):
    def __init__(self, seats: int) -> None:
        super().__init__("all {seats} seats are taken: ask the host for a new game", seats=seats)
        self.seats = seats


class AlreadySeatedError(StorageError):
    def __init__(self) -> None:
        super().__init__("you already have a seat in this game")


class NotSeatedError(StorageError):
    def __init__(self) -> None:
        super().__init__("you have no seat in this game")


class SeatResignedError(StorageError):
    """A person's move for a seat they resigned: only its stand-in plays it now."""

    def __init__(self, seat: int) -> None:
        super().__init__(
            "you resigned from this game, so a computer plays your seat now: "
            "your moves are no longer taken"
        )
        self.seat = seat


class NothingStoredError(StorageError):
    """The database did not do the command, and certainly stored nothing: trying again is
    safe. `reason` says why, for logs and operators (the message is for players)."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class DatabaseBusyError(NothingStoredError):
    """The database's write lock (another process's, or this process's queue for it) was
    not free within the command's time; nothing was done. Not an outage."""

    def __init__(self, reason: str = "the write lock stayed taken") -> None:
        super().__init__(
            "the game records are busy right now and nothing was changed: please try again "
            "in a moment",
            reason,
        )


class DatabaseUnavailableError(NothingStoredError):
    """The database could not be reached or did not answer in time before anything was
    committed (connecting, waiting for a connection, BEGIN, or a statement before COMMIT):
    nothing was stored. Counts towards an outage (see health.py)."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            "the game's storage is not answering and nothing was changed: please try again "
            "in a minute",
            reason,
        )


class OutcomeUnknownError(StorageError):
    """A change was sent to be committed (its COMMIT, or its one committing statement) and
    the answer was lost, and looking it up did not settle it: it may have been stored.
    Whatever was stored owes its table posts as usual, so the table will show it."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            "the game's storage did not confirm this change, so it may or may not have been "
            "made: look at the table in a moment before trying again"
        )
        self.reason = reason


DATABASE_FAULTS = (NothingStoredError, OutcomeUnknownError)
"""What the database's state (not the player) caused: answered without a traceback."""
