"""A game whose channel or thread was deleted ends without a result: no rating, no
computer or stand-in moves on, nothing left owed; its players still find it in their
history, with the scores it had and the reason it ended."""

from __future__ import annotations

import pytest

from storage import CHANNEL_GONE, Repository, WrongStatusError

from .conftest import GUILD, FakeClock, play_random, running_game


async def test_a_running_game_in_a_deleted_channel_ends_without_a_result(repo: Repository):
    record = await play_random(repo, await running_game(repo, humans=2, computers=("easy",)), 4)
    assert await repo.owed_count(record.id) > 0
    [ended] = await repo.channel_gone(record.channel_id)
    assert ended.id == record.id
    assert (ended.status, ended.ended_reason) == ("cancelled", CHANNEL_GONE)
    assert ended.move_count == record.move_count and ended.game == record.game
    assert await repo.game_results(record.id) == []
    assert await repo.leaderboard(GUILD, "axio", include_computers=True) == []
    assert record.id not in await repo.games_awaiting_computer()
    assert await repo.owed_count(record.id) == 0 and await repo.owed_games() == []
    outcomes = await repo._fetchall("SELECT DISTINCT outcome FROM outbox")
    assert [row[0] for row in outcomes] == [CHANNEL_GONE]
    with pytest.raises(WrongStatusError):
        await repo.record_move(record.id, record.move_count, str(record.game.legal_moves()[0]))
    assert await repo.game_in_channel(record.channel_id) is None  # the channel id is free


async def test_its_players_still_see_it_in_their_history(repo: Repository, clock: FakeClock):
    record = await play_random(repo, await running_game(repo, humans=2), 5)
    finished = await play_random(repo, await running_game(repo, humans=2, channel=11))
    clock.advance(minutes=1)
    await repo.channel_gone(record.channel_id)
    entries = await repo.recent_history(GUILD)
    assert [e.game_id for e in entries] == [record.id, finished.id]  # newest first
    gone, done = entries
    assert (gone.ended_reason, done.ended_reason) == (CHANNEL_GONE, None)
    assert [r.name for r in gone.results] == ["P0", "P1"]
    assert not any(r.winner for r in gone.results)
    assert all(r.rating_before is None and r.rating_after is None for r in gone.results)
    scores = {standing.seat: standing.scores for standing in record.game.standings()}
    assert [r.scores for r in gone.results] == [tuple(scores[0]), tuple(scores[1])]
    assert [e.game_id for e in await repo.recent_history(GUILD, player_id=101)] == [
        record.id,
        finished.id,
    ]
    assert await repo.recent_history(GUILD, player_id=999) == []
    stats = await repo.player_stats(GUILD, 101)
    assert stats[0].games == 1  # it counts for nothing


async def test_a_lobby_in_a_deleted_channel_is_simply_gone(repo: Repository):
    lobby = await repo.create_lobby("axio", GUILD, 20, 100, "Ann")
    [ended] = await repo.channel_gone(20)
    assert ended.status == "cancelled" and ended.id == lobby.id
    assert await repo.recent_history(GUILD) == []
    assert await repo.channel_gone(20) == []  # nothing left there
    assert await repo.channel_gone(999) == []


async def test_a_deleted_channel_ends_its_solo_games_beside_its_table_game(repo: Repository):
    lobby = await repo.create_lobby("axio", GUILD, 20, 100, "Ann")
    ann = await repo.start_solo("rota", GUILD, 20, 100, "Ann", seed=1)
    bob = await repo.start_solo("axio", GUILD, 20, 101, "Bob", seed=2)
    elsewhere = await repo.start_solo("axio", GUILD, 21, 101, "Bob", seed=3)
    ended = await repo.channel_gone(20)
    assert [g.id for g in ended] == [lobby.id, ann.id, bob.id]
    assert all((g.status, g.ended_reason) == ("cancelled", CHANNEL_GONE) for g in ended)
    assert [g.id for g in await repo.open_games()] == [elsewhere.id]


async def test_ending_a_game_at_the_table_keeps_it_out_of_history(repo: Repository):
    record = await play_random(repo, await running_game(repo), 2)
    ended = await repo.cancel(record.id)
    assert ended.ended_reason is None
    assert await repo.recent_history(GUILD) == []
