"""Refusals: what a player is told, ephemerally, when the bot will not do what they asked.

Every refusal names what to do instead and changes nothing. Engine errors (illegal moves)
and storage errors (stale turns, full lobbies, …) carry player-readable messages already;
`Refusal` is the bot's own kind (no game here, not the host, …).

Refusals are answered inside the command (`@answered`) or the control (`GameItem`) by
`reply_refusal`, so they never reach the tree's error handler: anything that does is a
bug, and is logged as one.

Database faults are answered here too, in the words of what the command changes
(`answered(change=…)`, a control's `CHANGE`; see `outcomes.py`), and never logged per
command: storage logs an outage once when it starts and once when it ends. Once a change
is stored (`stored(interaction, words)`, or the move path's `committed` marker), nothing
that fails afterwards is reported as "nothing changed": the member is told what was stored.
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
from storage.errors import (
    AlreadySeatedError,
    ChannelBusyError,
    GameNotFoundError,
    LobbyFullError,
    NotSeatedError,
    NotYourTurnError,
    SeatResignedError,
    SoloBusyError,
)

from ..i18n import N_, _
from .outcomes import Change, fault_text, stored_text
from .safe_text import NOBODY, capped, escaped
from .words import told

log = logging.getLogger(__name__)

Callback = TypeVar("Callback", bound=Callable[..., Awaitable[Any]])


class Refusal(Exception):
    """Something a member may not do now; the message says what to do instead."""


NO_GAME_HERE = N_("There is no game in this channel. Start one with `/axio new` or `/axio solo`.")
SERVER_ONLY = N_(
    "AXIO games are played in a server's channels, where the table can follow them; "
    "leaderboards, ratings and history belong to each server. Use the command in a server "
    "channel, or `/axio rules` to read how to play."
)
SOMETHING_WENT_WRONG = N_("Something went wrong on my side; nothing was changed. Please try again.")
"""These are English msgids (`N_`): a refusal's text is translated where it is answered
(`refusal_text`), in the member's language."""


def refusal_text(error: BaseException, change: Change | None = None) -> str | None:
    """The message for an error a player or the database caused, or None for a bug; a
    database fault in the words of the `change` the command makes."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    fault = fault_text(error, change)
    if fault is not None:
        return fault
    if isinstance(error, Refusal):
        return _(str(error))  # a constant's msgid, or a sentence translated when raised
    if isinstance(error, IllegalMoveError):  # may quote what was typed: escaped
        return _(
            "That move is not allowed: {reason}. Try `/axio hand` to see your options.",
            reason=escaped(told(error)),
        )
    if isinstance(error, StaleTurnError):
        return _(
            "That was for an earlier turn and the game has moved on. "
            "Use the latest message's **My tiles** button, or `/axio hand`."
        )
    if isinstance(error, StorageError):
        said = storage_words(error)
        if said is not None:
            return said
        text = escaped(told(error))  # a rarer refusal, from storage's template
        return text[:1].upper() + text[1:] + "."
    if isinstance(error, app_commands.TransformerError):  # Discord checks options first
        return _("That option's value is not one I can use: choose from what Discord offers.")
    if isinstance(error, app_commands.NoPrivateMessage):
        return _(SERVER_ONLY)
    if isinstance(error, app_commands.CheckFailure):
        return _("You may not use that command here.")
    return None


def storage_words(error: StorageError) -> str | None:
    """The refusals storage raises most, in the member's language (None: another one,
    told in storage's own words)."""
    if isinstance(error, NotYourTurnError):
        return _("It is not your turn: wait for the player to move.")
    if isinstance(error, LobbyFullError):
        return _("All {seats} seats are taken: ask the host for a new game.", seats=error.seats)
    if isinstance(error, AlreadySeatedError):
        return _("You already have a seat in this game.")
    if isinstance(error, NotSeatedError):
        return _("You have no seat in this game.")
    if isinstance(error, SeatResignedError):
        return _(
            "You resigned from this game, so a computer plays your seat now: your moves are "
            "no longer taken."
        )
    if isinstance(error, ChannelBusyError):
        return _(
            "This channel already has a game in progress: finish it or end it first, or start "
            "one in another channel or thread."
        )
    if isinstance(error, SoloBusyError):
        return _(
            "You already have a solo game in this channel: press **Play** on its post to go "
            "on with it."
        )
    if isinstance(error, GameNotFoundError):
        return _("There is no game number {game}.", game=error.game_id)
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


def changing(interaction: discord.Interaction, change: Change) -> None:
    """Say what this interaction changes, so a database fault is answered in its words."""
    interaction.extras["change"] = change


def stored(interaction: discord.Interaction, done: str) -> None:
    """This interaction's change is stored: from now on a failure is answered with `done`
    (what was stored), never "nothing was changed"."""
    interaction.extras["stored"] = done


def _move_stands(move: str) -> str:
    return _("Your move **{move}** stands; the table will show it in a moment.", move=move)


def _stored_words(interaction: discord.Interaction) -> str | None:
    committed = interaction.extras.get("committed")
    if committed is not None:
        return _move_stands(committed)
    return interaction.extras.get("stored")


def _lost_after_storing(interaction: discord.Interaction, error: BaseException) -> bool:
    """Discord failed after the change was stored: no bug, and the member is told."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    return isinstance(error, discord.HTTPException) and _stored_words(interaction) is not None


async def reply_refusal(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the member, only them, why nothing happened (or, once their change is stored,
    that it was); log anything that is a bug. A database fault is no bug: storage logs the
    outage, once."""
    done = _stored_words(interaction)
    lost_answer = _lost_after_storing(interaction, error)
    text = refusal_text(error, interaction.extras.get("change"))
    if text is None and not lost_answer:
        log.error("unexpected error in %s", _where(interaction), exc_info=error)
        text = _(SOMETHING_WENT_WRONG)
    if done is not None:
        text = stored_text(done, lost_answer=lost_answer)
    try:
        await reply(interaction, text or _(SOMETHING_WENT_WRONG))
    except discord.HTTPException as failed:  # the interaction expired or was answered
        log.warning("could not answer %s: %s", _where(interaction), failed)


async def after_stored(
    interaction: discord.Interaction, answer: Awaitable[object], done: str
) -> bool:
    """Await the answer to a member whose change is stored (`done` says what it was); if
    Discord loses it, tell them `done` instead, never "nothing changed". Whether the first
    answer went through."""
    stored(interaction, done)
    try:
        await answer
    except discord.HTTPException as error:
        log.info("answer to %s lost (%s); telling what was stored", _where(interaction), error)
        await reply_refusal(interaction, error)
        return False
    return True


async def after_commit(
    interaction: discord.Interaction, answer: Awaitable[object], move: str
) -> None:
    """Await the answer to a member whose move is stored; if Discord loses it, say the move
    stands instead (never 'nothing changed'); the table post is owed either way."""
    done = _stored_words(interaction) or _move_stands(move)
    await after_stored(interaction, answer, done)


def answered(
    *, in_dms: bool = False, change: Change | None = None
) -> Callable[[Callback], Callback]:
    """Answer a command's refusals (Refusal, illegal moves, storage refusals, database
    faults in the words of its `change`) inside the command, as ephemeral replies; bugs
    still propagate to the tree's handler. Server-only unless `in_dms`: a command that
    reaches the bot from a DM anyway is refused.

    The wrapper shows discord.py the callback's own signature, annotations resolved in the
    callback's module, so the options are exactly the command's."""

    def wrap(callback: Callback) -> Callback:
        @functools.wraps(callback)
        async def guarded(self: Any, interaction: discord.Interaction, /, *args: Any, **kw: Any):
            if change is not None:
                changing(interaction, change)
            try:
                if interaction.guild_id is None and not in_dms:
                    raise Refusal(SERVER_ONLY)
                return await callback(self, interaction, *args, **kw)
            except Exception as error:
                if refusal_text(error) is None and not _lost_after_storing(interaction, error):
                    raise
                await reply_refusal(interaction, error)

        guarded.__signature__ = inspect.signature(callback, eval_str=True)  # type: ignore[attr-defined]
        return guarded  # type: ignore[return-value]

    return wrap


def _where(interaction: discord.Interaction) -> str:
    command = interaction.command.qualified_name if interaction.command else "a component"
    return f"{command} (guild {interaction.guild_id}, channel {interaction.channel_id})"
