"""The expert level where members and servers meet it: the lobby's Add computer offers it
and it plays, and `/axio settings` chooses the stand-in's level, expert hints and the
expert's budget (managers only), which the computers then think with."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.bot.table import Table, labels, text_of
from tests.bot.test_async_play import two_player_game, wait

pytestmark = pytest.mark.simcord(settle_timeout=60)


def spy_on_thinking(table: Table) -> list[tuple[str, float]]:
    """Every (level, budget) the bot's thinker is asked to choose a move with."""
    asked: list[tuple[str, float]] = []
    thinker = table.bot.thinker
    choose = thinker.choose

    async def recording(game: Any, level: str, seed: int, budget_s: float) -> Any:
        asked.append((level, budget_s))
        return await choose(game, level, seed, budget_s)

    thinker.choose = recording  # type: ignore[method-assign]
    return asked


async def test_members_cannot_change_the_expert_settings_and_managers_can(table: Table):
    before = await table.bot.repo.guild_settings(table.guild.id)
    for change in ({"stand_in": "expert"}, {"expert_seconds": 0.5}, {"expert_hints": True}):
        refused = await table.slash(table.ann, "axio settings", **change)
        assert refused.ephemeral and "manage the server" in refused.response.content
    assert await table.bot.repo.guild_settings(table.guild.id) == before
    assert (before.stand_in_level, before.expert_budget_s, before.expert_hints) == (
        "normal",
        2.0,
        False,
    )
    saved = await table.slash(
        table.admin, "axio settings", stand_in="expert", expert_seconds=0.5, expert_hints=True
    )
    assert "Settings saved" in saved.response.content
    after = await table.bot.repo.guild_settings(table.guild.id)
    assert (after.stand_in_level, after.expert_budget_s, after.expert_hints) == (
        "expert",
        0.5,
        True,
    )
    embed = (await table.slash(table.ann, "axio settings")).response.embeds[0]
    shown = {field.name: field.value for field in embed.fields}
    assert shown["Stand-in"].startswith("an expert computer")
    assert shown["Expert"] == "thinks 0.5 s a move" and shown["Hints"] == "on, from the expert"


async def test_the_lobby_offers_the_expert_and_it_plays_within_the_servers_budget(table: Table):
    await table.slash(table.admin, "axio settings", expert_seconds=0.2)
    asked = spy_on_thinking(table)
    lobby = (await table.slash(table.ann, "axio new", game="rota")).response
    picker = (await table.click(table.ann, lobby, label="Add computer")).response
    assert labels(picker) == ["Easy", "Normal", "Hard", "Expert"]
    assert "**Expert** is the strongest" in picker.content
    await table.click(table.ann, picker, label="Expert")
    assert picker.content == "🤖 Bot A (expert) joined."
    await table.click(table.ann, lobby, label="Start")
    record = await table.game()
    if record.game.to_move == 0:  # Ann opens: she moves, then the expert answers
        await table.play_by_command(record, random.Random(1))
    await table.env.settle()
    record = await table.record(record.id)
    assert any(entry.seat == 1 for entry in record.game.log)  # the expert has moved
    assert ("expert", 0.2) in asked
    assert all(budget == 0.2 for level, budget in asked if level == "expert")


async def test_a_timed_out_player_is_played_by_the_servers_stand_in_level(table: Table):
    await table.slash(
        table.admin, "axio settings", timeout_hours=1, stand_in="expert", expert_seconds=0.2
    )
    asked = spy_on_thinking(table)
    record = await two_player_game(table, "rota")
    await wait(table, 1.5)
    after = await table.record(record.id)
    assert after.move_count >= 1
    assert any("ran out of time" in text_of(m) for m in table.public())
    assert asked and asked[0] == ("expert", 0.2)
