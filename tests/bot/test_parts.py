"""The table's parts stand alone: a desk and a courier are built from a repository and a
few callables, with no bot, no Discord and no SimCord."""

from __future__ import annotations

import asyncio

from bot.table.background import Background
from bot.table.courier import Courier
from bot.table.desk import Desk
from bot.table.thinking import Thinker
from storage import ALL_SHARDS, GameRecord, Repository


async def computer_table(repo: Repository) -> GameRecord:
    record = await repo.create_lobby("axio", 1, 2, 3, "ann")
    await repo.add_computer(record.id, "easy")
    return await repo.start(record.id, seed=7)


async def settled(desk: Desk, game_id: int) -> GameRecord:
    """The game once no computer seat is left to move (or after a generous wait)."""
    for _ in range(500):
        record = await desk.repo.get_game(game_id)
        seat = record.seat_to_move
        if record.status != "running" or (seat is not None and seat.plays_as is None):
            return record
        await asyncio.sleep(0.01)
    raise AssertionError("the computer never moved")


async def test_a_desk_plays_moves_and_drives_computers_without_a_bot(tmp_path):
    repo = await Repository.open(tmp_path / "axio.sqlite3")
    delivered: list[int] = []
    desk = Desk(
        repo,
        Thinker(processes=0),
        Background(),
        deliver=delivered.append,
        owned=ALL_SHARDS,
        computer_budget_s=0.02,
    )
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


async def test_a_courier_drops_the_posts_of_a_game_whose_channel_is_gone(tmp_path):
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
    )
    try:
        record = await repo.create_lobby("axio", 1, 2, 3, "ann")
        await repo.join(record.id, 4, "ben")
        record = await repo.start(record.id, seed=7)
        assert await repo.owed_games() == [record.id]
        await courier.deliver_once(record.id)
        assert await repo.owed_games() == []
        await courier.tick()
        assert passes == ["resumed"]
    finally:
        await repo.close()
