"""The numbered migrations both backends apply: finding the files and checking versions.

Each database has its own folder of `NNNN_name.sql` files (SQLite's in `migrations/`,
PostgreSQL's in `migrations/postgres/`), numbered 1, 2, 3 … without gaps; a database
migrated by a newer program is refused rather than touched. Imports nothing of ours.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

MIGRATIONS = Path(__file__).with_name("migrations")
POSTGRES_MIGRATIONS = MIGRATIONS / "postgres"


def migration_files(folder: Path = MIGRATIONS) -> list[tuple[int, Path]]:
    """The numbered .sql files (0001_name.sql, …), checked to run 1, 2, 3 … without gaps."""
    found = []
    for path in folder.glob("*.sql"):
        match = re.fullmatch(r"(\d+)_[\w-]+\.sql", path.name)
        if match:
            found.append((int(match.group(1)), path))
    found.sort()
    numbers = [number for number, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1, 2, 3 … without gaps: {numbers}")
    return found


def refuse_newer(current: int, known: int) -> None:
    """A database migrated by a newer program is not touched by this one."""
    if current > known:
        raise RuntimeError(
            f"the database has schema version {current}, newer than this program "
            f"knows ({known}): run a newer version"
        )


def split_statements(script: str) -> list[str]:
    """A .sql file as single statements, so they can run inside our own transaction."""
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if re.sub(r"--[^\n]*", "", buffer).strip():
        raise RuntimeError(f"unfinished SQL statement at the end of a migration: {buffer!r}")
    return statements
