"""Who may manage a game: its host, or a member who may manage messages where it is played.

Asked by the lobby (add computers, start, cancel) and by `/axio end`.
"""

from __future__ import annotations

import discord

from storage import GameRecord


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
