"""Shared fixtures: a repository on a fresh database (a SQLite file, and a PostgreSQL
database: `repo` runs every test on both), simulated time, and games to play."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine import TileGame
from engine.common import standings
from storage import GameRecord, Repository, StaleTurnError
from storage.results import write_results

try:
    from engine import RotaGame  # noqa: F401  (being written; tested when present)

    KINDS = ["axio", "rota"]
except ImportError:  # pragma: no cover
    KINDS = ["axio"]

GUILD = 1


class FakeClock:
    """Simulated time: starts at a fixed moment and moves only when told."""

    def __init__(self) -> None:
        self.now = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "axio.sqlite3"


@pytest.fixture
async def repo(database: str | Path, clock: FakeClock) -> AsyncIterator[Repository]:
    async with await Repository.open(database, clock=clock) as repository:
        yield repository


async def running_game(
    repo: Repository,
    kind: str = "axio",
    humans: int = 2,
    computers: tuple[str, ...] = (),
    *,
    channel: int = 10,
    seed: int = 7,
    first_user: int = 100,
) -> GameRecord:
    """A started game with `humans` people (ids first_user, first_user+1, …) and computers."""
    record = await repo.create_lobby(kind, GUILD, channel, first_user, "P0")
    for i in range(1, humans):
        record = await repo.join(record.id, first_user + i, f"P{i}")
    for level in computers:
        record = await repo.add_computer(record.id, level)  # type: ignore[arg-type]
    return await repo.start(record.id, seed)


async def play_random(
    repo: Repository, record: GameRecord, moves: int | None = None, seed: int = 1
) -> GameRecord:
    """Play random legal moves through the repository (all of them when moves is None)."""
    rng = random.Random(seed)
    played = 0
    while record.status == "running" and (moves is None or played < moves):
        assert record.game is not None
        move = rng.choice(record.game.legal_moves())
        record, _ = await repo.record_move(record.id, record.move_count, str(move))
        played += 1
    return record


async def submitted(repo: Repository, game_id: int, move_count: int, move: str) -> str | None:
    """The move if it was stored for turn `move_count`, None if the turn had moved on."""
    try:
        await repo.record_move(game_id, move_count, move)
    except StaleTurnError:
        return None
    return move


async def raw_sql(repo: Repository, sql: str) -> None:
    """Run SQL past the repository's checks, to show what the schema itself refuses."""
    async with repo._write() as conn:
        await conn.execute(sql)


class ScriptedEnd:
    """A stand-in for a finished engine game with chosen scores, so that ratings and
    leaderboards can be tested on outcomes chosen in advance (ties included)."""

    def __init__(self, scores: list[tuple[int, int, int, int, int]]) -> None:
        self.players = len(scores)
        self.scores = scores

    def standings(self) -> list:
        return standings(self.scores)


async def finish_with(
    repo: Repository,
    players: list[int | str],
    scores: list[tuple[int, int, int, int, int]],
    *,
    kind: str = "axio",
    channel: int = 50,
    stamp: int = 0,
) -> int:
    """A finished game between `players` (user ids, or computer levels) with these scores,
    results and ratings written as record_move writes them (at time `stamp`)."""
    record = await seated(repo, players, kind=kind, channel=channel)
    record = await repo.start(record.id, seed=1)
    ordered = _reorder(record, players, scores)
    async with repo._write() as conn:
        fake: TileGame = ScriptedEnd(ordered)  # type: ignore[assignment]
        await write_results(conn, record.id, GUILD, kind, record.seats, fake, stamp)
        await conn.execute("UPDATE games SET status = 'finished' WHERE id = ?", (record.id,))
    return record.id


async def seated(
    repo: Repository,
    players: list[int | str],
    *,
    kind: str = "axio",
    guild: int = GUILD,
    channel: int = 50,
) -> GameRecord:
    """A lobby of `players` (user ids named `U<id>`, or computer levels); the first user
    id hosts it."""
    host = next(p for p in players if isinstance(p, int))
    record = await repo.create_lobby(kind, guild, channel, host, f"U{host}")
    for player in players:
        if isinstance(player, str):
            record = await repo.add_computer(record.id, player)  # type: ignore[arg-type]
        elif player != host:
            record = await repo.join(record.id, player, f"U{player}")
    return record


def _reorder(record: GameRecord, players: list[int | str], scores: list) -> list:
    """Scores in seat order (the host sits first, the others in the order they came)."""
    by_player = {}
    for player, score in zip(players, scores, strict=True):
        by_player.setdefault(player, []).append(score)
    ordered = []
    for seat in record.seats:
        key = seat.user_id if seat.user_id is not None else seat.computer
        ordered.append(by_player[key].pop(0))
    return ordered
