"""The daily challenge's results and tournament pairing at scale.

Run: python -m bench.bench_community [--database-url URL]

- daily_results_ms: median time of what a player's finished daily shows, with 100,000
  counted results stored for that day's deal (on 500 servers, one of them with 2,000
  players): the server's table of the day (top 10) and the player's outcome (server rank,
  percentile among everyone, streaks). Goal: at most 50 ms on SQLite.
  --database-url postgresql://… measures it on that server too (in a fresh schema).
- pairing_ms_256_players: median time to pair round 6 of a 256-player Swiss at tables of
  2 after five rounds of random results (pairing_ms_256_players_tables_of_4: the same at
  tables of 4). Goal: at most 200 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections import Counter
from datetime import timedelta
from fractions import Fraction
from pathlib import Path

from bench.common import analyse, median_ms, report
from engine.daily import day_start, ranking_key
from engine.pairing import pair_swiss
from storage import Repository
from storage.pg_local import fresh_schema
from storage.records import to_us

RESULTS = 100_000
SERVERS = 500
BIG_SERVER = 1 << 22
BIG_SERVER_PLAYERS = 2_000
DAY = 30
RUNS = 30


async def fill(repo: Repository) -> int:
    """100,000 counted results of DAY (and a streak's worth of earlier days for the
    player measured); the measured player's id."""
    rng = random.Random(7)
    stamp = to_us(day_start(DAY) + timedelta(hours=8))
    games, attempts = [], []
    for i in range(RESULTS):
        game_id, user = i + 1, 10_000 + i
        guild = BIG_SERVER if i < BIG_SERVER_PLAYERS else ((i % SERVERS) + 2) << 22
        scores = [rng.randrange(4, 30) for _ in range(5)]
        games.append((game_id, -game_id, guild, user, stamp))
        attempts.append(
            (DAY, user, guild, f"P{i}", game_id, stamp, min(scores), ranking_key(scores),
             json.dumps(scores))
        )  # fmt: skip
    me = 10_000
    for back in range(1, 8):  # the measured player's streak
        game_id = RESULTS + back
        games.append((game_id, -game_id, BIG_SERVER, me, stamp))
        attempts.append((DAY - back, me, BIG_SERVER, "P0", game_id, stamp, 9, 9, "[9,9,9,9,9]"))
    async with repo._write() as conn:
        await conn.executemany(
            "INSERT INTO games (id, kind, channel_id, guild_id, host_id, status, max_seats, "
            "created_at, updated_at) VALUES (?, 'rota', ?, ?, ?, 'cancelled', 1, ?, ?)",
            [(*g, g[-1]) for g in games],
        )
        await conn.executemany(
            "INSERT INTO daily_attempts (day, kind, user_id, attempt, guild_id, name, game_id, "
            "started_at, finished_at, score, ranking, scores) "
            "VALUES (?, 'rota', ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(*a[:6], a[5], *a[6:]) for a in attempts],
        )
    await analyse(repo, "daily_attempts")
    return me


async def daily_results_ms(target: str | Path) -> float:
    async with await Repository.open(target) as repo:
        me = await fill(repo)
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            table = await repo.daily_table(DAY, "rota", BIG_SERVER, limit=10)
            outcome = await repo.daily_outcome(
                "rota", me, BIG_SERVER, day=DAY, now=day_start(DAY) + timedelta(hours=9)
            )
            times.append((time.perf_counter() - start) * 1000)
        assert len(table) == 10 and outcome is not None and outcome.players == RESULTS
        assert outcome.streak == 8 and outcome.server_players == BIG_SERVER_PLAYERS
    return round(statistics.median(times), 3)


def swiss_after_five_rounds(players: int, table_size: int) -> tuple:
    """The inputs of round 6 of a Swiss with random results."""
    rng = random.Random(3)
    order = list(range(players))
    points = dict.fromkeys(order, Fraction(0))
    met: dict[int, set[int]] = {p: set() for p in order}
    byes: Counter[int] = Counter()
    for _ in range(5):
        order.sort(key=lambda p: (-points[p], p))
        pairing = pair_swiss(order, points, met, byes, table_size)
        byes.update(pairing.byes)
        for table in pairing.tables:
            for p in table:
                met[p].update(q for q in table if q != p)
            for place, p in enumerate(rng.sample(table, len(table))):
                points[p] += len(table) - 1 - place
    order.sort(key=lambda p: (-points[p], p))
    return order, points, met, byes, table_size


async def main(database_url: str | None) -> None:
    figures: dict[str, float | str] = {}
    with tempfile.TemporaryDirectory() as folder:
        figures["daily_results_ms"] = await daily_results_ms(Path(folder) / "daily.sqlite3")
    if database_url:
        async with fresh_schema(database_url, "axio_bench") as url:
            figures["daily_results_ms_postgres"] = await daily_results_ms(url)
    for size, name in ((2, "pairing_ms_256_players"), (4, "pairing_ms_256_players_tables_of_4")):
        inputs = swiss_after_five_rounds(256, size)
        figures[name] = median_ms(lambda inputs=inputs: pair_swiss(*inputs), 15)
    report(figures)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="also measure on this PostgreSQL server")
    asyncio.run(main(parser.parse_args().database_url))
