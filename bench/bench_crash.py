"""Issue 14's figures: the whole bot killed with SIGKILL again and again, and reads while
another process holds the database's write lock; issue 21's: the same on PostgreSQL, with
the database server killed too.

    python -m bench.bench_crash [--kills 60] [--seed 14]
    python -m bench.bench_crash --database-url postgresql://…   [--kills 60]

The kills run tests/bot/kill_harness.py (the real bot on SimCord over one database, people
typing, building and double-submitting moves, computers playing), and count what went
wrong. The goals are zeros: no acknowledged move lost, none applied twice, no position
never shown, no computer stalled, every game equal to its replay, integrity ok.

On SQLite the reads time `get_game` and `game_in_channel` on one Repository while a second
process holds BEGIN IMMEDIATE on the same file, and the writes time four at once there
until each says busy (storage's budget, 1.5 s, is what makes the bot answer within
Discord's 3 s: tests/bot/test_truthful.py checks it on SimCord's clock, this is the
wall-clock figure). On PostgreSQL the bench plays in a schema
of its own on the server the URL names; when that server is a local one this machine runs
(`python -m storage.pg_local start FOLDER`, the URL's `?host=FOLDER`), a third of the
rounds also kill the server with SIGKILL while the bot plays and start it again, and the
bench freezes it for ten seconds to time how soon commands work again after the thaw.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import asyncpg

from bench.common import percentile, report
from storage import DATABASE_FAULTS, DatabaseBusyError, Repository
from storage.pg_local import LocalServer, in_schema
from storage.target import check_url
from tests.bot.kill_harness import kill_again_and_again
from tests.lock_holder import holding_write_lock


async def reads_while_locked(folder: Path, reads: int = 400) -> float:
    """p95 of one read, in ms, while another process holds the write lock."""
    path = folder / "locked.sqlite3"
    async with await Repository.open(path) as repo:
        records = []
        for channel in range(20):
            record = await repo.create_lobby("axio", 1, channel, 7, "P0")
            records.append(await repo.start(record.id, seed=channel))
        with holding_write_lock(path) as holder:
            times = []
            for number in range(reads):
                record = records[number % len(records)]
                start = time.perf_counter()
                await repo.get_game(record.id)
                await repo.game_in_channel(record.channel_id)
                times.append((time.perf_counter() - start) * 1000)
            assert holder.poll() is None, "the lock was given up during the reads"
    return round(percentile(times, 0.95), 2)


async def writes_while_locked(folder: Path, rounds: int = 10) -> dict[str, float]:
    """The slowest and the p95 of four writes at once, in ms from their start until each is
    refused as busy, while another process holds the write lock."""
    path = folder / "locked-writes.sqlite3"
    times: list[float] = []

    async def timed_write(repo: Repository, user_id: int) -> None:
        start = time.perf_counter()
        try:
            await repo.set_notify(user_id, True)
        except DatabaseBusyError:
            times.append((time.perf_counter() - start) * 1000)
        else:
            raise AssertionError("a write went through while the lock was held")

    async with await Repository.open(path) as repo:
        with holding_write_lock(path) as holder:
            for _ in range(rounds):
                await asyncio.gather(*(timed_write(repo, user) for user in range(4)))
            assert holder.poll() is None, "the lock was given up during the writes"
    return {
        "busy_write_ms_p95_while_write_locked": round(percentile(times, 0.95), 1),
        "busy_write_ms_max_while_write_locked": round(max(times), 1),
    }


async def recovery_after_freeze(url: str, server: LocalServer, freeze_s: float = 10.0) -> dict:
    """Seconds from thawing a server frozen (SIGSTOP) for `freeze_s` until a command works
    again, and until the Repository announces it answers again (its `on_back`): the figure
    tests/storage/test_server_faults.py waits for without timing it."""
    async with await Repository.open(url) as repo:
        backs: list[object] = []
        repo.health.on_back(backs.append)
        await repo.notify_enabled(1)  # a connection open, as in a busy process
        server.freeze()
        try:
            frozen_until = time.perf_counter() + freeze_s
            while time.perf_counter() < frozen_until:
                with suppress(*DATABASE_FAULTS):
                    await repo.set_notify(1, True)
        finally:
            server.thaw()
        thawed = time.perf_counter()
        while True:
            try:
                await repo.notify_enabled(1)
                break
            except DATABASE_FAULTS:
                await asyncio.sleep(0.05)
        working = time.perf_counter() - thawed
        while not backs:
            await asyncio.sleep(0.05)
        announced = time.perf_counter() - thawed
    return {
        "recovery_s_command_works_after_thaw": round(working, 2),
        "recovery_s_announced_after_thaw": round(announced, 2),
    }


def local_server(url: str) -> LocalServer | None:
    """The server behind `url` when it is one pg_local runs on this machine (its socket
    folder holds its data): the one the bench may kill and start again."""
    hosts = parse_qs(urlsplit(url).query).get("host", [])
    if hosts and (Path(hosts[0]) / "data" / "PG_VERSION").is_file():
        return LocalServer(Path(hosts[0]))
    return None


async def own_schema(url: str) -> str:
    """A schema of the bench's own on the server, as a URL (dropped by `drop_schema`)."""
    name = f"bench_crash_{os.getpid()}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}")
    finally:
        await admin.close()
    return in_schema(url, name)


async def drop_schema(url: str) -> None:
    name = parse_qs(urlsplit(url).query)["search_path"][0]
    admin = await asyncpg.connect(url)  # a new connection: the server may have restarted
    try:
        await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
    finally:
        await admin.close()


async def main(kills: int, seed: int, database_url: str | None) -> None:
    recovery: dict = {}
    with tempfile.TemporaryDirectory(prefix="bench-crash-") as folder:
        started = time.perf_counter()
        if database_url is None:
            tally = await kill_again_and_again(Path(folder), kills, seed)
        else:
            server = local_server(database_url)
            if server is None:
                print("the server is not a local pg_local one: only the bot is killed")
            url = await own_schema(database_url)
            try:
                tally = await kill_again_and_again(
                    Path(folder), kills, seed, database=url, server=server
                )
                if server is not None:
                    recovery = await recovery_after_freeze(url, server)
            finally:
                await drop_schema(url)
        figures: dict[str, object] = {
            "database": "postgresql" if database_url else "sqlite",
            **tally.summary(),
        }
        figures["seconds"] = round(time.perf_counter() - started, 1)
        figures.update(recovery)
        if database_url is None:
            figures["read_ms_p95_while_write_locked"] = await reads_while_locked(Path(folder))
            figures.update(await writes_while_locked(Path(folder)))
    report(figures)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=60)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument(
        "--database-url", type=check_url, help="postgresql://… (default: a SQLite file)"
    )
    args = parser.parse_args()
    asyncio.run(main(args.kills, args.seed, args.database_url))
