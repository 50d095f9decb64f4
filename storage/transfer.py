"""Copy every table from one database to another (SQLite to PostgreSQL, say), for a server
owner who outgrows one file: `axio-bot migrate-db --from sqlite:///data/axio.sqlite3
--to postgresql://…`.

Both ends are opened as Repositories, so both schemas are up to date first. The target must
hold no games yet. Every row of every table the two share is copied, ids included, in one
write transaction on the target (all or nothing); afterwards the row counts of both are
compared table by table, and PostgreSQL's id sequences are moved past the copied ids.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import StorageError
from .repository import Repository

ORDER = (
    "games",
    "seats",
    "moves",
    "results",
    "ratings",
    "solo_best",
    "guild_settings",
    "notify",
    "skip_votes",
    "outbox",
    "daily_attempts",
    "channel_posts",
    "tournaments",
    "tournament_players",
    "tournament_rounds",
    "tournament_tables",
    "tournament_byes",
    "season_ratings",
)
"""Tables in an order that satisfies the foreign keys; any other shared table follows."""

_BATCH = 5000


async def tables(repo: Repository) -> list[str]:
    """The repository's own tables (not its bookkeeping)."""
    if repo.dialect == "postgres":
        sql = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    names = {row[0] for row in await repo._fetchall(sql)} - {"schema_version"}
    return sorted(names, key=lambda name: (ORDER.index(name) if name in ORDER else 99, name))


async def counts(repo: Repository, names: list[str]) -> dict[str, int]:
    return {name: (await repo._fetchall(f"SELECT count(*) FROM {name}"))[0][0] for name in names}


async def copy_database(
    source_target: Any, target_target: Any, *, say: Callable[[str], None] = lambda line: None
) -> dict[str, int]:
    """Copy everything from the source into the empty target; the rows copied per table.
    StorageError if the target already has games or the counts disagree afterwards."""
    async with (
        await Repository.open(source_target, cache_size=0) as source,
        await Repository.open(target_target, cache_size=0) as target,
    ):
        if (await counts(target, ["games"]))["games"]:
            raise StorageError("the target database already has games: copy into an empty one")
        shared = [name for name in await tables(source) if name in await tables(target)]
        async with source._read() as reading, target._write() as writing:
            for name in shared:
                copied = 0
                first = list(await reading.execute_fetchall(f"SELECT * FROM {name} LIMIT 1"))
                if first:
                    columns = list(first[0].keys())
                    # Every column in the order: rows are unique, so pages never overlap.
                    order = ", ".join(str(i + 1) for i in range(len(columns)))
                    insert = (
                        f"INSERT INTO {name} ({', '.join(columns)}) "
                        f"VALUES ({', '.join('?' for _ in columns)})"
                    )
                    while True:
                        rows = list(
                            await reading.execute_fetchall(
                                f"SELECT * FROM {name} ORDER BY {order} LIMIT ? OFFSET ?",
                                (_BATCH, copied),
                            )
                        )
                        if not rows:
                            break
                        await writing.executemany(insert, [tuple(row) for row in rows])
                        copied += len(rows)
                say(f"{name}: {copied} rows")
            if target.dialect == "postgres":
                for name in ("games", "outbox", "channel_posts", "tournaments"):
                    if name in shared:
                        await writing.execute(
                            f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                            f"(SELECT coalesce(max(id), 0) + 1 FROM {name}), false)"
                        )
        before, after = await counts(source, shared), await counts(target, shared)
    if before != after:
        wrong = ", ".join(f"{n}: {before[n]} ≠ {after[n]}" for n in shared if before[n] != after[n])
        raise StorageError(f"the copy does not match the source ({wrong})")
    return after
