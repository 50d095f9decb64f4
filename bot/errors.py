"""Refusals: what a player is told, ephemerally, when the bot will not do what they asked.

Every refusal names what to do instead and changes nothing. Engine errors (illegal moves)
and storage errors (stale turns, full lobbies, …) carry player-readable messages already;
`Refusal` is the bot's own kind (no game here, not the host, …).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable

import discord
from discord import app_commands

from engine import IllegalMoveError
from storage import StaleTurnError, StorageError

log = logging.getLogger(__name__)


class Refusal(Exception):
    """Something a member may not do now; the message says what to do instead."""


NO_GAME_HERE = "There is no game in this channel. Start one with `/axio new` or `/axio solo`."


def refusal_text(error: BaseException) -> str | None:
    """The message for an error a player caused, or None for a bug."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, Refusal):
        return str(error)
    if isinstance(error, IllegalMoveError):
        return f"That move is not allowed: {error}. Try `/axio hand` to see your options."
    if isinstance(error, StaleTurnError):
        return (
            "That was for an earlier turn and the game has moved on. "
            "Use the latest message's **My tiles** button, or `/axio hand`."
        )
    if isinstance(error, StorageError):
        text = str(error)
        return text[0].upper() + text[1:] + "."
    if isinstance(error, app_commands.CheckFailure):
        return "You may not use that command here."
    return None


async def reply_refusal(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the member, only them, why nothing happened; log anything that is a bug.

    Once this interaction's move is stored, nothing that fails afterwards is reported as
    "nothing changed": the member is told the move stands and the table is on its way."""
    committed = interaction.extras.get("committed")
    text = refusal_text(error)
    if text is None:
        log.error("unexpected error in %s", _where(interaction), exc_info=error)
        text = "Something went wrong on my side; nothing was changed. Please try again."
    if committed is not None:
        text = (
            f"Your move **{committed}** stands; the table will show it in a moment "
            "(Discord answered slowly)."
        )
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.info("could not answer %s: %s", _where(interaction), text)


async def after_commit(
    interaction: discord.Interaction, answer: Awaitable[object], move: str
) -> None:
    """Await the answer to a member whose move is stored; if Discord loses it, say the move
    stands instead (never 'nothing changed'); the table post is owed either way."""
    try:
        await answer
    except discord.HTTPException as error:
        log.info("answer to %s lost (%s); telling the move stands", _where(interaction), error)
        await reply_refusal(interaction, error)


def _where(interaction: discord.Interaction) -> str:
    command = interaction.command.qualified_name if interaction.command else "a component"
    return f"{command} (guild {interaction.guild_id}, channel {interaction.channel_id})"
