"""A simulated Discord (SimCord) with one guild, a channel and a few members per test."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import datetime

import discord
import pytest

import bot.commands.tournament
import bot.table.lobby
from bot.app import create_bot
from bot.config import Settings
from storage.pg_local import LocalServer, server_binaries, temporary_server
from tests.bot.at_once import pauses_are_on_simcords_clock
from tests.bot.table import Table

SETTLE_GIVE_UP_S = 120
"""SimCord's settle limit for every bot test that sets none (its own default is 5 s): it only
says when a settle gives up, so a busy machine makes a test slower, never failed."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        marker = item.get_closest_marker("simcord")
        options = dict(marker.kwargs) if marker is not None else {}
        if "simcord_env" in getattr(item, "fixturenames", ()) and "settle_timeout" not in options:
            options["settle_timeout"] = SETTLE_GIVE_UP_S
            item.add_marker(pytest.mark.simcord(**options), append=False)


@pytest.fixture(autouse=True)
def seeded_deals(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game a bot test starts is dealt from seeds drawn from the test's own name, where
    the bot draws them from the system: a test plays the same deals each run, so a failure
    repeats as it failed. A test that needs one deal sets its own over this."""
    seeds = random.Random(request.node.nodeid)
    monkeypatch.setattr(bot.table.lobby, "_seeds", seeds)
    monkeypatch.setattr(bot.commands.tournament, "_seeds", seeds)


@pytest.fixture
def bot_settings(tmp_path) -> Settings:
    return Settings(
        _env_file=None,
        discord_token=None,
        database_path=tmp_path / "axio.sqlite3",
        computer_budget_s=0.02,
        scheduler_minutes=30,
        computer_processes=0,  # a thread: no process pool to start per test (see test_postgres)
        picture_processes=0,  # threads too (test_paint_off_loop gates a picture in one)
        delivery_idle_seconds=1800,
    )


@pytest.fixture
def stoppable_postgres() -> Iterator[LocalServer]:
    """A PostgreSQL server of the test's own, which it may stop, start, freeze and thaw
    (doing so to the shared one would stall other tests)."""
    if server_binaries() is None:
        pytest.skip("no PostgreSQL server binaries (see tests/databases.py)")
    server, scratch = temporary_server()
    server.start()
    try:
        yield server
    finally:
        server.thaw()
        server.stop()
        scratch.cleanup()


@pytest.fixture
def bot_clock() -> Callable[[], datetime] | None:
    """The bot's clock: None is SimCord's (discord.utils.utcnow). A test module that needs
    a chosen day overrides this fixture (see tests/bot/test_daily.py)."""
    return None


@pytest.fixture
def simcord_bot(bot_settings, bot_clock):
    """SimCord logs this fresh bot in with a fake token and runs its setup_hook."""
    return create_bot(bot_settings, shard_count=1, clock=bot_clock)


@pytest.fixture
def guild_locale() -> str | None:
    """The server's Discord language (None: SimCord's `en-US`); a module overrides it."""
    return None


@pytest.fixture
async def table(
    simcord_env, bot_settings, bot_clock, guild_locale, monkeypatch
) -> AsyncIterator[Table]:
    env = simcord_env
    pauses_are_on_simcords_clock(env, monkeypatch)  # a lasting fault waits for no real time
    guild = env.create_guild("Knizia Club", preferred_locale=guild_locale)
    channel = guild.create_text_channel("games")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    admins = guild.create_role(
        "Admins", permissions=discord.Permissions(manage_guild=True, manage_messages=True)
    )
    members = {
        name: guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat", "dan")
    }
    members["mod"] = guild.add_member(env.create_user("mod"), roles=[mods])
    members["admin"] = guild.add_member(env.create_user("admin"), roles=[admins])
    table = Table(env, guild, channel, members, bot_settings, clock=bot_clock)
    yield table
    await env.settle()
    await table.bot.repo.close()
