"""Issue 14's figures: the whole bot killed with SIGKILL again and again, and reads while
another process holds the database's write lock.

    python -m bench.bench_crash [--kills 60] [--seed 14]

The kills run tests/bot/kill_harness.py (the real bot on SimCord over one database file,
people typing, building and double-submitting moves, computers playing), and count what
went wrong. The reads time `get_game` and `game_in_channel` on one Repository while a
second process holds BEGIN IMMEDIATE on the same file.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bench.common import percentile, report
from storage import Repository
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


async def main(kills: int, seed: int) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-crash-") as folder:
        started = time.perf_counter()
        tally = await kill_again_and_again(Path(folder), kills, seed)
        figures = tally.summary()
        figures["seconds"] = round(time.perf_counter() - started, 1)
        figures["read_ms_p95_while_write_locked"] = await reads_while_locked(Path(folder))
    report(figures)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=60)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    asyncio.run(main(args.kills, args.seed))
