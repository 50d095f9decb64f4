"""Helpers every benchmark uses: timing, medians, and the closing JSON line."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from typing import Any


def median_ms(action: Callable[[], Any], runs: int) -> float:
    """Median wall time of `action` over `runs` calls, in milliseconds."""
    return _median_ms(action, runs, time.perf_counter)


def median_cpu_ms(action: Callable[[], Any], runs: int) -> float:
    """Median CPU time (this process, `time.process_time`) of `action` over `runs` calls,
    in milliseconds: less disturbed than wall time by other work on a shared machine."""
    return _median_ms(action, runs, time.process_time)


def _median_ms(action: Callable[[], Any], runs: int, clock: Callable[[], float]) -> float:
    times = []
    for _ in range(runs):
        start = clock()
        action()
        times.append((clock() - start) * 1000)
    return round(statistics.median(times), 3)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def report(figures: dict[str, Any]) -> None:
    """Print the figures one per line for people, then as one JSON object for tools."""
    for name, value in figures.items():
        print(f"{name:32} {value}")
    print(json.dumps(figures))


async def analyse(repo: Any, *tables: str) -> None:
    """Statistics (and on PostgreSQL the visibility map an index-only scan needs) for
    `tables`, as the server's autovacuum would have them for tables this size."""
    if repo.dialect == "sqlite":
        async with repo._write() as conn:
            await conn.execute("ANALYZE")
        return
    async with repo._postgres.pool.acquire() as conn:
        for table in tables:
            await conn.execute(f"VACUUM ANALYZE {table}")
