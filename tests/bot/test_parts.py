"""The table's parts stand alone: a desk and a courier are built from a repository and a
few callables, with no bot, no Discord and no SimCord."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from datetime import timedelta
from typing import Any

import pytest

from bot.table.background import Background
from bot.table.courier import Courier
from bot.table.desk import Desk
from bot.table.painter import Painter
from bot.table.thinking import Thinker
from storage import (
    ALL_SHARDS,
    CHANNEL_GONE,
    DatabaseUnavailableError,
    GameRecord,
    Repository,
)
from tests.waiting import GIVE_UP_S, eventually


async def computer_table(repo: Repository) -> GameRecord:
    record = await repo.create_lobby("axio", 1, 2, 3, "ann")
    await repo.add_computer(record.id, "easy")
    return await repo.start(record.id, seed=7)


def lone_desk(repo: Repository, deliver: Callable[[int], None] = lambda game_id: None) -> Desk:
    """A desk of its own: computers think in a thread, quickly; `deliver` is its kick."""
    return Desk(
        repo,
        Thinker(processes=0),
        Background(),
        deliver=deliver,
        owned=ALL_SHARDS,
        computer_budget_s=0.02,
    )


async def settled(desk: Desk, game_id: int) -> GameRecord:
    """The game once no computer seat is left to move (tests/waiting.py)."""

    async def a_person_or_over() -> GameRecord | None:
        record = await desk.repo.get_game(game_id)
        seat = record.seat_to_move
        done = record.status != "running" or (seat is not None and seat.plays_as is None)
        return record if done else None

    return await eventually(a_person_or_over, "the computer moves", pause=0.01)


async def test_a_desk_plays_moves_and_drives_computers_without_a_bot(tmp_path):
    repo = await Repository.open(tmp_path / "axio.sqlite3")
    delivered: list[int] = []
    desk = lone_desk(repo, deliver=delivered.append)
    try:
        record = await computer_table(repo)
        desk.started(record)
        record = await settled(desk, record.id)
        assert record.seat_to_move is not None and record.seat_to_move.user_id == 3
        move = record.game.legal_moves()[0]
        before = record.move_count
        record, result = await desk.play(record, move, seat=record.game.to_move, expected=before)
        assert result.move == str(move)
        record = await settled(desk, record.id)
        assert record.move_count >= before + 2  # the person's move, then the computer's
        assert delivered and set(delivered) == {record.id}
    finally:
        await repo.close()


async def a_drive_holding_its_read(
    desk: Desk, game_id: int, *, fails: bool = False
) -> asyncio.Event:
    """Start the game's computers with their run's first read held: it has read the game
    as it is now, and goes on with that (a person to move: it stops) once the event
    returned is set; or, `fails`, the read fails then (the database went away)."""
    repo = desk.repo
    reading, read_on = asyncio.Event(), asyncio.Event()
    get_game = repo.get_game

    async def reads_now_answers_later(game_id: int) -> GameRecord:
        found = await get_game(game_id)
        reading.set()
        await read_on.wait()
        if fails:
            raise DatabaseUnavailableError("the database went away")
        return found

    repo.get_game = reads_now_answers_later  # type: ignore[method-assign]
    desk.drive(game_id)  # a delivery pass resuming computers, say
    await reading.wait()
    repo.get_game = get_game  # type: ignore[method-assign]
    return read_on


async def moves_stored(repo: Repository, game_id: int, count: int) -> GameRecord:
    async def enough() -> GameRecord | None:
        record = await repo.get_game(game_id)
        return record if record.move_count >= count else None

    return await eventually(enough, f"{count} moves stored", pause=0.01)


Waiting = tuple[Desk, GameRecord]


@pytest.fixture
async def waiting(tmp_path) -> AsyncIterator[Waiting]:
    """A lone desk, and its game of a person and an easy computer at the person's turn."""
    repo = await Repository.open(tmp_path / "axio.sqlite3")
    try:
        desk = lone_desk(repo)
        record = await computer_table(repo)
        desk.started(record)
        yield desk, await settled(desk, record.id)
    finally:
        await repo.close()


async def test_a_computers_turn_asked_while_the_computers_finish_is_not_lost(
    waiting: Waiting,
) -> None:
    """The person's move that hands the turn to a computer commits while the computers'
    run is still reading the game from before it: that run is about to stop (a person is
    to move, as far as it read), and the computer moves all the same."""
    desk, record = waiting
    read_on = await a_drive_holding_its_read(desk, record.id)
    move = record.game.legal_moves()[0]
    before = record.move_count
    await desk.play(record, move, seat=record.game.to_move, expected=before)
    read_on.set()
    await moves_stored(desk.repo, record.id, before + 2)  # the person's, then the computer's


async def test_a_vote_to_skip_passed_while_the_computers_finish_is_played_with_its_note(
    waiting: Waiting,
) -> None:
    """A vote to skip passes while the computers' run is still going: the stand-in
    follows it (not the next delivery pass, which would not say why), note and all."""
    desk, record = waiting
    note = "🗳️ ann was skipped by vote."
    read_on = await a_drive_holding_its_read(desk, record.id)
    desk.stand_in(record.id, record.game.to_move, note=note)
    read_on.set()
    await moves_stored(desk.repo, record.id, record.move_count + 1)
    owed = await desk.repo.claim_posts(record.id)
    [skipped] = [post for post in owed if post.move_count == record.move_count + 1]
    assert skipped.stand_in and skipped.note == note


async def test_a_stand_in_asked_of_a_run_that_failed_is_not_played_later(
    waiting: Waiting,
) -> None:
    """The computers' run fails (the database, say) with a vote's stand-in waiting on it:
    the next run, turns later perhaps, does not play it; the vote is for its own move."""
    desk, record = waiting
    read_on = await a_drive_holding_its_read(desk, record.id, fails=True)
    desk.stand_in(record.id, record.game.to_move, note="skipped")
    read_on.set()
    await eventually(lambda: not desk._driving, "the failed run is over", pause=0.01)
    desk.drive(record.id)  # a later run: a person is to move, so it does nothing
    await eventually(lambda: not desk._driving, "the later run is over", pause=0.01)
    assert (await desk.repo.get_game(record.id)).move_count == record.move_count


@pytest.mark.parametrize("status", ["running", "finished"])
async def test_a_courier_drops_the_posts_of_a_game_whose_channel_is_gone(tmp_path, status):
    class NoChannels:
        """Discord says every channel is gone."""

        async def channel(self, record):
            return None

        async def retire_turn_message(self, record, message_id):
            raise AssertionError("nothing to tidy in a channel that is gone")

    repo = await Repository.open(tmp_path / "axio.sqlite3")
    passes: list[str] = []

    async def on_pass() -> None:
        passes.append("resumed")

    courier = Courier(
        repo,
        NoChannels(),  # type: ignore[arg-type]
        Background(),
        owned=ALL_SHARDS,
        idle_seconds=60,
        on_pass=on_pass,
        paint=Painter(0).paint,
    )
    try:
        record = await repo.create_lobby("axio", 1, 2, 3, "ann")
        await repo.join(record.id, 4, "ben")
        record = await repo.start(record.id, seed=7)
        while status == "finished" and record.status == "running":
            record, _ = await repo.record_move(
                record.id, record.move_count, record.game.legal_moves()[0]
            )
        assert await repo.owed_games() == [record.id]
        await courier.deliver_once(record.id)
        assert await repo.owed_games() == [] and await repo.owed_count(record.id) == 0
        ended = await repo.get_game(record.id)
        if status == "running":  # ended without a result; a finished game keeps its own
            assert (ended.status, ended.ended_reason) == ("cancelled", CHANNEL_GONE)
        else:
            assert (ended.status, ended.ended_reason) == ("finished", None)
        await courier.tick()
        assert passes == ["resumed"]
    finally:
        await repo.close()


class Posted:
    """A channel that keeps what is posted to it; `channel()` may wait first (`before`)."""

    def __init__(self, before: Any = None) -> None:
        self.sent: list[dict[str, Any]] = []
        self.before = before

    async def channel(self, record: GameRecord) -> Posted:
        if self.before is not None:
            await self.before(record)
        return self

    async def send(self, **post: Any) -> Any:
        self.sent.append(post)
        return type("Message", (), {"id": len(self.sent)})()

    def posted(self, message_id: int, view: Any) -> None:
        pass

    async def retire_turn_message(self, record: GameRecord, message_id: int | None) -> None:
        pass


def courier_for(repo: Repository, channels: Posted, **options: Any) -> Courier:
    async def on_pass() -> None:
        pass

    return Courier(
        repo,
        channels,  # type: ignore[arg-type]
        Background(),
        owned=ALL_SHARDS,
        idle_seconds=60,
        on_pass=on_pass,
        paint=Painter(0).paint,
        **options,
    )


async def started_game(repo: Repository) -> GameRecord:
    record = await repo.create_lobby("axio", 1, 2, 3, "ann")
    await repo.join(record.id, 4, "ben")
    return await repo.start(record.id, seed=7)


async def background_done(courier: Courier) -> None:
    while courier.background._tasks:
        await asyncio.gather(*courier.background._tasks)


@pytest.mark.parametrize("fails", ["reading the game", "marking the post"])
async def test_what_a_delivery_could_not_record_is_recorded_when_the_database_is_back(
    tmp_path, monkeypatch, fails
):
    """The database fails half-way through a delivery: rows it claimed are given back (not
    left leased for a lease's time), a post it sent is marked (not sent again), as soon as
    the database answers again."""
    repo = await Repository.open(tmp_path / "axio.sqlite3")
    channels = Posted()
    courier = courier_for(repo, channels)
    try:
        record = await started_game(repo)
        method = "get_game" if fails == "reading the game" else "posts_delivered"
        real = getattr(repo, method)

        async def unavailable(*args: Any, **kwargs: Any) -> Any:
            monkeypatch.setattr(repo, method, real)  # once
            raise DatabaseUnavailableError("the server stopped answering (test)")

        monkeypatch.setattr(repo, method, unavailable)
        with pytest.raises(DatabaseUnavailableError):
            await courier.deliver_once(record.id)
        assert await repo.owed_games() == []  # leased to this process, nobody may take it
        courier.database_back()
        await background_done(courier)
        if fails == "reading the game":
            assert await repo.owed_games() == [record.id]  # given back, due now
            await courier.deliver_once(record.id)
        assert len(channels.sent) == 1 and await repo.owed_count() == 0
        assert (await repo.get_game(record.id)).turn_message_id == 1
    finally:
        await repo.close()


async def test_a_delivery_whose_rows_another_process_took_posts_nothing(tmp_path, monkeypatch):
    """Its renewals failed until the lease lapsed, and another process took the rows
    meanwhile: the delivery sees its lease lost and leaves the post to that process."""
    repo = await Repository.open(tmp_path / "axio.sqlite3")
    other = await Repository.open(tmp_path / "axio.sqlite3")
    lease = timedelta(seconds=0.3)
    real_renew = repo.renew_leases
    renewing = {"fails": False}
    renewed_after_taken = asyncio.Event()

    async def renew(*args: Any, **kwargs: Any) -> set[int]:
        if renewing["fails"]:
            raise DatabaseUnavailableError("no answer (test)")
        held = await real_renew(*args, **kwargs)
        renewed_after_taken.set()
        return held

    async def slow_channel(record: GameRecord) -> None:
        renewing["fails"] = True
        await asyncio.sleep(lease.total_seconds() * 1.5)  # the lease lapses meanwhile
        assert await other.claim_posts(record.id, lease=timedelta(seconds=60))
        renewing["fails"] = False
        # a renewal finds them taken, however long the machine takes to get to it
        await asyncio.wait_for(renewed_after_taken.wait(), GIVE_UP_S)

    monkeypatch.setattr(repo, "renew_leases", renew)
    channels = Posted(before=slow_channel)
    courier = courier_for(repo, channels, lease=lease)
    try:
        record = await started_game(repo)
        await courier.deliver_once(record.id)
        assert channels.sent == []
        assert await other.owed_count(record.id) == 1  # the other process delivers it
    finally:
        await other.close()
        await repo.close()
