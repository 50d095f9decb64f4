"""Backups of a SQLite database that another process is writing, and restores that refuse
to touch a database in use or to bring back a damaged file."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path

import pytest

from storage import Repository
from storage.backup import (
    BackupError,
    DatabaseInUseError,
    backup_sqlite,
    hold_database,
    restore_sqlite,
    sole_use,
)
from tests.lock_holder import holding_write_lock

from .conftest import running_game
from .test_crash import CHILD, Reported


async def commits(stream: asyncio.StreamReader, reported: Reported, count: int) -> None:
    """Read the writer's lines until `count` more moves are reported committed."""
    seen = 0
    while seen < count:
        line = await asyncio.wait_for(stream.readline(), timeout=60)
        assert line, "the writer stopped"
        reported.read(line)
        seen += line.startswith(b"committed")


def stored_moves(path: Path) -> dict[int, int]:
    """Per game, the moves in the log, checked against the game's own move count: a copy
    torn between two moments would disagree."""
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        logged = dict(conn.execute("SELECT game_id, count(*) FROM moves GROUP BY game_id"))
        counts = dict(conn.execute("SELECT id, move_count FROM games WHERE state IS NOT NULL"))
    assert {game: logged.get(game, 0) for game in counts} == counts
    return counts


async def test_a_backup_taken_while_another_process_writes_holds_every_committed_move(
    tmp_path: Path,
) -> None:
    db, copy = tmp_path / "axio.sqlite3", tmp_path / "backups" / "axio-backup.sqlite3"
    writer = await asyncio.create_subprocess_exec(
        sys.executable, str(CHILD), str(db), stdout=asyncio.subprocess.PIPE
    )
    assert writer.stdout is not None
    try:
        before = Reported()
        await commits(writer.stdout, before, 60)  # each line is printed after its commit
        copied = await asyncio.to_thread(backup_sqlite, db, copy)
        await commits(writer.stdout, Reported(), 10)  # and the writer went on writing
    finally:
        writer.kill()
        await writer.wait()
    in_copy = stored_moves(copy)
    assert before.moves and all(in_copy[game] >= count for game, count in before.moves.items())
    assert copied.moves == sum(in_copy.values()) and copied.games == len(in_copy)
    assert copied.schema_version == (await _version(db))
    assert not copy.with_name(copy.name + "-wal").exists()  # one file, whole
    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


async def test_a_backup_does_not_wait_for_a_writer_holding_the_lock(tmp_path: Path) -> None:
    db = tmp_path / "axio.sqlite3"
    async with await Repository.open(db) as repo:
        await running_game(repo)
    with holding_write_lock(db, seconds=30) as holder:
        copied = backup_sqlite(db, tmp_path / "copy.sqlite3")
        assert holder.poll() is None  # the other process still holds its write lock
    assert copied.games == 1


async def _version(db: Path) -> int:
    async with await Repository.open(db) as repo:
        return await repo.schema_version()


async def test_a_backup_never_overwrites_a_file_unless_forced(tmp_path: Path) -> None:
    db, copy = tmp_path / "axio.sqlite3", tmp_path / "copy.sqlite3"
    async with await Repository.open(db) as repo:
        await running_game(repo)
    copy.write_bytes(b"precious")
    with pytest.raises(BackupError, match=r"already exists.*--force"):
        backup_sqlite(db, copy)
    assert copy.read_bytes() == b"precious"
    assert backup_sqlite(db, copy, force=True).games == 1
    assert stored_moves(copy)


def test_only_a_bot_database_is_backed_up(tmp_path: Path) -> None:
    with pytest.raises(BackupError, match="there is no database"):
        backup_sqlite(tmp_path / "missing.sqlite3", tmp_path / "copy.sqlite3")
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(BackupError, match="not an AXIO bot database"):
        backup_sqlite(other, tmp_path / "copy.sqlite3")
    assert not (tmp_path / "copy.sqlite3").exists()


async def test_a_restore_brings_the_backup_back_and_keeps_what_it_replaced(
    tmp_path: Path,
) -> None:
    db, copy = tmp_path / "axio.sqlite3", tmp_path / "copy.sqlite3"
    async with await Repository.open(db) as repo:
        await running_game(repo, channel=1)
    backup_sqlite(db, copy)
    async with await Repository.open(db) as repo:
        await running_game(repo, channel=2)
    restored = restore_sqlite(copy, db)
    assert restored.games == 1 and restored.kept is not None
    assert len(stored_moves(restored.kept)) == 2
    async with await Repository.open(db) as repo:
        assert [g.channel_id for g in await repo.open_games()] == [1]


async def test_a_restore_refuses_a_database_a_bot_is_using(tmp_path: Path) -> None:
    db, copy = tmp_path / "axio.sqlite3", tmp_path / "copy.sqlite3"
    async with await Repository.open(db) as repo:
        await running_game(repo)
    backup_sqlite(db, copy)
    hold = hold_database(db)  # what a running bot holds
    try:
        with pytest.raises(DatabaseInUseError, match="stop the bot"):
            restore_sqlite(copy, db)
    finally:
        hold.release()
    assert not list(tmp_path.glob("*before-restore*"))
    with sole_use(db), pytest.raises(DatabaseInUseError, match=r"restore"):
        hold_database(db)  # and no bot starts while a restore runs
    assert restore_sqlite(copy, db).games == 1


async def test_a_damaged_backup_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    db, copy = tmp_path / "axio.sqlite3", tmp_path / "copy.sqlite3"
    async with await Repository.open(db) as repo:
        record = await running_game(repo)
    backup_sqlite(db, copy)
    data = bytearray(copy.read_bytes())
    page = 4096
    data[3 * page : 3 * page + 200] = b"\xff" * 200  # a page of the copy overwritten
    copy.write_bytes(bytes(data))
    before = db.read_bytes()
    with pytest.raises(BackupError, match=r"damaged|malformed"):
        restore_sqlite(copy, db)
    assert db.read_bytes() == before
    async with await Repository.open(db) as repo:
        assert (await repo.get_game(record.id)).status == "running"
