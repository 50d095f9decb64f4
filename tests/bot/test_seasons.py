"""Seasons on the leaderboards: each month's own table from that month's games alone,
chosen with `season:` (its autocomplete offers this month and the months played), beside
the all-time table."""

from __future__ import annotations

import pytest

from tests.bot.daily_helpers import DayClock
from tests.bot.table import Table
from tests.bot.test_community import finish_game


@pytest.fixture
def bot_clock() -> DayClock:
    return DayClock(day=1)  # 24 November 2026; day 8 is 1 December


def names_in(result) -> set[str]:  # type: ignore[no-untyped-def]
    pictures = result.response.attachments
    text = pictures[0].description if pictures else ""  # the picture's rows in words
    return {name for name in ("ann", "ben", "cat", "dan") if name in text}


async def test_a_season_ranks_its_own_months_games_and_all_time_keeps_everything(
    table: Table, bot_clock: DayClock
):
    await finish_game(table, "rota", table.ann, table.ben, seed=1)
    bot_clock.on_day(8)  # December
    await finish_game(table, "rota", table.cat, table.dan, seed=2)

    every = await table.slash(table.ann, "axio leaderboard", game="rota")
    assert names_in(every) == {"ann", "ben", "cat", "dan"}
    assert "All time" in every.response.content

    offered = await table.ann.autocomplete(
        table.channel, "axio leaderboard", "season", "", game="rota"
    )
    assert [c["name"] for c in offered] == [
        "December 2026 (this month)",
        "November 2026",
        "All time",
    ]
    december = await table.slash(table.ann, "axio leaderboard", game="rota", season="202612")
    assert names_in(december) == {"cat", "dan"}
    assert december.response.content.startswith("🏆 AXIO Rota leaderboard — December 2026")
    november = await table.slash(table.ann, "axio leaderboard", game="rota", season="Nov 2026")
    assert names_in(november) == {"ann", "ben"}
    empty = await table.slash(table.ann, "axio leaderboard", game="axio", season="2026-12")
    assert "No rated games this season yet" in empty.response.content

    wrong = await table.slash(table.ann, "axio leaderboard", game="rota", season="soon")
    assert wrong.ephemeral and "2026-03" in wrong.response.content
    solo = await table.slash(table.ann, "axio leaderboard", game="rota", solo=True, season="202612")
    assert solo.ephemeral and "all time" in solo.response.content
