"""The daily challenge's calendar and deal: one solo deal per UTC day and game, the same
for every player on every server, numbered from the launch day (#1).

Pure functions of a moment or a day number; nothing here reads the clock. A day runs from
00:00 UTC to the next 00:00 UTC, so "today" is the same everywhere at once.

Decisions where the issue is silent:
- The launch day is LAUNCH_DATE (24 November 2026, the day the bot launched the daily
  challenge). Days before it have numbers below 1: there is no challenge yet (`is_open`
  is False) and the bot says when it starts.
- The deal's seed is a hash of (game kind, day number), not of the date, so renumbering
  can never change an old day's deal, and AXIO's and Rota's deals are unrelated.
- A daily result's place is decided by the rulebook's tie-break: the five colour scores
  sorted ascending, compared lowest first. `ranking_key` packs that order into one
  integer, so a database index can sort and count on it.
- The percentile is the percentile rank: the share of players below, plus half of those
  level (the player included), so the best of 100 is at 99.5. It is told only from
  PERCENTILE_FROM players on: among fewer it says less than the place and reads wrong
  (the better of two is "percentile 75", a lone player "percentile 50"), so a day of
  2 to 9 players tells the place among everyone ("2nd of 3"), and a lone player is told
  they are the only one, with no place and no percentile.
- A streak is the run of consecutive days with a finished, counted daily of that game up
  to today; a run that ended yesterday is still alive until today is over (as Wordle
  counts it), so a streak does not drop to 0 at midnight before the player has played.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta

DAILY_KINDS = ("axio", "rota")
"""The games with a daily challenge (each its own solo deal)."""

LAUNCH_DATE = date(2026, 11, 24)
"""Day #1 of the daily challenge (UTC)."""

SEED_RANGE = 2**31
"""Daily seeds lie in the same range as the bot's other game seeds."""

_SCORE_BASE = 64
"""Above any colour total (solo AXIO reaches 36): the base `ranking_key` packs scores in."""


def day_number(moment: datetime) -> int:
    """The challenge number of the UTC day `moment` falls on (#1 on LAUNCH_DATE; a naive
    datetime counts as UTC)."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return (moment.date() - LAUNCH_DATE).days + 1


def day_date(day: int) -> date:
    """The UTC date of challenge number `day`."""
    return LAUNCH_DATE + timedelta(days=day - 1)


def day_start(day: int) -> datetime:
    """00:00 UTC of challenge day `day`: when its deal becomes playable."""
    return datetime.combine(day_date(day), datetime.min.time(), UTC)


def next_turn(moment: datetime) -> datetime:
    """When the day turns next (the next 00:00 UTC after `moment`)."""
    return day_start(day_number(moment) + 1)


def is_open(day: int) -> bool:
    """Whether challenge `day` exists (days before the launch do not)."""
    return day >= 1


def is_over(day: int, moment: datetime) -> bool:
    """Whether challenge `day` has ended at `moment`: from then on everyone's game of that
    day may be replayed, since nobody can play that deal any more."""
    return day_number(moment) > day


def daily_seed(kind: str, day: int) -> int:
    """The seed of the day's deal for a game kind: the same on every server, every run."""
    if kind not in DAILY_KINDS:
        raise ValueError(f"there is no daily challenge for {kind!r}: choose axio or rota")
    digest = hashlib.sha256(f"axio-daily/{kind}/{day}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_RANGE


def ranking_key(scores: Iterable[int]) -> int:
    """The five colour scores as one integer that orders results as the rulebook does:
    higher is better, and equal keys are results equal on all five sorted scores."""
    key = 0
    for score in sorted(scores):
        if not 0 <= score < _SCORE_BASE:
            raise ValueError(f"a colour score lies between 0 and {_SCORE_BASE - 1}: {score}")
        key = key * _SCORE_BASE + score
    return key


PERCENTILE_FROM = 10
"""Players a day needs before a result is told as a percentile (see the module's notes)."""


def told_as(players: int) -> str:
    """How a result among `players` scored results is told: 'alone' (the only one),
    'place' (fewer than PERCENTILE_FROM) or 'percentile'."""
    if players <= 1:
        return "alone"
    return "place" if players < PERCENTILE_FROM else "percentile"


def percentile_rank(below: int, level: int, players: int) -> float:
    """The percentile rank (0–100) of a result with `below` results under it and `level`
    results equal to it (itself included), among `players` results."""
    if players <= 0 or level <= 0 or below + level > players:
        raise ValueError("a percentile needs the result itself among the players")
    return 100 * (below + level / 2) / players


def streaks(days: Iterable[int], today: int) -> tuple[int, int]:
    """(current streak, best streak) from the days a player finished a counted daily.

    The current streak runs back from today if today is played, else from yesterday.
    """
    played = set(days)
    best = run = 0
    previous = None
    for day in sorted(played):
        run = run + 1 if previous == day - 1 else 1
        best = max(best, run)
        previous = day
    current = 0
    end = today if today in played else today - 1
    while end in played:
        current += 1
        end -= 1
    return current, best
