"""A board while the database does not answer (its reads fail as storage fails them when the
server is away): it is never left behind the stored game. A board opened during the outage,
or whose game moves on while a read of it fails, shows the game as stored once the database
answers again, without the member doing anything; a `refresh` meanwhile is answered
`fault`, in words, and the socket stays open."""

from __future__ import annotations

import logging

import pytest

from bot.web.activity import socket
from storage import DatabaseUnavailableError
from tests.bot.table import Table
from tests.waiting import eventually
from tests.web.activity_harness import *  # noqa: F403  (the fixtures: see its docstring)
from tests.web.activity_harness import Boards, start_game


class Outage:
    """A storage read that fails while the outage lasts, as storage fails it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> None:
        self.on = True
        self.failed = 0
        read = getattr(owner, name)

        async def maybe(*args: object, **kwargs: object) -> object:
            if self.on:
                self.failed += 1
                raise DatabaseUnavailableError("no answer in time (test)")
            return await read(*args, **kwargs)

        monkeypatch.setattr(owner, name, maybe)


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket, "RETRY_FIRST_S", 0.01)


async def test_a_board_opened_while_the_database_is_away_shows_the_game_once_it_answers(
    table: Table, boards: Boards, monkeypatch: pytest.MonkeyPatch, caplog
):
    caplog.set_level(logging.INFO)
    record = await start_game(table, "ann", "ben")
    instance = boards.instance(*table.members.values())
    __, answer = await boards.sign_in(table.ann, instance)
    outage = Outage(monkeypatch, table.bot.repo, "game_in_channel")

    board = await boards.connect(table.ann, answer["session"], instance)
    await board.send({"type": "refresh"})
    refused = await board.error()
    assert refused["code"] == "fault" and "catches up by itself" in refused["message"]
    assert outage.failed >= 2  # the board's own read, and the refresh's

    outage.on = False
    shown = await board.state()
    assert shown["game"]["move_count"] == record.move_count
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def test_a_board_whose_read_of_a_move_fails_catches_up_once_it_answers(
    table: Table, boards: Boards, monkeypatch: pytest.MonkeyPatch
):
    record = await start_game(table, "ann", "ben")
    mover = table.member_for(record)
    waiter = await boards.open(table.ben if mover is table.ann else table.ann)
    Outage(monkeypatch, table.bot.repo, "get_game")
    latest = table.bot.axio_activity.latest
    failed_for_boards = []
    read = latest.record

    async def counted(*args: object) -> object:
        try:
            return await read(*args)
        except DatabaseUnavailableError:
            failed_for_boards.append(args)
            raise

    monkeypatch.setattr(latest, "record", counted)
    await table.slash(mover, "axio play", move=str(record.game.legal_moves()[0]))
    await eventually(lambda: failed_for_boards, "the boards' read of the move failed")
    monkeypatch.undo()  # the database answers again
    shown = await waiter.state(record.move_count + 1)
    assert shown["game"]["move_count"] == (await table.record(record.id)).move_count
