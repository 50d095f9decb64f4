"""The end of a daily game in words: where the result stands among everyone, told as a
percentile only from ten players on (engine.daily.PERCENTILE_FROM); a smaller day tells
the place, a lone player that nobody else has played it, and nothing says "1st of 1"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.screens.daily import end_text
from storage import DailyAttempt, DailyOutcome

NOW = datetime(2026, 11, 26, 12, tzinfo=UTC)
SCORES = (9, 7, 11, 8, 10)


def outcome(players: int, below: int, level: int, server_players: int, server_rank: int):
    attempt = DailyAttempt(3, "axio", 1, 1, 5, "ann", 42, NOW, NOW, 7, SCORES)
    return DailyOutcome(attempt, server_rank, server_players, players, below, level, 1, 1)


@pytest.mark.parametrize(
    ("players", "below", "level", "server", "rank", "said"),
    [
        (1, 0, 1, 1, 1, "the only player on this server today · nobody else on any server has "
                        "finished it yet"),
        (2, 1, 1, 1, 1, "the only player on this server today · **1st** of 2 on every server"),
        (2, 0, 1, 2, 2, "**2nd** of 2 on this server today · **2nd** of 2 on every server"),
        (9, 2, 2, 3, 2, "**2nd** of 3 on this server today · **6th** of 9 on every server"),
        (10, 2, 2, 3, 2, "**2nd** of 3 on this server today · percentile **30** of 10 players"),
    ],
)  # fmt: skip
def test_the_place_among_everyone_in_words(players, below, level, server, rank, said):
    text = end_text(outcome(players, below, level, server, rank), NOW, here=True)
    assert said in text
    assert "Game #42:" in text  # the game's number, as /axio replay and review take it
    assert " of 1 " not in text
    assert ("percentile" in text) == (players >= 10)
