"""The real path under load: members' `/axio play` at a steady rate through the whole bot.

Run: python -m bench.bench_load [--games 200] [--rate 40] [--seconds 30] [--no-search]
     [--no-postgres] [--database-url postgresql://…]

What a move costs here is what a member's command really does: discord.py receives the
interaction from SimCord's gateway, the command reads the game, defers, stores the move
with the post it owes (the outbox), answers; the courier then draws the table picture and
posts it. Every game is two members (no computers), on SQLite in one process.

- `rtt_ms_*`: from when the command was due (an open loop: queueing counts) until its
  answer replaced "thinking…", at `--rate` moves/s over `--games` active games.
- `loop_lag_ms_*`: how late a 10 ms sleep woke meanwhile; `longest_gc_pause_ms`: the
  collector's longest pause.
- `cpu_ms_per_move`: the CPU time of the process (every thread) and of its worker processes
  (the painter's, which draw every picture; psutil reads them while they live) over the
  window and until every owed post was delivered, divided by the moves answered. SimCord
  runs in the same process, so this includes Discord's side too: an upper bound on the
  bot's share. `cpu_ms_per_move_bot` leaves SimCord's side out, as a sampler of the loop
  thread's stacks splits it (`bench/cpu_split.py`), `cpu_ms_per_move_simcord`;
  `cpu_ms_per_move_pictures` is the picture workers' part of it.
- `highest_rate_p99_within_50ms`: the highest rate tried (40, 60, 80, … moves/s, 8 s
  each) at which the p99 round trip stayed ≤ 50 ms, every slot was sent, and the courier
  kept up (every owed post delivered within 5 s of the window's end).
- `posts_drained_s`: how long after the main window the last owed post was delivered.
- `postgres_real_moves_per_s_2_processes`: two bot processes, each with its own SimCord
  world and games, on one PostgreSQL database, each keeping 16 commands in flight for
  the window; all moves answered by both, over the window plus the time their couriers
  took to post every table it owed (pictures and posts count, not only the answers). A
  server is started here (storage.pg_local, fsync on) unless `--database-url` names one;
  then `postgres_server_cpu_ms_per_move` is that server's CPU over the window.

Goals (issue 27, 2 cores, quiet, 200 games at 40 moves/s): rtt p99 ≤ 50 ms and max ≤ 150,
loop lag p99 ≤ 10 and max ≤ 50, no GC pause over 50 ms, CPU per move ≤ 15 ms; PostgreSQL
with two processes ≥ 600 moves/s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import json
import sys
import tempfile
import time
from pathlib import Path

import psutil

from bench.common import percentile, report
from bench.cpu_split import CpuSplit
from bench.load_driver import Driver, Gauges, Seats, planned_moves
from bench.slow_steps import SlowSteps
from bot.app import create_bot
from bot.config import Settings
from bot.playground import simulated
from storage.pg_local import LocalServer, fresh_schema, temporary_server

KINDS = ("axio", "rota")
SEARCH_RATES = (40, 60, 80, 100, 130, 160, 200, 250, 300)
SEARCH_SECONDS = 8.0
DRAIN_WITHIN_S = 5.0
"""A rate is sustained only if the courier's posts keep up: every post owed when the window
ends is delivered within this long (else the backlog grows without end)."""
PLANNED = 60
"""Moves planned per game: more than any window asks of one game."""


async def deal(env, games: int, world: int) -> tuple[int, list[Seats], Driver]:  # type: ignore[no-untyped-def]
    """A guild with a channel per game, each game dealt to two members, its first post
    delivered; and a driver for `/axio play`. `world` keeps two processes' SimCord ids
    apart (SimCord's clock, and so its snowflakes, start at the same moment everywhere)."""
    env.backend.clock.advance(world * 86_400 * 366)
    guild = env.create_guild(f"load {world}")
    while not env.bot.shards_owned.owns(guild.id):  # a server of this process's shard
        env.backend.clock.advance(0.001)  # a new snowflake millisecond: the other shard
        guild = env.create_guild(f"load {world}")
    members = [guild.add_member(env.create_user(f"m{i}")) for i in range(40)]
    spare = guild.create_text_channel("spare")
    template = Driver.capture_template(members[0], spare)
    repo = env.bot.repo
    seats = []
    for number in range(games):
        channel = guild.create_text_channel(f"table-{number}")
        host, guest = members[(2 * number) % 40], members[(2 * number + 1) % 40]
        kind = KINDS[number % 2]
        record = await repo.create_lobby(kind, guild.id, channel.id, host.id, host.name)
        await repo.join(record.id, guest.id, guest.name)
        seed = world * 100_000 + number
        record = await repo.start(record.id, seed=seed)
        env.bot.courier.kick(record.id)
        plan = planned_moves(kind, 2, seed, [host.id, guest.id], PLANNED)
        seats.append(Seats(record.id, channel, plan))
    await drained(env)
    return guild.id, seats, Driver(env, template)


async def window(env, driver: Driver, seats, guild_id: int, seconds: float, **pace):  # type: ignore[no-untyped-def]
    """One timed window, then every owed post delivered; with the CPU it all took: this
    process's (every thread) and its live children's (the painter's and the thinker's
    workers: `RUSAGE_CHILDREN` counts only children that ended), less the CPU sampler's
    own; and in `gauges.simcord_cpu_s` SimCord's part of it (`bench.cpu_split`)."""
    cpu = CpuClock()
    began = time.perf_counter()
    with CpuSplit() as split:
        gauges, sent = await driver.run(seats, guild_id, seconds, **pace)
        elapsed = time.perf_counter() - began
        gauges.drain_s = await drained(env)
    gauges.simcord_cpu_s = split.simcord_s
    gauges.workers_cpu_s = cpu.children_seconds()
    gauges.busiest = [*split.top(), "by package:", *split.by_package()]
    return gauges, sent, cpu.seconds() - split.sampler_s, elapsed


class CpuClock:
    """CPU seconds of this process and of its child processes since it was made."""

    def __init__(self) -> None:
        self.own = time.process_time()
        self.children = _children_cpu()

    def seconds(self) -> float:
        return time.process_time() - self.own + self.children_seconds()

    def children_seconds(self) -> float:
        """The worker processes' part: every picture (and computers' thinking)."""
        now = _children_cpu()
        return sum(cpu - self.children.get(pid, 0.0) for pid, cpu in now.items())


def _children_cpu() -> dict[int, float]:
    found = {}
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.NoSuchProcess:
            continue
        found[child.pid] = times.user + times.system
    return found


async def drained(env, limit_s: float = 180.0) -> float:  # type: ignore[no-untyped-def]
    """Until the courier has delivered every post due (not those that wait for a player to
    finish a turn: an AXIO! extra turn, the exchange choice; the next move posts them) and
    is delivering none: how long that took after the window (a courier that falls behind
    the moves shows here)."""
    bot = env.bot
    began = time.perf_counter()
    while time.perf_counter() - began < limit_s:
        due = await bot.repo.owed_games(bot.clock(), bot.shards_owned)
        if not due and not bot.courier._delivering:
            return time.perf_counter() - began
        await asyncio.sleep(0.01)
    raise RuntimeError(f"the courier did not deliver every owed post within {limit_s:.0f} s")


def figures_of(gauges: Gauges, cpu_s: float) -> dict[str, float]:
    answered = len(gauges.rtt_ms)
    return {
        "rtt_ms_p50": round(percentile(gauges.rtt_ms, 0.50), 1),
        "rtt_ms_p95": round(percentile(gauges.rtt_ms, 0.95), 1),
        "rtt_ms_p99": round(percentile(gauges.rtt_ms, 0.99), 1),
        "rtt_ms_max": round(max(gauges.rtt_ms), 1),
        "loop_lag_ms_p99": round(percentile(gauges.lag_ms, 0.99), 1),
        "loop_lag_ms_max": round(max(gauges.lag_ms), 1),
        "longest_gc_pause_ms": round(max(gauges.gc_ms, default=0.0), 1),
        "cpu_ms_per_move": round(cpu_s * 1000 / max(1, answered), 2),
        "cpu_ms_per_move_bot": round((cpu_s - gauges.simcord_cpu_s) * 1000 / max(1, answered), 2),
        "cpu_ms_per_move_pictures": round(gauges.workers_cpu_s * 1000 / max(1, answered), 2),
        "cpu_ms_per_move_simcord": round(gauges.simcord_cpu_s * 1000 / max(1, answered), 2),
        "moves_answered": answered,
        "posts_drained_s": round(gauges.drain_s, 2),
    }


@contextlib.asynccontextmanager
async def sqlite_bot(games: int, rate: float):  # type: ignore[no-untyped-def]
    """One bot on SQLite with `games` dealt, warmed up at `rate`: (env, driver, seats,
    guild id)."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            _env_file=None, database_path=Path(folder) / "load.sqlite3", computer_processes=0
        )
        async with simulated(create_bot(settings, shard_count=1), settle_timeout=600) as env:
            guild_id, seats, driver = await deal(env, games, world=0)
            await window(env, driver, seats, guild_id, 2.0, rate=rate)  # warm up
            yield env, driver, seats, guild_id


async def slow_steps(games: int, rate: float, seconds: float) -> dict:
    """The load with asyncio's slow-callback log on: which steps held the loop ≥ 10 ms."""
    async with sqlite_bot(games, rate) as (env, driver, seats, guild_id):
        loop = asyncio.get_running_loop()
        with SlowSteps(loop, threshold_s=0.01) as steps:
            await window(env, driver, seats, guild_id, seconds, rate=rate)
        for where, count, longest in steps.worst():
            print(f"  {count:>5} steps ≥ 10 ms, longest {longest:>6.1f} ms: {where}")
        with SlowSteps(loop, threshold_s=0.01, debug=False) as held:
            await window(env, driver, seats, guild_id, seconds, rate=rate)
        for where, samples in held.stalls():
            print(f"  {samples:>5} × 2 ms held at {where}")
        return {"slow_steps": steps.worst(), "held_at": held.stalls()}


async def sqlite_load(
    games: int, rate: float, seconds: float, search: bool, profile: str | None = None
) -> dict:
    async with sqlite_bot(games, rate) as (env, driver, seats, guild_id):
        profiler = cProfile.Profile(time.thread_time) if profile else None
        if profiler is not None:
            profiler.enable()
        gauges, _, cpu_s, _ = await window(env, driver, seats, guild_id, seconds, rate=rate)
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile)
        if gauges.refused:
            raise RuntimeError(f"moves were refused: {gauges.refused[:3]}")
        print("the loop thread's busiest places (share of its busy samples):")
        print("\n".join(gauges.busiest), flush=True)
        figures = figures_of(gauges, cpu_s)
        figures["rate_moves_per_s"] = rate
        figures["games"] = games
        figures["late_starts"] = gauges.late_starts
        if search:
            figures["highest_rate_p99_within_50ms"] = await highest_rate(
                env, driver, seats, guild_id
            )
        return figures


async def highest_rate(env, driver: Driver, seats, guild_id: int) -> float:  # type: ignore[no-untyped-def]
    best = 0.0
    for rate in SEARCH_RATES:
        gauges, sent, _, _ = await window(env, driver, seats, guild_id, SEARCH_SECONDS, rate=rate)
        p99 = percentile(gauges.rtt_ms, 0.99)
        kept_up = gauges.drain_s <= DRAIN_WITHIN_S
        held = len(gauges.rtt_ms) == sent and p99 <= 50 and kept_up
        print(
            f"  {rate:>4} moves/s: p99 {p99:.1f} ms, posts drained {gauges.drain_s:.1f} s after",
            flush=True,
        )
        if not held:
            break
        best = rate
    return best


async def postgres_share(url: str, world: int, games: int, seconds: float) -> dict:
    """One of the two processes: its own world and games on the shared database, as shard
    `world - 1` of two (as two processes are deployed, so that neither delivers, times out
    or ends the other's games: its channels are not in this process's world)."""
    settings = Settings(
        _env_file=None,
        database_url=url,
        computer_processes=0,
        shard_count=2,
        shard_ids=[world - 1],
    )
    async with simulated(create_bot(settings), settle_timeout=600) as env:
        guild_id, seats, driver = await deal(env, games, world=world)
        print("ready", flush=True)
        sys.stdin.readline()  # both processes dealt: go together
        gauges, _, cpu_s, elapsed = await window(
            env, driver, seats, guild_id, seconds, concurrency=16
        )
        seconds = elapsed + gauges.drain_s
        return {
            "answered": len(gauges.rtt_ms),
            "seconds": seconds,
            "cpu_s": cpu_s,
            "simcord_cpu_s": gauges.simcord_cpu_s,
            "drain_s": gauges.drain_s,
            "rtt_ms_p50": percentile(gauges.rtt_ms, 0.5),
        }


def postgres_load(url: str | None, games: int, seconds: float) -> dict[str, float]:
    """Both processes on one server: `url`'s, or one started here with fsync on."""
    server = None
    if url is None:
        server, folder = temporary_server(durable=True)
        server.start()
        url = server.url
    try:
        return asyncio.run(_two_processes(url, games, seconds, server))
    finally:
        if server is not None:
            server.stop()
            folder.cleanup()


async def _two_processes(
    admin_url: str, games: int, seconds: float, server: LocalServer | None = None
) -> dict[str, float]:
    async with fresh_schema(admin_url, "axio_load") as url:
        before_children = set(server.pids()) if server is not None else set()
        children = [
            await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bench.bench_load", "--child", str(world),
                "--database-url", url, "--games", str(games), "--seconds", str(seconds),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
            )
            for world in (1, 2)
        ]  # fmt: skip
        for child in children:
            assert child.stdout is not None
            line = await child.stdout.readline()
            if line.strip() != b"ready":
                raise RuntimeError(f"a load process failed to start: {line!r}")
        server_began = _server_cpu(server)
        for child in children:
            assert child.stdin is not None
            child.stdin.write(b"go\n")
            await child.stdin.drain()
        outputs = [await child.communicate() for child in children]
        await _backends_ended(server, before_children)
        server_s = _server_cpu(server) - server_began
    shares = [json.loads(out.decode().strip().splitlines()[-1]) for out, _ in outputs]
    answered = sum(share["answered"] for share in shares)
    longest = max(share["seconds"] for share in shares)
    print("postgres shares:", shares, flush=True)
    return {
        "postgres_real_moves_per_s_2_processes": round(answered / longest, 1),
        "postgres_cpu_ms_per_move": round(
            sum(s["cpu_s"] for s in shares) * 1000 / max(1, answered), 2
        ),
        "postgres_cpu_ms_per_move_bot": round(
            sum(s["cpu_s"] - s["simcord_cpu_s"] for s in shares) * 1000 / max(1, answered), 2
        ),
        **(
            {"postgres_server_cpu_ms_per_move": round(server_s * 1000 / max(1, answered), 2)}
            if server is not None
            else {}
        ),
    }


async def _backends_ended(server: LocalServer | None, before: set[int]) -> None:
    """Until the backends of the processes that stopped have ended and been reaped (their
    CPU is then the postmaster's children's), 2 s at most."""
    for _ in range(40):
        if server is None or not set(server.pids()) - before:
            return
        await asyncio.sleep(0.05)


def _server_cpu(server: LocalServer | None) -> float:
    """The CPU seconds the server started here has used: the postmaster's, its live
    backends' and those of the backends that ended (reaped, so counted as its children's)."""
    pids = server.pids() if server is not None else []
    total = 0.0
    for number, pid in enumerate(pids):
        try:
            times = psutil.Process(pid).cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
        if number == 0:  # the postmaster: its ended backends too
            total += times.children_user + times.children_system
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rate", type=float, default=40.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--no-search", action="store_true", help="skip the highest-rate search")
    parser.add_argument("--no-postgres", action="store_true", help="skip the PostgreSQL run")
    parser.add_argument("--database-url", help="a PostgreSQL server to use")
    parser.add_argument(
        "--slow-steps", action="store_true", help="only list the loop's steps over 10 ms"
    )
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="cProfile the loop thread's CPU time (not its waits) over the main window",
    )
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.slow_steps:
        report(asyncio.run(slow_steps(args.games, args.rate, args.seconds)))
        return
    if args.child is not None:
        share = asyncio.run(postgres_share(args.database_url, args.child, args.games, args.seconds))
        print(json.dumps(share), flush=True)
        return
    figures = asyncio.run(
        sqlite_load(args.games, args.rate, args.seconds, not args.no_search, args.profile)
    )
    figures["path"] = "slash command → read, store + outbox → answer; courier: picture, post"
    if not args.no_postgres:
        figures.update(postgres_load(args.database_url, args.games // 2, args.seconds / 2))
    report(figures)


if __name__ == "__main__":
    main()
