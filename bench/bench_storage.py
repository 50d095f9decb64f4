"""Storage speed and size: committed moves per second, loading a game, memory per game.

Run: python -m bench.bench_storage [--synchronous NORMAL|FULL] [--database-url URL]

--database-url postgresql://… measures on that PostgreSQL server (each figure in a fresh
schema, dropped afterwards); sqlite:///folder/x.sqlite3 puts the files in that folder.
Without it, SQLite files in a temporary folder.

- moves_per_s: 100 games played at once by 100 asyncio tasks through one Repository;
  every move is its own committed transaction (the moves are scripted in advance, so the
  figure is storage's, not the engine's move search).
- load_game_ms: median time to load a finished 4-player game (row, seats, snapshot and
  log decoded, no cache); load_game_cached_ms: the same through the game cache.
- rss_mb_1000_games: the process's resident memory with 1,000 running games loaded
  (measured first, in a fresh process state).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import partial
from pathlib import Path

from bench.common import median_ms, percentile, report
from engine import AxioGame
from storage import GameRecord, Repository
from storage.pg_local import fresh_schema
from storage.target import is_postgres_url, sqlite_path

GUILD = 1
CONCURRENT_GAMES = 100
MOVES_PER_GAME = 40
LOADED_GAMES = 1000


Place = Callable[[str], AbstractAsyncContextManager[str | Path]]
"""Where a figure's database lives, by the figure's name."""


@asynccontextmanager
async def place(database_url: str | None, folder: Path, name: str) -> AsyncIterator[str | Path]:
    """A fresh schema on the PostgreSQL server of `database_url`, or a new SQLite file."""
    if database_url and is_postgres_url(database_url):
        async with fresh_schema(database_url, "axio_bench") as url:
            yield url
    else:
        where = sqlite_path(database_url).parent if database_url else folder
        yield where / f"{name}.sqlite3"


def places(database_url: str | None, folder: Path) -> Place:
    return partial(place, database_url, folder)


def rss_mb() -> float:
    """Resident memory of this process, from /proc (Linux) or getrusage's peak elsewhere."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    import resource

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def scripted_moves(players: int, seed: int, count: int) -> list[str]:
    """The first `count` moves of a seeded random game (all of them if it ends sooner)."""
    game = AxioGame(players, seed)
    rng = random.Random(seed)
    moves = []
    while not game.is_over and len(moves) < count:
        move = rng.choice(game.legal_moves())
        game.play(move)
        moves.append(str(move))
    return moves


async def new_game(repo: Repository, channel: int, players: int, seed: int) -> GameRecord:
    host = channel * 10
    record = await repo.create_lobby("axio", GUILD, channel, host, f"P{host}")
    for i in range(1, players):
        record = await repo.join(record.id, host + i, f"P{host + i}")
    return await repo.start(record.id, seed)


async def play_script(repo: Repository, record: GameRecord, moves: list[str]) -> list[float]:
    """Submit the moves one by one; the time each commit took, in ms."""
    latencies = []
    count = record.move_count
    for move in moves:
        start = time.perf_counter()
        record, _ = await repo.record_move(record.id, count, move)
        latencies.append((time.perf_counter() - start) * 1000)
        count = record.move_count
    return latencies


async def clone_games(repo: Repository, templates: list[int], copies: int) -> None:
    """Copy running games (row, seats, moves) under new ids and channels: setup only."""
    async with repo._write() as conn:
        for template in templates:
            for _ in range(copies):
                [(new,)] = await conn.execute_fetchall(
                    "INSERT INTO games (kind, guild_id, channel_id, host_id, status, max_seats, "
                    "settings, players, seed, state, rng, move_count, to_move, created_at, "
                    "updated_at, turn_started_at) SELECT kind, guild_id, "
                    "(SELECT max(channel_id) + 1 FROM games), host_id, status, max_seats, "
                    "settings, players, seed, state, rng, move_count, to_move, created_at, "
                    "updated_at, turn_started_at FROM games WHERE id = ? RETURNING id",
                    (template,),
                )
                for table, columns in (
                    ("seats", "seat, user_id, computer, name, resigned"),
                    ("moves", "move_number, seat, turn, text, played_at"),
                ):
                    await conn.execute(
                        f"INSERT INTO {table} (game_id, {columns}) "
                        f"SELECT CAST(? AS BIGINT), {columns} FROM {table} WHERE game_id = ?",
                        (new, template),
                    )


async def memory_figures(where: Place) -> dict[str, float]:
    async with where("memory") as target, await Repository.open(target) as repo:
        templates = []
        for i in range(10):  # games from the opening to the late middle game, 2-4 players
            record = await new_game(repo, 1 + i, 2 + i % 3, seed=i)
            await play_script(repo, record, scripted_moves(2 + i % 3, i, 3 * i))
            templates.append(record.id)
        await clone_games(repo, templates, LOADED_GAMES // len(templates) - 1)
        gc.collect()
        before = rss_mb()
        games = await repo.open_games()
        running = sum(1 for g in games if g.status == "running")
        gc.collect()
        after = rss_mb()
        assert running == LOADED_GAMES, running
        del games
    return {"rss_mb_before_loading": before, "rss_mb_1000_games": after}


async def durability(repo: Repository) -> str:
    """What a commit waits for: SQLite's synchronous, or PostgreSQL's synchronous_commit."""
    if repo.dialect == "postgres":
        [(fsync,)] = await repo._fetchall("SHOW fsync")
        [(commit,)] = await repo._fetchall("SHOW synchronous_commit")
        return f"fsync={fsync} synchronous_commit={commit}"
    async with repo._write() as conn:  # a per-connection setting: the writer's counts
        [(level,)] = await conn.execute_fetchall("PRAGMA synchronous")
    return ["OFF", "NORMAL", "FULL", "EXTRA"][level]


async def throughput_figures(where: Place, synchronous: str | None) -> dict[str, object]:
    options = {"synchronous": synchronous} if synchronous else {}
    async with where("moves") as target, await Repository.open(target, **options) as repo:
        level = await durability(repo)
        games = [await new_game(repo, 1000 + i, 2 + i % 3, seed=i) for i in range(CONCURRENT_GAMES)]
        scripts = [scripted_moves(g.game.players, g.seed, MOVES_PER_GAME) for g in games]  # type: ignore[union-attr]
        start = time.perf_counter()
        latencies = await asyncio.gather(
            *(play_script(repo, g, s) for g, s in zip(games, scripts, strict=True))
        )
        elapsed = time.perf_counter() - start
        flat = [ms for game in latencies for ms in game]
        finished = sum(1 for g in await repo.recent_history(GUILD, limit=1000))
    return {
        "moves_per_s": round(len(flat) / elapsed, 1),
        "moves_committed": len(flat),
        "games_finished_meanwhile": finished,
        "move_latency_p50_ms": round(percentile(flat, 0.5), 2),
        "move_latency_p95_ms": round(percentile(flat, 0.95), 2),
        "database": repo.dialect,
        "synchronous": level,
    }


def load_figures(where: Place, loop: asyncio.AbstractEventLoop) -> dict[str, float]:
    """A finished 4-player game loaded over and over: cold (decoded from the snapshot and
    the log every time, as after a restart) and through the repository's game cache."""
    placed = where("load")
    path = loop.run_until_complete(placed.__aenter__())
    try:
        return _load_figures(path, loop)
    finally:
        loop.run_until_complete(placed.__aexit__(None, None, None))


def _load_figures(path: str | Path, loop: asyncio.AbstractEventLoop) -> dict[str, float]:
    figures: dict[str, float] = {}
    for label, cache_size in (("load_game_ms", 0), ("load_game_cached_ms", 256)):
        repo = loop.run_until_complete(Repository.open(path, cache_size=cache_size))
        try:
            if not figures:
                seed = next(s for s in range(100) if len(scripted_moves(4, s, 1000)) > 60)
                record = loop.run_until_complete(new_game(repo, 1, 4, seed))
                loop.run_until_complete(play_script(repo, record, scripted_moves(4, seed, 1000)))
            finished = loop.run_until_complete(repo.get_game(1))
            assert finished.status == "finished" and finished.game is not None
            assert finished.game.players == 4
            figures["load_game_moves"] = finished.move_count
            figures[label] = median_ms(lambda r=repo: loop.run_until_complete(r.get_game(1)), 200)
        finally:
            loop.run_until_complete(repo.close())
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--synchronous", help="NORMAL or FULL (default: the Repository's)")
    parser.add_argument("--database-url", help="postgresql://… or sqlite:///folder/x.sqlite3")
    args = parser.parse_args()
    figures: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as scratch:
        where = places(args.database_url, Path(scratch))
        figures |= asyncio.run(memory_figures(where))
        gc.collect()
        figures |= asyncio.run(throughput_figures(where, args.synchronous))
        loop = asyncio.new_event_loop()
        try:
            figures |= load_figures(where, loop)
        finally:
            loop.close()
    report(figures)


if __name__ == "__main__":
    main()
