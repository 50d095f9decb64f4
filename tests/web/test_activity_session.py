"""Signing in to the Activity: who a member is comes from Discord (the stand-in), never
from the page, and a session opens only for the instance's own guild, channel and users.
Each board then shows the public game and only its member's tiles."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from pydantic import SecretStr

from bot.config import Settings, load_settings
from bot.web.activity import routes as activity_routes
from bot.web.activity.identity import Member, Place
from bot.web.activity.sessions import RECHECK_S, SESSION_HOURS, Sessions
from tests.bot.table import Table
from tests.waiting import GIVE_UP_S
from tests.web.activity_harness import *  # noqa: F403  (the fixtures: see its docstring)
from tests.web.activity_harness import (
    Boards,
    serve_activity,
    start_game,
)
from tests.web.discord_standin import CLIENT_SECRET, OTHER_APPLICATION_ID, DiscordStandIn


async def test_each_member_sees_the_board_and_only_their_own_tiles(table: Table, boards: Boards):
    await start_game(table, "ann", "ben")
    record = await table.game()
    ann, ben, cat = [await boards.open(m) for m in (table.ann, table.ben, table.cat)]
    for board in (ann, ben, cat):
        state = board.received[-1]
        assert state["game"]["move_count"] == record.move_count
        assert state["game"]["kind"] == "axio"
        assert [p["name"] for p in state["game"]["players"]] == ["ann", "ben"]
    to_move = record.game.to_move
    mover, waiter = (ann, ben) if to_move == 0 else (ben, ann)
    mine = mover.received[-1]["you"]
    assert mine["to_move"] and mine["phase"] == "move"
    assert {m["move"] for m in mine["moves"]} == {str(m) for m in record.game.legal_moves()}
    assert set(mine["suggested"]) <= {m["move"] for m in mine["moves"]} and mine["suggested"]
    assert not waiter.received[-1]["you"]["to_move"]
    assert len(waiter.received[-1]["you"]["tiles"]) == 5
    assert cat.received[-1]["you"]["seat"] is None  # a watcher: checked to hold no tiles


async def test_a_channel_without_a_game_says_how_to_start_one(table: Table, boards: Boards):
    board = await boards.open(table.ann)
    state = board.received[-1]
    assert state["game"] is None
    assert "/axio new" in state["note"]
    await start_game(table, "ann", "ben")  # the board hears of the start
    started = await board.state(move_count=0)
    assert started["game"] is not None and started["you"]["seat"] == 0


async def test_the_session_answer_and_the_locale_come_from_discord(table: Table, boards: Boards):
    instance = boards.instance(table.ann)
    status, answer = await boards.sign_in(table.ann, instance, locale="de")
    assert status == 200
    assert answer["user_id"] == str(table.ann.id) and answer["locale"] == "de"
    assert answer["access_token"] and len(answer["session"]) >= 32
    board = await boards.connect(table.ann, answer["session"], instance)
    state = await board.state()
    assert "Beginne eine mit `/axio new`" in state["note"]
    await board.send({"type": "dance"})
    refused = await board.error()
    assert refused["code"] == "bad" and "lade es neu" in refused["message"]


@pytest.mark.parametrize(
    "forge",
    ["unknown", "replayed", "other_application_code", "other_application_token", "mock"],
)
async def test_forged_codes_are_refused(table: Table, boards: Boards, forge: str, caplog):
    standin = boards.standin
    instance = boards.instance(table.ann)
    code = {
        "unknown": "not-a-code-discord-gave",
        "replayed": standin.code_for(table.ann.id),
        "other_application_code": standin.code_for(
            table.ann.id, application_id=OTHER_APPLICATION_ID
        ),
        "other_application_token": standin.code_for(
            table.ann.id, token_application=OTHER_APPLICATION_ID
        ),
        "mock": f"mock:{table.ann.id}:abc",
    }[forge]
    caplog.set_level(logging.DEBUG)
    if forge == "replayed":
        status, __ = await boards.sign_in(table.ann, instance, code=code)
        assert status == 200
    status, answer = await boards.sign_in(table.ann, instance, code=code)
    assert status in (401, 403), answer
    assert set(answer) == {"error"} and answer["error"].endswith(".")
    assert len(table.bot.axio_activity.sessions) == (1 if forge == "replayed" else 0)
    assert CLIENT_SECRET not in caplog.text and CLIENT_SECRET not in str(answer)


@pytest.mark.parametrize("where", ["other_channel", "other_guild", "not_in_it", "unknown"])
async def test_an_instance_elsewhere_is_refused(table: Table, boards: Boards, where: str):
    standin, guild, channel = boards.standin, table.guild.id, table.channel.id
    if where == "other_channel":
        instance = standin.launch("i-other-channel", guild, channel + 1, table.ann.id)
    elif where == "other_guild":
        instance = standin.launch("i-other-guild", guild + 1, channel, table.ann.id)
    elif where == "not_in_it":
        instance = standin.launch("i-without-ann", guild, channel, table.ben.id)
    else:
        instance = "i-never-launched"
    status, answer = await boards.sign_in(table.ann, instance)
    assert status == 403, answer
    assert answer["error"].endswith(".")
    assert len(table.bot.axio_activity.sessions) == 0


@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b"[]",
        b'{"code": "x", "instance_id": "../../users/@me", "guild_id": "1", "channel_id": "2"}',
        b'{"code": "x", "instance_id": "i-1", "guild_id": "1 OR 1", "channel_id": "2"}',
        b'{"code": 5, "instance_id": "i-1", "guild_id": "1", "channel_id": "2"}',
        b'{"code": "' + b"x" * 1_000_000 + b'"}',
    ],
)
async def test_malformed_sign_ins_are_refused_without_asking_discord(
    table: Table,
    boards: Boards,
    body: bytes,
):
    async with boards.client.post(
        "/activity/api/session", data=body, headers={"Content-Type": "application/json"}
    ) as answer:
        assert answer.status == 400
        assert "error" in await answer.json()
    assert sum(boards.standin.calls.values()) == 0


def raw_sign_in(boards: Boards, member: object) -> tuple[bytes, bytes]:
    """A sign-in as a page sends it, written by hand: its head and its body."""
    table = boards.table
    instance = boards.instance(member)
    body = json.dumps(
        {
            "code": boards.standin.code_for(member.id),  # type: ignore[attr-defined]
            "instance_id": instance,
            "guild_id": str(table.guild.id),
            "channel_id": str(table.channel.id),
        }
    ).encode()
    head = (
        f"POST /activity/api/session?instance_id={instance} HTTP/1.1\r\nHost: axio\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode(), body


async def test_a_sign_in_sent_in_pieces_is_read_whole(table: Table, boards: Boards):
    head, body = raw_sign_in(boards, table.ann)
    reader, writer = await asyncio.open_connection("127.0.0.1", boards.client.port)
    writer.write(head + body[:20])
    await writer.drain()
    await asyncio.sleep(0.2)  # the rest comes later, as over a slow network
    writer.write(body[20:])
    status = await asyncio.wait_for(reader.readline(), GIVE_UP_S)
    writer.close()
    assert status.split()[1] == b"200", status


async def test_a_sign_in_whose_body_is_held_back_is_refused_in_time(
    table: Table, boards: Boards, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(activity_routes, "BODY_S", 0.2)
    head, body = raw_sign_in(boards, table.ann)
    reader, writer = await asyncio.open_connection("127.0.0.1", boards.client.port)
    writer.write(head + body[:20])  # and never the rest
    status = await asyncio.wait_for(reader.readline(), GIVE_UP_S)
    writer.close()
    assert status.split()[1] == b"400", status
    assert sum(boards.standin.calls.values()) == 0


async def test_mock_codes_open_a_session_only_where_mocks_are_allowed(
    table: Table,
    discord_standin: DiscordStandIn,
):
    served = await serve_activity(table, discord_standin, mock=True)
    try:
        body = {"code": f"mock:{table.ann.id}:n1", "instance_id": "i-mock", "guild_id": "1"}
        body["channel_id"] = str(table.channel.id)
        async with served.client.post("/activity/api/session", json=body) as answer:
            assert answer.status == 200
            assert (await answer.json())["user_id"] == str(table.ann.id)
        async with served.client.post("/activity/api/session", json=body) as answer:
            assert answer.status == 401  # a mock code is used once too
    finally:
        await served.close()
    assert sum(discord_standin.calls.values()) == 0


def test_the_client_secret_is_never_shown():
    settings = Settings(
        _env_file=None, discord_client_id="1234567890", discord_client_secret="s3cr3t-xyz"
    )
    assert isinstance(settings.discord_client_secret, SecretStr)
    assert "s3cr3t-xyz" not in repr(settings) and "s3cr3t-xyz" not in str(settings)
    assert settings.activity_on
    __, error = load_settings(discord_client_id="12ab", discord_client_secret="s3cr3t-xyz")
    assert error is not None and "DISCORD_CLIENT_ID" in error and "s3cr3t-xyz" not in error
    assert not Settings(_env_file=None, discord_client_id="1234567890").activity_on


async def test_discord_opens_the_root_and_is_sent_on_to_the_page(table: Table, boards: Boards):
    query = {"instance_id": "i-42", "frame_id": "f-1", "channel_id": "5", "guild_id": "6"}
    async with boards.client.get("/", params=query, allow_redirects=False) as answer:
        assert answer.status == 302
        location = answer.headers["Location"]
    assert location.startswith("/activity?") and "instance_id=i-42" in location
    assert "frame_id=f-1" in location
    async with boards.client.get("/", allow_redirects=False) as answer:
        assert answer.status == 404


def test_a_session_expires_after_its_hours():
    now = [1000.0]
    sessions = Sessions(clock=lambda: now[0])
    member = Member(7, Place(1, 2, "i-1"), "de", "mock-token")
    session = sessions.open(member)
    assert sessions.get(session.token) == session and session.language == "de"
    assert not sessions.due_for_check(session)  # a mock sign-in has no instance to ask
    now[0] += SESSION_HOURS * 3600 - 1
    assert not sessions.due_for_check(session)
    assert sessions.get(session.token) is not None
    now[0] += 1
    assert sessions.get(session.token) is None and len(sessions) == 0
    assert sessions.get("never-issued") is None


async def test_a_session_ends_with_its_instance(table: Table, boards: Boards):
    sessions = table.bot.axio_activity.sessions
    # Whole seconds: (t + RECHECK_S) - t is then RECHECK_S exactly; from time.monotonic()'s
    # t it may fall a hair short, and the session would not be due for its check.
    now = [1000.0]
    sessions.clock = lambda: now[0]
    instance = boards.instance(table.ann)
    __, answer = await boards.sign_in(table.ann, instance)
    asked = boards.standin.calls["instance"]
    now[0] += RECHECK_S  # still in it: Discord is asked again, the board opens
    assert await (await boards.connect(table.ann, answer["session"], instance)).state()
    assert boards.standin.calls["instance"] == asked + 1
    boards.standin.instances[instance].users.clear()  # ann left; the Activity ended
    now[0] += RECHECK_S
    board = await boards.connect(table.ann, answer["session"], instance)
    assert (await board.error())["code"] == "session"
    assert (await board.ws.receive()).data == 4401
    assert sessions.get(answer["session"]) is None
