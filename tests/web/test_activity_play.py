"""Playing on the board: a move made there takes the bot's one path (the same turn post in
the channel as `/axio play` makes, computers play on), and every open board of the game,
players' and watchers', hears of every move from anywhere."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace
from typing import Any

import bot.table.lobby
from storage import GameRecord
from tests.bot.table import Table, components, filenames, text_of
from tests.web.activity_harness import *  # noqa: F403  (the fixtures: see its docstring)
from tests.web.activity_harness import (
    Boards,
    start_game,
)


def first_move(record: GameRecord) -> str:
    assert record.game is not None
    return str(record.game.legal_moves()[0])


async def post_for(at: Table, channel: Any, record: GameRecord) -> Any:
    """The channel's turn post for the record's move count, once delivered."""
    wanted = f"axio:tiles:{record.id}:{record.move_count}"

    def posted() -> Any:
        last = channel.last_message
        return last is not None and any(c.get("custom_id") == wanted for c in components(last))

    await at.until(posted, f"the turn post for move {record.move_count} of game {record.id}")
    return channel.last_message


def post_shape(message: Any, record: GameRecord) -> str:
    """A post as the channel shows it, its game's number taken out."""
    said = {
        "text": text_of(message),
        "components": components(message),
        "files": sorted(filenames(message)),
    }
    text = json.dumps(said, sort_keys=True, default=str)
    text = re.sub(r"https://cdn\.simcord\.invalid/attachments/\d+/\d+/", "<cdn>/", text)
    text = re.sub(rf"(axio:[a-z_]+):{record.id}(?=[:\"])", r"\1:<game>", text)  # controls' ids
    return re.sub(rf"#{record.id}(?![0-9])", "#<game>", text)


async def test_a_board_move_makes_the_same_turn_post_as_axio_play(
    table: Table,
    boards: Boards,
    monkeypatch,
):
    monkeypatch.setattr(bot.table.lobby, "_seeds", SimpleNamespace(randrange=lambda _: 4242))
    by_board = await start_game(table, "ann", "ben")
    other = table.guild.create_text_channel("games-two")
    lobby = (await table.slash_in(other, table.ann, "axio new", game="axio")).response
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    by_command = await table.bot.repo.game_in_channel(other.id)
    assert by_command is not None and by_command.game.to_move == by_board.game.to_move
    mover = table.member_for(by_board)
    move = first_move(by_board)

    board = await boards.open(mover)
    await board.move(move, by_board.move_count)
    state = await board.state(move_count=1)
    assert state["game"]["last_moves"][-1]["text"] == move
    await table.slash_in(other, mover, "axio play", move=move)

    after_board = await table.record(by_board.id)
    after_command = await table.record(by_command.id)
    assert [e.move for e in after_board.game.log] == [e.move for e in after_command.game.log]
    board_post = await post_for(table, table.channel, after_board)
    command_post = await post_for(table, other, after_command)
    assert post_shape(board_post, after_board) == post_shape(command_post, after_command)
    assert f"<@{table.member_for(after_board).id}>" in text_of(board_post)


async def test_every_open_board_hears_of_moves_from_the_board_and_from_commands(
    table: Table,
    boards: Boards,
):
    record = await start_game(table, "ann", "ben")
    ann, ben, cat = [await boards.open(m) for m in (table.ann, table.ben, table.cat)]
    seats = {table.ann.id: ann, table.ben.id: ben}
    for number in range(6):
        mover = table.member_for(record)
        move = first_move(record)
        if number % 2 == 0:  # from the board: its own answer is the new state
            await seats[mover.id].move(move, record.move_count)
            await seats[mover.id].state(move_count=record.move_count + 1)
        else:
            await table.slash(mover, "axio play", move=move)
        record = await table.record(record.id)
        for board in (ann, ben, cat):
            state = await board.showing(record.move_count)
            assert state["game"]["move_count"] == record.move_count
            assert state["game"]["last_moves"][-1]["text"] == record.game.log[-1].move
        to_move = seats[table.member_for(record).id]
        assert to_move.received[-1]["you"]["to_move"]
    await table.until(lambda: table.check_errors() is None, "no errors")


async def test_computers_play_on_after_a_board_move(table: Table, boards: Boards):
    lobby = (await table.slash(table.ann, "axio new", game="rota")).response
    menu = await table.click(table.ann, lobby, label="Add computer")
    await table.click(table.ann, menu.response, label="Easy")
    await table.click(table.ann, lobby, label="Start")
    record = await table.person_to_move((await table.game()).id)
    board = await boards.open(table.ann)
    await board.move(first_move(record), record.move_count)
    await board.state(move_count=record.move_count + 1)
    record = await table.person_to_move(record.id)
    assert record.move_count >= 2 or record.status != "running"
    state = await board.state(move_count=record.move_count)
    assert state["you"]["to_move"] == (record.status == "running")


async def test_a_board_that_reconnects_shows_the_stored_game(table: Table, boards: Boards):
    record = await start_game(table, "ann", "ben")
    instance = boards.instance(table.ann, table.ben, table.cat)
    __, answer = await boards.sign_in(table.cat, instance)
    watcher = await boards.connect(table.cat, answer["session"], instance)
    await watcher.state()
    await watcher.ws.close()  # the connection is cut …
    for __ in range(3):  # … while the game goes on
        await table.slash(table.member_for(record), "axio play", move=first_move(record))
        record = await table.record(record.id)
    again = await boards.connect(table.cat, answer["session"], instance)  # the same session
    state = await again.state()
    assert state["game"]["move_count"] == record.move_count == 3
    assert [m["text"] for m in state["game"]["last_moves"]] == [e.move for e in record.game.log]
    assert state["game"]["board"] == "".join(record.game.board.cells)
