"""Checks a command or a control makes before it acts, each a refusal when it fails."""

from __future__ import annotations

import discord

from storage import GameRecord, Repository, Seat

from ..i18n import _
from ..screens.refusals import NO_GAME_HERE, Refusal


def seat_for(interaction: discord.Interaction, record: GameRecord) -> Seat:
    """The member's seat in the game, or a refusal for someone not playing."""
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        raise Refusal(
            _(
                "You are not playing in this game. Watch along, or join the next one with "
                "`/axio new`."
            )
        )
    return seat


async def channel_game(
    repo: Repository, interaction: discord.Interaction, *, running: bool = True
) -> GameRecord:
    """The game of the channel the command came from, running unless `running` is False."""
    record = await repo.game_in_channel(interaction.channel_id or 0)
    if record is None:
        raise Refusal(NO_GAME_HERE)
    if running and record.status != "running":
        raise Refusal(_("The game here has not started yet: the host presses **Start**."))
    return record


async def lobby_here(repo: Repository, interaction: discord.Interaction) -> GameRecord:
    """The channel's game, which must still be a lobby."""
    record = await channel_game(repo, interaction, running=False)
    if record.status != "lobby":
        raise Refusal(_("The game here has already started; join the next one."))
    return record
