"""A web app over a fresh repository (SQLite, or PostgreSQL for the tests marked so), and
games played into it, served by aiohttp's own test server."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.web.app import create_app
from storage import GameRecord, Repository
from tests.storage.conftest import FakeClock, running_game


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def repo(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Repository]:
    async with await Repository.open(tmp_path / "axio.sqlite3", clock=clock) as repository:
        yield repository


async def client_for(repo: Repository, clock: FakeClock, **options: object) -> TestClient:
    app = create_app(repo, clock=clock, public_url="https://axio.example", **options)  # type: ignore[arg-type]
    client = TestClient(TestServer(app))
    await client.start_server()
    return client


@pytest.fixture
async def client(repo: Repository, clock: FakeClock) -> AsyncIterator[TestClient]:
    client = await client_for(repo, clock)
    yield client
    await client.close()


async def played(
    repo: Repository,
    kind: str = "axio",
    *,
    humans: int = 2,
    computers: tuple[str, ...] = ("hard", "easy"),
    moves: int | None = None,
    seed: int = 7,
    channel: int = 10,
) -> tuple[GameRecord, str]:
    """A game with random legal moves stored (all of them when `moves` is None), and its
    page code."""
    record = await running_game(
        repo, kind, humans=humans, computers=computers, seed=seed, channel=channel
    )
    rng = random.Random(seed)
    while record.status == "running" and (moves is None or record.move_count < moves):
        move = rng.choice(record.game.legal_moves())
        record, _ = await repo.record_move(record.id, record.move_count, str(move))
    return record, await repo.game_code(record.id)


def names(text: str, name: str) -> bool:
    """Whether a page or its JSON shows `name` as a word of its own: not inside a longer run
    of letters, digits, "-" or "_", as the pages' unguessable codes are (a code may hold any
    two letters, such as a test player's "P1")."""
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def winners_of(record: GameRecord) -> list[str]:
    """The names of a finished game's winners, as the engine ranks the stored game."""
    assert record.game is not None
    return [record.seats[seat].name for seat in record.game.winners()]


def result_in_english(winners: list[str]) -> str:
    """How a page says a finished table game's result in English: `ann wins`, or a shared
    win with every winner named."""
    return f"{winners[0]} wins" if len(winners) == 1 else f"shared win: {', '.join(winners)}"
