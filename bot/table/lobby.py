"""The lobby: a public message with Join / Leave / Add computer / Start / Cancel.

The buttons and the `/axio lobby join|leave|start|cancel` commands call the same methods
here, so both paths check the same things and leave the lobby message saying the same. The
computer-level picker is private and used once: a choice replaces it with what happened,
and it carries the number of seats it was shown for, so a second tap adds nothing.

Each stores first and answers after: what it asks storage before answering shares one
deadline (`repo.within()`), a game that started is shown and driven before the answer goes
out, and an answer Discord loses is followed by one saying what was stored
(`after_stored`), never "nothing was changed".
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import defaultdict
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime
from typing import Any

import discord

from storage import (
    DATABASE_FAULTS,
    EXPERT_BUDGET_RANGE,
    ChannelBusyError,
    GameRecord,
    NothingStoredError,
    Repository,
)

from ..i18n import _, number, speaking
from ..screens.controls import OTHER_CHANNEL, computer_view, lobby_view
from ..screens.lobby import lobby_text
from ..screens.present import not_your_solo_game, seat_name, title
from ..screens.refusals import Refusal, after_stored, stored
from .background import log_event
from .language import server_language
from .rights import may_manage

log = logging.getLogger(__name__)
_seeds = random.SystemRandom()


class Lobby:
    """`started(record)` is told of every game dealt here (the desk's, which shows it and
    lets computers open)."""

    def __init__(
        self,
        repo: Repository,
        *,
        started: Callable[[GameRecord], None],
        clock: Callable[[], datetime] = discord.utils.utcnow,
    ) -> None:
        self.repo = repo
        self.started = started
        self.clock = clock
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def open(
        self, interaction: discord.Interaction, kind: str, seats: int, *, thread: bool = False
    ) -> None:
        """`/axio new`: post the lobby with the host in the first seat; with `thread`, in a
        new thread of its own named after the game (the thread is the game's channel). A
        thread made for a lobby that was certainly not stored is deleted again."""
        where = await self._new_thread(interaction, kind) if thread else None
        try:
            with self.repo.within():
                record = await self.repo.create_lobby(
                    kind,
                    interaction.guild_id or 0,
                    where.id if where else interaction.channel_id or 0,
                    interaction.user.id,
                    interaction.user.display_name,
                    max_seats=seats,
                    now=self.clock(),
                )
        except NothingStoredError:
            if where is not None:
                with suppress(discord.HTTPException):
                    await where.delete()
            raise
        log_event(record, "lobby opened")
        await self._post(interaction, record, where)

    async def repost(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Post a stored lobby whose message was never recorded (the bot stopped between
        the two), so `/axio new` brings it back instead of refusing without a link."""
        await self._post(interaction, record, None)
        log_event(record, "lobby reposted")

    async def _lobby_message(
        self, interaction: discord.Interaction, record: GameRecord
    ) -> dict[str, Any]:
        """The lobby message's content and view, in the server's language (the table's)."""
        language = await server_language(self.repo, record.guild_id, interaction.guild_locale)
        with speaking(language):
            view = lobby_view(record.id, record.kind) if record.status == "lobby" else None
            return {"content": lobby_text(record), "view": view, "language": language}

    async def _post(
        self, interaction: discord.Interaction, record: GameRecord, where: discord.Thread | None
    ) -> None:
        """The lobby message as the answer, or in the game's new thread with a link. A
        message that never reached Discord leaves the lobby without one, which `/axio new`
        in its channel posts again."""
        missing = _(
            "Your {game} lobby is open, but its message did not reach Discord: "
            "run `/axio new` in <#{channel}> to show it.",
            game=title(record.kind), channel=record.channel_id,
        )  # fmt: skip
        card = await self._lobby_message(interaction, record)
        language = card.pop("language")
        if where is None:
            answer = interaction.response.send_message(**card)
            if not await after_stored(interaction, answer, missing):
                return
            message = await interaction.original_response()
        else:
            message = await where.send(**card)
            with speaking(language):
                opened = _(
                    "🧵 {member} opened {thread} for a game of **{game}**: join it there.",
                    member=interaction.user.mention, thread=where.mention,
                    game=title(record.kind),
                )  # fmt: skip
            answer = interaction.response.send_message(opened)
            done = _("Your game is open in {thread}.", thread=where.mention)
            await after_stored(interaction, answer, done)
        try:
            await self.repo.set_message_ids(record.id, lobby_message_id=message.id)
        except DATABASE_FAULTS as error:  # the lobby works; its presses only answer privately
            log.warning("game %s: lobby message not recorded (%s)", record.id, error)

    async def _new_thread(self, interaction: discord.Interaction, kind: str) -> discord.Thread:
        channel = interaction.channel
        if isinstance(channel, discord.Thread) or not isinstance(channel, discord.TextChannel):
            raise Refusal(
                _(
                    "A game gets its own thread only from a text channel: run `/axio new` "
                    "here without `thread`, or in the channel this thread belongs to."
                )
            )
        name = _("{game} — {name}'s table", game=title(kind), name=interaction.user.display_name)
        name = name[:100]
        try:
            return await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        except discord.Forbidden as error:
            raise Refusal(
                _(
                    "I may not create threads here. Ask a moderator to let me create public "
                    "threads, or run `/axio new` without `thread`."
                )
            ) from error

    async def solo(self, interaction: discord.Interaction, kind: str) -> GameRecord:
        """Start a one-player game at once. The member is answered by the caller (with
        their builder); the channel by the table's start post, once."""
        record = await self.repo.start_solo(
            kind,
            interaction.guild_id or 0,
            interaction.channel_id or 0,
            interaction.user.id,
            interaction.user.display_name,
            _seeds.randrange(2**31),
            now=self.clock(),
        )
        stored(
            interaction,
            _("Your solo game of **{game}** has started: press **Play**.", game=title(kind)),
        )
        self.started(record)
        return record

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> GameRecord:
        """The end post's **Rematch**: a new lobby here with the same seats, hosted by the
        member who asked; a solo game's **Play again** starts a new one at once (its
        player is answered by the caller)."""
        with self.repo.within():
            old = await self.repo.get_game(game_id)
            if old.channel_id != interaction.channel_id:
                raise Refusal(OTHER_CHANNEL)
            if old.seat_of(interaction.user.id) is None and old.solo:
                raise Refusal(not_your_solo_game(old))
            if old.seat_of(interaction.user.id) is None:
                raise Refusal(
                    _(
                        "Only the players of that game can ask for a rematch. Start your own "
                        "with `/axio new`."
                    )
                )
            if len(old.seats) == 1:
                return await self.solo(interaction, old.kind)
            user = interaction.user
            try:
                record = await self.repo.open_rematch(
                    game_id, user.id, user.display_name, now=self.clock()
                )
            except ChannelBusyError as busy:
                raise Refusal(
                    _(
                        "This channel already has a game open: join that one, or ask its host "
                        "to `/axio end` it first."
                    )
                ) from busy
        log_event(record, "rematch opened", after=game_id)
        await self._post(interaction, record, None)
        return record

    async def press(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        """A lobby button or the matching command."""
        with self.repo.within():
            changed = await self._store(interaction, game_id, action)
        if changed is None:
            return
        record, note = changed
        if record.status == "running":
            self.started(record)
        await self.refresh(interaction, record, note)

    async def _store(
        self, interaction: discord.Interaction, game_id: int, action: str
    ) -> tuple[GameRecord, str] | None:
        """Store what the press asks, and what to tell the member; None when it asks a
        question instead (the level of a computer player)."""
        record = await self.repo.get_game(game_id)
        if record.channel_id != interaction.channel_id:
            raise Refusal(OTHER_CHANNEL)
        if record.status != "lobby":
            raise Refusal(
                _(
                    "That lobby is closed: the game has started or was cancelled. "
                    "Use `/axio board` to see a running game."
                )
            )
        user = interaction.user
        now = self.clock()
        if action == "join":
            record = await self.repo.join(game_id, user.id, user.display_name, now=now)
            note = _("You joined the game.")
        elif action == "leave":
            record = await self.repo.leave(game_id, user.id, now=now)
            note = _("You left the game.")
        else:
            if not may_manage(interaction, record):
                raise Refusal(self._only_the_host(action, record.host_id))
            if action == "cpu":
                await interaction.response.send_message(
                    _(
                        "Which level should the computer play? **Expert** is the strongest: "
                        "it weighs the tiles still unseen and thinks up to {seconds} s a move "
                        "(the server's setting).",
                        seconds=number(EXPERT_BUDGET_RANGE[1]),
                    ),
                    view=computer_view(game_id, len(record.seats)),
                    ephemeral=True,
                )
                return None
            if action == "cancel":
                record = await self.repo.cancel(game_id, now=now)
                note = _("You cancelled the game.")
            else:
                record = await self.repo.start(game_id, _seeds.randrange(2**31), now=now)
                note = _("The game has started.")
        stored(interaction, note)
        return record, note

    async def add_computer(
        self,
        interaction: discord.Interaction,
        game_id: int,
        level: str,
        *,
        seats: int | None = None,
    ) -> None:
        """A level picked: one computer joins, and the picker says so instead of offering
        the levels again. `seats` (how many were taken when the picker was shown) makes a
        second tap of the same picker add nothing."""
        async with self._locks[game_id]:
            with self.repo.within():
                record = await self.repo.get_game(game_id)
                if record.channel_id != interaction.channel_id:
                    raise Refusal(OTHER_CHANNEL)
                if record.status != "lobby":
                    raise Refusal(_("That lobby is closed, so no computer can join it."))
                if not may_manage(interaction, record):
                    raise Refusal(
                        _("Only the host, {host}, can add computer players.",
                          host=f"<@{record.host_id}>")
                    )  # fmt: skip
                if seats is not None and len(record.seats) != seats:
                    already = _(
                        "That choice was already made: press **Add computer** again for another."
                    )
                    await self._picked(interaction, already)
                    return
                record = await self.repo.add_computer(game_id, level, now=self.clock())  # type: ignore[arg-type]
        joined = record.seats[-1]
        note = _("{name} joined.", name=seat_name(joined))
        await self.refresh(interaction, record, note, picker=True)

    @staticmethod
    def _picked(interaction: discord.Interaction, note: str):  # type: ignore[no-untyped-def]
        """Replace a private picker with what its press did (no buttons left): the answer
        to await."""
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            return interaction.response.edit_message(content=note, view=None)
        return interaction.response.send_message(note, ephemeral=True)

    async def refresh(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        note: str,
        *,
        picker: bool = False,
    ) -> None:
        """Answer the member and bring the lobby message up to date (the change is stored:
        a lost answer is followed by one saying `note`, and the lobby message is redrawn);
        a `picker` pressed is replaced by the note."""
        card = await self._lobby_message(interaction, record)
        del card["language"]
        is_lobby_message = (
            interaction.message is not None and interaction.message.id == record.lobby_message_id
        )
        if is_lobby_message:
            answer = interaction.response.edit_message(**card)
            if await after_stored(interaction, answer, note):
                return
        else:
            answer = (
                self._picked(interaction, note)
                if picker
                else interaction.response.send_message(note, ephemeral=True)
            )
            await after_stored(interaction, answer, note)
        channel = interaction.channel
        if record.lobby_message_id and isinstance(channel, discord.abc.Messageable):
            try:
                message = channel.get_partial_message(record.lobby_message_id)  # type: ignore[attr-defined]
                await message.edit(**card)
            except discord.HTTPException:
                log.info("game %s: lobby message is gone", record.id)

    @staticmethod
    def _only_the_host(action: str, host_id: int) -> str:
        host = f"<@{host_id}>"
        if action == "cpu":
            return _("Only the host, {host}, can add computer players to this game.", host=host)
        if action == "start":
            return _("Only the host, {host}, can start this game.", host=host)
        return _("Only the host, {host}, can cancel this game.", host=host)
