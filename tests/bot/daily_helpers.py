"""Helpers for the daily challenge's bot tests: a clock on a chosen day of the challenge,
and a member playing their daily game through its ephemeral pages."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import discord

from engine.daily import day_start
from tests.bot.table import Table, filenames, labels, select_step, selects

SIMCORD_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
"""Where SimCord's clock starts (its virtual time, moved only by `advance_time`)."""


class DayClock:
    """The bot's clock: SimCord's virtual time moved to a chosen day of the challenge,
    so `advance_time` still moves it. `on_day(n, hour)` sets the day: later days are a
    jump of the shift, not a wait (no real or simulated day has to pass)."""

    def __init__(self, day: int = 1, hour: float = 9) -> None:
        self.shift = day_start(day) + timedelta(hours=hour) - SIMCORD_EPOCH

    def __call__(self) -> datetime:
        return discord.utils.utcnow() + self.shift

    def on_day(self, day: int, hour: float = 9) -> None:
        """From now on it is `hour` o'clock (UTC) on challenge day `day`."""
        self.shift = day_start(day) + timedelta(hours=hour) - discord.utils.utcnow()


def page_of(result: Any) -> Any:
    """The ephemeral message a daily command or press answered with."""
    assert result.ephemeral, "the daily challenge answers only its player"
    return result.response


def is_end(page: Any) -> bool:
    return "🏁" in (page.content or "") or "Practice game over" in (page.content or "")


async def play_moves(
    table: Table, member: Any, page: Any, rng: random.Random, moves: int | None = None
) -> Any:
    """Play suggested moves from the daily page `page` (tap, preview, Confirm, or the
    exchange answer) until the game ends, or `moves` moves; returns the page."""
    played = 0
    while not is_end(page) and (moves is None or played < moves):
        choices = labels(page)
        if "Exchange my rack" in choices:
            await table.click(member, page, label=rng.choice(["Exchange my rack", "Keep my rack"]))
        else:
            suggestions = [label for label in choices if " · +" in label]
            if suggestions:
                await table.click(member, page, label=rng.choice(suggestions))
            else:
                await pick_from_menus(table, member, page)
            assert "Preview" in page.content and filenames(page) == {"preview.png"}
            await table.click(member, page, label="Confirm")
        played += 1
    return page


async def pick_from_menus(table: Table, member: Any, page: Any) -> None:
    """Other move…: the first choice of each menu, down to the preview."""
    await table.click(member, page, label="Other move…")
    if not any(custom_id.endswith(":move") for custom_id in selects(page)):
        step = "position" if "position" in str(selects(page)) else "tile"
        custom_id, options = select_step(page, step)
        await table.select(member, page, [options[0]["value"]], custom_id=custom_id)
    custom_id, options = select_step(page, "move")
    await table.select(member, page, [options[0]["value"]], custom_id=custom_id)
