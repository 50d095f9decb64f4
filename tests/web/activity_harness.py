"""The Activity's tests' table: the real bot on SimCord with the Activity turned on, its web
app served from the test's own task (as the playground serves it: SimCord would wait for
an open socket as the bot's work), and Discord's sign-in played by the local stand-in.

Every message a board receives passes `check_private`: a member sees only their own seat's
tiles, exactly those of the stored game at that move, and a watcher none.

A test module takes the fixtures with `from tests.web.activity_harness import *`: the bot
tests' table with the Activity on (`bot_settings`), the stand-in, and `boards`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer
from pydantic import SecretStr

from bot.config import Settings
from bot.web.activity.view import own_tiles
from bot.web.app import create_app
from engine import game_class
from storage import GameRecord
from tests.bot.conftest import (
    bot_clock,
    guild_locale,
    simcord_bot,
    table,
)
from tests.bot.conftest import bot_settings as plain_settings
from tests.bot.table import Table
from tests.web.discord_standin import APPLICATION_ID, BOT_TOKEN, CLIENT_SECRET, DiscordStandIn

WAIT_S = 30.0
"""How long a board waits for a message before the test gives up (a hang, not a figure)."""

GAME_KEYS = {
    "scores", "toMove", "turn", "over", "board", "exchange", "tiles", "extra", "code", "kind",
    "cap", "move_count", "to_move", "status", "result", "players", "last_moves", "pairs",
}  # fmt: skip
"""All a state's public `game` may hold: nothing of a rack, a hand, the bag or a stack."""


__all__ = [
    "boards",
    "bot_clock",
    "bot_settings",
    "discord_standin",
    "guild_locale",
    "plain_settings",
    "simcord_bot",
    "table",
]  # fmt: skip
"""The fixtures a test module takes."""


@pytest.fixture
async def discord_standin() -> AsyncIterator[DiscordStandIn]:
    standin = DiscordStandIn()
    await standin.start()
    yield standin
    await standin.close()


@pytest.fixture
def bot_settings(plain_settings: Settings, discord_standin: DiscordStandIn) -> Settings:
    return activity_settings(plain_settings, discord_standin)


@pytest.fixture
async def boards(table: Table, discord_standin: DiscordStandIn) -> AsyncIterator[Boards]:
    """The Activity served, the guard's per-address limit lifted (every board here comes
    from one loopback address; the limit is guard.py's and tested with the pages)."""
    served = await serve_activity(table, discord_standin, mock=False, rate=1e6, burst=1e6)
    yield served
    await served.close()


def activity_settings(settings: Settings, standin: DiscordStandIn) -> Settings:
    """The bot's settings with the Activity on, its Discord the stand-in."""
    return settings.model_copy(
        update={
            "discord_client_id": APPLICATION_ID,
            "discord_client_secret": SecretStr(CLIENT_SECRET),
            "discord_token": SecretStr(BOT_TOKEN),
            "discord_api": standin.api,
        }
    )


@dataclass
class Boards:
    """The Activity of the table's bot, and the members' boards opened on it."""

    table: Table
    standin: DiscordStandIn
    client: TestClient
    opened: list[BoardSocket] = field(default_factory=list)

    def instance(self, *members: Any, name: str = "i-1234-gc-table") -> str:
        """The instance launched in the table's channel, with these members in it."""
        table = self.table
        return self.standin.launch(name, table.guild.id, table.channel.id, *(m.id for m in members))

    async def sign_in(
        self,
        member: Any,
        instance: str,
        *,
        code: str | None = None,
        locale: str = "en-US",
        channel_id: int | None = None,
    ) -> tuple[int, dict[str, Any]]:
        """POST /activity/api/session as the page does: (status, answer)."""
        body = {
            "code": code or self.standin.code_for(member.id, locale=locale),
            "instance_id": instance,
            "guild_id": str(self.table.guild.id),
            "channel_id": str(channel_id or self.table.channel.id),
        }
        async with self.client.post("/activity/api/session", json=body) as answer:
            return answer.status, await answer.json()

    async def open(self, member: Any, *, locale: str = "en-US") -> BoardSocket:
        """Sign in and open the board's socket; its first state has arrived."""
        instance = self.instance(*self.table.members.values())
        status, answer = await self.sign_in(member, instance, locale=locale)
        assert status == 200, answer
        board = await self.connect(member, answer["session"], instance)
        await board.state()
        return board

    async def connect(self, member: Any, session: str, instance: str) -> BoardSocket:
        ws = await self.client.ws_connect(
            "/activity/ws", params={"session": session, "instance_id": instance}
        )
        board = BoardSocket(self, member, ws)
        self.opened.append(board)
        return board

    async def close(self) -> None:
        for board in self.opened:
            await board.ws.close()
        await self.client.close()


@dataclass
class BoardSocket:
    boards: Boards
    member: Any
    ws: aiohttp.ClientWebSocketResponse
    received: list[dict[str, Any]] = field(default_factory=list)

    async def send(self, payload: dict[str, Any]) -> None:
        await self.ws.send_str(json.dumps(payload))

    async def message(self) -> dict[str, Any]:
        """The next message (checked: only this member's own tiles)."""
        got = await asyncio.wait_for(self.ws.receive(), WAIT_S)
        assert got.type == aiohttp.WSMsgType.TEXT, (got.type, got.data, got.extra)
        message = json.loads(got.data)
        await check_private(self.boards.table, self.member, message)
        self.received.append(message)
        return message

    async def state(self, move_count: int | None = None) -> dict[str, Any]:
        """The next `state` (at `move_count` or later, when given)."""
        while True:
            message = await self.message()
            if message["type"] != "state":
                continue
            game = message["game"]
            if move_count is None or (game is not None and game["move_count"] >= move_count):
                return message

    async def showing(self, move_count: int) -> dict[str, Any]:
        """The state at `move_count` (or later): the last one received, or the next."""
        states = [m for m in self.received if m["type"] == "state" and m["game"] is not None]
        if states and states[-1]["game"]["move_count"] >= move_count:
            return states[-1]
        return await self.state(move_count)

    async def error(self) -> dict[str, Any]:
        while True:
            message = await self.message()
            if message["type"] == "error":
                return message

    async def move(self, move: str, expected: int) -> None:
        await self.send({"type": "move", "move": move, "expected": expected})


async def check_private(table: Table, member: Any, message: dict[str, Any]) -> None:
    """A state holds only public facts and this member's own seat's tiles, exactly those
    of the stored game at that move (replayed from its seed); a watcher's holds none."""
    if message["type"] != "state" or message["game"] is None:
        assert "tiles" not in message.get("you", {}) or message["you"]["tiles"] == []
        return
    game, you = message["game"], message["you"]
    assert set(game) <= GAME_KEYS, set(game) - GAME_KEYS
    record = await table.bot.repo.game_in_channel(table.channel.id, member.id)
    if record is None or record.status != "running" or game["move_count"] != record.move_count:
        record = await stored_game(table, game)
    seat = record.seat_of(member.id)
    if seat is None:
        assert you["seat"] is None and "tiles" not in you and you["moves"] == [], you
        return
    assert you["seat"] == seat.seat
    replayed = replay_to(record, game["move_count"])
    assert you["tiles"] == own_tiles(replayed, seat.seat)
    if not you["to_move"]:
        assert you["moves"] == [] and you["suggested"] == []


async def stored_game(table: Table, game: dict[str, Any]) -> GameRecord:
    """The stored game a state shows, found by its page code."""
    page = await table.bot.repo.page_game(game["code"])
    assert page is not None
    return await table.bot.repo.get_game(page.id)


def replay_to(record: GameRecord, move_count: int) -> Any:
    """The game as it was after `move_count` moves, replayed from its seed."""
    assert record.game is not None
    game = game_class(record.kind)(len(record.seats), record.seed)
    for entry in record.game.log[:move_count]:
        game.play(entry.move)
    return game


async def serve_activity(
    table: Table, standin: DiscordStandIn, *, mock: bool, **options: Any
) -> Boards:
    """The bot's Activity served from this task, as the playground serves it."""
    assert table.bot.axio_activity is not None
    app = create_app(table.bot.repo, activity=table.bot.axio_activity, mock_discord=mock, **options)
    client = TestClient(TestServer(app))
    await client.start_server()
    return Boards(table, standin, client)


async def start_game(at: Table, *members: str, game: str = "axio") -> GameRecord:
    """The first member opens a game in the table's channel, the others join, it starts."""
    host, *others = members
    lobby = (await at.slash(at.members[host], "axio new", game=game)).response
    for name in others:
        await at.click(at.members[name], lobby, label="Join")
    await at.click(at.members[host], lobby, label="Start")
    record = await at.game()
    assert record is not None
    return record
