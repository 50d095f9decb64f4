"""The outbox: what a stored change owes the channel is committed with it, delivered at
least once, leased while a delivery runs (test_leases.py), retried after a failure, and
split by shard."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path

import asyncpg
import pytest

from engine import IllegalMoveError
from storage import DatabaseBusyError, Repository, ShardSet
from tests.lock_holder import holding_write_lock
from tests.storage.conftest import GUILD, FakeClock, running_game


async def owed(repo: Repository) -> list[tuple[str, int]]:
    rows = await repo._fetchall(
        "SELECT kind, move_count FROM outbox WHERE delivered_at IS NULL ORDER BY id"
    )
    return [(row[0], row[1]) for row in rows]


async def test_a_start_and_each_move_owe_a_post_in_their_own_transaction(repo: Repository):
    record = await running_game(repo)
    assert await owed(repo) == [("start", 0)]
    move = record.game.legal_moves()[0]
    record, result = await repo.record_move(record.id, 0, move, note="why")
    assert await owed(repo) == [("start", 0), ("move", 1)]
    [start, played] = await repo.claim_posts(record.id)
    assert (played.kind, played.note, played.result) == ("move", "why", result)
    assert start.result is None


async def test_a_stand_in_move_is_marked_and_others_are_not(repo: Repository):
    """A computer's move for a person says so in its owed post, so the table can say who
    really moved; rows written before the mark existed read as not marked."""
    record = await running_game(repo)
    record, _ = await repo.record_move(record.id, 0, record.game.legal_moves()[0], stand_in=True)
    record, _ = await repo.record_move(record.id, 1, record.game.legal_moves()[0])
    [_, by_computer, by_person] = await repo.claim_posts(record.id)
    assert by_computer.stand_in and not by_person.stand_in


async def test_a_refused_move_owes_nothing(repo: Repository):
    record = await running_game(repo)
    with pytest.raises(IllegalMoveError):
        await repo.record_move(record.id, 0, "A1:r A2:r")
    assert await owed(repo) == [("start", 0)]


async def test_a_lease_keeps_a_second_delivery_off_until_it_runs_out(
    repo: Repository, clock: FakeClock
):
    record = await running_game(repo)
    assert await repo.owed_games() == [record.id]
    first = await repo.claim_posts(record.id)
    assert first and await repo.claim_posts(record.id) == []
    assert await repo.owed_games() == []
    clock.advance(seconds=61)  # the process that claimed them was killed mid-post
    again = await repo.claim_posts(record.id)
    assert [p.id for p in again] == [p.id for p in first] and again[0].attempts == 2


async def test_delivered_posts_are_done_and_name_the_turn_message(repo: Repository):
    record = await running_game(repo)
    posts = await repo.claim_posts(record.id)
    await repo.posts_delivered([p.id for p in posts], turn_message_id=555, game_id=record.id)
    assert await owed(repo) == [] and await repo.owed_games() == []
    assert (await repo.get_game(record.id)).turn_message_id == 555
    assert await repo.owed_count() == 0


async def test_a_failed_post_is_retried_when_it_falls_due(repo: Repository, clock: FakeClock):
    record = await running_game(repo)
    posts = await repo.claim_posts(record.id)
    retry = clock.now + timedelta(seconds=30)
    await repo.posts_failed([p.id for p in posts], retry)
    assert await repo.owed_games() == []
    assert await repo.next_due() == retry
    clock.advance(seconds=30)
    assert await repo.owed_games() == [record.id]


async def test_each_process_sees_only_its_shards_posts(repo: Repository):
    here = await running_game(repo)  # GUILD's shard
    count = 2
    mine = ShardSet(count, frozenset({ShardSet(count).shard_of(GUILD)}))
    theirs = ShardSet(count, frozenset({1 - mine.shard_of(GUILD)}))
    assert await repo.owed_games(shards=mine) == [here.id]
    assert await repo.owed_games(shards=theirs) == []


async def test_a_resignation_with_a_note_owes_it(repo: Repository):
    record = await running_game(repo)
    await repo.resign(record.id, 0, note="⌛ P0 ran out of time")
    await repo.resign(record.id, 0, note="⌛ P0 ran out of time")  # twice: nothing more
    notes = await repo._fetchall("SELECT note FROM outbox WHERE kind = 'note'")
    assert [row[0] for row in notes] == ["⌛ P0 ran out of time"]


async def test_the_last_vote_to_skip_passes_once(repo: Repository):
    record = await running_game(repo, humans=3)
    assert await repo.vote_skip(record.id, 0, 201, needed=2) == 1
    assert await repo.vote_skip(record.id, 0, 202, needed=2) == 2
    with pytest.raises(Exception, match="passed already"):
        await repo.vote_skip(record.id, 0, 203, needed=2)
    assert await repo.games_skip_voted() == [(record.id, 2)]


async def test_reads_go_on_and_writes_fail_whole_while_another_process_holds_the_lock(
    db_path: Path, clock: FakeClock
):
    async with await Repository.open(db_path, clock=clock, busy_timeout_ms=200) as repo:
        record = await running_game(repo)
        with holding_write_lock(db_path) as holder:
            again = await repo.get_game(record.id)  # a read: answered beside the writer
            assert again.move_count == 0 and await repo.game_in_channel(10) is not None
            with pytest.raises(DatabaseBusyError, match="try again"):
                await repo.record_move(record.id, 0, record.game.legal_moves()[0])
            assert holder.poll() is None  # the lock was held all along
        assert (await repo.get_game(record.id)).move_count == 0
        assert await owed(repo) == [("start", 0)]  # the refused write left nothing behind
        moved, _ = await repo.record_move(record.id, 0, record.game.legal_moves()[0])
        assert moved.move_count == 1


async def test_the_reading_connection_cannot_write(repo: Repository):
    refusals = (sqlite3.OperationalError, asyncpg.ReadOnlySQLTransactionError)
    with pytest.raises(refusals, match=r"read-?only"):
        async with repo._read() as conn:
            await conn.execute("DELETE FROM games")
