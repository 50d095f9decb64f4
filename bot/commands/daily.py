"""`/axio daily play` and `/axio daily results`: the daily challenge.

One deal a day for everyone on every server (AXIO solo, AXIO Rota solo), played in the
member's own ephemeral message (`daily_flow.py`); the day turns at 00:00 UTC.

Decisions where the issue is silent:
- A group with two subcommands rather than one command with a mode: `play` is what
  members use daily, `results` answers "how did the server do", and each has only the
  options it needs.
- `results` is public (scores are no spoiler) and defers first (it reads the day's table
  and, once the day is over, draws its best game).
"""

from __future__ import annotations

import discord
from discord import app_commands

from engine.daily import is_over

from ..i18n import _, speaking
from ..screens import outcomes
from ..screens.daily import BOARD_FILENAME, best_game_file, daily_title, results_embed
from ..screens.refusals import Refusal, answered
from ..table.language import table_language
from .options import GAME_CHOICES
from .services import Services

DAY_LIMIT = 100_000
"""Far beyond any day the bot will see (274 years of days)."""


class DailyCommands:
    services: Services

    daily = app_commands.Group(
        name="daily", description="The daily challenge: one deal a day, the same for everyone"
    )

    @daily.command(name="play", description="Play today's deal (only you see it) or resume it")
    @answered(change=outcomes.DAILY)
    @app_commands.describe(
        game="Which game's daily deal",
        again="After your counted game: play the same deal again for practice",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def daily_play(
        self, interaction: discord.Interaction, game: app_commands.Choice[str], again: bool = False
    ) -> None:
        await self.services.daily.start(interaction, game.value, again=again)

    @daily.command(name="results", description="A day's table on this server")
    @answered()
    @app_commands.describe(game="Which game", day="The challenge number (default: today's)")
    @app_commands.choices(game=GAME_CHOICES)
    async def daily_results(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        day: app_commands.Range[int, 1, DAY_LIMIT] | None = None,
    ) -> None:
        repo, now = self.services.repo, self.services.clock()
        today = repo.today(now)
        if today < 1:
            raise Refusal(_("The daily challenge has not begun yet."))
        day = today if day is None else day
        if day > today:
            raise Refusal(
                _("{title} has not begun: today's is #{today}. The day turns at 00:00 UTC.",
                  title=daily_title(game.value, day), today=today)
            )  # fmt: skip
        await interaction.response.defer(thinking=True)
        guild = interaction.guild_id or 0
        entries = await repo.daily_table(day, game.value, guild)
        everyone = await repo.daily_players(day, game.value)
        over = is_over(day, now)
        best = await repo.get_game(entries[0].game_id) if over and entries else None
        with speaking(await table_language(repo, interaction)):  # public: the table's
            embed = results_embed(game.value, day, entries, everyone, over=over, now=now)
            files = []
            if best is not None:
                files.append(await best_game_file(best, entries[0], day, self.services.paint))
        if files:
            embed.set_image(url=f"attachment://{BOARD_FILENAME}")
        await interaction.followup.send(embed=embed, files=files)
