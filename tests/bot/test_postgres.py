"""The whole bot on PostgreSQL, with computers thinking in the process pool: a game from
the lobby to the final standings, and a restart in the middle of one."""

from __future__ import annotations

import random

import pytest

from bot.config import Settings
from tests.bot.table import Table
from tests.bot.test_games import assert_finished_and_stored, play_to_the_end, start_game

pytestmark = pytest.mark.postgres


@pytest.fixture
def bot_settings(postgres_url: str) -> Settings:
    return Settings(
        _env_file=None,
        discord_token=None,
        database_url=postgres_url,
        computer_budget_s=0.02,
        scheduler_minutes=30,
        computer_processes=2,
    )


async def test_people_and_a_computer_play_a_whole_game_on_postgres(table: Table) -> None:
    game_id = await start_game(table, "axio", table.ann, guests=[table.ben], computers=["easy"])
    await play_to_the_end(table, game_id, random.Random(8))
    await assert_finished_and_stored(table, game_id, 3)
    record = await table.record(game_id)
    assert record.game == await table.bot.repo.load_game_from_log(game_id)
    assert table.bot.repo.dialect == "postgres" and table.bot.thinker.processes == 2


async def test_a_restarted_bot_goes_on_with_the_game_on_postgres(table: Table) -> None:
    game_id = await start_game(table, "rota", table.ann, guests=[table.ben])
    rng = random.Random(9)
    for _ in range(3):
        await table.play_by_command(await table.record(game_id), rng)
    before = await table.record(game_id)
    await table.restart()
    assert await table.record(game_id) == before
    await play_to_the_end(table, game_id, rng)
    await assert_finished_and_stored(table, game_id, 2)
