"""The server's language: what the table sees (turn posts, the lobby, announcements,
pictures, reminders) is in it, whoever pressed what.

Its managers' choice (`/axio settings language:`) comes first, then the language Discord
says the server uses (`guild_locale`, its Community "primary language"), then English.
DM reminders follow the server too: a member's own language is known only while they
interact, and is never stored."""

from __future__ import annotations

import discord

from storage import GuildSettings, Repository

from ..i18n import language_of


def chosen_language(settings: GuildSettings, guild_locale: object) -> str:
    return settings.language or language_of(guild_locale)


async def server_language(repo: Repository, guild_id: int, guild_locale: object = None) -> str:
    """The language of `guild_id`'s table posts (one small query)."""
    return chosen_language(await repo.guild_settings(guild_id), guild_locale)


async def table_language(repo: Repository, interaction: discord.Interaction) -> str:
    """The language of what an interaction posts for the whole table to read."""
    return await server_language(repo, interaction.guild_id or 0, interaction.guild_locale)
