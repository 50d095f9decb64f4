"""Guild settings and the scheduler's questions, on simulated time."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

import pytest

from storage import GuildSettings, Repository, StorageError
from storage.shards import ShardSet

from .conftest import GUILD, FakeClock, play_random, running_game


async def test_guild_settings_defaults_and_changes(repo: Repository) -> None:
    assert await repo.guild_settings(GUILD) == GuildSettings(GUILD, 12, 72, "computer", True)
    changed = await repo.set_guild_settings(GUILD, timeout_hours=24, timeout_action="resign")
    assert changed == GuildSettings(GUILD, 12, 24, "resign", True)
    await repo.set_guild_settings(GUILD, hints_enabled=False)
    assert await repo.guild_settings(GUILD) == GuildSettings(GUILD, 12, 24, "resign", False)
    assert await repo.guild_settings(GUILD + 1) == GuildSettings(GUILD + 1)
    with pytest.raises(StorageError):
        await repo.set_guild_settings(GUILD, reminder_hours=-1)
    with pytest.raises(StorageError):
        await repo.set_guild_settings(GUILD, timeout_action="explode")


async def test_guild_language_is_kept_until_changed_or_cleared(repo: Repository) -> None:
    assert (await repo.guild_settings(GUILD)).language is None
    chosen = await repo.set_guild_settings(GUILD, language="de")
    assert chosen.language == "de"
    await repo.set_guild_settings(GUILD, hints_enabled=False)  # other changes keep it
    assert (await repo.guild_settings(GUILD)).language == "de"
    cleared = await repo.set_guild_settings(GUILD, language="")
    assert cleared.language is None and not cleared.hints_enabled
    assert (await repo.set_guild_settings(GUILD + 1, language="de")).language == "de"


async def test_expert_settings_default_change_and_keep_the_others(repo: Repository) -> None:
    """The stand-in level, expert hints and the expert's budget (migration 0008): defaults
    as before it (a normal stand-in, hard hints, 2 s), changed one at a time, refused out
    of range, and never disturbing the other settings."""
    default = await repo.guild_settings(GUILD)
    assert (default.stand_in_level, default.expert_hints, default.expert_budget_s) == (
        "normal",
        False,
        2.0,
    )
    await repo.set_guild_settings(GUILD, timeout_action="resign")
    changed = await repo.set_guild_settings(GUILD, stand_in_level="expert", expert_budget_s=0.5)
    assert changed == replace(
        GuildSettings(GUILD, 12, 72, "resign", True), stand_in_level="expert", expert_budget_s=0.5
    )
    await repo.set_guild_settings(GUILD, expert_hints=True)
    await repo.set_daily_channel(GUILD, 55)
    kept = await repo.guild_settings(GUILD)
    assert (kept.stand_in_level, kept.expert_hints, kept.expert_budget_s) == ("expert", True, 0.5)
    assert kept.timeout_action == "resign" and kept.daily_channel_id == 55
    for wrong in ({"stand_in_level": "grandmaster"}, {"expert_budget_s": 0.1},
                  {"expert_budget_s": 2.5}):  # fmt: skip
        with pytest.raises(StorageError):
            await repo.set_guild_settings(GUILD, **wrong)
    assert await repo.guild_settings(GUILD) == kept
    fresh = await repo.set_guild_settings(GUILD + 1, expert_budget_s=2.0)
    assert fresh == GuildSettings(GUILD + 1)


async def test_reminder_is_due_once_per_move(repo: Repository, clock: FakeClock) -> None:
    record = await running_game(repo)
    assert record.game is not None
    clock.advance(hours=11, minutes=59)
    assert await repo.games_due_reminder() == []
    clock.advance(minutes=1)
    [due] = await repo.games_due_reminder()
    assert (due.game_id, due.seat, due.move_count) == (record.id, record.game.to_move, 0)
    assert due.user_id == record.seats[due.seat].user_id
    assert due.turn_started_at == clock.now - timedelta(hours=12)
    assert await repo.mark_reminded(record.id, 0)
    assert await repo.games_due_reminder() == []
    assert await repo.games_due_reminder(clock.now + timedelta(days=2)) == []
    record = await play_random(repo, record, moves=1)  # the game moves on: a new clock
    assert await repo.games_due_reminder() == []
    assert not await repo.mark_reminded(record.id, 0)  # stale: the move already happened
    assert len(await repo.games_due_reminder(clock.now + timedelta(hours=12))) == 1


async def test_timeout_uses_the_guild_hours_and_action(repo: Repository, clock: FakeClock) -> None:
    record = await running_game(repo)
    clock.advance(hours=71)
    assert await repo.games_due_timeout() == []
    clock.advance(hours=1)
    [due] = await repo.games_due_timeout()
    assert due.game_id == record.id and due.timeout_action == "computer"
    await repo.set_guild_settings(GUILD, timeout_hours=100, timeout_action="resign")
    assert await repo.games_due_timeout() == []
    [due] = await repo.games_due_timeout(clock.now + timedelta(hours=28))
    assert due.timeout_action == "resign"
    await repo.set_guild_settings(GUILD, timeout_hours=0, reminder_hours=0)  # 0 = off
    later = clock.now + timedelta(days=365)
    assert await repo.games_due_timeout(later) == []
    assert await repo.games_due_reminder(later) == []


async def test_computers_and_resigned_seats_are_never_due(
    repo: Repository, clock: FakeClock
) -> None:
    record = await running_game(repo, humans=1, computers=("easy",), seed=1)
    assert record.game is not None
    if record.seats[record.game.to_move].is_human:
        record = await play_random(repo, record, moves=1)
    assert record.seat_to_move is not None and not record.seat_to_move.is_human
    clock.advance(days=10)
    assert await repo.games_due_timeout() == []
    assert await repo.games_awaiting_computer() == [record.id]

    other = await running_game(repo, humans=2, channel=11)
    assert other.seat_to_move is not None
    clock.advance(days=10)
    assert [d.game_id for d in await repo.games_due_timeout()] == [other.id]
    await repo.resign(other.id, other.seat_to_move.seat)
    assert await repo.games_due_timeout() == []
    assert await repo.games_awaiting_computer() == sorted([record.id, other.id])


async def test_finished_and_cancelled_games_are_never_due(
    repo: Repository, clock: FakeClock
) -> None:
    done = await play_random(repo, await running_game(repo, channel=10))
    await repo.cancel((await running_game(repo, channel=11)).id)
    assert done.status == "finished"
    clock.advance(days=30)
    assert await repo.games_due_timeout() == [] and await repo.games_due_reminder() == []


async def test_direct_messages_are_opt_in(repo: Repository) -> None:
    assert not await repo.notify_enabled(100)
    await repo.set_notify(100, True)
    assert await repo.notify_enabled(100)
    await repo.set_notify(100, False)
    assert not await repo.notify_enabled(100)


async def test_concurrent_settings_changes_both_count(repo: Repository) -> None:
    await asyncio.gather(
        repo.set_guild_settings(GUILD, reminder_hours=5),
        repo.set_guild_settings(GUILD, timeout_hours=10),
        repo.set_guild_settings(GUILD, hints_enabled=False),
    )
    assert await repo.guild_settings(GUILD) == GuildSettings(GUILD, 5, 10, "computer", False)


async def test_each_process_is_asked_only_about_its_shards_games(
    repo: Repository, clock: FakeClock
) -> None:
    shard_one = 1 << 22  # a guild on shard 1 of 2; GUILD (1) is on shard 0
    ours = await running_game(repo, channel=10)
    record = await repo.create_lobby("axio", shard_one, 11, 200, "Ann")
    record = await repo.add_computer(record.id, "easy")
    theirs = await repo.start((await repo.join(record.id, 201, "Ben")).id, seed=2)
    clock.advance(days=4)
    first, second = ShardSet(2, frozenset({0})), ShardSet(2, frozenset({1}))
    for ask in (repo.games_due_reminder, repo.games_due_timeout):
        assert {d.game_id for d in await ask(None, first)} <= {ours.id}
        assert {d.game_id for d in await ask(None, second)} <= {theirs.id}
        assert {d.game_id for d in await ask()} == {d.game_id for d in await ask(None, first)} | {
            d.game_id for d in await ask(None, second)
        }
    assert [d.game_id for d in await repo.games_due_timeout(None, first)] == [ours.id]
    assert set(await repo.games_awaiting_computer(second)) <= {theirs.id}
    assert await repo.games_awaiting_computer(first) == []


async def test_a_read_of_one_statement_is_sent_alone_and_sees_what_was_committed(
    db_path, clock: FakeClock
) -> None:
    """On SQLite a read of one statement (the settings a post is worded in) is a transaction
    of its own: sent without BEGIN and COMMIT (two round trips to the database's thread
    fewer), it reads the change committed before it."""
    async with await Repository.open(db_path, clock=clock) as repo:
        sent: list[str] = []
        await repo._reader.set_trace_callback(sent.append)  # type: ignore[union-attr]
        await repo.set_guild_settings(GUILD, language="de")
        assert (await repo.guild_settings(GUILD)).language == "de"
        assert [statement.split()[0] for statement in sent] == ["SELECT"]
