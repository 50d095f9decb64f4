"""Past one machine: committed moves per second on SQLite and on PostgreSQL with two bot
processes, and how late the event loop runs while 20 computers think.

Its moves per second are a BATCHED, STORAGE-ONLY path: many games move at once with no
thinking time, so moves that arrive together share one statement, and there is no slash
command, no read of the game, no outbox round, no picture and no post. No real bot moves
like that; `bench_load`'s `postgres_real_moves_per_s_2_processes` is the bot's real path,
and the figure that says how many servers a process carries. Its output says so too
(`path`).

Run: python -m bench.bench_scale [--database-url postgresql://…] [--games 60] [--moves 40]

- sqlite_moves_per_s: one process, `--games` games played at once, each move its own
  committed transaction (bench_storage's measure).
- postgres_moves_per_s_2_processes: two processes, each with its own Repository (a pool of
  connections), each playing `--games` games of its own at once on one PostgreSQL database;
  all moves committed by both, divided by the time from the common start to the last
  commit. Also the bot processes' CPU per move, and how many moves went in one statement
  (storage/one_trip.py: moves that arrive together are stored together). Without
  --database-url a server is started here, as .ci/run does (storage.pg_local), with
  PostgreSQL's durable defaults (fsync on, synchronous_commit on).
- loop_lag_ms_p99_while_20_computers_think: a ticker wakes every 5 ms and records how late
  it woke, while 20 computer moves (level hard, the default 1 s budget) are chosen at once
  through the bot's
  Thinker with a pool of COMPUTER_PROCESSES (2) processes; then the same with the pool
  turned off (threads, as before), for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import tempfile
import time
from pathlib import Path

from bench.bench_storage import (
    new_game,
    places,
    play_script,
    scripted_moves,
    throughput_figures,
)
from bench.common import percentile, report
from bot.table.thinking import Thinker
from engine import AxioGame
from storage import Repository
from storage.pg_local import fresh_schema, temporary_server

THINKERS = 20
BUDGET_S = 1.0  # the bot's default COMPUTER_BUDGET_S
TICK_S = 0.005


async def _play_share(url: str, first_channel: int, games: int, moves: int, ready, go):  # type: ignore[no-untyped-def]
    """One process's share: its own games, dealt first, then all played at once from the
    moment both processes are ready (`go`)."""
    async with await Repository.open(url, pool_size=10) as repo:
        records = [
            await new_game(repo, first_channel + i, 2 + i % 3, seed=first_channel + i)
            for i in range(games)
        ]
        scripts = [scripted_moves(r.game.players, r.seed, moves) for r in records]  # type: ignore[union-attr]
        ready.put(True)
        await asyncio.to_thread(go.wait)
        cpu = time.process_time()
        latencies = await asyncio.gather(
            *(play_script(repo, r, s) for r, s in zip(records, scripts, strict=True))
        )
        cpu = time.process_time() - cpu
        batcher = repo._batcher
        batched = (batcher.moves, batcher.batches) if batcher else (0, 0)
        return sum(len(x) for x in latencies), time.time(), cpu, batched


def _worker(url: str, first_channel: int, games: int, moves: int, ready, go, out) -> None:  # type: ignore[no-untyped-def]
    out.put(asyncio.run(_play_share(url, first_channel, games, moves, ready, go)))


async def postgres_two_processes(admin_url: str, games: int, moves: int) -> dict[str, object]:
    async with fresh_schema(admin_url, "axio_bench") as url:
        async with await Repository.open(url) as repo:  # migrated once, before the race
            [(fsync,)] = await repo._fetchall("SHOW fsync")
            [(commit,)] = await repo._fetchall("SHOW synchronous_commit")
        context = multiprocessing.get_context("spawn")
        results, ready, go = context.Queue(), context.Queue(), context.Event()
        workers = [
            context.Process(
                target=_worker, args=(url, 1 + n * 100_000, games, moves, ready, go, results)
            )
            for n in range(2)
        ]
        for worker in workers:
            worker.start()
        for _ in workers:
            await asyncio.to_thread(ready.get, True, 600)
        start_at = time.time()
        go.set()
        shares = [await asyncio.to_thread(results.get, True, 600) for _ in workers]
        for worker in workers:
            worker.join()
    committed = sum(share[0] for share in shares)
    elapsed = max(share[1] for share in shares) - start_at
    batched_moves = sum(share[3][0] for share in shares)
    statements = sum(share[3][1] for share in shares)
    return {
        "postgres_moves_per_s_2_processes": round(committed / elapsed, 1),
        "postgres_moves_committed": committed,
        "postgres_bot_cpu_ms_per_move": round(sum(s[2] for s in shares) * 1000 / committed, 3),
        "postgres_moves_per_statement": round(batched_moves / max(statements, 1), 1),
        "postgres_durability": f"fsync={fsync} synchronous_commit={commit}",
    }


async def loop_lag(processes: int) -> tuple[float, float]:
    """(p99, max) lateness of a 5 ms ticker, in ms, while 20 computers think at once."""
    thinker = Thinker(processes)
    try:
        game = AxioGame(4, 11)
        await thinker.choose(game, "easy", 0, 0.01)  # the pool is up before we measure
        lags: list[float] = []
        thinking = asyncio.gather(
            *(thinker.choose(game, "hard", s, BUDGET_S) for s in range(THINKERS))
        )
        while not thinking.done():
            before = time.perf_counter()
            await asyncio.sleep(TICK_S)
            lags.append(max(0.0, (time.perf_counter() - before - TICK_S) * 1000))
        await thinking
    finally:
        thinker.close()
    return round(percentile(lags, 0.99), 1), round(max(lags), 1)


PATH = (
    "batched storage-only path (moves stored together, no command, read, outbox, picture or "
    "post): not the bot's real path; see bench_load's postgres_real_moves_per_s_2_processes"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="a PostgreSQL server (default: start one)")
    parser.add_argument("--games", type=int, default=60, help="games per process")
    parser.add_argument("--moves", type=int, default=40, help="moves per game")
    args = parser.parse_args()
    figures: dict[str, object] = {"path": PATH}
    print(PATH)
    with tempfile.TemporaryDirectory() as scratch:
        sqlite = asyncio.run(throughput_figures(places(None, Path(scratch)), None))
    figures["sqlite_moves_per_s"] = sqlite["moves_per_s"]
    server = None
    admin_url = args.database_url
    if admin_url is None:
        server, folder = temporary_server(durable=True)
        server.start()
        admin_url = server.url
    try:
        figures |= asyncio.run(postgres_two_processes(admin_url, args.games, args.moves))
    finally:
        if server is not None:
            server.stop()
            folder.cleanup()
    pool_p99, pool_max = asyncio.run(loop_lag(2))
    thread_p99, thread_max = asyncio.run(loop_lag(0))
    figures |= {
        "loop_lag_ms_p99_while_20_computers_think": pool_p99,
        "loop_lag_ms_max_while_20_computers_think": pool_max,
        "loop_lag_ms_p99_while_20_computers_think_in_threads": thread_p99,
        "loop_lag_ms_max_while_20_computers_think_in_threads": thread_max,
        "computer_processes": 2,
    }
    report(figures)


if __name__ == "__main__":
    main()
