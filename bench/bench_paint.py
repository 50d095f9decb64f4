"""Pictures off the event loop: a thread or a process pool? (`bot/table/painter.py`)

Run: python -m bench.bench_paint [--rate 40] [--seconds 8]

A late 4-player AXIO table is drawn at a steady `--rate` (an open loop: each picture is
asked for on schedule, whether or not the one before is done) while a 10 ms sleep samples
the event loop's lag, once with the painter in threads (`processes=0`) and once with
2 worker processes. Then a burst: 40 tables asked for at once, the time until the last.

- `*_lag_ms_p99/max`: how late the loop woke while pictures were drawn;
- `*_picture_ms_p50/p99`: from asking to having the PNG;
- `*_loop_cpu_ms_per_picture`: the CPU the bot's own process spent per picture (in a
  thread, all of it; in processes, pickling the game and unpickling the PNG);
- `*_worker_cpu_ms_per_picture`: the workers' CPU per picture (processes only);
- `*_burst_40_ms`: the time to draw 40 tables asked for at once.
"""

from __future__ import annotations

import argparse
import asyncio
import time

import psutil

from bench.bench_engine import position_after
from bench.bench_render import NAMES, axio_tiles
from bench.common import percentile, report
from bot.table.painter import Painter
from engine import AxioGame
from render import render_table


async def lag_sampler(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        began = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(max(0.0, (time.perf_counter() - began - 0.01) * 1000))


def worker_cpu_s(painter: Painter) -> float:
    total = 0.0
    for pid in painter.pool.worker_pids():
        try:
            times = psutil.Process(pid).cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


async def measure(processes: int, rate: float, seconds: float) -> dict[str, float]:
    game = position_after(AxioGame, axio_tiles, 60)
    painter = Painter(processes)
    try:
        await asyncio.gather(*(painter.paint(render_table, game, NAMES) for _ in range(8)))
        lags: list[float] = []
        took: list[float] = []
        stop = asyncio.Event()
        sampler = asyncio.create_task(lag_sampler(lags, stop))

        async def one(due: float) -> None:
            await painter.paint(render_table, game, NAMES)
            took.append((time.perf_counter() - due) * 1000)

        cpu, workers = time.process_time(), worker_cpu_s(painter)
        start = time.perf_counter()
        tasks = []
        count = int(rate * seconds)
        for number in range(count):
            due = start + number / rate
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            tasks.append(asyncio.create_task(one(due)))
        await asyncio.gather(*tasks)
        loop_cpu = time.process_time() - cpu
        worker_cpu = worker_cpu_s(painter) - workers
        stop.set()
        await sampler
        began = time.perf_counter()
        await asyncio.gather(*(painter.paint(render_table, game, NAMES) for _ in range(40)))
        burst = (time.perf_counter() - began) * 1000
    finally:
        painter.close()
    mode = "thread" if processes == 0 else f"{processes}_processes"
    return {
        f"{mode}_lag_ms_p99": round(percentile(lags, 0.99), 1),
        f"{mode}_lag_ms_max": round(max(lags), 1),
        f"{mode}_picture_ms_p50": round(percentile(took, 0.5), 1),
        f"{mode}_picture_ms_p99": round(percentile(took, 0.99), 1),
        f"{mode}_loop_cpu_ms_per_picture": round(loop_cpu * 1000 / count, 2),
        f"{mode}_worker_cpu_ms_per_picture": round(worker_cpu * 1000 / count, 2),
        f"{mode}_burst_40_ms": round(burst, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=40.0)
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    game = position_after(AxioGame, axio_tiles, 60)
    start = time.perf_counter()
    for _ in range(20):
        render_table(game, NAMES)
    figures: dict[str, float] = {"table_ms_inline": round((time.perf_counter() - start) * 50, 1)}
    for processes in (0, 2, 1):
        figures.update(asyncio.run(measure(processes, args.rate, args.seconds)))
    figures["load_average_1min"] = round(psutil.getloadavg()[0], 2)
    report(figures)


if __name__ == "__main__":
    main()
