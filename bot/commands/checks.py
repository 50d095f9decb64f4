"""Checks a command or a control makes before it acts, each a refusal when it fails."""

from __future__ import annotations

import discord

from storage import GameRecord, Repository, Seat

from ..i18n import _, ngettext
from ..screens.present import not_your_solo_game
from ..screens.refusals import NO_GAME_HERE, Refusal


def seat_for(interaction: discord.Interaction, record: GameRecord) -> Seat:
    """The member's seat in the game, or a refusal for someone not playing."""
    seat = record.seat_of(interaction.user.id)
    if seat is None and record.solo:
        raise Refusal(not_your_solo_game(record))
    if seat is None:
        raise Refusal(
            _(
                "You are not playing in this game. Watch along, or join the next one with "
                "`/axio new`."
            )
        )
    return seat


async def channel_game(
    repo: Repository,
    interaction: discord.Interaction,
    *,
    running: bool = True,
    playing: bool = False,
) -> GameRecord:
    """The game of the channel the command came from that the member means, running
    unless `running` is False: the table game where they hold a seat, else their own solo
    game, else the table game to watch (storage's `game_in_channel` says the whole order).

    A member who plays nothing here (with `playing`, a command about their own seat: it
    plays no game of theirs) but plays elsewhere on the server is told where."""
    user_id = interaction.user.id
    with repo.within():  # the look and the pointer: one deadline
        record = await repo.game_in_channel(interaction.channel_id or 0, user_id)
        if record is None or (playing and record.seat_of(user_id) is None):
            await point_to_own_games(repo, interaction)
    if record is None:
        raise Refusal(NO_GAME_HERE)
    if running and record.status != "running":
        raise Refusal(_("The game here has not started yet: the host presses **Start**."))
    return record


async def lobby_here(repo: Repository, interaction: discord.Interaction) -> GameRecord:
    """The channel's table game, which must still be a lobby (solo games beside it are
    no lobby's)."""
    record = await repo.table_game(interaction.channel_id or 0)
    if record is None:
        raise Refusal(NO_GAME_HERE)
    if record.status != "lobby":
        raise Refusal(_("The game here has already started; join the next one."))
    return record


async def point_to_own_games(repo: Repository, interaction: discord.Interaction) -> None:
    """Refuse with the channels (or threads) where the member plays on this server, a
    tournament table's thread say; nothing when they play nowhere else."""
    channel_id = interaction.channel_id or 0
    found = await repo.channels_playing(
        interaction.guild_id or 0, interaction.user.id, besides=channel_id
    )
    if found:
        channels = ", ".join(f"<#{channel}>" for channel in found[:MENTIONED])
        raise Refusal(
            ngettext(
                "You play no game in this channel. Your game is in {channels}: use the "
                "command there.",
                "You play no game in this channel. Your games are in {channels}: use the "
                "command in the one you mean.",
                len(found),
                channels=channels,
            )
        )


MENTIONED = 10
"""Channels named at most when pointing a member to their games (a message stays short)."""
