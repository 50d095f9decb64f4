"""The lobby: a public message with Join / Leave / Add computer / Start / Cancel.

The buttons and the `/axio join|leave|start|cancel` commands call the same methods here, so
both paths check the same things and leave the lobby message saying the same.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

import discord

from storage import GameRecord

from .errors import Refusal
from .present import seat_name, title
from .views import OTHER_CHANNEL, computer_view, lobby_view

if TYPE_CHECKING:
    from .app import AxioBot

log = logging.getLogger(__name__)
_seeds = random.SystemRandom()


def lobby_text(record: GameRecord) -> str:
    lines = [
        f"🎲 **{title(record.kind)}** — a new game hosted by <@{record.host_id}>.",
        f"Seats ({len(record.seats)}/{record.max_seats}):",
    ]
    for seat in record.seats:
        host = " (host)" if seat.user_id == record.host_id else ""
        lines.append(f"{seat.seat + 1}. {seat_name(seat)}{host}")
    if record.status == "lobby":
        lines.append("Press **Join** to take a seat; the host presses **Start** when ready.")
    elif record.status == "cancelled":
        lines.append("This game was cancelled.")
    else:
        lines.append("The game has started below.")
    return "\n".join(lines)


def may_manage(interaction: discord.Interaction, record: GameRecord) -> bool:
    """The host, or a member who may manage messages in the game's channel (computed
    there, whatever channel the interaction came from)."""
    if interaction.user.id == record.host_id:
        return True
    permissions = permissions_in_game_channel(interaction, record)
    return bool(permissions and permissions.manage_messages)


def permissions_in_game_channel(
    interaction: discord.Interaction, record: GameRecord
) -> discord.Permissions | None:
    """The member's permissions in the channel (or thread) where the game is, or None
    when that is not a channel of this server."""
    guild, member = interaction.guild, interaction.user
    if guild is None or guild.id != record.guild_id or not isinstance(member, discord.Member):
        return None
    if interaction.channel_id == record.channel_id and interaction.permissions is not None:
        return interaction.permissions  # Discord's own answer for this very channel
    channel = guild.get_channel_or_thread(record.channel_id)
    return channel.permissions_for(member) if channel is not None else None


class Lobby:
    def __init__(self, bot: AxioBot) -> None:
        self.bot = bot

    async def open(
        self, interaction: discord.Interaction, kind: str, seats: int, *, thread: bool = False
    ) -> None:
        """`/axio new`: post the lobby with the host in the first seat; with `thread`, in a
        new thread of its own named after the game (the thread is the game's channel)."""
        where = await self._new_thread(interaction, kind) if thread else None
        record = await self.bot.repo.create_lobby(
            kind,
            interaction.guild_id or 0,
            where.id if where else interaction.channel_id or 0,
            interaction.user.id,
            interaction.user.display_name,
            max_seats=seats,
            now=discord.utils.utcnow(),
        )
        await self._post(interaction, record, where)
        self.bot.log_event(record, "lobby opened")

    async def repost(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Post a stored lobby whose message was never recorded (the bot stopped between
        the two), so `/axio new` brings it back instead of refusing without a link."""
        await self._post(interaction, record, None)
        self.bot.log_event(record, "lobby reposted")

    async def _post(
        self, interaction: discord.Interaction, record: GameRecord, where: discord.Thread | None
    ) -> None:
        """The lobby message as the answer, or in the game's new thread with a link."""
        if where is None:
            await interaction.response.send_message(lobby_text(record), view=lobby_view(record.id))
            message = await interaction.original_response()
        else:
            message = await where.send(lobby_text(record), view=lobby_view(record.id))
            await interaction.response.send_message(
                f"🧵 {interaction.user.mention} opened {where.mention} for a game of "
                f"**{title(record.kind)}**: join it there."
            )
        await self.bot.repo.set_message_ids(record.id, lobby_message_id=message.id)

    async def _new_thread(self, interaction: discord.Interaction, kind: str) -> discord.Thread:
        channel = interaction.channel
        if isinstance(channel, discord.Thread) or not isinstance(channel, discord.TextChannel):
            raise Refusal(
                "A game gets its own thread only from a text channel: run `/axio new` here "
                "without `thread`, or in the channel this thread belongs to."
            )
        name = f"{title(kind)} — {interaction.user.display_name}'s table"[:100]
        try:
            return await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        except discord.Forbidden as error:
            raise Refusal(
                "I may not create threads here. Ask a moderator to let me create public "
                "threads, or run `/axio new` without `thread`."
            ) from error

    async def solo(self, interaction: discord.Interaction, kind: str) -> None:
        record = await self.bot.repo.start_solo(
            kind,
            interaction.guild_id or 0,
            interaction.channel_id or 0,
            interaction.user.id,
            interaction.user.display_name,
            _seeds.randrange(2**31),
            now=discord.utils.utcnow(),
        )
        await interaction.response.send_message(
            f"🎲 A solo game of **{title(kind)}** for {interaction.user.mention}."
        )
        self.bot.desk.started(record)

    async def press(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        """A lobby button or the matching command."""
        record = await self.bot.repo.get_game(game_id)
        if record.channel_id != interaction.channel_id:
            raise Refusal(OTHER_CHANNEL)
        if record.status != "lobby":
            raise Refusal(
                "That lobby is closed: the game has started or was cancelled. "
                "Use `/axio board` to see a running game."
            )
        user = interaction.user
        now = discord.utils.utcnow()
        if action == "join":
            record = await self.bot.repo.join(game_id, user.id, user.display_name, now=now)
            note = "You joined the game."
        elif action == "leave":
            record = await self.bot.repo.leave(game_id, user.id, now=now)
            note = "You left the game."
        else:
            if not may_manage(interaction, record):
                raise Refusal(
                    f"Only the host, <@{record.host_id}>, can {self._verb(action)} this game."
                )
            if action == "cpu":
                await interaction.response.send_message(
                    "Which level should the computer play?",
                    view=computer_view(game_id),
                    ephemeral=True,
                )
                return
            if action == "cancel":
                record = await self.bot.repo.cancel(game_id, now=now)
                note = "You cancelled the game."
            else:
                record = await self.bot.repo.start(game_id, _seeds.randrange(2**31), now=now)
                note = "The game has started."
        await self.refresh(interaction, record, note)
        if record.status == "running":
            self.bot.desk.started(record)

    async def add_computer(
        self, interaction: discord.Interaction, game_id: int, level: str
    ) -> None:
        record = await self.bot.repo.get_game(game_id)
        if record.channel_id != interaction.channel_id:
            raise Refusal(OTHER_CHANNEL)
        if record.status != "lobby":
            raise Refusal("That lobby is closed, so no computer can join it.")
        if not may_manage(interaction, record):
            raise Refusal(f"Only the host, <@{record.host_id}>, can add computer players.")
        now = discord.utils.utcnow()
        record = await self.bot.repo.add_computer(game_id, level, now=now)  # type: ignore[arg-type]
        await self.refresh(interaction, record, f"A {level} computer player joined.")

    async def refresh(
        self, interaction: discord.Interaction, record: GameRecord, note: str
    ) -> None:
        """Answer the member and bring the lobby message up to date."""
        view = lobby_view(record.id) if record.status == "lobby" else None
        is_lobby_message = (
            interaction.message is not None and interaction.message.id == record.lobby_message_id
        )
        if is_lobby_message:
            await interaction.response.edit_message(content=lobby_text(record), view=view)
            return
        await interaction.response.send_message(note, ephemeral=True)
        channel = interaction.channel
        if record.lobby_message_id and isinstance(channel, discord.abc.Messageable):
            try:
                message = channel.get_partial_message(record.lobby_message_id)  # type: ignore[attr-defined]
                await message.edit(content=lobby_text(record), view=view)
            except discord.HTTPException:
                log.info("game %s: lobby message is gone", record.id)

    @staticmethod
    def _verb(action: str) -> str:
        return {"cpu": "add computer players to", "start": "start", "cancel": "cancel"}[action]
