"""Answers a command and a button both give: a close-up, a replay, resigning, the rules.

`/axio board close_up:True` and a turn post's **Close-up**, `/axio replay` and the end
post's **Replay**, `/axio resign` and its confirmation, `/axio rules` and the lobby's
**How to play** each say the same, so each is written once, here. Private answers, except
where the whole table must know (a resignation, told in the table's next post).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import discord

from engine.daily import is_over
from render import render_close_up
from storage import GameRecord, Repository

from ..i18n import _, current, speaking
from ..screens.community import replay_file, replayable
from ..screens.controls import RESIGN, button, view_of
from ..screens.present import seat_name
from ..screens.refusals import Refusal, after_stored
from ..screens.rules import rules_alt, rules_message
from ..screens.summary import Paint, image_file, table_summary
from ..table.background import log_event
from ..table.desk import Desk
from ..table.language import table_language
from .checks import seat_for


class Answers:
    def __init__(
        self, repo: Repository, desk: Desk, clock: Callable[[], datetime], paint: Paint
    ) -> None:
        self.repo = repo
        self.desk = desk
        self.clock = clock
        self.paint = paint

    async def close_up(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """The board around the last move, large, to whoever asked."""
        assert record.game is not None
        if not interaction.response.is_done():  # `/axio board close_up` has deferred
            await interaction.response.defer(ephemeral=True, thinking=True)
        file = image_file(
            await self.paint(render_close_up, record.game),
            "close-up.png",
            _(
                "A close-up of the board around the last move, with its column letters and "
                "row numbers. {summary}",
                summary=table_summary(record),
            ),
        )
        await interaction.followup.send(
            _("🔍 The board around the last move."), file=file, ephemeral=True
        )

    async def replay(
        self, interaction: discord.Interaction, game_id: int, *, public: bool = False
    ) -> None:
        """The animated replay of a finished game (checked before the defer, so a refusal
        stays private). A daily challenge's game while its day lasts: its moves would spoil
        the deal, so only its player sees its replay, privately; once the day is over it is
        a replay like any other."""
        record = await replayable(self.repo, interaction.guild_id or 0, game_id)
        attempt = await self.repo.daily_attempt_of_game(record.id)
        if attempt is not None and not is_over(attempt.day, self.clock()):
            if attempt.user_id != interaction.user.id:
                raise Refusal(
                    _(
                        "Game #{game} is a daily challenge of today: its moves stay hidden "
                        "until the day turns at 00:00 UTC. `/axio daily results` shows the "
                        "scores.",
                        game=game_id,
                    )
                )
            public = False
        await interaction.response.defer(ephemeral=not public, thinking=True)
        language = await table_language(self.repo, interaction) if public else current()
        with speaking(language):  # a public replay is the table's
            file = await replay_file(self.repo, record, self.paint)
            said = _("🎞️ Replay of game #{game}", game=game_id)
        await interaction.followup.send(said, file=file, ephemeral=not public)

    async def ask_to_resign(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """`/axio resign` asks first: resigning cannot be undone."""
        seat = seat_for(interaction, record)
        if seat.resigned:
            raise Refusal(_("You have already resigned from this game."))
        view = view_of(
            button(RESIGN, record.id, "yes", label=_("Resign"), emoji="🏳️",
                   style=discord.ButtonStyle.danger),
            button(RESIGN, record.id, "no", label=_("Keep playing")),
        )  # fmt: skip
        await interaction.response.send_message(
            _(
                "Resign from this game? A computer plays your seat to the end and you rank "
                "last. This cannot be undone."
            ),
            view=view,
            ephemeral=True,
        )

    async def resign(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Resign (the confirmation's **Resign**): the table is told in its next post."""
        seat = seat_for(interaction, record)
        if seat.resigned:
            raise Refusal(_("You have already resigned from this game."))
        with speaking(await table_language(self.repo, interaction)):  # the table's note
            note = _(
                "🏳️ **{name}** resigned: a computer plays their seat on, and they rank last.",
                name=seat_name(seat),
            )
        record = await self.repo.resign(record.id, seat.seat, now=self.clock(), note=note)
        log_event(record, "resigned", seat=seat.seat)
        self.desk.committed(record)
        done = _(
            "🏳️ You resigned. A computer plays your seat on; the table is told with the next move."
        )
        await after_stored(
            interaction, interaction.response.edit_message(content=done, view=None), done
        )

    async def rules(self, interaction: discord.Interaction, kind: str) -> None:
        text, png = await rules_message(kind, self.paint)
        await interaction.response.send_message(
            text, file=image_file(png, "rules.png", rules_alt(kind)), ephemeral=True
        )
