"""Lobbies: one unfinished game per channel, seats, start, cancel."""

from __future__ import annotations

import pytest

from engine import IllegalMoveError
from storage import (
    AlreadySeatedError,
    ChannelBusyError,
    LobbyFullError,
    NotSeatedError,
    Repository,
    StorageError,
    WrongStatusError,
)

from .conftest import GUILD, KINDS, FakeClock, play_random, running_game


async def test_create_lobby_seats_the_host(repo: Repository, clock: FakeClock) -> None:
    record = await repo.create_lobby("axio", GUILD, 10, 100, "Ann", max_seats=3)
    assert record.status == "lobby"
    assert record.host_id == 100 and record.max_seats == 3
    assert [(s.seat, s.user_id, s.name) for s in record.seats] == [(0, 100, "Ann")]
    assert record.created_at == record.updated_at == clock.now
    assert record.game is None and record.seed is None


async def test_second_unfinished_game_in_a_channel_is_refused(repo: Repository) -> None:
    first = await repo.create_lobby("axio", GUILD, 10, 100, "Ann")
    with pytest.raises(ChannelBusyError) as refused:
        await repo.create_lobby("rota", GUILD, 10, 101, "Bob")
    assert refused.value.game_id == first.id
    await repo.add_computer(first.id, "easy")
    await repo.start(first.id, seed=3)
    with pytest.raises(ChannelBusyError):
        await repo.create_lobby("rota", GUILD, 10, 101, "Bob")
    assert [g.id for g in await repo.open_games()] == [first.id]
    other = await repo.create_lobby("axio", GUILD, 11, 101, "Bob")  # another channel is free
    assert other.id != first.id


async def test_channel_is_free_again_after_cancel_or_finish(repo: Repository) -> None:
    lobby = await repo.create_lobby("axio", GUILD, 10, 100, "Ann")
    cancelled = await repo.cancel(lobby.id)
    assert cancelled.status == "cancelled"
    solo = await repo.start_solo("axio", GUILD, 10, 100, "Ann", seed=2)
    finished = await play_random(repo, solo)
    assert finished.status == "finished"
    assert (await repo.create_lobby("axio", GUILD, 10, 100, "Ann")).status == "lobby"


async def test_join_leave_and_computers(repo: Repository) -> None:
    record = await repo.create_lobby("axio", GUILD, 10, 100, "Ann", max_seats=4)
    record = await repo.join(record.id, 101, "Bob")
    record = await repo.add_computer(record.id, "hard")
    record = await repo.join(record.id, 102, "Cy")
    assert [s.name for s in record.seats] == ["Ann", "Bob", "Bot A (hard)", "Cy"]
    assert record.seats[2].plays_as == "hard" and record.seats[2].player_id == -3
    with pytest.raises(LobbyFullError):
        await repo.join(record.id, 103, "Di")
    record = await repo.leave(record.id, 101)
    assert [(s.seat, s.name) for s in record.seats] == [
        (0, "Ann"),
        (1, "Bot A (hard)"),
        (2, "Cy"),
    ]
    record = await repo.remove_seat(record.id, 1)
    assert [s.name for s in record.seats] == ["Ann", "Cy"]
    with pytest.raises(AlreadySeatedError):
        await repo.join(record.id, 102, "Cy")
    with pytest.raises(NotSeatedError):
        await repo.leave(record.id, 555)
    with pytest.raises(StorageError, match="no computer called genius"):
        await repo.add_computer(record.id, "genius")  # type: ignore[arg-type]


async def test_host_leaving_hands_over_or_cancels(repo: Repository) -> None:
    record = await repo.create_lobby("axio", GUILD, 10, 100, "Ann")
    record = await repo.add_computer(record.id, "easy")
    record = await repo.join(record.id, 101, "Bob")
    record = await repo.leave(record.id, 100)
    assert record.host_id == 101 and record.status == "lobby"
    record = await repo.leave(record.id, 101)
    assert record.status == "cancelled"


@pytest.mark.parametrize("kind", KINDS)
async def test_start_deals_the_engine_game(repo: Repository, kind: str) -> None:
    record = await running_game(repo, kind, humans=2, computers=("normal",), seed=11)
    assert record.status == "running" and record.seed == 11 and record.move_count == 0
    assert record.game is not None and record.game.players == 3
    assert record.game == type(record.game)(3, 11)
    assert record.seat_to_move == record.seats[record.game.to_move]
    assert record.turn_started_at == record.updated_at
    with pytest.raises(WrongStatusError):
        await repo.join(record.id, 200, "Late")
    with pytest.raises(WrongStatusError):
        await repo.start(record.id, seed=12)


async def test_refusals_change_nothing(repo: Repository) -> None:
    record = await repo.create_lobby("axio", GUILD, 10, 100, "Ann", max_seats=1)
    with pytest.raises(LobbyFullError):
        await repo.join(record.id, 101, "Bob")
    assert await repo.get_game(record.id) == record
    with pytest.raises(IllegalMoveError):
        await repo.create_lobby("chess", GUILD, 12, 100, "Ann")
    with pytest.raises(StorageError):
        await repo.create_lobby("axio", GUILD, 12, 100, "Ann", max_seats=5)
    assert await repo.game_in_channel(12) is None


async def test_cancel_a_running_game_has_no_result(repo: Repository) -> None:
    record = await running_game(repo)
    record = await play_random(repo, record, moves=3)
    cancelled = await repo.cancel(record.id)
    assert cancelled.status == "cancelled" and cancelled.move_count == 3
    assert await repo.game_results(record.id) == []
    assert await repo.leaderboard(GUILD, "axio") == []
    with pytest.raises(WrongStatusError):
        await repo.cancel(record.id)


async def test_message_ids_are_remembered(repo: Repository) -> None:
    record = await repo.create_lobby("axio", GUILD, 10, 100, "Ann")
    record = await repo.set_message_ids(record.id, lobby_message_id=555)
    record = await repo.set_message_ids(record.id, turn_message_id=777)
    assert (record.lobby_message_id, record.turn_message_id) == (555, 777)
    record = await repo.set_message_ids(record.id, lobby_message_id=None)
    assert (record.lobby_message_id, record.turn_message_id) == (None, 777)


async def test_computers_get_short_names_no_other_seat_has(repo: Repository) -> None:
    record = await repo.create_lobby("axio", GUILD, 10, 100, "Ann", max_seats=4)
    for level in ("hard", "hard", "easy"):
        record = await repo.add_computer(record.id, level)  # type: ignore[arg-type]
    assert [s.name for s in record.seats[1:]] == ["Bot A (hard)", "Bot B (hard)", "Bot C (easy)"]
    record = await repo.remove_seat(record.id, 1)  # Bot A leaves; a new one takes its letter
    record = await repo.add_computer(record.id, "normal")
    assert [s.name for s in record.seats[1:]] == ["Bot B (hard)", "Bot C (easy)", "Bot A (normal)"]


async def test_a_rematch_opens_a_lobby_with_the_same_seats(repo: Repository) -> None:
    record = await repo.create_lobby("rota", GUILD, 10, 100, "Ann", max_seats=4)
    record = await repo.join(record.id, 101, "Bob")
    record = await repo.add_computer(record.id, "easy")
    with pytest.raises(WrongStatusError):  # only a finished game has a rematch
        await repo.open_rematch(record.id, 101, "Bob")
    record = await repo.start(record.id, seed=3)
    finished = await play_random(repo, record)
    with pytest.raises(NotSeatedError):
        await repo.open_rematch(finished.id, 555, "Stranger")
    again = await repo.open_rematch(finished.id, 101, "Bobby")
    assert again.status == "lobby" and again.kind == "rota" and again.channel_id == 10
    assert again.host_id == 101 and again.max_seats == 3
    assert [(s.user_id, s.computer, s.name) for s in again.seats] == [
        (101, None, "Bobby"),
        (100, None, "Ann"),
        (None, "easy", "Bot A (easy)"),
    ]
    with pytest.raises(ChannelBusyError):  # a second press meets the first one's lobby
        await repo.open_rematch(finished.id, 100, "Ann")
