"""What a hostile or broken board may send: each is answered with a clear message or a
closed connection, and changes nothing. (Sign-ins: test_activity_session.py.)"""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from bot.web.activity.socket import BOARDS_PER_MEMBER, CLOSED_TOO_MANY
from storage import GameRecord
from tests.bot.table import Table
from tests.waiting import eventually
from tests.web.activity_harness import *  # noqa: F403  (the fixtures: see its docstring)
from tests.web.activity_harness import (
    Boards,
    BoardSocket,
    start_game,
)

DROPPED = 1000


async def a_game(at: Table, boards: Boards) -> tuple[GameRecord, BoardSocket, BoardSocket]:
    """A running game of ann and ben, and the boards of the player to move and the other."""
    record = await start_game(at, "ann", "ben")
    mover = at.member_for(record)
    waiter = at.ben if mover is at.ann else at.ann
    return record, await boards.open(mover), await boards.open(waiter)


async def unchanged(at: Table, record: GameRecord) -> None:
    now = await at.record(record.id)
    assert now.move_count == record.move_count and now.game.log == record.game.log


async def test_an_unknown_session_is_told_and_closed(table: Table, boards: Boards):
    board = await boards.connect(table.ann, "forged-session-token", "i-1")
    refused = await board.error()
    assert refused["code"] == "session" and "open the board again" in refused["message"]
    closing = await board.ws.receive()
    assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 4401


async def test_a_session_used_from_another_instance_is_closed(table: Table, boards: Boards):
    instance = boards.instance(table.ann)
    status, answer = await boards.sign_in(table.ann, instance)
    assert status == 200
    board = await boards.connect(table.ann, answer["session"], "i-another-instance")
    refused = await board.error()
    assert refused["code"] == "session"
    closing = await board.ws.receive()
    assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 4403


async def test_moves_not_the_members_to_make_change_nothing(table: Table, boards: Boards):
    record, mover, waiter = await a_game(table, boards)
    watcher = await boards.open(table.cat)
    move = str(record.game.legal_moves()[0])
    count = record.move_count
    await waiter.move(move, count)  # not their turn
    assert (await waiter.error())["code"] == "not_your_turn"
    await watcher.move(move, count)  # not playing
    said = await watcher.error()
    assert said["code"] == "not_your_turn" and "watching" in said["message"]
    other_seat = 1 - record.game.to_move
    await mover.send({"type": "move", "move": move, "expected": count, "seat": other_seat})
    assert (await mover.error())["code"] == "not_your_turn"
    await mover.send({"type": "move", "move": move, "expected": count, "game": "AnotherGame"})
    assert (await mover.error())["code"] == "stale"
    assert (await mover.state())["game"]["move_count"] == count
    await mover.move(move, count + 7)  # a number not yet reached
    assert (await mover.error())["code"] == "stale"
    await mover.move("Z99:r Z98:b", count)
    illegal = await mover.error()
    assert illegal["code"] == "illegal" and "not allowed" in illegal["message"]
    await unchanged(table, record)


async def test_a_move_sent_twice_is_applied_once(table: Table, boards: Boards):
    record, mover, __ = await a_game(table, boards)
    move = str(record.game.legal_moves()[0])
    await mover.move(move, record.move_count)
    await mover.move(move, record.move_count)  # a double tap, or a client's retry
    assert (await mover.state(move_count=record.move_count + 1))["game"]["move_count"] == 1
    stale = await mover.error()
    assert stale["code"] == "stale" and "moved on" in stale["message"]
    fresh = await mover.state()
    assert fresh["game"]["move_count"] == record.move_count + 1
    after = await table.record(record.id)
    assert after.move_count == record.move_count + 1
    assert [entry.move for entry in after.game.log] == [move]
    await table.until(lambda: table.check_errors() is None, "no errors")


@pytest.mark.parametrize(
    "sent",
    [
        "{not json",
        "[1, 2]",
        '{"type": "move", "move": 5, "expected": 0}',
        '{"type": "move", "move": "E5:b F5:r", "expected": "0"}',
        '{"type": "move", "move": "E5:b F5:r", "expected": true}',
        '{"type": "move", "move": "", "expected": 0}',
        '{"type": "launch-missiles"}',
    ],
)
async def test_malformed_messages_are_answered_bad(table: Table, boards: Boards, sent: str):
    record, mover, __ = await a_game(table, boards)
    await mover.ws.send_str(sent)
    said = await mover.error()
    assert said["code"] == "bad" and said["message"].endswith(".")
    await mover.ws.send_bytes(b"\x00\x01")
    assert (await mover.error())["code"] == "bad"
    await unchanged(table, record)


async def test_an_oversized_message_closes_the_connection(table: Table, boards: Boards):
    record, mover, __ = await a_game(table, boards)
    move = str(record.game.legal_moves()[0])
    huge = {"type": "move", "move": move, "expected": record.move_count, "pad": "x" * 1_000_000}
    await mover.ws.send_str(json.dumps(huge))
    closing = await asyncio.wait_for(mover.ws.receive(), 30)
    assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 1009
    await unchanged(table, record)


async def test_rapid_fire_is_rate_limited_per_session(table: Table, boards: Boards):
    record, __, waiter = await a_game(table, boards)
    for __ in range(200):
        await waiter.send({"type": "refresh"})
    answers = [await waiter.message() for __ in range(200)]
    limited = [a for a in answers if a["type"] == "error" and a["code"] == "rate"]
    assert len(limited) >= 100  # a burst of 20, then 10 a second: most are refused
    assert "wait a moment" in limited[0]["message"]
    await unchanged(table, record)


async def test_a_member_has_at_most_their_share_of_boards_open(table: Table, boards: Boards):
    record = await start_game(table, "ann", "ben")
    held = [await boards.open(table.ann) for __ in range(BOARDS_PER_MEMBER)]
    instance = boards.instance(*table.members.values())
    __, answer = await boards.sign_in(table.ann, instance)

    one_more = await boards.connect(table.ann, answer["session"], instance)
    refused = await one_more.error()
    assert refused["code"] == "boards" and "close one" in refused["message"]
    closing = await one_more.ws.receive()
    assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == CLOSED_TOO_MANY
    other = await boards.open(table.ben)  # another member's board is not counted with hers
    assert other.received[-1]["game"]["move_count"] == record.move_count

    await held.pop().ws.close()
    activity = table.bot.axio_activity
    await eventually(
        lambda: activity.boards_of(table.ann.id) < BOARDS_PER_MEMBER, "her closed board gone"
    )
    again = await boards.connect(table.ann, answer["session"], instance)
    assert (await again.state())["game"]["move_count"] == record.move_count
    await unchanged(table, record)


async def test_a_member_never_sees_another_members_tiles_after_reconnecting(
    table: Table,
    boards: Boards,
):
    record, mover, waiter = await a_game(table, boards)
    seen_before = mover.received[-1]["you"]
    await mover.ws.close()
    instance = boards.instance(table.ann, table.ben)
    other = waiter.member
    status, answer = await boards.sign_in(other, instance)
    assert status == 200
    again = await boards.connect(other, answer["session"], instance)  # checks every message
    state = await again.state()
    assert state["you"]["seat"] == record.seat_of(other.id).seat
    assert state["you"]["seat"] != seen_before["seat"]


def served() -> set[asyncio.Task]:
    """The server's tasks: its connections' (aiohttp's request handlers) and boards'."""
    return {
        task
        for task in asyncio.all_tasks()
        if task.get_name() == "activity board"
        or "RequestHandler" in getattr(task.get_coro(), "__qualname__", "")
    }


async def test_a_thousand_connections_opened_and_dropped_leave_nothing_behind(
    table: Table,
    boards: Boards,
):
    await start_game(table, "ann", "ben")
    activity = table.bot.axio_activity
    instance = boards.instance(table.ann)
    __, answer = await boards.sign_in(table.ann, instance)
    url = boards.client.make_url("/activity/ws")
    before = served()  # the boards' own client's connection
    for batch in range(DROPPED // 100):
        async with aiohttp.ClientSession() as session:  # closed: each socket dropped
            opened = []
            for number in range(100):
                token = answer["session"] if number % 2 else f"forged-{batch}-{number}"
                query = {"session": token, "instance_id": instance}
                opened.append(await session.ws_connect(url, params=query))
            first = await asyncio.wait_for(opened[1].receive(), 30)
            assert json.loads(first.data)["type"] == "state"
            assert len(served() - before) >= 100  # what must go once they are dropped
    await eventually(lambda: not activity.boards, "every dropped board forgotten")
    await eventually(lambda: not activity.live._queues, "no game watched")
    await eventually(lambda: not served() - before, "no connection's task left behind")
    assert len(activity.sessions) == 1
