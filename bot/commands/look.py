"""`/axio board`, `scores`, `log`, `rules` and `help`: looking at the game (or the rules,
or the commands), each answered only to the member who asked.

`board` and `scores` read the game and draw a picture, so they defer first (privately, as
their answer and any refusal are private): Discord's three seconds never wait on the
database or the drawing."""

from __future__ import annotations

import discord
from discord import app_commands

from render import render_scoreboard

from ..i18n import _
from ..screens.present import move_log_text, seat_names
from ..screens.refusals import answered, reply
from ..screens.rules import HELP
from ..screens.summary import image_file, scores_summary, table_summary
from ..screens.turn_post import table_file
from ..screens.words import picture_words
from .checks import channel_game
from .options import GAME_CHOICES
from .services import Services


class LookCommands:
    services: Services

    @app_commands.command(description="The current board and scores (only you)")
    @answered()
    @app_commands.describe(close_up="Only the part around the last move, drawn large")
    async def board(self, interaction: discord.Interaction, close_up: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await channel_game(self.services.repo, interaction)
        if close_up:
            await self.services.answers.close_up(interaction, record)
            return
        file = await table_file(record, self.services.paint)
        await reply(interaction, table_summary(record), file=file)

    @app_commands.command(description="The scoreboards (only you)")
    @answered()
    async def scores(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await channel_game(self.services.repo, interaction)
        assert record.game is not None
        png = await self.services.paint(
            render_scoreboard, record.game, seat_names(record), picture_words()
        )
        words = scores_summary(record)
        await reply(
            interaction,
            f"{table_summary(record)}\n{words}",
            file=image_file(png, "scores.png", _("The scoreboards. {scores}", scores=words)),
        )

    @app_commands.command(description="The moves of the game here, in order")
    @answered()
    async def log(self, interaction: discord.Interaction) -> None:
        record = await channel_game(self.services.repo, interaction)
        await reply(interaction, move_log_text(record))

    @app_commands.command(description="How to play (a short illustrated summary)")
    @answered(in_dms=True)
    @app_commands.describe(game="Which game's rules")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await self.services.answers.rules(interaction, game.value)

    @app_commands.command(description="The commands, and how a game goes")
    @answered(in_dms=True)
    async def help(self, interaction: discord.Interaction) -> None:
        await reply(interaction, _(HELP))
