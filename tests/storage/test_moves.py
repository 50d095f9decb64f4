"""The move log: one transaction per move, stale turns refused, games rebuilt exactly."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path

import pytest

from engine import IllegalMoveError
from engine.axio_moves import Exchange
from storage import (
    GameRecord,
    NotSeatedError,
    NotYourTurnError,
    Repository,
    StaleTurnError,
    WrongStatusError,
)
from storage.records import FORMER_PLAYER_NAME

from .conftest import GUILD, KINDS, FakeClock, play_random, running_game, submitted


async def _count_moves(repo: Repository, game_id: int) -> int:
    return len(await repo.moves(game_id))


async def test_reopening_gives_identical_games(database: str | Path, clock: FakeClock) -> None:
    async with await Repository.open(database, clock=clock) as repo:
        lobby = await repo.create_lobby("axio", GUILD, 1, 100, "Ann")
        middle = await play_random(repo, await running_game(repo, channel=2), moves=9)
        middle = await repo.resign(middle.id, 1)
        done = await play_random(repo, await running_game(repo, channel=3, humans=4))
        rota = await play_random(repo, await running_game(repo, KINDS[-1], channel=4), 5)
        cancelled = await repo.cancel((await running_game(repo, channel=5)).id)
        before = [lobby, middle, done, rota, cancelled]
        assert done.status == "finished"
    async with await Repository.open(database, clock=clock) as repo:
        after = [await repo.get_game(record.id) for record in before]
    assert after == before
    assert after[1].game is not None and after[1].game.resigned == {1}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("humans", [1, 2, 3, 4])
async def test_game_replayed_from_the_log_equals_the_stored_one(
    repo: Repository, kind: str, humans: int
) -> None:
    record = await running_game(repo, kind, humans=humans, seed=humans)
    record = await play_random(repo, record, moves=6, seed=humans)
    assert await repo.load_game_from_log(record.id) == (await repo.get_game(record.id)).game
    record = await play_random(repo, record, seed=humans)
    assert record.status == "finished"
    stored = await repo.get_game(record.id)
    assert await repo.load_game_from_log(record.id) == stored.game
    assert [m.text for m in await repo.moves(record.id)] == [e.move for e in stored.game.log]


async def test_a_move_is_logged_with_its_turn_and_time(repo: Repository, clock: FakeClock) -> None:
    record = await running_game(repo)
    assert record.game is not None
    seat, turn = record.game.to_move, record.game.turn
    clock.advance(minutes=5)
    move = record.game.legal_moves()[0]
    after, result = await repo.record_move(record.id, 0, move, seat=seat)  # a move object
    assert result.seat == seat and after.move_count == 1
    [logged] = await repo.moves(record.id)
    assert (logged.move_number, logged.seat, logged.turn, logged.text) == (1, seat, turn, str(move))
    assert logged.played_at == after.updated_at == clock.now
    assert after.game is not None
    if after.game.to_move != seat:
        assert after.turn_started_at == clock.now
    else:  # the same player goes on (AXIO exchange question): the turn's clock goes on
        assert after.turn_started_at == record.turn_started_at


async def test_the_log_keeps_which_moves_a_stand_in_made(repo: Repository) -> None:
    """A review counts a player's own moves only: a computer's move for a person (a
    stand-in) is logged as such, a person's own is not, on each way a move is stored (the
    later moves go PostgreSQL's one-trip way, see storage/one_trip.py)."""
    record = await running_game(repo)
    for number, stand_in in enumerate((True, False, True, False)):
        move = record.game.legal_moves()[0]
        record, _ = await repo.record_move(record.id, number, move, stand_in=stand_in)
    assert [m.stand_in for m in await repo.moves(record.id)] == [True, False, True, False]


async def test_stale_move_is_refused_and_changes_nothing(repo: Repository) -> None:
    record = await play_random(repo, await running_game(repo), moves=2)
    assert record.game is not None
    move = str(record.game.legal_moves()[0])
    with pytest.raises(StaleTurnError) as refused:
        await repo.record_move(record.id, 1, move)
    assert (refused.value.expected, refused.value.actual) == (1, 2)
    assert await repo.get_game(record.id) == record
    assert await _count_moves(repo, record.id) == 2


async def test_illegal_move_changes_nothing(repo: Repository) -> None:
    record = await play_random(repo, await running_game(repo), moves=1)
    for bad in ["Z99:b A1:r", "not a move", "G7:b G8:b"]:
        with pytest.raises(IllegalMoveError):
            await repo.record_move(record.id, 1, bad)
    assert await repo.get_game(record.id) == record
    assert await _count_moves(repo, record.id) == 1


async def test_moves_for_the_wrong_seat_or_game_state_are_refused(repo: Repository) -> None:
    lobby = await repo.create_lobby("axio", GUILD, 20, 100, "Ann")
    with pytest.raises(WrongStatusError):
        await repo.record_move(lobby.id, 0, "E5:b F5:r")
    record = await running_game(repo)
    assert record.game is not None
    other = 1 - record.game.to_move
    with pytest.raises(NotYourTurnError):
        await repo.record_move(record.id, 0, str(record.game.legal_moves()[0]), seat=other)
    assert await repo.get_game(record.id) == record


async def test_100_concurrent_submissions_for_one_turn_apply_exactly_one(
    repo: Repository,
) -> None:
    record = await running_game(repo, humans=4)
    assert record.game is not None
    moves = [str(m) for m in record.game.legal_moves()[:100]]
    assert len(set(moves)) == 100

    submissions = (submitted(repo, record.id, record.move_count, m) for m in moves)
    applied = [m for m in await asyncio.gather(*submissions) if m]
    assert len(applied) == 1
    assert [m.text for m in await repo.moves(record.id)] == applied
    assert (await repo.get_game(record.id)).move_count == 1


async def test_two_connections_cannot_both_apply_a_turn(database: str | Path) -> None:
    async with (
        await Repository.open(database) as first,
        await Repository.open(database) as second,
    ):
        record = await running_game(first, humans=3)
        assert record.game is not None
        moves = [str(m) for m in record.game.legal_moves()[:40]]

        async def submit(repo: Repository, move: str) -> bool:
            try:
                await repo.record_move(record.id, 0, move)
            except StaleTurnError:
                return False
            return True

        tasks = [submit(first if i % 2 else second, m) for i, m in enumerate(moves)]
        assert sum(await asyncio.gather(*tasks)) == 1
        assert await _count_moves(second, record.id) == 1


async def test_resigned_seat_is_played_by_a_computer_and_ranks_last(repo: Repository) -> None:
    record = await running_game(repo, humans=3, seed=5)
    record = await repo.resign(record.id, 1)
    assert record.seats[1].resigned and record.seats[1].plays_as == "normal"
    assert [s.seat for s in record.humans_playing] == [0, 2]
    assert await repo.resign(record.id, 1) == record  # twice changes nothing
    finished = await play_random(repo, record, seed=3)
    results = await repo.game_results(finished.id)
    assert results[1].resigned and not results[1].winner
    assert results[1].rank == 3
    with pytest.raises(WrongStatusError):
        await repo.resign(finished.id, 0)


async def test_only_people_can_resign(repo: Repository) -> None:
    record = await running_game(repo, humans=1, computers=("easy",))
    with pytest.raises(NotSeatedError):
        await repo.resign(record.id, 1)
    with pytest.raises(NotSeatedError):
        await repo.resign(record.id, 7)


async def test_finished_game_keeps_seed_and_moves_for_replays(repo: Repository) -> None:
    record = await play_random(repo, await running_game(repo, seed=99))
    stored = await repo.get_game(record.id)
    assert stored.status == "finished" and stored.seed == 99
    moves = await repo.moves(record.id)
    assert [m.move_number for m in moves] == list(range(1, stored.move_count + 1))
    with pytest.raises(WrongStatusError):
        await repo.record_move(record.id, stored.move_count, moves[0].text)


async def test_a_cached_game_is_never_used_once_another_writer_changed_it(
    database: str | Path,
) -> None:
    async with (
        await Repository.open(database) as first,
        await Repository.open(database) as second,
    ):
        record = await play_random(first, await running_game(first, humans=3), moves=2)
        record = await play_random(second, await second.get_game(record.id), moves=1, seed=5)
        resigned = await second.resign(record.id, 2)  # same move count, different state
        seen = await first.get_game(record.id)
        assert seen == resigned and seen.game is not None and seen.game.resigned == {2}
        after = await play_random(first, seen, moves=2, seed=6)
        assert await second.get_game(record.id) == after
        assert await second.load_game_from_log(record.id) == after.game


async def test_games_handed_out_do_not_share_state_with_the_cache(repo: Repository) -> None:
    record = await play_random(repo, await running_game(repo), moves=2)
    assert record.game is not None
    record.game.play(record.game.legal_moves()[0])  # the bot tries a move on its copy
    stored = await repo.get_game(record.id)
    assert stored.game is not None and stored.game.move_count == 2
    assert stored.game == await repo.load_game_from_log(record.id)


async def test_a_cancelled_command_applies_whole_or_not_at_all(repo: Repository) -> None:
    record = await running_game(repo, humans=2)
    for steps in range(12):  # cancel after 0, 1, 2, … turns of the event loop
        assert record.game is not None
        move = str(record.game.legal_moves()[steps % 3])
        task = asyncio.create_task(repo.record_move(record.id, record.move_count, move))
        for _ in range(steps):
            await asyncio.sleep(0)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        stored = await repo.get_game(record.id)
        assert stored.move_count in (record.move_count, record.move_count + 1)
        assert len(await repo.moves(record.id)) == stored.move_count
        assert stored.game == await repo.load_game_from_log(record.id)
        record = stored


async def _play_accepting_exchanges(repo: Repository, record: GameRecord) -> GameRecord:
    """Random placements, but every exchange offered is accepted: each reshuffles the bag."""
    rng = random.Random(2)
    while record.status == "running":
        assert record.game is not None
        legal = record.game.legal_moves()
        move = legal[0] if isinstance(legal[0], Exchange) else rng.choice(legal)
        if isinstance(move, Exchange):
            move = Exchange(True)
        record, _ = await repo.record_move(record.id, record.move_count, str(move))
    return record


@pytest.mark.parametrize("cache_size", [0, 256])
async def test_a_shuffle_is_stored_so_later_shuffles_match_the_replay(
    database: str | Path, cache_size: int
) -> None:
    """The RNG is stored apart and only when a move drew on it. Without a cache every move
    decodes the game afresh, so a stale RNG would shuffle unlike the replay; with one (on
    PostgreSQL, moves then go in one statement) the stored game is read back at the end."""
    async with await Repository.open(database, cache_size=cache_size) as repo:
        finished = await _play_accepting_exchanges(repo, await running_game(repo, seed=3))
        exchanges = [m for m in await repo.moves(finished.id) if m.text == "exchange"]
        assert len(exchanges) >= 2
        replayed = await repo.load_game_from_log(finished.id)
        assert finished.game == replayed
    async with await Repository.open(database, cache_size=0) as fresh:
        assert (await fresh.get_game(finished.id)).game == replayed


async def test_a_game_saved_with_its_rng_inside_the_state_plays_on(
    database: str | Path,
) -> None:
    """Games saved before migration 0004 keep the RNG in games.state (rng NULL)."""
    async with await Repository.open(database, cache_size=0) as repo:
        record = await play_random(repo, await running_game(repo, humans=3, seed=3), moves=5)
        [(state, rng)] = await repo._fetchall(
            "SELECT state, rng FROM games WHERE id = ?", (record.id,)
        )
        old = json.loads(state) | {"rng": json.loads(rng)}
        async with repo._write() as conn:
            await conn.execute(
                "UPDATE games SET state = ?, rng = NULL WHERE id = ?", (json.dumps(old), record.id)
            )
        assert await repo.get_game(record.id) == record
        resigned = await repo.resign(record.id, 1)
        finished = await _play_accepting_exchanges(repo, resigned)
        replayed = await repo.load_game_from_log(finished.id)
        assert finished.game == replayed


async def test_a_game_this_process_moved_is_read_in_one_statement_as_stored(
    database: str | Path, clock: FakeClock
) -> None:
    """A game whose last move this repository stored is read by one statement with its seats,
    its game from the cache, which holds exactly the stored state; moved or resigned by
    another process (a second repository on the database), it is read whole, as stored."""
    async with (
        await Repository.open(database, clock=clock) as repo,
        await Repository.open(database, clock=clock) as other,
    ):
        record = await play_random(repo, await running_game(repo), moves=3)
        sent: list[str] = []
        if repo._reader is not None:  # SQLite: what reaches the database
            await repo._reader.set_trace_callback(sent.append)
        held = [await repo.get_game(record.id), await repo.game_in_channel(10, 100)]
        assert held == [await other.get_game(record.id)] * 2 == [record] * 2
        assert all(statement.startswith("SELECT") for statement in sent) and len(sent) in (0, 2)
        moved = await play_random(other, record, moves=1, seed=2)
        assert await repo.get_game(record.id) == moved == await repo.game_in_channel(10, 100)
        moved = await play_random(repo, moved, moves=1, seed=3)  # held here again, then:
        await other.resign(record.id, 1 - moved.game.to_move)
        resigned = await other.get_game(record.id)
        assert await repo.get_game(record.id) == resigned == await repo.game_in_channel(10, 101)
        assert [seat.resigned for seat in resigned.seats] != [seat.resigned for seat in moved.seats]


async def test_a_held_game_renamed_by_another_process_is_read_with_its_new_names(
    database: str | Path, clock: FakeClock
) -> None:
    """A forget-me run by another process (`axio-bot forget`) renames a finished game's seat
    without a move: the game this repository stored last is read with the new name, never
    the one its cache saw."""
    async with (
        await Repository.open(database, clock=clock) as repo,
        await Repository.open(database, clock=clock) as other,
    ):
        finished = await play_random(repo, await running_game(repo), moves=10**6)
        assert finished.status == "finished" and finished.seats[1].name == "P1"
        await repo.get_game(finished.id)  # held
        await other.forget_member(finished.seats[1].user_id)
        assert (await repo.get_game(finished.id)).seats[1].name == FORMER_PLAYER_NAME
