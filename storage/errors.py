"""Refusals the bot turns into ephemeral messages. Every one leaves the database unchanged.

Illegal moves are the engine's IllegalMoveError and pass through unchanged.
"""

from __future__ import annotations


class StorageError(Exception):
    """Base of every refusal from storage; the message can be shown to the player."""


class GameNotFoundError(StorageError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"there is no game number {game_id}")
        self.game_id = game_id


class ChannelBusyError(StorageError):
    """The channel already has an unfinished game: finish or end it first."""

    def __init__(self, channel_id: int, game_id: int | None) -> None:
        super().__init__(
            "this channel already has a game in progress: finish it or end it first, "
            "or start one in another channel or thread"
        )
        self.channel_id = channel_id
        self.game_id = game_id


class WrongStatusError(StorageError):
    """The game is not in the state the command needs (e.g. joining a running game)."""

    def __init__(self, game_id: int, status: str, wanted: str) -> None:
        super().__init__(f"that game is {status}, not {wanted}")
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
        super().__init__(f"all {seats} seats are taken: ask the host for a new game")


class AlreadySeatedError(StorageError):
    def __init__(self) -> None:
        super().__init__("you already have a seat in this game")


class NotSeatedError(StorageError):
    def __init__(self) -> None:
        super().__init__("you have no seat in this game")


class DatabaseBusyError(StorageError):
    """Another process held the database's write lock for too long; nothing was done."""

    def __init__(self) -> None:
        super().__init__(
            "the game records are busy right now and nothing was changed: please try again "
            "in a moment"
        )
