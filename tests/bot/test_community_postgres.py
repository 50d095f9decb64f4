"""The daily challenge, tournaments and seasons through the whole bot on PostgreSQL: the
same tests as on SQLite (imported from their modules), on a fresh PostgreSQL database with
computers thinking in the process pool."""

from __future__ import annotations

import pytest

from bot.config import Settings
from tests.bot.daily_helpers import DayClock
from tests.bot.test_daily import (
    test_a_daily_game_is_played_to_its_end_in_ephemeral_messages_only as test_daily_on_postgres,
)
from tests.bot.test_daily import (
    test_percentile_and_streak_across_a_day_boundary as test_daily_days_on_postgres,
)
from tests.bot.test_seasons import (
    test_a_season_ranks_its_own_months_games_and_all_time_keeps_everything as test_seasons_pg,
)
from tests.bot.test_tournament import (
    test_a_round_robin_of_four_survives_a_restart_in_the_middle_of_a_round as test_rr_pg,
)
from tests.bot.test_tournament import (
    test_a_swiss_of_seven_at_tables_of_two_with_a_withdrawal_and_a_timeout as test_swiss_pg,
)

pytestmark = [pytest.mark.postgres, pytest.mark.simcord(settle_timeout=120)]
__all__ = [
    "test_daily_days_on_postgres",
    "test_daily_on_postgres",
    "test_rr_pg",
    "test_seasons_pg",
    "test_swiss_pg",
]


@pytest.fixture
def bot_settings(postgres_url: str) -> Settings:
    return Settings(
        _env_file=None,
        discord_token=None,
        database_url=postgres_url,
        computer_budget_s=0.02,
        scheduler_minutes=30,
        computer_processes=2,
        delivery_idle_seconds=1800,
    )


@pytest.fixture
def bot_clock() -> DayClock:
    return DayClock(day=1)
