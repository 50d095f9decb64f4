"""Seasons of the leaderboards: calendar months in UTC, named by one integer YYYYMM.

A season holds the games that ended during that month; its table starts fresh on the
first at 00:00 UTC, so a newcomer can reach the top. Pure date arithmetic: nothing here
reads the clock.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def season_of(moment: datetime) -> int:
    """The season (YYYYMM) a moment falls in; a naive datetime counts as UTC."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.year * 100 + moment.month


def check_season(season: int) -> int:
    year, month = divmod(season, 100)
    if not (1 <= month <= 12 and 2000 <= year <= 9998):
        raise ValueError(f"a season is a month written YYYYMM, not {season}")
    return season


def season_start(season: int) -> datetime:
    """00:00 UTC on the season's first day."""
    year, month = divmod(check_season(season), 100)
    return datetime(year, month, 1, tzinfo=UTC)


def next_season(season: int) -> int:
    year, month = divmod(check_season(season), 100)
    return (year + 1) * 100 + 1 if month == 12 else season + 1


def previous_season(season: int) -> int:
    year, month = divmod(check_season(season), 100)
    return (year - 1) * 100 + 12 if month == 1 else season - 1


def season_end(season: int) -> datetime:
    """00:00 UTC on the first day after the season (the end is not part of it)."""
    return season_start(next_season(season))


def season_label(season: int) -> str:
    """The season as people say it: "March 2026"."""
    year, month = divmod(check_season(season), 100)
    return f"{_MONTHS[month - 1]} {year}"


def parse_season(text: str) -> int:
    """A season from what a person types: "2026-03", "202603", "March 2026" or "mar 2026".
    ValueError with a readable message otherwise."""
    words = text.strip()
    if match := re.fullmatch(r"(\d{4})-?(\d{1,2})", words):
        return check_season(int(match.group(1)) * 100 + int(match.group(2)))
    if match := re.fullmatch(r"([A-Za-z]+)\.?\s+(\d{4})", words):
        name = match.group(1).lower()
        for index, month in enumerate(_MONTHS, 1):
            if len(name) >= 3 and month.lower().startswith(name):
                return check_season(int(match.group(2)) * 100 + index)
    raise ValueError(f"{text!r} is not a season: write a month like 2026-03 or March 2026")
