"""Solo games never take a channel: one table game per channel, and beside it any number
of solo games, one per member; "the game here" is the one the member means. On both
databases."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from engine.daily import day_start
from storage import ChannelBusyError, Repository, SoloBusyError
from storage.schema import POSTGRES_MIGRATIONS, migrate_postgres, migrate_sqlite, migration_files

from .conftest import GUILD, FakeClock, play_random, running_game

ANN, BOB, CID = 100, 101, 102
"""Ann and Bob play at the table (running_game's first two seats); Cid only watches."""


async def test_a_solo_game_and_a_table_game_share_a_channel(repo: Repository) -> None:
    solo = await repo.start_solo("rota", GUILD, 10, CID, "Cid", seed=1)
    lobby = await repo.create_lobby("axio", GUILD, 10, ANN, "Ann")  # the solo game blocks none
    another = await repo.start_solo("axio", GUILD, 10, BOB, "Bob", seed=2)
    with pytest.raises(ChannelBusyError) as busy:  # but the table game is still one
        await repo.create_lobby("rota", GUILD, 10, BOB, "Bob")
    assert busy.value.game_id == lobby.id
    assert {g.id for g in await repo.open_games()} == {solo.id, lobby.id, another.id}
    assert (await repo.table_game(10)).id == lobby.id


async def test_a_member_has_one_solo_game_per_channel(repo: Repository) -> None:
    first = await repo.start_solo("axio", GUILD, 10, ANN, "Ann", seed=1)
    with pytest.raises(SoloBusyError) as busy:
        await repo.start_solo("rota", GUILD, 10, ANN, "Ann", seed=2)
    assert busy.value.game_id == first.id
    elsewhere = await repo.start_solo("rota", GUILD, 11, ANN, "Ann", seed=2)
    assert [g.id for g in await repo.open_games()] == [first.id, elsewhere.id]
    finished = await play_random(repo, first)
    assert finished.status == "finished"
    again = await repo.start_solo("rota", GUILD, 10, ANN, "Ann", seed=3)  # free once it ends
    assert again.status == "running" and await repo.table_game(10) is None


async def test_a_lobby_started_alone_becomes_a_solo_game_and_frees_the_channel(
    repo: Repository,
) -> None:
    lobby = await repo.create_lobby("axio", GUILD, 10, ANN, "Ann", max_seats=1)
    with pytest.raises(ChannelBusyError):  # a lobby is a table game, whatever its seats
        await repo.create_lobby("axio", GUILD, 10, BOB, "Bob")
    started = await repo.start(lobby.id, seed=4)
    assert started.game is not None and started.game.solo
    assert await repo.table_game(10) is None
    table = await repo.create_lobby("axio", GUILD, 10, BOB, "Bob")
    assert (await repo.game_in_channel(10, ANN)).id == started.id
    assert (await repo.game_in_channel(10, BOB)).id == table.id


async def test_a_lobby_started_alone_refuses_a_second_solo_game(repo: Repository) -> None:
    mine = await repo.start_solo("axio", GUILD, 10, ANN, "Ann", seed=1)
    lobby = await repo.create_lobby("rota", GUILD, 10, ANN, "Ann")
    with pytest.raises(SoloBusyError) as busy:
        await repo.start(lobby.id, seed=2)
    assert busy.value.game_id == mine.id
    assert (await repo.get_game(lobby.id)).status == "lobby"  # nothing changed
    await repo.add_computer(lobby.id, "easy")
    assert (await repo.start(lobby.id, seed=2)).status == "running"  # a table game now


async def test_the_game_a_member_means_here(repo: Repository) -> None:
    table = await running_game(repo, humans=2)  # Ann and Bob, channel 10
    anns = await repo.start_solo("rota", GUILD, 10, ANN, "Ann", seed=1)
    cids = await repo.start_solo("rota", GUILD, 10, CID, "Cid", seed=2)
    assert (await repo.game_in_channel(10, ANN)).id == table.id  # seated: the table first
    assert (await repo.game_in_channel(10, CID)).id == cids.id  # their own solo game
    assert (await repo.game_in_channel(10, 999)).id == table.id  # a watcher: the table
    assert (await repo.game_in_channel(10)).id == table.id
    await repo.resign(table.id, 0)
    assert (await repo.game_in_channel(10, ANN)).id == anns.id  # resigned: their solo game
    assert (await repo.game_in_channel(10, BOB)).id == table.id
    await repo.cancel(table.id)
    assert (await repo.game_in_channel(10, BOB)).id == anns.id  # someone's, oldest first
    assert (await repo.game_in_channel(10)).id == anns.id
    assert await repo.game_in_channel(11, ANN) is None


async def test_where_a_member_plays_on_the_server(repo: Repository, clock: FakeClock) -> None:
    clock.now = day_start(3)
    thread = await running_game(repo, humans=2, channel=30)
    solo = await repo.start_solo("axio", GUILD, 31, ANN, "Ann", seed=1)
    await running_game(repo, humans=2, channel=32, first_user=200)  # not hers
    lobby = await repo.create_lobby("axio", GUILD, 33, ANN, "Ann")  # not running yet
    await repo.play_daily("axio", GUILD, ANN, "Ann")  # in no channel
    assert await repo.channels_playing(GUILD, ANN) == [30, 31]
    assert await repo.channels_playing(GUILD, ANN, besides=30) == [31]
    assert await repo.channels_playing(GUILD + 1, ANN) == []  # another server's are not here
    await repo.resign(thread.id, 0)
    await repo.cancel(solo.id)
    assert await repo.channels_playing(GUILD, ANN) == []
    assert await repo.channels_playing(GUILD, BOB) == [30]
    assert lobby.status == "lobby"


async def test_members_starting_games_at_once_never_give_a_channel_two_table_games(
    repo: Repository,
) -> None:
    async def attempt(user: int, solo: bool) -> str:
        try:
            if solo:
                await repo.start_solo("axio", GUILD, 40, user, f"U{user}", seed=user)
                return "solo"
            await repo.create_lobby("axio", GUILD, 40, user, f"U{user}")
            return "table"
        except ChannelBusyError:
            return "busy"

    outcomes = await asyncio.gather(*(attempt(300 + i, solo=i % 2 == 1) for i in range(8)))
    assert sorted(outcomes) == ["busy"] * 3 + ["solo"] * 4 + ["table"]
    open_games = await repo.open_games()
    assert sum(g.game is None for g in open_games) == 1  # one lobby
    assert sum(g.game is not None and g.game.solo for g in open_games) == 4


async def test_a_solo_game_from_before_the_upgrade_frees_its_channel(
    database: str | Path, tmp_path: Path
) -> None:
    """Migration 0011 on a database that holds a running solo game, as every channel did
    before it: the channel takes a table game, and the solo game still counts as its
    player's one there."""
    await at_version_10(database, tmp_path)
    async with await Repository.open(database) as repo:
        assert await repo.schema_version() == len(migration_files())
        lobby = await repo.create_lobby("axio", GUILD, 10, BOB, "Bob")
        with pytest.raises(ChannelBusyError):
            await repo.create_lobby("axio", GUILD, 10, CID, "Cid")
        with pytest.raises(SoloBusyError):
            await repo.start_solo("axio", GUILD, 10, ANN, "Ann", seed=1)
        assert (await repo.table_game(10)).id == lobby.id


OLD_SOLO_GAME = (
    "INSERT INTO games (kind, guild_id, channel_id, host_id, status, max_seats, players, seed, "
    "state, created_at, updated_at) VALUES ('axio', 1, 10, 100, 'running', 1, 1, 1, '{}', 0, 0)"
)


async def at_version_10(database: str | Path, tmp_path: Path) -> None:
    """The database as migrations 1-10 left it, with Ann's solo game running in channel 10."""
    sqlite_folder = tmp_path / "m"
    postgres_folder = sqlite_folder / "postgres"
    postgres_folder.mkdir(parents=True)
    for _number, path in migration_files()[:10]:
        (sqlite_folder / path.name).write_bytes(path.read_bytes())
    for _number, path in migration_files(POSTGRES_MIGRATIONS)[:10]:
        (postgres_folder / path.name).write_bytes(path.read_bytes())
    if isinstance(database, Path):
        database.parent.mkdir(parents=True, exist_ok=True)
        async with aiosqlite.connect(database) as conn:
            assert await migrate_sqlite(conn, sqlite_folder) == 10
            await conn.execute(OLD_SOLO_GAME)
            await conn.commit()
        return
    conn = await asyncpg.connect(database)
    try:
        assert await migrate_postgres(conn, postgres_folder) == 10
        await conn.execute(OLD_SOLO_GAME)
    finally:
        await conn.close()
