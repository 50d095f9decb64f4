"""Which database a Repository opens: a path or a URL, read here and nowhere else.

`data/axio.sqlite3` or `sqlite:///data/axio.sqlite3` is a SQLite file (the embedded
default); `postgresql://…` is a PostgreSQL server. Both backends (`db.py`, `postgres.py`)
and the command line import this module; it imports nothing of ours, so the choice of
backend never makes the two backends import each other.
"""

from __future__ import annotations

import re
from pathlib import Path

DEFAULT_PATH = Path("data/axio.sqlite3")
"""Where the database lives when configuration names no file: below the working folder
(the same default as the bot's DATABASE_PATH)."""

Target = str | Path
"""A database: a file path, `sqlite:///path`, or `postgresql://…`."""


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def sqlite_path(target: Target) -> Path:
    """The file a SQLite target names: `sqlite:///data/x.sqlite3` is data/x.sqlite3 (as in
    SQLAlchemy: a fourth slash makes it absolute), a plain path is itself."""
    text = str(target)
    if text.startswith("sqlite://"):
        rest = text.removeprefix("sqlite://")
        if not rest.startswith("/") or rest == "/":
            raise ValueError(f"a SQLite URL is sqlite:///path/to/file, not {text}")
        return Path(rest[1:])
    if "://" in text:
        raise ValueError(f"unknown database URL {text}: use sqlite:///path or postgresql://…")
    return Path(text)


def describe(target: Target) -> str:
    """The target as it may be shown or logged: a URL without its password."""
    text = str(target)
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", text)
