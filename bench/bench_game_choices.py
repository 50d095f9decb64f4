"""How fast `/axio review game:` finds the games to suggest, in a big database.

Run: python -m bench.bench_game_choices [--database-url URL]

- game_choices_ms: median time of the one query behind the suggestions (the member's own
  finished games on any server and this server's, newest first, 25), with 100,000 finished
  games stored on 100 servers, 20,000 of them on the member's server and 3,000 the
  member's own, spread over every server. Goal: well under Discord's 3 s for an
  autocomplete answer; at most 50 ms on SQLite. The work grows with the member's own
  games (read through seats_user, each game's row for when it finished), not with the
  server's or the database's.
- game_choices_typed_ms: the same for the 100 newest, searched when a member types.
  --database-url postgresql://… measures both on that server too (in a fresh schema).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.common import analyse, report
from storage import Repository
from storage.pg_local import fresh_schema

GAMES = 100_000
SERVERS = 100
HOME = 1
HOME_GAMES = 20_000
MEMBER = 7
OWN_GAMES = 3_000
RUNS = 30
STATE = "{" + "x" * 6000 + "}"
"""A finished game's stored state is some kilobytes: the rows are as long as real ones."""


async def fill(repo: Repository) -> None:
    """GAMES finished two-seat games: the member sits at OWN_GAMES of them."""
    rng = random.Random(5)
    own = set(rng.sample(range(1, GAMES + 1), OWN_GAMES))
    games, seats = [], []
    for game_id in range(1, GAMES + 1):
        guild = HOME if game_id <= HOME_GAMES else 2 + game_id % SERVERS
        stamp = 1_700_000_000_000_000 + rng.randrange(10**12)
        games.append((game_id, guild, game_id, STATE, stamp, stamp))
        first = MEMBER if game_id in own else 1000 + game_id
        seats += [(game_id, 0, first, None, f"P{first}"), (game_id, 1, None, "hard", "Bot A")]
    async with repo._write() as conn:
        await conn.executemany(
            "INSERT INTO games (id, kind, guild_id, channel_id, host_id, status, max_seats, "
            "state, created_at, updated_at) VALUES (?, 'axio', ?, ?, 1, 'finished', 2, ?, "
            "?, ?)",
            games,
        )
        await conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, computer, name) VALUES (?, ?, ?, ?, ?)",
            seats,
        )
    await analyse(repo, "games", "seats")


async def choices_ms(target: str | Path) -> tuple[float, float]:
    async with await Repository.open(target) as repo:
        await fill(repo)
        figures = []
        for limit in (25, 100):
            times = []
            for _ in range(RUNS):
                start = time.perf_counter()
                found = await repo.finished_games(HOME, MEMBER, open_day=1, limit=limit)
                times.append((time.perf_counter() - start) * 1000)
            assert len(found) == limit
            assert [g.finished_at for g in found] == sorted(
                (g.finished_at for g in found), reverse=True
            )
            figures.append(round(statistics.median(times), 3))
    return figures[0], figures[1]


async def main(database_url: str | None) -> None:
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        first, typed = await choices_ms(Path(folder) / "choices.sqlite3")
        figures["game_choices_ms"], figures["game_choices_typed_ms"] = first, typed
    if database_url:
        async with fresh_schema(database_url, "axio_bench") as url:
            first, typed = await choices_ms(url)
            figures["game_choices_ms_postgres"] = first
            figures["game_choices_typed_ms_postgres"] = typed
    report(figures)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="also measure on this PostgreSQL server")
    asyncio.run(main(parser.parse_args().database_url))
