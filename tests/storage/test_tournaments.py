"""Tournaments on both databases: whole Swiss and round-robin tournaments played through
the turn pipeline, withdrawals, timeouts, the end, and crashes in the middle of a round."""

from __future__ import annotations

import asyncio
from collections import Counter
from datetime import timedelta
from itertools import combinations

import pytest

import storage.tournament_rounds
from storage import ChannelPost, DatabaseUnavailableError, Repository, StorageError
from tests.storage.conftest import GUILD, FakeClock, play_random

CHANNEL = 900
THREADS = 50_000


async def open_tournament(repo: Repository, players: int, **settings) -> int:
    settings = {"kind": "rota", "format": "swiss", "table_size": 2, "rounds": 3} | settings
    t = await repo.create_tournament(GUILD, CHANNEL, 1, seed=11, **settings)
    for user in range(1000, 1000 + players):
        await repo.join_tournament(t.id, user, f"P{user}")
    return t.id


async def deliver(repo: Repository) -> list[ChannelPost]:
    """Deliver every owed channel post as the bot would: a table gets its thread."""
    done = []
    while posts := await repo.claim_channel_posts():
        for post in posts:
            if post.kind == "tournament_table":
                game = post.payload["game_id"]
                await repo.attach_table_thread(post.id, game, THREADS + game)
            else:
                await repo.channel_post_delivered(post.id, message_id=post.id)
            done.append(post)
    return done


async def play_round(repo: Repository, tid: int, seed: int = 0) -> None:
    """Every running table of the current round played to its end."""
    t = await repo.tournament(tid)
    for table in await repo.tournament_tables(tid, t.current_round):
        record = await repo.get_game(table.game_id)
        if record.status == "running":
            await play_random(repo, record, seed=seed + table.table_number)


async def play_out(repo: Repository, tid: int) -> list[ChannelPost]:
    posts = await deliver(repo)
    while (await repo.tournament(tid)).status == "running":
        await play_round(repo, tid)
        posts += await deliver(repo)
    return posts


def pairs_per_round(tables) -> dict[int, list[frozenset]]:
    found: dict[int, list[frozenset]] = {}
    for table in tables:
        found.setdefault(table.round, []).extend(
            frozenset(p) for p in combinations(table.players, 2)
        )
    return found


async def test_a_swiss_of_seven_at_tables_of_two(repo: Repository):
    tid = await open_tournament(repo, 7)
    t = await repo.start_tournament(tid)
    assert t.status == "running" and [p.seed_number for p in t.players] == list(range(1, 8))
    posts = await play_out(repo, tid)
    t = await repo.tournament(tid)
    assert t.status == "finished" and t.current_round == 3
    tables = await repo.tournament_tables(tid)
    assert [sum(x.round == r for x in tables) for r in (1, 2, 3)] == [3, 3, 3]
    met = [p for pairs in pairs_per_round(tables).values() for p in pairs]
    assert len(met) == len(set(met)), "a rematch seven players never need in three rounds"
    byes = await repo._fetchall(f"SELECT user_id FROM tournament_byes WHERE tournament_id = {tid}")
    assert len({row[0] for row in byes}) == 3
    kinds = Counter(post.kind for post in posts)
    assert kinds == {
        "tournament_round": 3,
        "tournament_table": 9,
        "tournament_standings": 2,
        "tournament_final": 1,
    }
    assert all(x.channel_id == THREADS + x.game_id and x.ranks for x in tables)
    standings = await repo.tournament_standings(tid)
    assert sum(s.points for s in standings) == 9 + 3  # a point per table, a point per bye
    assert [s.rank for s in standings] == sorted(s.rank for s in standings)


async def test_a_round_robin_of_four_at_tables_of_two(repo: Repository):
    tid = await open_tournament(repo, 4, format="round_robin", rounds=None)
    t = await repo.start_tournament(tid)
    assert t.rounds == 3
    await play_out(repo, tid)
    tables = await repo.tournament_tables(tid)
    met = Counter(p for pairs in pairs_per_round(tables).values() for p in pairs)
    assert set(met.values()) == {1} and len(met) == 6


async def test_a_swiss_of_nine_at_tables_of_three_with_a_withdrawal(repo: Repository):
    tid = await open_tournament(repo, 9, table_size=3, rounds=2)
    await repo.start_tournament(tid)
    await deliver(repo)
    [first, *_] = await repo.tournament_tables(tid, 1)
    leaver = first.players[0]
    await repo.withdraw_from_tournament(tid, leaver)
    record = await repo.get_game(first.game_id)
    assert record.seat_of(leaver).resigned
    [start, note] = await repo.claim_posts(record.id)  # the table is told
    assert start.kind == "start" and "withdrew from the tournament" in note.note
    await play_out(repo, tid)
    second = await repo.tournament_tables(tid, 2)
    assert sorted(len(x.players) for x in second) == [2, 3, 3]  # eight left: 3 + 3 + 2
    assert all(leaver not in x.players for x in second)
    last = next(s for s in await repo.tournament_standings(tid) if s.user_id == leaver)
    assert last.withdrawn and last.played == 1


async def test_tables_wait_for_their_thread_then_run_on_the_tournaments_timeout(
    repo: Repository, clock: FakeClock
):
    tid = await open_tournament(repo, 2, rounds=1, days_per_move=1, timeout_action="forfeit")
    await repo.start_tournament(tid)
    [table] = await repo.tournament_tables(tid)
    clock.advance(days=3)
    assert await repo.games_due_timeout() == []  # no thread yet: nobody can move
    assert await repo.owed_count(table.game_id) == 0
    await deliver(repo)
    clock.advance(hours=13)
    [reminder] = await repo.games_due_reminder()  # half-way to the day per move
    assert reminder.game_id == table.game_id and await repo.games_due_timeout() == []
    clock.advance(hours=11)
    [due] = await repo.games_due_timeout()
    assert (due.game_id, due.timeout_action, due.channel_id) == (
        table.game_id,
        "resign",
        THREADS + table.game_id,
    )


async def test_a_crash_while_pairing_loses_nothing_and_pairs_once(
    repo: Repository, monkeypatch: pytest.MonkeyPatch
):
    tid = await open_tournament(repo, 4, rounds=2)
    await repo.start_tournament(tid)
    await deliver(repo)
    tables = await repo.tournament_tables(tid, 1)
    await play_random(repo, await repo.get_game(tables[0].game_id))
    last = await repo.get_game(tables[1].game_id)
    while True:  # up to the move that would end the round
        trial = last.game.copy()
        trial.play(trial.legal_moves()[0])
        if trial.is_over:
            break
        last, _ = await repo.record_move(last.id, last.move_count, last.game.legal_moves()[0])
    real_deal = storage.tournament_rounds.deal_game
    dealt = 0

    async def dies_on_the_second_table(*args, **kwargs):
        nonlocal dealt
        dealt += 1
        if dealt == 2:
            raise OSError("killed")
        return await real_deal(*args, **kwargs)

    monkeypatch.setattr(storage.tournament_rounds, "deal_game", dies_on_the_second_table)
    # On PostgreSQL an OSError inside a transaction is taken for the connection failing.
    with pytest.raises((OSError, DatabaseUnavailableError)):
        await repo.record_move(last.id, last.move_count, last.game.legal_moves()[0])
    assert (await repo.get_game(last.id)).move_count == last.move_count
    assert (await repo.tournament(tid)).current_round == 1
    assert await repo.channel_posts_owed() == []
    monkeypatch.undo()
    await repo.record_move(last.id, last.move_count, last.game.legal_moves()[0])
    assert not await repo.close_round(tid)  # closed once, by the move
    owed = await repo.channel_posts_owed()
    assert [p.kind for p in owed] == ["tournament_standings", "tournament_round"] + [
        "tournament_table"
    ] * 2
    assert len(await repo.tournament_tables(tid, 2)) == 2


async def test_two_tables_ending_at_once_close_the_round_once(repo: Repository):
    tid = await open_tournament(repo, 4, rounds=2)
    await repo.start_tournament(tid)
    await deliver(repo)
    records = [await repo.get_game(x.game_id) for x in await repo.tournament_tables(tid, 1)]
    ready = []
    for record in records:  # each one move from its end
        while True:
            trial = record.game.copy()
            trial.play(trial.legal_moves()[0])
            if trial.is_over:
                break
            record, _ = await repo.record_move(record.id, record.move_count, trial.log[-1].move)
        ready.append(record)
    await asyncio.gather(
        *(repo.record_move(r.id, r.move_count, r.game.legal_moves()[0]) for r in ready)
    )
    t = await repo.tournament(tid)
    assert t.current_round == 2 and len(await repo.tournament_tables(tid, 2)) == 2
    kinds = Counter(p.kind for p in await repo.channel_posts_owed())
    assert kinds["tournament_standings"] == 1 and kinds["tournament_round"] == 1


async def test_ending_a_tournament_keeps_what_was_played(repo: Repository):
    tid = await open_tournament(repo, 4, rounds=3)
    await repo.start_tournament(tid)
    await deliver(repo)
    [done, unfinished] = await repo.tournament_tables(tid, 1)
    await play_random(repo, await repo.get_game(done.game_id))
    t = await repo.end_tournament(tid)
    assert t.status == "finished"
    assert (await repo.get_game(unfinished.game_id)).status == "cancelled"
    assert (await repo.end_tournament(tid)) == t
    standings = await repo.tournament_standings(tid)
    assert sum(s.points for s in standings) == 1 and sum(s.played for s in standings) == 2
    assert [p.kind for p in await deliver(repo)] == ["tournament_final"]


async def test_sign_up_rules_and_the_set_start_time(repo: Repository, clock: FakeClock):
    start = clock.now + timedelta(hours=2)
    t = await repo.create_tournament(
        GUILD, CHANNEL, 1, kind="axio", format="swiss", table_size=3, rounds=2, seed=1,
        cap=3, starts_at=start,
    )  # fmt: skip
    with pytest.raises(StorageError, match="needs at least 3"):
        await repo.start_tournament(t.id)
    for user in (7, 8, 9):
        await repo.join_tournament(t.id, user, f"U{user}")
    with pytest.raises(StorageError, match="places are taken"):
        await repo.join_tournament(t.id, 10, "U10")
    await repo.leave_tournament(t.id, 9)
    lonely = await repo.create_tournament(
        GUILD, CHANNEL, 1, kind="axio", format="round_robin", table_size=2, seed=2,
        starts_at=start,
    )  # fmt: skip
    await repo.join_tournament(t.id, 9, "U9")
    assert await repo.start_due_tournaments() == []
    clock.now = start
    started = {x.id: x.status for x in await repo.start_due_tournaments()}
    assert started == {t.id: "running", lonely.id: "cancelled"}
    [off] = [p for p in await repo.channel_posts_owed() if p.kind == "tournament_cancelled"]
    # a template and its values: the bot says it in the channel's language when it posts
    assert off.payload == {
        "tournament_id": lonely.id,
        "reason": "a tournament at tables of {size} needs at least {least} players: "
        "{joined} joined",
        "reason_values": {"size": 2, "least": 2, "joined": 0},
    }
    with pytest.raises(StorageError, match="2 to 16 players"):
        await repo.create_tournament(
            GUILD, CHANNEL, 1, kind="axio", format="round_robin", table_size=2, seed=3, cap=40
        )
