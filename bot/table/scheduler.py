"""Reminders and timeouts, driven by storage rather than in-memory timers; and, on the
same passes, the day's daily posts owed and the tournaments whose start time has come.

Every few minutes the loop asks storage which players to move have waited past their
server's reminder or timeout, so a restart loses nothing: the waiting time is the stored
`turn_started_at`, and a reminder is marked in storage before it is sent, never twice. A
timeout's note is stored with what it does (the stand-in move, or the resignation) in one
transaction and posted by the delivery loop, so a crash between them repeats neither. A
failing pass is logged and the next pass runs as usual; one the database failed (not
answering, busy) is one line without a traceback: storage logs the outage itself. The
daily posts and a tournament's start are owed as channel posts in storage's transactions;
`notify` then wakes their delivery loop.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

import discord
from discord.ext import tasks

from storage import (
    DATABASE_FAULTS,
    DueTurn,
    GameNotFoundError,
    Repository,
    ShardSet,
    StaleTurnError,
)

from ..i18n import _, number, speaking, translate_in
from ..screens.present import seat_name, title
from ..screens.safe_text import pinging
from .background import fault_reason, log_event
from .channels import Channels
from .desk import Desk
from .language import server_language

log = logging.getLogger(__name__)


class Scheduler:
    def __init__(
        self,
        repo: Repository,
        desk: Desk,
        channels: Channels,
        *,
        owned: ShardSet,
        minutes: float,
        notify: Callable[[], None] = lambda: None,
        clock: Callable[[], datetime] = discord.utils.utcnow,
    ) -> None:
        self.repo = repo
        self.notify = notify
        self.desk = desk
        self.channels = channels
        self.owned = owned
        self.clock = clock
        self.loop = tasks.loop(minutes=minutes)(self.tick)

    def start(self) -> None:
        self.loop.start()

    def stop(self) -> None:
        self.loop.cancel()

    async def tick(self) -> None:
        """One pass: remind, then apply timeouts. A failure in one game spares the others,
        and a failing pass (the database unreadable for a moment) spares the loop."""
        try:
            await self._pass()
        except DATABASE_FAULTS as error:
            log.warning("scheduler pass stopped by the database (%s)", fault_reason(error))
        except Exception:
            log.exception("scheduler pass failed; the next pass tries again")

    async def _pass(self) -> None:
        now = self.clock()
        owned = self.owned
        for due in await self.repo.games_due_reminder(now, owned):
            if owned.owns(due.guild_id):
                await self._guarded(self.remind(due), due)
        for due in await self.repo.games_due_timeout(now, owned):
            if owned.owns(due.guild_id):
                await self._guarded(self.time_out(due), due)
        owed = await self.repo.queue_daily_posts(now, owned)
        started = await self.repo.start_due_tournaments(now, owned)
        for t in started:
            log.info("tournament %s: %s at its start time", t.id, t.status)
        if owed or started:
            self.notify()

    async def _guarded(self, work, due: DueTurn) -> None:  # type: ignore[no-untyped-def]
        try:
            await work
        except (StaleTurnError, GameNotFoundError):
            log.info("game %s moved on before the scheduler reached it", due.game_id)
        except DATABASE_FAULTS:
            raise  # the database, not this game: the pass stops and says so once
        except Exception:
            log.exception("scheduler failed for game %s", due.game_id)

    async def remind(self, due: DueTurn) -> None:
        if not await self.repo.mark_reminded(due.game_id, due.move_count):
            return
        hours = (self.clock() - due.turn_started_at).total_seconds() / 3600
        record = await self.repo.get_game(due.game_id)
        solo = record.game is not None and record.game.solo
        channel = await self.channels.channel(record)
        guild = getattr(channel, "guild", None)
        language = await server_language(
            self.repo, record.guild_id, guild and guild.preferred_locale
        )
        with speaking(language):  # the channel's, and the DM's: a member's is never stored
            text = self._reminder(due, hours, solo)
        if channel is not None:
            await channel.send(text, allowed_mentions=pinging([due.user_id]))
        if await self.repo.notify_enabled(due.user_id):
            await self.channels.direct_message(due.user_id, text)
        log_event(record, "reminded", seat=due.seat)

    @staticmethod
    def _reminder(due: DueTurn, hours: float, solo: bool) -> str:
        who, game, waited = f"<@{due.user_id}>", title(due.kind), number(hours, digits=0)
        if solo:
            return _(
                "⏰ {who}, your {game} move has been waiting {hours} h. Press **Play** on the "
                "game's post, or `/axio hand`.",
                who=who, game=game, hours=waited,
            )  # fmt: skip
        return _(
            "⏰ {who}, your {game} move has been waiting {hours} h. Press **My tiles** on the "
            "latest message, or `/axio hand`.",
            who=who, game=game, hours=waited,
        )  # fmt: skip

    async def time_out(self, due: DueTurn) -> None:
        """The server's choice: a computer move for this turn, or the seat resigned."""
        record = await self.repo.get_game(due.game_id)
        if record.move_count != due.move_count or record.status != "running":
            return
        name = seat_name(record.seats[due.seat])
        locale = self.channels.guild_locale(record.guild_id)
        language = await server_language(self.repo, record.guild_id, locale)
        if due.timeout_action == "resign":
            note = translate_in(
                language, "⌛ {name} ran out of time and was resigned; a computer plays on.",
                name=name,
            )  # fmt: skip
            now = self.clock()
            record = await self.repo.resign(record.id, due.seat, now=now, note=note)
            log_event(record, "timed out: resigned", seat=due.seat)
            self.desk.committed(record)
            return
        log_event(record, "timed out: computer move", seat=due.seat)
        note = translate_in(
            language, "⌛ {name} ran out of time: a computer made this move.", name=name
        )
        await self.desk.play_for(record.id, due.seat, note=note)
