"""Game reviews kept once per game, on both databases; and the expert level takes a seat."""

from __future__ import annotations

import asyncio

import aiosqlite
import pytest

from storage import GameNotFoundError, Repository, WrongStatusError
from storage.db import INTEGRITY_ERRORS, migrate
from storage.errors import StorageError
from storage.schema import migration_files
from tests.storage.conftest import play_random, raw_sql, running_game


def review_data(seed: int = 3, budget_s: float = 2.0, note: str = "first") -> dict:
    return {"budget_s": budget_s, "seed": seed, "players": [{"accuracy": 91.5}], "note": note}


async def finished_game(repo) -> int:
    record = await running_game(repo, computers=("hard",), humans=1)
    record = await play_random(repo, record)
    assert record.status == "finished"
    return record.id


async def test_a_review_is_kept_and_read_back(repo):
    game_id = await finished_game(repo)
    assert await repo.review(game_id) is None
    assert await repo.save_review(game_id, review_data()) == review_data()
    assert await repo.review(game_id) == review_data()


async def test_the_first_review_kept_stays(repo):
    game_id = await finished_game(repo)
    await repo.save_review(game_id, review_data(note="first"))
    kept = await repo.save_review(game_id, review_data(note="second"))
    assert kept["note"] == "first"
    assert (await repo.review(game_id))["note"] == "first"


async def test_two_reviews_saved_at_once_keep_one(repo):
    game_id = await finished_game(repo)
    kept = await asyncio.gather(
        *(repo.save_review(game_id, review_data(note=str(i))) for i in range(4))
    )
    assert len({k["note"] for k in kept}) == 1
    assert await repo.review(game_id) == kept[0]


async def test_the_budget_and_seed_are_kept_beside_the_review(repo):
    game_id = await finished_game(repo)
    await repo.save_review(game_id, review_data(seed=11, budget_s=0.5))
    row = await repo._fetchone("SELECT budget_s, seed FROM reviews WHERE game_id = ?", (game_id,))
    assert (row[0], row[1]) == (0.5, 11)


async def test_a_running_game_gets_no_review(repo):
    record = await running_game(repo)
    with pytest.raises(WrongStatusError):
        await repo.save_review(record.id, review_data())
    assert await repo.review(record.id) is None


async def test_a_review_without_its_budget_and_seed_is_refused(repo):
    game_id = await finished_game(repo)
    with pytest.raises(StorageError, match="budget_s and the seed"):
        await repo.save_review(game_id, {"players": []})


async def test_unknown_game_refused(repo):
    with pytest.raises(GameNotFoundError):
        await repo.save_review(999_999, review_data())


async def test_an_expert_computer_takes_a_seat(repo):
    record = await running_game(repo, humans=1, computers=("expert",))
    assert record.seats[1].computer == "expert"
    assert record.seats[1].plays_as == "expert"


async def test_seats_stored_before_migration_0007_survive_it(db_path, tmp_path):
    """0007 rebuilds SQLite's seats table to let the expert in: what was seated stays."""
    older = tmp_path / "older"
    older.mkdir()
    for _number, path in migration_files()[:4]:
        (older / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    db_path.parent.mkdir(parents=True)
    conn = await aiosqlite.connect(db_path, isolation_level=None)
    try:
        assert await migrate(conn, older) == 4
        await conn.execute(
            "INSERT INTO games (id, kind, guild_id, channel_id, host_id, max_seats, created_at, "
            "updated_at) VALUES (1, 'axio', 1, 10, 100, 2, 0, 0)"
        )
        await conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, computer, name) VALUES "
            "(1, 0, 100, NULL, 'Ann'), (1, 1, NULL, 'hard', 'Computer (hard)')"
        )
    finally:
        await conn.close()
    async with await Repository.open(db_path) as repo:
        assert await repo.schema_version() == len(migration_files())
        seats = (await repo.get_game(1)).seats
        assert [(s.user_id, s.computer, s.name) for s in seats] == [
            (100, None, "Ann"),
            (None, "hard", "Computer (hard)"),
        ]
        with pytest.raises(INTEGRITY_ERRORS):
            await raw_sql(repo, "UPDATE seats SET computer = 'grandmaster' WHERE seat = 1")
