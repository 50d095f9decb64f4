"""A member's data deleted on request: nothing with their id or name is left in any table,
other people's games, results and ratings stay whole, and every game still replays."""

from __future__ import annotations

import pytest

from storage import Repository, StorageError
from storage.members import LEFT_NOTE, PERSONAL_DATA, holds_user_id
from storage.records import FORMER_PLAYER_NAME

from .conftest import GUILD, FakeClock, finish_with, play_random, raw_sql
from .test_daily import DAY, on_day
from .test_tournaments import CHANNEL, deliver, play_out, play_round

ZED = 80351110224678912
"""The member who asks: a real-looking snowflake, so no other number in the tables is it."""
ZED_NAME = "Zed Forgettable"
ANN, BOB = 100, 101


async def every_value(repo: Repository) -> list[tuple[str, str, object]]:
    """(table, column, value) for every cell of every table."""
    if repo.dialect == "postgres":
        sql = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    cells = []
    for (table,) in await repo._fetchall(sql):
        for row in await repo._fetchall(f"SELECT * FROM {table}"):
            cells.extend((table, column, row[column]) for column in row.keys())  # noqa: SIM118
    return cells


def traces(cells: list[tuple[str, str, object]]) -> list[tuple[str, str, object]]:
    """The cells that still name Zed, by id or by name (in any text, JSON included)."""
    return [
        (table, column, value)
        for table, column, value in cells
        if value == ZED or (isinstance(value, str) and (str(ZED) in value or ZED_NAME in value))
    ]


async def zed_everywhere(repo: Repository, clock: FakeClock) -> dict[str, int]:
    """Zed in a finished 3-player game, a finished solo game, a running game with Ann (with
    a note naming him owed to the table), a running solo game, a lobby he hosts with Bob,
    a vote to skip, the notify choice, a tournament he hosts and signed up for, and a
    daily challenge (tournaments under way: their own test). The games' ids, by what they
    are."""
    on_day(clock, DAY)  # after the daily challenge's launch
    games = {"finished": await finish_with(repo, [ZED, ANN, BOB], [(5,) * 5, (3,) * 5, (1,) * 5])}
    async with repo._write() as conn:  # finish_with names players U<id>: give Zed his name
        await conn.execute("UPDATE seats SET name = ? WHERE user_id = ?", (ZED_NAME, ZED))
        await conn.execute("UPDATE results SET name = ? WHERE player_id = ?", (ZED_NAME, ZED))
        await conn.execute("UPDATE ratings SET name = ? WHERE player_id = ?", (ZED_NAME, ZED))
    solo = await repo.start_solo("axio", GUILD, 20, ZED, ZED_NAME, seed=3)
    games["solo"] = (await play_random(repo, solo)).id
    running = await repo.create_lobby("axio", GUILD, 21, ANN, "Ann")
    running = await repo.join(running.id, ZED, ZED_NAME)
    running = await repo.join(running.id, BOB, "Bob")
    running = await repo.start(running.id, seed=5)
    running = await play_random(repo, running, moves=2)
    move = str(running.game.legal_moves()[0])
    running, _ = await repo.record_move(
        running.id, running.move_count, move, note=f"⌛ {ZED_NAME} ran out of time."
    )
    await repo.vote_skip(running.id, running.move_count, ZED)
    games["running"] = running.id
    games["running_solo"] = (await repo.start_solo("rota", GUILD, 22, ZED, ZED_NAME, seed=4)).id
    lobby = await repo.create_lobby("axio", GUILD, 23, ZED, ZED_NAME)
    games["lobby"] = (await repo.join(lobby.id, BOB, "Bob")).id
    await repo.set_notify(ZED, True)
    cup = await repo.create_tournament(
        GUILD, 24, ZED, kind="axio", format="swiss", table_size=2, rounds=1, seed=1
    )
    await repo.join_tournament(cup.id, ZED, ZED_NAME)
    _, daily = await repo.play_daily("rota", GUILD, ZED, ZED_NAME)
    games["daily"] = (await play_random(repo, daily)).id
    return games


async def test_forgetting_leaves_no_trace_of_the_member(repo: Repository, clock: FakeClock) -> None:
    games = await zed_everywhere(repo, clock)
    before = await repo.member_data(ZED)
    everywhere = [e.key for e in PERSONAL_DATA if e.table != "tournament_byes"]  # see below
    assert all(before.rows[key] for key in everywhere), before.rows
    assert [r.id for r in before.playing] == [games["running"], games["running_solo"]]
    assert traces(await every_value(repo))

    forgotten = await repo.forget_member(ZED)

    assert traces(await every_value(repo)) == []
    assert (await repo.member_data(ZED)).total == 0
    assert [r.id for r in forgotten.resigned] == [games["running"]]
    assert [r.id for r in forgotten.ended] == [games["running_solo"]]
    assert [r.id for r in forgotten.left_lobbies] == [games["lobby"]]
    lobby = await repo.get_game(games["lobby"])
    assert lobby.host_id == BOB and [s.user_id for s in lobby.seats] == [BOB]
    assert (await repo.get_game(games["running_solo"])).status == "cancelled"


async def test_other_peoples_games_results_and_ratings_stay_whole(
    repo: Repository, clock: FakeClock
) -> None:
    games = await zed_everywhere(repo, clock)
    finished_before = await repo.game_results(games["finished"])
    board_before = await repo.leaderboard(GUILD, "axio")
    await repo.forget_member(ZED)

    finished = await repo.game_results(games["finished"])
    zed, ann, bob = finished
    assert zed.is_former and zed.name == FORMER_PLAYER_NAME and not zed.is_computer
    assert zed.rating_before is None and zed.rating_after is None
    assert zed.scores == finished_before[0].scores and zed.rank == 1
    assert [ann, bob] == finished_before[1:]

    def standing(entries) -> list[tuple]:
        return [(e.player_id, e.rating, e.games, e.wins) for e in entries]

    board = await repo.leaderboard(GUILD, "axio")
    assert standing(board) == standing(e for e in board_before if e.player_id != ZED)
    for game_id in games.values():
        record = await repo.get_game(game_id)
        if record.game is not None:  # every started game still replays to what is stored
            replayed = await repo.load_game_from_log(game_id)
            assert replayed.to_dict() == record.game.to_dict()


async def test_a_game_going_on_is_played_on_by_a_computer_and_rates_no_one_for_him(
    repo: Repository, clock: FakeClock
) -> None:
    games = await zed_everywhere(repo, clock)
    await repo.forget_member(ZED)
    record = await repo.get_game(games["running"])
    seat = record.seats[1]
    assert seat.is_former and seat.resigned and seat.plays_as == "normal"
    assert seat.name == FORMER_PLAYER_NAME
    notes = await repo._fetchall(
        "SELECT note FROM outbox WHERE game_id = ? AND note <> '' ORDER BY id", (record.id,)
    )
    assert [row[0] for row in notes] == [f"⌛ {FORMER_PLAYER_NAME} ran out of time.", LEFT_NOTE]
    finished = await play_random(repo, record)
    assert finished.status == "finished"
    results = await repo.game_results(record.id)
    assert results[1].is_former and results[1].rating_after is None
    rated = await repo._fetchall("SELECT player_id FROM ratings WHERE kind = 'axio'")
    assert sorted(row[0] for row in rated) == [ANN, BOB]
    assert await repo.load_game_from_log(record.id) is not None


async def test_a_tournament_plays_on_with_former_players_in_it(repo: Repository) -> None:
    """Zed and Yan in a Swiss of six: forgotten in round 2 (Zed) and after it (Yan), the
    tournament pairs and ranks everyone else as before, and its standings stay whole."""
    yan = ZED + 1
    players = [ZED, yan, ANN, BOB, 102, 103]
    t = await repo.create_tournament(
        GUILD, CHANNEL, ZED, kind="rota", format="swiss", table_size=2, rounds=3, seed=5
    )
    signing_up = await repo.create_tournament(
        GUILD, CHANNEL, ANN, kind="rota", format="swiss", table_size=2, rounds=1, seed=6
    )
    for user in players:
        await repo.join_tournament(t.id, user, ZED_NAME if user == ZED else f"U{user}")
    await repo.join_tournament(signing_up.id, ZED, ZED_NAME)
    await repo.start_tournament(t.id)
    await deliver(repo)
    await play_round(repo, t.id)
    await deliver(repo)  # round 2 is paired: Zed is at a table
    forgotten = await repo.forget_member(ZED)
    assert set(forgotten.tournaments) == {t.id, signing_up.id}
    assert [r.status for r in forgotten.resigned] == ["running"]  # his round-2 table
    assert (await repo.tournament(signing_up.id)).players == ()
    await play_round(repo, t.id)
    await repo.forget_member(yan)
    await play_out(repo, t.id)
    finished = await repo.tournament(t.id)
    assert finished.status == "finished" and finished.host_id < 0
    standings = await repo.tournament_standings(t.id)
    assert len(standings) == 6 and sum(s.points for s in standings) == 3 * 3
    former = [s for s in standings if s.name == FORMER_PLAYER_NAME]
    assert len(former) == 2 and former[0].user_id != former[1].user_id
    # both withdrew when forgotten: Zed at his round-2 table, Yan at his round-3 one
    assert all(s.withdrawn for s in former) and sorted(s.played for s in former) == [2, 3]
    assert traces(await every_value(repo)) == []
    assert str(yan) not in str(await every_value(repo))


async def test_two_former_players_may_share_a_table(repo: Repository) -> None:
    other = ZED + 1
    lobby = await repo.create_lobby("axio", GUILD, 30, ANN, "Ann")
    for user in (ZED, other):
        lobby = await repo.join(lobby.id, user, f"U{user}")
    record = await repo.start(lobby.id, seed=2)
    await repo.forget_member(ZED)
    await repo.forget_member(other)
    seats = (await repo.get_game(record.id)).seats
    assert [s.is_former for s in seats] == [False, True, True]


async def test_forgetting_twice_or_a_stranger_changes_nothing(
    repo: Repository, clock: FakeClock
) -> None:
    await zed_everywhere(repo, clock)
    await repo.forget_member(ZED)
    cells = await every_value(repo)
    again = await repo.forget_member(ZED)
    assert sum(again.rows.values()) == 0 and await every_value(repo) == cells
    assert sum((await repo.forget_member(ZED + 7)).rows.values()) == 0
    with pytest.raises(StorageError):
        await repo.forget_member(0)


async def test_every_user_id_column_is_covered(repo: Repository) -> None:
    assert await repo.unregistered_user_columns() == []


async def test_a_new_table_with_a_user_id_is_caught_before_anything_is_deleted(
    repo: Repository, clock: FakeClock
) -> None:
    await zed_everywhere(repo, clock)
    await raw_sql(repo, "CREATE TABLE daily_results (day INTEGER, member_id BIGINT)")
    assert await repo.unregistered_user_columns() == ["daily_results.member_id"]
    before = await every_value(repo)
    with pytest.raises(StorageError, match=r"daily_results\.member_id"):
        await repo.forget_member(ZED)
    assert await every_value(repo) == before


def test_user_id_columns_are_known_by_name() -> None:
    assert all(holds_user_id(name) for name in ("user_id", "voter_id", "winner_user_id"))
    assert not any(holds_user_id(name) for name in ("guild_id", "game_id", "channel_id"))
