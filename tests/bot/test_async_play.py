"""Games across days, on SimCord's simulated clock: reminders, timeouts, skip votes and
server settings — and all of it still on time after a restart in between."""

from __future__ import annotations

import random

import pytest

from tests.bot.table import Table, text_of

HOUR = 3600
pytestmark = pytest.mark.simcord(settle_timeout=60)


async def two_player_game(table: Table, kind: str = "axio"):
    lobby = (await table.slash(table.ann, "axio new", game=kind)).response
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    return await table.game()


def reminders(table: Table) -> list:
    return [m for m in table.public() if (m.content or "").startswith("⏰")]


async def wait(table: Table, hours: float) -> None:
    await table.env.advance_time(hours * HOUR)
    table.check_errors()


async def test_reminder_after_the_reminder_time_and_once_per_turn(table: Table):
    record = await two_player_game(table)
    mover = table.member_for(record)
    await wait(table, 11.5)
    assert reminders(table) == []
    await wait(table, 1)
    assert len(reminders(table)) == 1
    assert f"<@{mover.id}>" in reminders(table)[0].content
    await wait(table, 20)
    assert len(reminders(table)) == 1  # not twice for the same turn
    await table.play_by_command(await table.record(record.id), random.Random(1))
    record = await table.record(record.id)
    await wait(table, 12.5)
    assert len(reminders(table)) == 2
    assert f"<@{table.member_for(record).id}>" in reminders(table)[1].content


async def test_reminder_by_direct_message_to_players_who_opted_in(table: Table):
    record = await two_player_game(table)
    mover = table.member_for(record)
    answer = await table.slash(mover, "axio notify", enabled=True)
    assert answer.ephemeral
    await wait(table, 13)
    direct = mover.user.dm_channel.history()
    assert len(direct) == 1 and "your AXIO move" in direct[0].content


async def test_timeout_makes_a_computer_move_by_default(table: Table):
    record = await two_player_game(table)
    seat = record.game.to_move
    await wait(table, 71)
    assert (await table.record(record.id)).move_count == 0
    await wait(table, 2)
    after = await table.record(record.id)
    assert after.move_count >= 1 and after.game.log[0].seat == seat
    assert any("ran out of time" in text_of(m) for m in table.public())
    late = record.seats[record.game.to_move].name
    assert any(f"🤖 for **{late}**" in text_of(m) for m in table.public())  # who really moved
    assert not after.seats[seat].resigned  # the player keeps the seat for the next turn
    assert table.member_for(after) is not None


async def test_timeout_can_resign_the_seat_instead(table: Table):
    change = await table.slash(
        table.admin, "axio settings", timeout_hours=24, timeout_action="resign"
    )
    assert "Settings saved" in change.response.content
    record = await two_player_game(table)
    seat = record.game.to_move
    await wait(table, 25)
    after = await table.record(record.id)
    assert after.seats[seat].resigned
    assert any("was resigned" in text_of(m) for m in table.public())
    assert after.move_count >= 1 and after.game.log[0].seat == seat  # a computer moved for it


async def test_settings_changed_by_admins_refused_to_members(table: Table):
    refused = await table.slash(table.ann, "axio settings", reminder_hours=1)
    assert refused.ephemeral and "manage the server" in refused.response.content
    shown = await table.slash(table.ann, "axio settings")
    assert shown.ephemeral and shown.response.embeds[0].fields[0].value == "after 12 h"
    await table.slash(table.admin, "axio settings", reminder_hours=2, hints=False)
    settings = await table.bot.repo.guild_settings(table.guild.id)
    assert settings.reminder_hours == 2 and not settings.hints_enabled
    record = await two_player_game(table)
    hint = await table.slash(table.member_for(record), "axio hint")
    assert hint.ephemeral and "turned off" in hint.response.content
    await wait(table, 2.1)
    assert len(reminders(table)) == 1


async def test_reminders_and_timeouts_still_fire_after_a_restart(table: Table):
    record = await two_player_game(table)
    await wait(table, 8)
    await table.restart()
    await wait(table, 5)
    assert len(reminders(table)) == 1
    await table.restart()
    await wait(table, 60)
    assert (await table.record(record.id)).move_count >= 1
    assert len(reminders(table)) == 1


async def test_players_vote_to_skip_a_late_player(table: Table):
    lobby = (await table.slash(table.ann, "axio new", game="rota")).response
    for member in (table.ben, table.cat):
        await table.click(member, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    record = await table.game()
    late = table.member_for(record)
    voters = [m for m in (table.ann, table.ben, table.cat) if m is not late]
    early = await table.slash(voters[0], "axio skip")
    assert early.ephemeral and "opens after 12 h" in early.response.content
    self_vote = await table.slash(late, "axio skip")
    assert self_vote.ephemeral and "cannot skip yourself" in self_vote.response.content
    await wait(table, 12.5)
    first = await table.slash(voters[0], "axio skip")
    assert "1/2 votes" in first.response.content
    again = await table.slash(voters[0], "axio skip")
    assert "1/2 votes" in again.response.content  # one vote per player
    assert (await table.record(record.id)).move_count == 0
    second = await table.slash(voters[1], "axio skip")
    assert "2/2 votes" in second.response.content
    after = await table.record(record.id)
    assert after.move_count >= 1 and after.game.log[0].seat == record.game.to_move
