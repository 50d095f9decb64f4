"""The daily challenge's calendar and deal, and the seasons' months."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from engine import game_class
from engine.daily import (
    LAUNCH_DATE,
    daily_seed,
    day_number,
    day_start,
    is_open,
    is_over,
    next_turn,
    percentile_rank,
    ranking_key,
    streaks,
)
from engine.seasons import (
    next_season,
    parse_season,
    previous_season,
    season_end,
    season_label,
    season_of,
    season_start,
)

LAUNCH = datetime.combine(LAUNCH_DATE, datetime.min.time(), UTC)


def test_day_one_is_the_launch_day_and_the_day_turns_at_midnight_utc():
    assert day_number(LAUNCH) == 1
    assert day_number(LAUNCH + timedelta(hours=23, minutes=59)) == 1
    assert day_number(LAUNCH + timedelta(days=1)) == 2
    assert day_number(LAUNCH - timedelta(seconds=1)) == 0 and not is_open(0)
    # 23:30 in New York on launch day is already day 2 in UTC.
    new_york = timezone(timedelta(hours=-5))
    assert day_number(datetime(2026, 11, 24, 23, 30, tzinfo=new_york)) == 2
    assert next_turn(LAUNCH + timedelta(hours=5)) == day_start(2) == LAUNCH + timedelta(days=1)
    assert not is_over(1, LAUNCH + timedelta(hours=23)) and is_over(1, day_start(2))


def test_the_daily_deal_is_the_same_everywhere_and_differs_by_day_and_game():
    assert daily_seed("axio", 5) == daily_seed("axio", 5)
    seeds = {daily_seed(kind, day) for kind in ("axio", "rota") for day in range(1, 50)}
    assert len(seeds) == 98
    first = game_class("axio")(1, daily_seed("axio", 5))
    second = game_class("axio")(1, daily_seed("axio", 5))
    assert first == second
    with pytest.raises(ValueError, match="no daily"):
        daily_seed("chess", 1)


def test_ranking_key_orders_as_the_rulebook_tie_break():
    assert ranking_key([9, 9, 9, 9, 9]) > ranking_key([8, 36, 36, 36, 36])
    assert ranking_key([5, 6, 7, 7, 7]) > ranking_key([5, 6, 6, 36, 36])
    assert ranking_key([1, 2, 3, 4, 5]) == ranking_key([5, 4, 3, 2, 1])


def test_percentile_rank():
    assert percentile_rank(99, 1, 100) == 99.5
    assert percentile_rank(0, 1, 1) == 50
    assert percentile_rank(2, 2, 4) == 75
    with pytest.raises(ValueError):
        percentile_rank(3, 0, 3)


def test_streak_counts_back_from_today_or_yesterday():
    assert streaks([1, 2, 3, 5, 6], today=6) == (2, 3)
    assert streaks([1, 2, 3, 5, 6], today=7) == (2, 3)  # today not played yet: still alive
    assert streaks([1, 2, 3, 5, 6], today=8) == (0, 3)
    assert streaks([], today=3) == (0, 0)


def test_seasons_are_utc_months():
    assert season_of(datetime(2026, 3, 31, 23, 59, tzinfo=UTC)) == 202603
    assert season_of(datetime(2026, 3, 31, 23, 30, tzinfo=timezone(timedelta(hours=-2)))) == 202604
    assert season_start(202612) == datetime(2026, 12, 1, tzinfo=UTC)
    assert season_end(202612) == datetime(2027, 1, 1, tzinfo=UTC)
    assert next_season(202612) == 202701 and previous_season(202701) == 202612
    assert season_label(202603) == "March 2026"


@pytest.mark.parametrize("text", ["2026-03", "202603", "March 2026", "mar 2026", "2026-3"])
def test_parse_season(text):
    assert parse_season(text) == 202603


@pytest.mark.parametrize("text", ["2026-13", "spring", "ma 2026", ""])
def test_parse_season_refuses_nonsense(text):
    with pytest.raises(ValueError):
        parse_season(text)
