"""Three honest outcomes: a command that returns stored its change; one that raises a
refusal or a NothingStoredError stored nothing; OutcomeUnknownError only when the change
was sent to be committed and that could not be settled. A stored move is never reported
as not stored, whatever the connection does after its batch committed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from storage import (
    DatabaseBusyError,
    OutcomeUnknownError,
    Repository,
    SeatResignedError,
    StaleTurnError,
)
from storage.load import fetch_row
from tests.lock_holder import LockWait, holding_write_lock, noting_lock_waits
from tests.waiting import GIVE_UP_S

from .conftest import FakeClock, play_random, running_game


class Drops:
    """Breaks the connections of this process on cue, below everything storage does: a
    batch statement commits and its answer is lost; then the next `lookups_fail`
    statements fail as they would while the server is unreachable (until `back()`)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *, batches: int, lookups_fail: int):
        self.batches_left = batches
        self.failing = 0
        self.lookups_fail = lookups_fail
        self.dropped = 0
        fetch, execute = asyncpg.connection.Connection.fetch, asyncpg.connection.Connection.execute
        drops = self

        async def fetching(conn: Any, query: str, *args: Any, **kw: Any) -> Any:
            drops.fail_if_down(conn)
            rows = await fetch(conn, query, *args, **kw)
            if "unnest" in query and drops.batches_left > 0:
                drops.batches_left -= 1
                drops.dropped += 1
                drops.failing = drops.lookups_fail
                conn.terminate()
                raise ConnectionResetError("the connection dropped before the answer came")
            return rows

        async def executing(conn: Any, query: str, *args: Any, **kw: Any) -> Any:
            drops.fail_if_down(conn)
            return await execute(conn, query, *args, **kw)

        monkeypatch.setattr(asyncpg.connection.Connection, "fetch", fetching)
        monkeypatch.setattr(asyncpg.connection.Connection, "execute", executing)

    def fail_if_down(self, conn: Any) -> None:
        if self.failing > 0:
            self.failing -= 1
            conn.terminate()
            raise ConnectionResetError("the server is unreachable")

    def back(self) -> None:
        self.failing = 0


async def _in_log(repo: Repository, game_id: int, number: int, text: str) -> bool:
    moves = await repo.moves(game_id)
    return len(moves) >= number and moves[number - 1].text == text


@pytest.mark.parametrize("backend", ["postgres"])
@pytest.mark.parametrize("lookups_fail", [0, 1, 50])
async def test_a_move_whose_batch_committed_is_never_reported_as_not_stored(
    repo: Repository, monkeypatch: pytest.MonkeyPatch, lookups_fail: int
) -> None:
    """The batch commits and its answer is lost; then the look-up that follows works
    (0), fails once (1: its BEGIN, and another connection is tried), or finds the database
    still unreachable (50). Each move is reported stored, or OutcomeUnknownError: never
    refused, never "nothing stored", and never applied twice."""
    games = [await running_game(repo, channel=300 + i, seed=i) for i in range(4)]
    games = [await play_random(repo, g, moves=1) for g in games]  # now held: one trip
    drops = Drops(monkeypatch, batches=4, lookups_fail=lookups_fail)
    outcomes: list[tuple[int, int, str, str]] = []

    for record in games:  # one after another: the outage hits only the move that met it
        for _ in range(4):
            record = await repo.get_game(record.id)
            move = str(record.game.legal_moves()[0])
            try:
                record, _ = await repo.record_move(record.id, record.move_count, move)
                outcomes.append((record.id, record.move_count, move, "stored"))
            except OutcomeUnknownError:
                outcomes.append((record.id, record.move_count + 1, move, "unknown"))
            drops.back()
    monkeypatch.undo()
    assert drops.dropped == 4
    kinds = {kind for *_, kind in outcomes}
    assert kinds == ({"unknown", "stored"} if lookups_fail == 50 else {"stored"})
    for game_id, number, move, kind in outcomes:
        # every batch committed: an unknown move is in the log too, as it may be
        assert await _in_log(repo, game_id, number, move), (game_id, number, kind)
    for record in games:
        stored = await repo.get_game(record.id)
        assert stored.game == await repo.load_game_from_log(record.id)


@pytest.mark.parametrize("backend", ["postgres"])
async def test_a_batch_that_never_reached_the_server_is_stored_the_ordinary_way(
    repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = [
        await play_random(repo, await running_game(repo, channel=400 + i), 1) for i in range(3)
    ]
    fetch = asyncpg.connection.Connection.fetch
    refused = 0

    async def unsent(conn: Any, query: str, *args: Any, **kw: Any) -> Any:
        nonlocal refused
        if "unnest" in query and refused < 2:
            refused += 1
            conn.terminate()
            raise ConnectionResetError("reset before the request went out")
        return await fetch(conn, query, *args, **kw)

    monkeypatch.setattr(asyncpg.connection.Connection, "fetch", unsent)
    played = await asyncio.gather(*(play_random(repo, g, moves=3, seed=g.id) for g in games))
    monkeypatch.undo()
    assert refused == 2
    for record in played:
        assert record.move_count == 4
        assert (await repo.get_game(record.id)).game == await repo.load_game_from_log(record.id)


async def _held_game_with_resigned_seat_to_move(repo: Repository, resigner: Repository) -> Any:
    record = await play_random(repo, await running_game(repo, humans=3), moves=2)
    assert record.game is not None
    seat = record.game.to_move
    await resigner.resign(record.id, seat)
    return record, seat


@pytest.mark.parametrize("where", ["here", "elsewhere"])
async def test_a_resigned_seat_is_played_only_by_its_stand_in(
    database: str | Path, clock: FakeClock, where: str
) -> None:
    """Resigned by this process or by another one, while this one holds the game (on
    PostgreSQL: the one-statement path), a person's move for the seat is refused; the
    computer's (no seat, or stand_in) is stored."""
    async with (
        await Repository.open(database, clock=clock) as repo,
        await Repository.open(database, clock=clock) as other,
    ):
        record, seat = await _held_game_with_resigned_seat_to_move(
            repo, repo if where == "here" else other
        )
        move = str(record.game.legal_moves()[0])
        with pytest.raises(SeatResignedError, match="resigned"):
            await repo.record_move(record.id, record.move_count, move, seat=seat)
        stored = await repo.get_game(record.id)
        assert stored.move_count == record.move_count and stored.seats[seat].resigned
        moved, result = await repo.record_move(
            record.id, record.move_count, move, seat=seat, stand_in=True
        )
        assert result.seat == seat and moved.move_count == record.move_count + 1
        while moved.seat_to_move is not None and moved.seat_to_move.seat != seat:
            moved = await play_random(repo, moved, moves=1)
        if moved.status == "running":
            after, _ = await repo.record_move(
                moved.id, moved.move_count, str(moved.game.legal_moves()[0])
            )
            assert after.move_count == moved.move_count + 1  # the driver: no seat named


def _noting_lock_waits(
    repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[LockWait], dict[object, float]]:
    """Each BEGIN IMMEDIATE the writer sends, on the loop's clock (the deadlines' own), and
    the deadline each command (task) was given, which is checked against storage's rule."""
    loop = asyncio.get_running_loop()
    waits, begin = noting_lock_waits(repo._conn, loop.time)
    monkeypatch.setattr(repo._conn, "execute", begin)
    deadlines: dict[object, float] = {}
    given = repo._deadline

    def deadline() -> float | None:
        found = given()
        assert found is not None and found <= loop.time() + repo.budget_s  # type: ignore[operator]
        deadlines[asyncio.current_task()] = found
        return found

    monkeypatch.setattr(repo, "_deadline", deadline)
    return waits, deadlines


async def test_writes_queued_behind_another_process_all_answer_within_the_budget(
    db_path: Path, clock: FakeClock, monkeypatch
) -> None:
    """Four writes at once while another process holds SQLite's write lock: each gets
    "busy, try again" at its deadline, rather than one busy timeout after another (which
    answered the fourth after 6 s). The waits on the loop end by the deadline (asyncio's
    own timeout); the one in SQLite's thread is bounded by what SQLite is told, which is
    checked, rather than by wall-clock seconds that a busy machine stretches."""
    async with await Repository.open(db_path, clock=clock, budget_s=1.5) as repo:
        record = await running_game(repo)
        lock_waits, deadlines = _noting_lock_waits(repo, monkeypatch)
        with holding_write_lock(db_path) as holder:
            loop = asyncio.get_running_loop()
            started = loop.time()

            async def timed(write: Any) -> tuple[float, BaseException | None]:
                try:
                    await write
                except DatabaseBusyError as error:
                    return loop.time() - started, error
                return loop.time() - started, None

            answers = await asyncio.gather(
                *(timed(repo.set_notify(user, True)) for user in (1, 2, 3)),
                timed(repo.record_move(record.id, 0, str(record.game.legal_moves()[0]))),
            )
            assert holder.poll() is None
        assert all(isinstance(error, DatabaseBusyError) for _, error in answers)
        assert min(seconds for seconds, _ in answers) > 1.3, answers  # they did wait
        assert lock_waits and all(w.fits(deadlines[w.task]) for w in lock_waits), lock_waits
        assert not await repo.notify_enabled(1)  # nothing was stored
        await repo.set_notify(1, True)  # and the next write goes through (in its budget)
        assert await repo.notify_enabled(1)


async def test_a_write_waiting_for_a_lock_let_go_is_stored(db_path: Path, clock: FakeClock) -> None:
    """Writes that find the lock held wait for it rather than fail, and are stored once the
    other process lets go (which it does once they are waiting; the budget and SQLite's
    busy timeout are long here, so only the order of events counts)."""
    async with await Repository.open(
        db_path, clock=clock, budget_s=GIVE_UP_S, busy_timeout_ms=int(GIVE_UP_S * 1000)
    ) as repo:
        waiting = asyncio.Event()
        execute = repo._conn.execute

        async def begin(sql: str, *args: Any, **kwargs: Any) -> Any:
            if sql == "BEGIN IMMEDIATE":
                waiting.set()
            return await execute(sql, *args, **kwargs)

        repo._conn.execute = begin  # type: ignore[method-assign]
        with holding_write_lock(db_path) as holder:
            writes = asyncio.gather(*(repo.set_notify(user, True) for user in (1, 2, 3, 4)))
            await asyncio.wait_for(waiting.wait(), GIVE_UP_S)
            assert holder.poll() is None and not writes.done()  # they wait for the lock
        await asyncio.wait_for(writes, GIVE_UP_S)  # the holder has let go
        assert all([await repo.notify_enabled(user) for user in (1, 2, 3, 4)])


async def test_within_gives_several_commands_one_deadline(
    db_path: Path, clock: FakeClock, monkeypatch
) -> None:
    """Two writes inside one `within(0.5)`: SQLite is told to wait no longer than what is
    left of those 0.5 s, so the second, with nothing left, is refused at once."""
    async with await Repository.open(db_path, clock=clock) as repo:
        lock_waits, _ = _noting_lock_waits(repo, monkeypatch)
        with holding_write_lock(db_path), repo.within(0.5):
            until = asyncio.get_running_loop().time() + 0.5  # no later than within's deadline
            with pytest.raises(DatabaseBusyError):
                await repo.set_notify(1, True)
            with pytest.raises(DatabaseBusyError):  # no time left: at once
                await repo.set_notify(2, True)
        assert lock_waits and all(wait.fits(until) for wait in lock_waits), lock_waits


async def test_a_stale_move_after_a_commit_elsewhere_is_refused_not_unknown(repo: Repository):
    record = await running_game(repo)
    move = str(record.game.legal_moves()[0])
    await repo.record_move(record.id, 0, move)
    with pytest.raises(StaleTurnError):
        await repo.record_move(record.id, 0, move)


async def test_a_game_another_transaction_holds_is_busy_not_an_outage(
    database: str | Path, clock: FakeClock
) -> None:
    async with (
        await Repository.open(database, clock=clock, budget_s=1.5) as repo,
        await Repository.open(database, clock=clock) as other,
    ):
        record = await running_game(repo)
        move = str(record.game.legal_moves()[0])
        async with other._write() as conn:
            await fetch_row(conn, record.id)  # PostgreSQL: its row locked; SQLite: the file
            with pytest.raises(DatabaseBusyError):  # by its budget; the limit bounds a hang
                await asyncio.wait_for(repo.record_move(record.id, 0, move), GIVE_UP_S)
        assert repo.health.reachable and repo.health.last is None
        moved, _ = await repo.record_move(record.id, 0, move)
        assert moved.move_count == 1
