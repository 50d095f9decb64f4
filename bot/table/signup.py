"""A tournament's sign-up: the public message with **Join** and **Leave**, and the
`/axio tournament join|leave` commands, which call the same methods here, so both check
the same things and leave the sign-up message saying the same.

The member is always told, privately, what was stored ("You joined …, 5 players so far"),
even when Discord loses the first answer (`after_stored`); the sign-up message is brought
up to date beside it (best effort: a message that cannot be edited changes nothing that
was stored). What a press asks storage before answering shares one deadline.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import discord

from storage import Repository, Tournament

from ..i18n import _, ngettext, speaking
from ..screens.controls import signup_view
from ..screens.refusals import Refusal, after_stored, stored
from ..screens.tournament import heading, signup_text
from .channels import Channels
from .language import server_language


def signup_message(t: Tournament) -> dict[str, object]:
    """The sign-up message as it should read now (buttons only while signing up)."""
    return {"content": signup_text(t), "view": signup_view(t.id) if t.status == "signup" else None}


async def update_signup_message(channels: Channels, t: Tournament) -> None:
    """Bring the sign-up message up to date (after a start, an end, a join by command)."""
    await channels.edit_message(t.channel_id, t.signup_message_id, **signup_message(t))


class Signup:
    def __init__(
        self,
        repo: Repository,
        channels: Channels,
        *,
        clock: Callable[[], datetime] = discord.utils.utcnow,
    ) -> None:
        self.repo = repo
        self.channels = channels
        self.clock = clock

    async def press(
        self, interaction: discord.Interaction, tournament_id: int, action: str
    ) -> None:
        """**Join** or **Leave**, from the button or the command."""
        with self.repo.within():
            t = await self.repo.tournament(tournament_id)
            if t.guild_id != interaction.guild_id:
                raise Refusal(_("That tournament belongs to another server."))
            if t.status != "signup":
                raise Refusal(
                    _("Sign-up for {tournament} is closed. `/axio tournament standings` shows "
                      "how it stands; `/axio tournament withdraw` leaves one that has started.",
                      tournament=heading(t))
                )  # fmt: skip
            user = interaction.user
            if action == "join":
                now = self.clock()
                t = await self.repo.join_tournament(t.id, user.id, user.display_name, now=now)
                note = ngettext(
                    "You joined {tournament}: {count} player so far.",
                    "You joined {tournament}: {count} players so far.",
                    len(t.players), tournament=heading(t),
                )  # fmt: skip
                if t.starts_at:
                    note += " " + _(
                        "It starts {when}.", when=discord.utils.format_dt(t.starts_at, "R")
                    )
            else:
                t = await self.repo.leave_tournament(t.id, user.id)
                note = _("You left {tournament}.", tournament=heading(t))
        stored(interaction, note)
        await self.refresh(interaction, t, note)

    async def refresh(self, interaction: discord.Interaction, t: Tournament, note: str) -> None:
        """Tell the member what was stored, and bring the sign-up message up to date."""
        message = interaction.message
        language = await server_language(self.repo, t.guild_id, interaction.guild_locale)
        with speaking(language):  # the sign-up message is the table's
            card = signup_message(t)
        if message is not None and message.id == t.signup_message_id:
            answer = interaction.response.edit_message(**card)  # type: ignore[arg-type]
            if await after_stored(interaction, answer, note):
                await interaction.followup.send(note, ephemeral=True)
                return
        else:
            answer = interaction.response.send_message(note, ephemeral=True)
            await after_stored(interaction, answer, note)
        await self.channels.edit_message(t.channel_id, t.signup_message_id, **card)
