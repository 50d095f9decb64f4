"""`/axio forget-me`: a member has everything the bot keeps about them deleted (Discord's
Developer Policy), after seeing what that is and confirming with a button.

What is deleted and what stays is storage's (`storage/members.py`); here the member is
asked and answered (only they see it), and the table catches up: a seat resigned for them
is played on by a computer and the table told, a game ended for them loses its buttons, and
a lobby they left is redrawn without them.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from storage import GameRecord
from storage.members import Forgotten

from ..i18n import _, speaking
from ..screens import outcomes
from ..screens.controls import lobby_view
from ..screens.lobby import lobby_text
from ..screens.privacy import FORGET, KEPT_NOTHING_DELETED, forget_question, forgotten_text
from ..screens.refusals import Refusal, after_stored, answered, reply
from ..table.language import server_language
from .controls import GameControl
from .services import Services, services

log = logging.getLogger(__name__)


class PrivacyCommands:
    services: Services

    @app_commands.command(
        name="forget-me", description="Delete everything the bot keeps about you (asks first)"
    )
    @answered()
    async def forget_me(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, view = forget_question(await self.services.repo.member_data(interaction.user.id))
        await reply(interaction, text, **({"view": view} if view is not None else {}))


class ForgetControl(GameControl, address=FORGET):
    """The question's two buttons: delete (`yes`) or keep (`no`)."""

    CHANGE = outcomes.FORGET

    async def run(self, interaction: discord.Interaction) -> None:
        if self.fields["user_id"] != interaction.user.id:
            raise Refusal(
                _(
                    "Those buttons belong to the member who asked. For your own data, use "
                    "`/axio forget-me`."
                )
            )
        if self.fields["act"] == "no":
            await interaction.response.edit_message(content=_(KEPT_NOTHING_DELETED), view=None)
            return
        await interaction.response.defer()  # an update of this very message, shortly
        served = services(interaction)
        done = await served.repo.forget_member(interaction.user.id, now=served.clock())
        log.info("member data deleted on request", extra={"games": len(done.former_in)})
        catch_up(served, done)
        answer = interaction.edit_original_response(content=forgotten_text(done), view=None)
        await after_stored(interaction, answer, forgotten_text(done))


def catch_up(served: Services, done: Forgotten) -> None:
    """The tables the deletion changed, brought up to date in the background."""
    for record in done.resigned:
        served.desk.committed(record)  # the note is owed; a computer plays the seat on
    for record in done.ended:
        served.background.spawn(served.channels.retire_turn_message(record, record.turn_message_id))
    for record in done.left_lobbies:
        served.background.spawn(_redraw_lobby(served, record))


async def _redraw_lobby(served: Services, left: GameRecord) -> None:
    """The lobby message without the member (best effort: it may be gone)."""
    if left.lobby_message_id is None:
        return
    record = await served.repo.get_game(left.id)
    channel = await served.channels.channel(record)
    if channel is None:
        return
    locale = served.channels.guild_locale(record.guild_id)
    with speaking(await server_language(served.repo, record.guild_id, locale)):  # the table's
        view = lobby_view(record.id) if record.status == "lobby" else None
        content = lobby_text(record)
    try:
        message = channel.get_partial_message(record.lobby_message_id)  # type: ignore[attr-defined]
        await message.edit(content=content, view=view)
    except discord.HTTPException:
        log.info("game %s: lobby message could not be redrawn", record.id)
