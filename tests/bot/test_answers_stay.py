"""Answers that stay: a move's Confirm pressed many times at once (two devices, a client's
retry) plays once, the answer to the press that played ("You played …") stays on the
builder whatever order the answers land in, and every other press says, in a reply of its
own, that the move was already played. A network fault while an old builder's controls
are taken off is a warning, and the tidy-up is tried again while its token lives."""

from __future__ import annotations

import asyncio
import logging

import aiohttp
import discord
import pytest

from bot.table.background import Background
from bot.table.private import MOVED_ON
from tests.bot.at_once import clicks_at_once
from tests.bot.daily_helpers import DayClock, page_of
from tests.bot.languages import english_in, speak
from tests.bot.table import Table, labels
from tests.bot.test_delivery import buttons, two_player
from tests.bot.test_german_table import de
from tests.bot.test_truthful import no_tracebacks


def own_reply(press, builder) -> str | None:
    """What a press was told in a message of its own (None: it answered on the builder,
    or has not answered yet)."""
    if press.followups:
        return press.followups[-1].content
    response = press.response
    return response.content if response is not None and response.id != builder.id else None


@pytest.mark.parametrize("kind", ["axio", "rota"])
async def test_ten_confirms_at_once_leave_the_you_played_answer_in_place(table: Table, kind: str):
    record = await two_player(table, kind)
    mover = table.member_for(record)
    builder = (await table.click(mover, table.last_public(), label="My tiles")).response
    suggestion = next(label for label in labels(builder) if " · " in label)
    await table.click(mover, builder, label=suggestion)
    presses = await clicks_at_once(table.env, mover, builder, ["Confirm"] * 10)
    await table.until(
        lambda: sum(own_reply(p, builder) is not None for p in presses) == 9,
        "nine presses answered in replies of their own",
    )
    table.check_errors()
    after = await table.record(record.id)
    assert after.move_count == 1
    played = builder.content
    assert played.startswith("You played **") and not labels(builder), played
    replies = [own_reply(p, builder) for p in presses]
    assert replies.count(None) == 1  # the press that played answered on the builder
    assert [r for r in replies if r is not None] == [
        f"✅ Already played: {played} The same move came again and changed nothing; it counts once."
    ] * 9


async def test_a_repeated_confirm_is_answered_in_the_presser_s_language(table: Table, monkeypatch):
    record = await two_player(table)
    mover = table.member_for(record)
    speak(monkeypatch, {mover.id: "de"})
    builder = (await table.click(mover, table.last_public(), label="My tiles")).response
    await table.click(mover, builder, label=next(b for b in labels(builder) if " · " in b))
    presses = await clicks_at_once(table.env, mover, builder, [de("Confirm")] * 3)
    await table.until(
        lambda: sum(own_reply(p, builder) is not None for p in presses) == 2, "two replies"
    )
    [reply] = {own_reply(p, builder) for p in presses} - {None}
    assert reply.startswith(f"✅ Schon gespielt: {builder.content} Derselbe Zug"), reply
    assert builder.content.startswith("Du hast **") and not english_in(reply), reply


@pytest.mark.simcord(settle_timeout=60)  # three days of scheduler passes
async def test_the_move_a_stand_in_made_is_no_repeat_of_the_player_s_confirm(
    table: Table, monkeypatch
):
    """The player ran out of time and the computer that stood in chose the very move their
    builder previews: their Confirm is told the game moved on, not that they played."""
    record = await two_player(table)
    mover = table.member_for(record)
    builder = (await table.click(mover, table.last_public(), label="My tiles")).response
    await table.click(mover, builder, label=next(b for b in labels(builder) if " · " in b))
    previewed = next(b["custom_id"] for b in buttons(builder) if b.get("label") == "Confirm")
    chosen = previewed.split(":", 5)[5]  # axio:move:<game>:<move count>:ok:<move>

    desk = table.bot.desk
    real = desk.computer_move

    async def the_previewed_move(record, level):
        if record.move_count:
            return await real(record, level)
        return record.game.parse_move(chosen)

    monkeypatch.setattr(desk, "computer_move", the_previewed_move)
    await table.env.advance_time(73 * 3600)  # past the timeout: the stand-in moves (and
    # the builder keeps its buttons: its token, which could have tidied it, has expired)
    after = await table.record(record.id)
    assert after.move_count == 1 and after.game.log[0].seat == record.game.to_move
    pressed = await table.click(mover, builder, label="Confirm")
    assert builder.content.startswith("⌛ That was for turn 1"), builder.content
    assert not pressed.followups


class TestDaily:
    @pytest.fixture
    def bot_clock(self) -> DayClock:
        """A day of the daily challenge."""
        return DayClock()

    async def test_ten_confirms_at_once_on_a_daily_page_move_it_on_once(self, table: Table):
        """The daily challenge's page answers a played move with the next move's page: the
        repeats leave it there, each saying the move was already played."""
        page = page_of(await table.slash(table.ann, "axio daily play", game="axio"))
        await table.click(table.ann, page, label=next(b for b in labels(page) if " · +" in b))
        presses = await clicks_at_once(table.env, table.ann, page, ["Confirm"] * 10)
        await table.until(
            lambda: sum(own_reply(p, page) is not None for p in presses) == 9,
            "nine presses answered in replies of their own",
        )
        table.check_errors()
        attempt = await table.bot.repo.daily_attempt("axio", table.ann.id, 1)
        assert (await table.record(attempt.game_id)).move_count == 1
        assert "Preview" not in page.content and " · " in str(labels(page))  # move 2's page
        replies = {own_reply(p, page) for p in presses} - {None}
        [reply] = replies
        assert reply.startswith("✅ Already played: You played **"), reply


@pytest.mark.parametrize("winner_lands", ["first", "last"])
async def test_confirms_and_backs_at_once_never_overwrite_what_was_played(
    table: Table, monkeypatch, winner_lands: str
):
    """Confirm and Back, five times each, at once: whichever way their answers land (the
    played answer held back until every other press has answered, or not), the builder
    ends on "You played …", and no other press ever drew over it."""
    record = await two_player(table, "rota")
    mover = table.member_for(record)
    builder = (await table.click(mover, table.last_public(), label="My tiles")).response
    await table.click(mover, builder, label=next(b for b in labels(builder) if " · " in b))
    release, seen = asyncio.Event(), []
    adapter = table.env._webhook_adapter
    real = adapter.request

    async def request(route, *args, **kwargs):
        said = str(kwargs.get("payload") or kwargs.get("multipart"))
        if route.method == "PATCH" and "You played" in said and winner_lands == "last":
            await table.env.external_wait(release.wait(), reason="the played answer, held")
        response = await real(route, *args, **kwargs)
        seen.append(builder.content)
        return response

    monkeypatch.setattr(adapter, "request", request)
    presses = await clicks_at_once(table.env, mover, builder, ["Confirm", "Back"] * 5)
    await table.until(
        lambda: sum(own_reply(p, builder) is not None for p in presses) >= 4,
        "the other Confirms answered in replies of their own",
    )
    release.set()
    await table.until(lambda: builder.content.startswith("You played **"), "the played answer")
    await table.env.settle()
    table.check_errors()
    assert (await table.record(record.id)).move_count == 1
    played = seen.index(builder.content)
    assert all(content == builder.content for content in seen[played:]), seen[played:]
    assert not labels(builder)


class Faults:
    """The requests to Discord that `hit(route)` picks, through `client` (discord.py's HTTP
    client, or its webhook adapter for interaction tokens), meet `fault` on the way, the
    first `times` times (None: always)."""

    def __init__(self, monkeypatch, client, hit, fault, times: int | None):
        real = client.request
        self.met = 0

        async def request(route, *args, **kwargs):
            if hit(route) and (times is None or self.met < times):
                self.met += 1
                raise fault
            return await real(route, *args, **kwargs)

        monkeypatch.setattr(client, "request", request)


class ServerResponse:
    """What discord.py reads of a response to build its exceptions."""

    def __init__(self, status: int) -> None:
        self.status, self.reason, self.headers = status, "Service Unavailable", {}


NETWORK_FAULTS = {
    "server disconnected": aiohttp.ServerDisconnectedError(),
    "connection reset": ConnectionResetError(104, "Connection reset by peer"),
    "timeout": TimeoutError(),
    "discord 503": discord.DiscordServerError(ServerResponse(503), "Service Unavailable"),
}


async def builder_then_typed_move(table: Table, monkeypatch, fault, times: int | None):
    """The mover opens their builder, a fault waits for its tidy-up, and they type their
    move instead: the builder, and the fault's count. The tidy-up's tries come as the test
    moves SimCord's clock."""
    record = await two_player(table)
    mover = table.member_for(record)
    opened = await table.click(mover, table.last_public(), label="My tiles")
    token = opened._interaction.token  # what edits the builder it showed

    def hit(route) -> bool:
        return route.method == "PATCH" and route.webhook_token == token

    faults = Faults(monkeypatch, table.env._webhook_adapter, hit, fault, times)
    return opened.response, faults, (mover, str(record.game.legal_moves()[0]))


def tidy_lines(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if "tidying private message" in r.getMessage()]


@pytest.mark.parametrize("fault", NETWORK_FAULTS.values(), ids=NETWORK_FAULTS)
async def test_a_network_fault_while_an_old_builder_is_tidied_is_a_warning_and_tried_again(
    table: Table, monkeypatch, caplog, fault
):
    builder, faults, (mover, move) = await builder_then_typed_move(table, monkeypatch, fault, 2)
    caplog.set_level(logging.INFO)
    await table.slash(mover, "axio play", move=move)
    await table.env.advance_time(5)  # the tries 1 and 3 s after the first
    assert faults.met == 2 and not labels(builder), labels(builder)  # the third one did it
    assert builder.content == MOVED_ON
    no_tracebacks(caplog)
    assert [r.levelno for r in tidy_lines(caplog)] == [logging.WARNING] * 2


async def test_an_old_builder_discord_no_longer_knows_is_left_quietly(
    table: Table, monkeypatch, caplog
):
    gone = discord.NotFound(ServerResponse(404), {"code": 10008, "message": "Unknown Message"})
    _, faults, (mover, move) = await builder_then_typed_move(table, monkeypatch, gone, None)
    caplog.set_level(logging.INFO)
    await table.slash(mover, "axio play", move=move)
    await table.env.advance_time(300)
    assert faults.met == 1  # not tried again
    no_tracebacks(caplog)
    assert [r.levelno for r in tidy_lines(caplog)] == [logging.INFO]


async def test_a_tidy_up_is_tried_again_only_while_its_token_lives(
    table: Table, monkeypatch, caplog
):
    fault = aiohttp.ServerDisconnectedError()
    _, faults, (mover, move) = await builder_then_typed_move(table, monkeypatch, fault, None)
    await table.env.advance_time(13 * 60)  # a minute of the token's fourteen is left
    caplog.set_level(logging.INFO)
    await table.slash(mover, "axio play", move=move)
    await table.env.advance_time(300)
    assert faults.met == 6  # at 0, 1, 3, 7, 15 and 31 s: the next, at 63 s, is too late
    no_tracebacks(caplog)
    lines = tidy_lines(caplog)
    assert {r.levelno for r in lines} == {logging.WARNING} and "given up" in lines[-1].getMessage()


async def test_a_dropped_connection_while_the_old_turn_post_is_tidied_is_a_warning_and_tried_again(
    table: Table, monkeypatch, caplog
):
    record = await two_player(table)
    old = table.last_public()
    assert "My tiles" in labels(old)

    def hit(route) -> bool:
        return route.method == "PATCH" and route.url.endswith(f"/messages/{old.id}")

    fault = aiohttp.ServerDisconnectedError()
    faults = Faults(monkeypatch, table.bot.http, hit, fault, 1)
    caplog.set_level(logging.INFO)
    await table.slash(table.member_for(record), "axio play", move=str(record.game.legal_moves()[0]))
    await table.env.advance_time(5)
    shrunk = next(m for m in table.public() if m.id == old.id)
    assert faults.met == 1 and "My tiles" not in labels(shrunk)
    no_tracebacks(caplog)
    assert [r.levelno for r in caplog.records if "tidying turn message" in r.getMessage()] == [
        logging.WARNING
    ]
    assert await table.bot.repo.owed_count(record.id) == 0


async def test_background_work_a_network_fault_stops_is_a_warning_without_a_traceback(caplog):
    background, done = Background(), asyncio.Event()

    async def cut_off():
        done.set()
        raise aiohttp.ServerDisconnectedError()

    caplog.set_level(logging.INFO)
    background.spawn(cut_off())
    await done.wait()
    while background._tasks:
        await asyncio.sleep(0)
    no_tracebacks(caplog)
    [line] = [r for r in caplog.records if "stopped by the network" in r.getMessage()]
    assert line.levelno == logging.WARNING and "ServerDisconnectedError" in line.getMessage()
