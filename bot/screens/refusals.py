"""Refusals: what a player is told, ephemerally, when the bot will not do what they asked.

Every refusal names what to do instead and changes nothing. Engine errors (illegal moves)
and storage errors (stale turns, full lobbies, …) carry player-readable messages already;
`Refusal` is the bot's own kind (no game here, not the host, …).

Refusals are answered inside the command (`@answered`) or the control (`GameItem`) by
`reply_refusal`, so they never reach the tree's error handler: anything that does is a
bug, and is logged as one.
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from engine import IllegalMoveError
from storage import StaleTurnError, StorageError

from .safe_text import NOBODY, capped, escaped

log = logging.getLogger(__name__)

Callback = TypeVar("Callback", bound=Callable[..., Awaitable[Any]])


class Refusal(Exception):
    """Something a member may not do now; the message says what to do instead."""


NO_GAME_HERE = "There is no game in this channel. Start one with `/axio new` or `/axio solo`."
SERVER_ONLY = (
    "AXIO games are played in a server's channels, where the table can follow them; "
    "leaderboards, ratings and history belong to each server. Use the command in a server "
    "channel, or `/axio rules` to read how to play."
)
SOMETHING_WENT_WRONG = "Something went wrong on my side; nothing was changed. Please try again."


def refusal_text(error: BaseException) -> str | None:
    """The message for an error a player caused, or None for a bug."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, Refusal):
        return str(error)
    if isinstance(error, IllegalMoveError):  # may quote what was typed: escaped
        return (
            f"That move is not allowed: {escaped(str(error))}. "
            "Try `/axio hand` to see your options."
        )
    if isinstance(error, StaleTurnError):
        return (
            "That was for an earlier turn and the game has moved on. "
            "Use the latest message's **My tiles** button, or `/axio hand`."
        )
    if isinstance(error, StorageError):
        text = escaped(str(error))
        return text[:1].upper() + text[1:] + "."
    if isinstance(error, app_commands.TransformerError):  # Discord checks options first
        return "That option's value is not one I can use: choose from what Discord offers."
    if isinstance(error, app_commands.NoPrivateMessage):
        return SERVER_ONLY
    if isinstance(error, app_commands.CheckFailure):
        return "You may not use that command here."
    return None


async def reply(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """The one ephemeral answer to a member: capped to one message, pinging nobody, as the
    first response or (after a defer) as the follow-up that ends "thinking…"."""
    text = capped(text)
    kwargs.setdefault("allowed_mentions", NOBODY)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def reply_refusal(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the member, only them, why nothing happened; log anything that is a bug.

    Once this interaction's move is stored, nothing that fails afterwards is reported as
    "nothing changed": the member is told the move stands and the table is on its way."""
    committed = interaction.extras.get("committed")
    text = refusal_text(error)
    if text is None and committed is None:
        log.error("unexpected error in %s", _where(interaction), exc_info=error)
        text = SOMETHING_WENT_WRONG
    if committed is not None:
        text = (
            f"Your move **{committed}** stands; the table will show it in a moment "
            "(Discord answered slowly)."
        )
    try:
        await reply(interaction, text)
    except discord.HTTPException as failed:  # the interaction expired or was answered
        log.warning("could not answer %s: %s", _where(interaction), failed)


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


def answered(*, in_dms: bool = False) -> Callable[[Callback], Callback]:
    """Answer a command's refusals (Refusal, illegal moves, storage refusals) inside the
    command, as ephemeral replies; bugs still propagate to the tree's handler. Server-only
    unless `in_dms`: a command that reaches the bot from a DM anyway is refused.

    The wrapper shows discord.py the callback's own signature, annotations resolved in the
    callback's module, so the options are exactly the command's."""

    def wrap(callback: Callback) -> Callback:
        @functools.wraps(callback)
        async def guarded(self: Any, interaction: discord.Interaction, /, *args: Any, **kw: Any):
            try:
                if interaction.guild_id is None and not in_dms:
                    raise Refusal(SERVER_ONLY)
                return await callback(self, interaction, *args, **kw)
            except Exception as error:
                if refusal_text(error) is None:
                    raise
                await reply_refusal(interaction, error)

        guarded.__signature__ = inspect.signature(callback, eval_str=True)  # type: ignore[attr-defined]
        return guarded  # type: ignore[return-value]

    return wrap


def _where(interaction: discord.Interaction) -> str:
    command = interaction.command.qualified_name if interaction.command else "a component"
    return f"{command} (guild {interaction.guild_id}, channel {interaction.channel_id})"
