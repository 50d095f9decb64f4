"""The Activity as `axio-bot run` serves it: on the bot's own web server (started in its
setup_hook), where the SDK mock's codes are refused, and only when the application's id
and secret are set."""

from __future__ import annotations

import aiohttp
import pytest

from bot.config import Settings
from tests.bot.table import Table
from tests.web.activity_harness import *  # noqa: F403  (the fixtures: see its docstring)
from tests.web.activity_harness import activity_settings


@pytest.fixture(params=["activity", "no_secret"])
def bot_settings(request, plain_settings, discord_standin) -> Settings:
    settings = activity_settings(plain_settings, discord_standin)
    if request.param == "no_secret":
        settings = settings.model_copy(update={"discord_client_secret": None})
    return settings.model_copy(update={"web_port": 0})


async def test_the_bots_own_server_refuses_mock_codes(table: Table):
    server = table.bot.web_server
    assert server is not None
    body = {
        "code": f"mock:{table.ann.id}:n1",
        "instance_id": "i-1",
        "guild_id": str(table.guild.id),
        "channel_id": str(table.channel.id),
    }
    url = f"http://127.0.0.1:{server.port}/activity/api/session"
    async with aiohttp.ClientSession() as session, session.post(url, json=body) as answer:
        if table.settings.discord_client_secret is None:  # no Activity: no sign-in at all
            assert table.bot.axio_activity is None
            assert answer.status == 405
            return
        assert answer.status == 401
        said = await answer.json()
    assert "playground" in said["error"]
    assert len(table.bot.axio_activity.sessions) == 0
