"""The Discord Activity's way in from Discord: **Board** on the turn post and in the player's
builder when the Activity is configured (DISCORD_CLIENT_ID and its secret), nowhere without
it; an old **Board** pressed after it was turned off says so; and the app's entry point
command Discord made is kept when the bot syncs its commands (Discord refuses a sync that
would drop it), as the operator named it.

SimCord 3.2.1 has no LAUNCH_ACTIVITY interaction callback, so a working press (discord.py's
`launch_activity()`) is not exercised here."""

from __future__ import annotations

import pytest
from pydantic import SecretStr

from bot.config import Settings
from tests.bot.table import Table, labels, open_builder, text_of

pytestmark = pytest.mark.simcord(settle_timeout=60)
CLIENT_ID = "1100000000000000077"


@pytest.fixture
def activity() -> bool:
    return True


@pytest.fixture
def bot_settings(bot_settings: Settings, activity: bool) -> Settings:
    if not activity:
        return bot_settings
    return bot_settings.model_copy(
        update={
            "discord_client_id": CLIENT_ID,
            "discord_client_secret": SecretStr("not-a-real-secret"),
            "public_url": "https://axio.example",
        }
    )


async def started(table: Table, game: str = "axio") -> int:
    lobby = (await table.slash(table.ann, "axio new", game=game)).response
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    record = await table.game()
    await table.turn_post(record)
    return record.id


@pytest.mark.parametrize("game", ["axio", "rota"])
async def test_the_turn_post_and_the_builder_carry_board(table: Table, game: str):
    await started(table, game)
    post = table.last_public()
    assert "Board" in labels(post)
    record = await table.game()
    builder = await open_builder(table, record, table.member_for(record))
    assert "Board" in labels(builder.response)


@pytest.mark.parametrize("activity", [False])
async def test_without_the_activity_there_is_no_board(table: Table):
    await started(table)
    assert "Board" not in labels(table.last_public())
    record = await table.game()
    builder = await open_builder(table, record, table.member_for(record))
    assert "Board" not in labels(builder.response)


async def test_an_old_board_button_says_the_board_is_off(table: Table):
    await started(table)
    post = table.last_public()
    table.bot.services.links.board = False  # restarted without DISCORD_CLIENT_ID
    answer = await table.click(table.cat, post, label="Board")
    assert "The board is off" in text_of(answer.response)


def entry_points(table: Table) -> list[str]:
    return [c["name"] for c in table.env.backend.commands[None].values() if int(c["type"]) == 4]


@pytest.mark.parametrize("activity", [True, False])
async def test_the_sync_keeps_the_entry_point_discord_made(table: Table):
    commands = table.env.backend.commands[None]
    assert ("axio", 1) in commands and entry_points(table) == []
    launch = {"name": "spielbrett", "type": 4, "description": "Launch the board"}
    commands[("spielbrett", 4)] = {**launch, "id": "77", "options": []}  # the Portal's, renamed
    await table.bot.sync_commands()
    assert entry_points(table) == ["spielbrett"]
    assert ("axio", 1) in table.env.backend.commands[None]
