"""Games read by their page code (storage/pages.py), on both databases: a code per game
that is not its id, seats and moves as the table saw them, a former player, and the
games that have no page."""

from __future__ import annotations

import shutil
from pathlib import Path

import aiosqlite

from storage import Repository
from storage.pages import CODE_PATTERN
from storage.schema import MIGRATIONS, migrate_sqlite, migration_files
from tests.storage.conftest import GUILD, play_random, running_game


async def test_every_game_has_its_own_unguessable_code(repo):
    first = await running_game(repo, channel=10)
    second = await running_game(repo, channel=11)
    codes = [await repo.game_code(first.id), await repo.game_code(second.id)]
    assert all(code is not None and CODE_PATTERN.fullmatch(code) for code in codes)
    assert codes[0] != codes[1]
    assert str(first.id) not in codes


async def test_a_page_reads_seats_and_moves_as_played(repo):
    record = await running_game(repo, computers=("hard",))
    record = await play_random(repo, record, moves=5)
    page = await repo.page_game(await repo.game_code(record.id))
    assert page is not None
    assert (page.id, page.kind, page.status, page.players) == (record.id, "axio", "running", 3)
    assert page.seed == record.seed
    assert [s.name for s in page.seats] == [s.name for s in record.seats]
    assert [s.computer for s in page.seats] == [None, None, "hard"]
    moves = await repo.page_moves(page.id, 4)
    assert [(m.seat, m.turn, m.text) for m in moves] == [
        (e.seat, e.turn, e.move) for e in record.game.log[:4]
    ]
    later = await repo.page_moves(page.id, 5, after=3)  # what a kept page does not hold yet
    assert [m.text for m in later] == [e.move for e in record.game.log[3:5]]
    assert page.move_count == 5 and page.daily_day is None and not page.reviewed


async def test_a_forgotten_member_is_a_former_player_on_the_page(repo):
    record = await running_game(repo, humans=2)
    await repo.forget_member(101)
    page = await repo.page_game(await repo.game_code(record.id))
    assert [s.former for s in page.seats] == [False, True]
    assert "P1" not in [s.name for s in page.seats]


async def test_no_page_for_a_lobby_a_stranger_code_or_pages_turned_off(repo):
    lobby = await repo.create_lobby("axio", GUILD, 30, 100, "Ann")
    assert await repo.page_game(await repo.game_code(lobby.id)) is None
    assert await repo.page_game("A" * 16) is None
    assert await repo.page_game("../../etc/passwd") is None
    record = await running_game(repo)
    code = await repo.game_code(record.id)
    await repo.set_game_pages(GUILD, False)
    assert await repo.page_game(code) is None
    await repo.set_game_pages(GUILD, True)
    assert (await repo.page_game(code)).id == record.id


async def test_move_counts_for_the_watched_games_in_one_read(repo):
    first = await play_random(repo, await running_game(repo, channel=10), moves=3)
    second = await running_game(repo, channel=11)
    counts = await repo.page_move_counts([first.id, second.id, 999])
    assert counts == {first.id: (3, "running"), second.id: (0, "running")}


async def test_games_stored_before_the_codes_get_one_each(tmp_path: Path):
    """Migration 0012 gives every game already stored its own code."""
    older = tmp_path / "older"
    older.mkdir()
    for number, path in migration_files():
        if number < 12:
            shutil.copy(path, older / path.name)
    path = tmp_path / "axio.sqlite3"
    async with aiosqlite.connect(path) as conn:
        await migrate_sqlite(conn, older)
        for game_id in (1, 2):
            await conn.execute(
                "INSERT INTO games (id, kind, guild_id, channel_id, host_id, max_seats, "
                "created_at, updated_at, status) VALUES (?, 'axio', 1, ?, 5, 2, 0, 0, 'cancelled')",
                (game_id, 40 + game_id),
            )
        await conn.commit()
        await migrate_sqlite(conn, MIGRATIONS)
    async with await Repository.open(path) as repo:
        codes = {await repo.game_code(1), await repo.game_code(2)}
    assert len(codes) == 2 and all(CODE_PATTERN.fullmatch(c or "") for c in codes)
