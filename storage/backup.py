"""Backups of a SQLite database taken while the bot runs, and restoring one while it does not.

A backup is SQLite's online backup API in one step: one read transaction copies every page
as of one moment, so the copy holds exactly what was committed when it began, and in WAL
mode the bot's writes go on meanwhile (a plain file copy can catch a page half-written, or
miss what still sits in the -wal file). The copy is written beside the target and renamed
into place only once `PRAGMA integrity_check` passes, as a single file (journal DELETE, no
-wal beside it); an existing file is replaced only when asked (`force`).

"In use" is a lock file: every bot process (and `axio-bot web`) holds a shared `flock` on
`<database>.lock` for as long as it runs (`hold_database`, taken in the bot's setup), and a
restore takes it exclusively, so a restore refuses while any bot process uses the file, and
a bot does not start while a restore runs. A flock dies with its process, so a killed bot
leaves no stale lock. (Linux and macOS; a bot older than this lock is not seen.)

A restore first checks the backup (integrity_check, this project's schema, not newer than
this program), keeps the database it replaces as `<database>.before-restore-<time>`, and
writes through the backup API too, so SQLite's own locking and journal apply and a -wal
file left by the old database can never be replayed onto the restored one.

PostgreSQL has its own tools (pg_dump, pg_restore): `postgres_commands` gives the lines.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from .errors import StorageError
from .schema import migration_files

BUSY_TIMEOUT_S = 10.0


class BackupError(StorageError):
    """A backup or restore that was refused or failed; nothing was changed."""


class DatabaseInUseError(BackupError):
    pass


@dataclass(frozen=True)
class Copied:
    """What a backup or restore copied."""

    source: Path
    target: Path
    games: int
    moves: int
    schema_version: int
    size: int
    kept: Path | None = None

    def describe(self) -> str:
        return (
            f"{self.games} games, {self.moves} moves, schema version {self.schema_version}, "
            f"integrity_check ok, {self.size / 1024:.0f} KB"
        )


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


class DatabaseHold:
    """A running bot's shared hold on its database file (see the module's docstring)."""

    def __init__(self, handle: IO[bytes]) -> None:
        self._handle = handle

    def release(self) -> None:
        if not self._handle.closed:
            self._handle.close()  # closing the file gives the lock back


def hold_database(database: Path) -> DatabaseHold:
    """Mark the file as used by this process until `release` (or the process ends).
    DatabaseInUseError while a restore holds it."""
    return DatabaseHold(_lock(database, fcntl.LOCK_SH, "a restore of it is under way"))


@contextmanager
def sole_use(database: Path) -> Iterator[None]:
    """The file to ourselves: DatabaseInUseError if any bot process holds it."""
    handle = _lock(database, fcntl.LOCK_EX, "a bot process is using it: stop the bot first")
    try:
        yield
    finally:
        handle.close()


def _lock(database: Path, mode: int, busy: str) -> IO[bytes]:
    database.parent.mkdir(parents=True, exist_ok=True)
    handle = open(lock_path(database), "ab")  # noqa: SIM115  (held past this function)
    try:
        fcntl.flock(handle, mode | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise DatabaseInUseError(f"{database}: {busy}") from None
    return handle


def backup_sqlite(source: Path, target: Path, *, force: bool = False) -> Copied:
    """A consistent copy of `source` (which may be in use) at `target`."""
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    if target.exists() and not force:
        raise BackupError(f"{target} already exists: name another file, or add --force")
    if target.resolve() == source.resolve():
        raise BackupError("the backup cannot be the database itself")
    with closing(_connect(source)) as reading:
        _schema_version(reading, source)
        copied = _copy_into_place(reading, target, journal="DELETE")
    return Copied(source, target, *copied)


def restore_sqlite(backup: Path, database: Path) -> Copied:
    """Replace `database` (no bot may be using it) with the checked `backup`."""
    if not backup.is_file():
        raise BackupError(f"there is no backup at {backup}")
    if database.exists() and backup.resolve() == database.resolve():
        raise BackupError("the backup is the database itself")
    with closing(_connect(backup)) as reading:
        problems = _integrity(reading)
        if problems:
            raise BackupError(f"{backup} is damaged: {'; '.join(problems[:3])}; nothing changed")
        version = _schema_version(reading, backup)
        if version > len(migration_files()):
            raise BackupError(
                f"{backup} has schema version {version}, newer than this program knows: "
                "restore it with a newer version"
            )
        with sole_use(database):
            kept = None
            if database.exists():
                stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
                kept = database.with_name(f"{database.name}.before-restore-{stamp}")
                with closing(_connect(database)) as old:
                    _copy_into_place(old, kept, journal="DELETE")
            with closing(_connect(database)) as writing:
                reading.backup(writing)
                games, moves, version = _figures(writing)
                if problems := _integrity(writing):
                    raise BackupError(f"the restored database fails integrity_check: {problems}")
    return Copied(backup, database, games, moves, version, database.stat().st_size, kept)


def postgres_commands(file: str) -> tuple[str, str]:
    """The pg_dump and pg_restore lines for a PostgreSQL database, reading the URL from
    DATABASE_URL so that no password is printed."""
    return (
        f'pg_dump --format=custom --no-owner --file={file} "$DATABASE_URL"',
        f'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" {file}',
    )


def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)


def _copy_into_place(
    reading: sqlite3.Connection, target: Path, *, journal: str
) -> tuple[int, int, int, int]:
    """Copy in one step to a file beside `target`, check it, then rename it into place."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        with closing(_connect(partial)) as writing:
            reading.backup(writing)  # pages=-1: every page in one read transaction
            writing.execute(f"PRAGMA journal_mode = {journal}").fetchall()
            if problems := _integrity(writing):
                raise BackupError(f"the copy fails integrity_check: {'; '.join(problems[:3])}")
            games, moves, version = _figures(writing)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return games, moves, version, target.stat().st_size


def _integrity(conn: sqlite3.Connection) -> list[str]:
    try:
        found = [str(row[0]) for row in conn.execute("PRAGMA integrity_check").fetchall()]
    except sqlite3.DatabaseError as error:  # not a database at all
        return [str(error)]
    return [] if found == ["ok"] else found


def _schema_version(conn: sqlite3.Connection, path: Path) -> int:
    """This project's schema version; BackupError for any other file."""
    try:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a SQLite database ({error})") from None
    if not {"games", "seats", "moves"} <= tables or version < 1:
        raise BackupError(f"{path} is not an AXIO bot database")
    return version


def _figures(conn: sqlite3.Connection) -> tuple[int, int, int]:
    """Games, moves and the schema version: what the report names."""
    games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
    moves = conn.execute("SELECT count(*) FROM moves").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    return int(games), int(moves), int(version)
