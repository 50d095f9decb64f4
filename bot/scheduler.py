"""Reminders and timeouts, driven by storage rather than in-memory timers.

Every few minutes the loop asks storage which players to move have waited past their
server's reminder or timeout, so a restart loses nothing: the waiting time is the stored
`turn_started_at`, and a reminder is marked in storage before it is sent, never twice. A
timeout's note is stored with what it does (the stand-in move, or the resignation) in one
transaction and posted by the delivery loop, so a crash between them repeats neither. A
failing pass is logged and the next pass runs as usual.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import tasks

from storage import DueTurn, GameNotFoundError, StaleTurnError

from .present import seat_name, title
from .safe_text import pinging

if TYPE_CHECKING:
    from .app import AxioBot

log = logging.getLogger(__name__)


class Scheduler:
    def __init__(self, bot: AxioBot) -> None:
        self.bot = bot
        self.loop = tasks.loop(minutes=bot.settings.scheduler_minutes)(self.tick)

    def start(self) -> None:
        self.loop.start()

    def stop(self) -> None:
        self.loop.cancel()

    async def tick(self) -> None:
        """One pass: remind, then apply timeouts. A failure in one game spares the others,
        and a failing pass (the database unreadable for a moment) spares the loop."""
        try:
            await self._pass()
        except Exception:
            log.exception("scheduler pass failed; the next pass tries again")

    async def _pass(self) -> None:
        now = discord.utils.utcnow()
        owned = self.bot.shards_owned
        for due in await self.bot.repo.games_due_reminder(now, owned):
            if owned.owns(due.guild_id):
                await self._guarded(self.remind(due), due)
        for due in await self.bot.repo.games_due_timeout(now, owned):
            if owned.owns(due.guild_id):
                await self._guarded(self.time_out(due), due)

    async def _guarded(self, work, due: DueTurn) -> None:  # type: ignore[no-untyped-def]
        try:
            await work
        except (StaleTurnError, GameNotFoundError):
            log.info("game %s moved on before the scheduler reached it", due.game_id)
        except Exception:
            log.exception("scheduler failed for game %s", due.game_id)

    async def remind(self, due: DueTurn) -> None:
        if not await self.bot.repo.mark_reminded(due.game_id, due.move_count):
            return
        hours = (discord.utils.utcnow() - due.turn_started_at).total_seconds() / 3600
        text = (
            f"⏰ <@{due.user_id}>, your {title(due.kind)} move has been waiting "
            f"{hours:.0f} h. Press **My tiles** on the latest message, or `/axio hand`."
        )
        record = await self.bot.repo.get_game(due.game_id)
        channel = await self.bot.desk.channel(record)
        if channel is not None:
            await channel.send(text, allowed_mentions=pinging([due.user_id]))
        if await self.bot.repo.notify_enabled(due.user_id):
            await self._direct_message(due.user_id, text)
        self.bot.log_event(record, "reminded", seat=due.seat)

    async def _direct_message(self, user_id: int, text: str) -> None:
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(text)
        except discord.HTTPException:
            log.info("could not send a direct message to %s", user_id)

    async def time_out(self, due: DueTurn) -> None:
        """The server's choice: a computer move for this turn, or the seat resigned."""
        record = await self.bot.repo.get_game(due.game_id)
        if record.move_count != due.move_count or record.status != "running":
            return
        name = seat_name(record.seats[due.seat])
        if due.timeout_action == "resign":
            note = f"⌛ {name} ran out of time and was resigned; a computer plays on."
            now = discord.utils.utcnow()
            record = await self.bot.repo.resign(record.id, due.seat, now=now, note=note)
            self.bot.log_event(record, "timed out: resigned", seat=due.seat)
            self.bot.desk.committed(record)
            return
        self.bot.log_event(record, "timed out: computer move", seat=due.seat)
        note = f"⌛ {name} ran out of time: a computer made this move."
        await self.bot.desk.play_for(record.id, due.seat, note=note)
