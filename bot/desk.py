"""The table's flow: apply a move, tell the channel, let computer seats move, end the game.

Every path that changes a running game comes through `Desk.play`, so a button, `/axio play`,
a computer seat and a timeout all store, post and continue in exactly the same way.
Games live in storage; the desk only keeps a lock per game so that one process never works
on the same game twice at once (storage refuses stale writes anyway).
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from typing import TYPE_CHECKING, Any

import discord

from engine import PlayResult
from engine.ai import choose_move
from storage import GameRecord, Repository

from .present import move_summary, title
from .turn_post import retired_turn_post, table_post

if TYPE_CHECKING:
    from .app import AxioBot

log = logging.getLogger(__name__)

STAND_IN_LEVEL = "normal"
"""The level that moves for a person who timed out or was skipped."""


class Desk:
    def __init__(self, bot: AxioBot) -> None:
        self.bot = bot
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    @property
    def repo(self) -> Repository:
        return self.bot.repo

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks[game_id]

    async def channel(self, record: GameRecord) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(record.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(record.channel_id)
            except discord.HTTPException:
                log.warning("game %s: channel %s is gone", record.id, record.channel_id)
                return None
        return channel  # type: ignore[return-value]

    # --- moves ---------------------------------------------------------------------------
    async def play(
        self, record: GameRecord, move: Any, *, seat: int | None, expected: int
    ) -> tuple[GameRecord, PlayResult]:
        """Store a move for the seat to move, post it, then let computers play on."""
        async with self.lock(record.id):
            record, result = await self._store(record.id, expected, move, seat, "move")
        self.bot.spawn(self.run_computers(record.id))
        return record, result

    async def _store(
        self, game_id: int, expected: int, move: Any, seat: int | None, event: str
    ) -> tuple[GameRecord, PlayResult]:
        record, result = await self.repo.record_move(
            game_id, expected, move, seat=seat, now=discord.utils.utcnow()
        )
        self.bot.log_event(record, event, move=result.move, seat=result.seat)
        await self.announce(record, result)
        return record, result

    async def run_computers(self, game_id: int) -> None:
        """Play every computer (or resigned) seat whose turn it is, one posted move at a time."""
        async with self.lock(game_id):
            record = await self.repo.get_game(game_id)
            while record.status == "running" and (seat := record.seat_to_move) is not None:
                level = seat.plays_as
                if level is None or record.game is None:
                    return
                expected = record.game.move_count
                move = await self.computer_move(record, level)
                record, _ = await self._store(record.id, expected, move, None, "computer move")

    async def play_for(self, game_id: int, seat: int, level: str = STAND_IN_LEVEL) -> None:
        """A computer makes `seat`'s moves until its turn is over (extra turns, the
        exchange): what a timeout or a vote to skip does."""
        record = await self.repo.get_game(game_id)
        turn = record.game.turn if record.game else 0
        while (
            record.status == "running"
            and record.game is not None
            and record.game.to_move == seat
            and record.game.turn == turn
        ):
            expected = record.game.move_count
            move = await self.computer_move(record, level)
            record, _ = await self.play(record, move, seat=seat, expected=expected)

    async def computer_move(self, record: GameRecord, level: str) -> Any:
        """Think in a worker thread, so the bot keeps answering meanwhile; the seed makes
        the choice repeatable for this game and move."""
        assert record.game is not None
        return await asyncio.to_thread(
            choose_move,
            record.game.copy(),
            level,
            seed=(record.seed or 0) * 1009 + record.game.move_count,
            budget_s=self.bot.settings.computer_budget_s,
        )

    async def announce(self, record: GameRecord, result: PlayResult | None) -> None:
        """Post the new position: what happened, the table image, and who moves next."""
        channel = await self.channel(record)
        if channel is None:
            return
        finished = record.game is not None and record.game.is_over
        summaries = [move_summary(record, result)] if result else []
        message = await channel.send(**table_post(record, summaries))
        await self.forget_turn_message(record)
        if finished:
            self.bot.log_event(record, "finished")
        else:
            await self.repo.set_message_ids(record.id, turn_message_id=message.id)

    async def forget_turn_message(self, record: GameRecord) -> None:
        """Take the buttons off the previous turn message: they would only say 'too late'."""
        if record.turn_message_id is None:
            return
        channel = await self.channel(record)
        if channel is None:
            return
        try:
            old = await channel.fetch_message(record.turn_message_id)  # type: ignore[union-attr]
            await old.edit(**retired_turn_post(old))
        except discord.HTTPException:
            log.info("game %s: could not tidy turn message %s", record.id, record.turn_message_id)

    # --- the start and the end -------------------------------------------------------------
    async def started(self, record: GameRecord) -> None:
        """A game has been dealt: show the first position, then let computers open."""
        channel = await self.channel(record)
        if channel is not None:
            names = ", ".join(seat.name for seat in record.seats)
            await channel.send(f"🎲 **{title(record.kind)}** begins: {names}.")
        self.bot.log_event(record, "started")
        async with self.lock(record.id):
            await self.announce(record, None)
        await self.run_computers(record.id)

    async def resume(self) -> None:
        """After a restart: computer seats whose turn it was play on."""
        for record in await self.repo.games_awaiting_computer():
            await self.run_computers(record.id)
