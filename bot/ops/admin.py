"""The operator's commands on the data: `axio-bot backup`, `restore` and `forget`.

    axio-bot backup --to FILE [--force]   a consistent copy of the running bot's SQLite file
    axio-bot restore --from FILE          put a backup back (the bot must be stopped)
    axio-bot forget USER_ID [--yes]       delete a member's data (a request by email, say)
    axio-bot health [--ready]             ask the running bot's /healthz (or /readyz)

Exit codes: 0 done; 1 refused or failed, with nothing changed and the reason on stderr;
2 not something this command does for this database: on PostgreSQL, backup and restore
print the `pg_dump` / `pg_restore` line to use instead (its own tools do it better, and a
script must not mistake that answer for a backup made).

`health` is the container's probe (the Dockerfile's HEALTHCHECK): 0 when the bot on this
machine answers alive (or, with --ready, ready), 1 when it does not, 2 when METRICS_PORT is
not set (the bot then serves no probes).

`forget` shows what it will delete and asks for the user id again when run at a terminal;
`--yes` skips the question (for scripts), and without a terminal it is required, so a
typo in a pipeline never deletes anyone. It works while the bot runs: a seat it resigns
is played on, and its note posted, by the running bot's next delivery pass.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import asyncpg

from storage import Repository, StorageError
from storage.backup import backup_sqlite, postgres_commands, restore_sqlite
from storage.members import described
from storage.target import Target, describe, is_postgres_url, sqlite_path

DATABASE_ERRORS = (StorageError, OSError, ValueError, sqlite3.Error, asyncpg.PostgresError)


def backup(database: Target, to: Path, *, force: bool = False) -> int:
    if is_postgres_url(database):
        return _postgres("backup", postgres_commands(str(to))[0])
    try:
        copied = backup_sqlite(sqlite_path(database), to, force=force)
    except DATABASE_ERRORS as error:
        return _refused("backup", error)
    print(f"backed up {copied.source} → {copied.target}: {copied.describe()}")
    return 0


def restore(database: Target, source: Path) -> int:
    if is_postgres_url(database):
        return _postgres("restore", postgres_commands(str(source))[1])
    try:
        restored = restore_sqlite(source, sqlite_path(database))
    except DATABASE_ERRORS as error:
        return _refused("restore", error)
    print(f"restored {restored.source} → {restored.target}: {restored.describe()}")
    if restored.kept is not None:
        print(f"the database it replaced is kept at {restored.kept}")
    return 0


def forget(
    database: Target,
    user_id: int,
    *,
    yes: bool = False,
    ask: Callable[[str], str] | None = None,
) -> int:
    """`ask` reads the confirmation (the terminal's `input`; None: there is no terminal)."""
    try:
        return asyncio.run(_forget(database, user_id, yes, ask))
    except DATABASE_ERRORS as error:
        return _refused("forget", error)


async def _forget(
    database: Target, user_id: int, yes: bool, ask: Callable[[str], str] | None
) -> int:
    async with await Repository.open(database) as repo:
        found = await repo.member_data(user_id)
        if not found.total:
            print(f"nothing is stored about user {user_id} in {describe(database)}")
            return 0
        print(f"stored about user {user_id} in {describe(database)}:")
        for line in found.lines():
            print(f"  {line}")
        for record in found.lobbies:
            print(f"  in the lobby of game {record.id}: they leave it")
        for record in found.playing:
            print(
                f"  playing game {record.id}: their seat is resigned (a computer plays on), "
                "or the game ends if nobody else plays in it"
            )
        if not yes:
            if ask is None:
                print("axio-bot forget: nothing deleted; add --yes to delete", file=sys.stderr)
                return 1
            if ask(f"Type {user_id} again to delete all of it: ").strip() != str(user_id):
                print("axio-bot forget: nothing deleted", file=sys.stderr)
                return 1
        done = await repo.forget_member(user_id)
    print(f"deleted user {user_id}'s data:")
    for line in described(done.rows):
        print(f"  {line}")
    print(f"  seats in {len(done.former_in)} games now show 'a former player'")
    for record in done.resigned:
        print(f"  game {record.id}: their seat is resigned; a computer plays it on")
    for record in done.ended:
        print(f"  game {record.id}: ended without a result (nobody else played in it)")
    for record in done.left_lobbies:
        print(f"  game {record.id}: they left the lobby")
    for tournament_id in done.tournaments:
        print(f"  tournament {tournament_id}: they left it (or withdrew, if under way)")
    return 0


def health(host: str, port: int | None, *, ready: bool = False) -> int:
    if port is None:
        print("axio-bot health: METRICS_PORT is not set: the bot serves no probes", file=sys.stderr)
        return 2
    if host in ("0.0.0.0", "::", ""):  # listening everywhere: ask it here
        host = "127.0.0.1"
    url = f"http://{host}:{port}/{'readyz' if ready else 'healthz'}"
    try:
        with urllib.request.urlopen(url, timeout=4) as answer:
            found, healthy = json.loads(answer.read()), True
    except urllib.error.HTTPError as refused:  # 503: answered, and not ready
        found, healthy = json.loads(refused.read() or b"{}"), False
    except (urllib.error.URLError, OSError, ValueError) as error:
        print(f"axio-bot health: no answer at {url} ({_text(error)})", file=sys.stderr)
        return 1
    for name, verdict in found.get("checks", {}).items():
        print(f"{name}: {verdict}")
    print(("ready" if ready else "alive") if healthy else "NOT ready")
    return 0 if healthy else 1


def _postgres(command: str, line: str) -> int:
    print(f"axio-bot {command}: the database is PostgreSQL; use its own tools:")
    print(f"  {line}")
    return 2


def _refused(command: str, error: BaseException) -> int:
    print(f"axio-bot {command}: {_text(error)}", file=sys.stderr)
    return 1


def _text(error: BaseException) -> str:
    return (" ".join(str(error).split()) or type(error).__name__)[:300]
