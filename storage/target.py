"""Which database a Repository opens: a path or a URL, read here and nowhere else.

`data/axio.sqlite3` (a Path, or a string without a scheme) or `sqlite:///data/axio.sqlite3`
is a SQLite file (the embedded default); `postgresql://…` is a PostgreSQL server. Anything
that starts like a URL must be a well-formed one of those two: a mistyped
`postgresql:/user:pw@host/db` is refused, never taken for the name of a SQLite file (which
would split one cluster's data over local files, and put a password in a folder name).

Both backends (`db.py`, `postgres.py`) and the command line import this module; it imports
nothing of ours, so the choice of backend never makes the two backends import each other.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

DEFAULT_PATH = Path("data/axio.sqlite3")
"""Where the database lives when configuration names no file: below the working folder
(the same default as the bot's DATABASE_PATH)."""

Target = str | Path
"""A database: a file path, `sqlite:///path`, or `postgresql://…`."""

URL_FORMS = "sqlite:///path/to/file or postgresql://user:password@host/database"
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_PASSWORD_PARAMETER = re.compile(r"(?i)password=([^&#\s]*)")


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def looks_like_url(text: str) -> bool:
    """Starts with a scheme (`word:`): meant as a URL, so it must be a well-formed one."""
    return bool(_SCHEME.match(text))


def check_url(text: str) -> str:
    """`text` if it is a well-formed database URL; else ValueError saying what is wrong,
    with any password masked. A SQLite URL names a file; a PostgreSQL URL names a host (or
    a socket folder, `?host=/folder`) and a database."""
    if any(c.isspace() for c in text):
        raise ValueError(f"must be {URL_FORMS}, without spaces, not {describe(text)}")
    if text.startswith("sqlite:"):
        if not text.startswith("sqlite:///") or not text.removeprefix("sqlite:///").strip("/"):
            raise ValueError(
                f"a SQLite URL is sqlite:///path/to/file (three slashes, then the file), "
                f"not {describe(text)}"
            )
        return text
    if not text.startswith(("postgresql:", "postgres:")):
        raise ValueError(f"must be {URL_FORMS}, not {describe(text)}")
    if not is_postgres_url(text):
        raise ValueError(f"a PostgreSQL URL starts with postgresql://, not {describe(text)}")
    parts = urlsplit(text)
    query = parse_qs(parts.query)
    try:
        parts.port  # noqa: B018  (raises ValueError for a port that is not a number)
    except ValueError:
        raise ValueError(f"the port is not a number in {describe(text)}") from None
    if not (parts.hostname or query.get("host")):
        raise ValueError(f"a PostgreSQL URL names a host (…@host/database): {describe(text)}")
    if not (parts.path.strip("/") or query.get("dbname")):
        raise ValueError(f"a PostgreSQL URL names a database (…@host/database): {describe(text)}")
    return text


def sqlite_path(target: Target) -> Path:
    """The file a SQLite target names: `sqlite:///data/x.sqlite3` is data/x.sqlite3 (as in
    SQLAlchemy: a fourth slash makes it absolute), a plain path is itself. A string that
    starts like a URL but is no SQLite URL is refused (ValueError), never made a file."""
    if isinstance(target, Path):
        return target
    text = str(target)
    if looks_like_url(text):
        check_url(text)
        if not text.startswith("sqlite:"):
            raise ValueError(f"not a SQLite URL: {describe(text)}")
        return Path(text.removeprefix("sqlite://")[1:])
    return Path(text)


def describe(target: Target) -> str:
    """The target as it may be shown or logged: any password masked, even in a malformed
    URL (see `secrets_in`)."""
    text = str(target)
    for secret in secrets_in(text):
        text = text.replace(secret, "***")
    return text


def secrets_in(target: Target) -> list[str]:
    """The passwords a target's text holds, to be masked wherever they would be shown:
    whatever stands between the first `:` of the user part and the last `@` (a `:`
    followed by `/` belongs to the scheme), and the value of any `password=`."""
    text = str(target)
    found = [match[1] for match in _PASSWORD_PARAMETER.finditer(text) if match[1]]
    at = text.rfind("@")
    colon = next(
        (i for i, c in enumerate(text[: max(at, 0)]) if c == ":" and text[i + 1 : i + 2] != "/"),
        None,
    )
    if colon is not None and at > colon + 1:
        found.append(text[colon + 1 : at])
    return sorted(found, key=len, reverse=True)
