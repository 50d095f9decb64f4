"""The `/axio` commands about the community rather than one game: leaderboards, stats,
history, replays, server settings and turn notifications."""

from __future__ import annotations

import discord
from discord import app_commands

from ..screens import outcomes
from ..screens.community import (
    history_embed,
    leaderboard_embed,
    replay_file,
    replayable,
    settings_embed,
    solo_embed,
    stats_embed,
)
from ..screens.refusals import Refusal, after_stored, answered
from .options import GAME_CHOICES, OPTION_INTEGER_LIMIT, TIMEOUT_ACTIONS
from .services import Services


class CommunityCommands:
    services: Services

    @app_commands.command(description="The server's best players (or solo high scores)")
    @answered()
    @app_commands.describe(game="Which game", solo="Show solo high scores instead")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction, game: app_commands.Choice[str], solo: bool = False
    ) -> None:
        guild = interaction.guild_id or 0
        if solo:
            embed = solo_embed(
                game.value, await self.services.repo.solo_high_scores(guild, game.value)
            )
        else:
            entries = await self.services.repo.leaderboard(guild, game.value)
            embed = leaderboard_embed(game.value, entries)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(description="A player's record on this server")
    @answered()
    @app_commands.describe(member="Whose stats (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, member: discord.Member | None = None
    ) -> None:
        who = member or interaction.user
        found = await self.services.repo.player_stats(interaction.guild_id or 0, who.id)
        await interaction.response.send_message(embed=stats_embed(who, found))

    @app_commands.command(description="Recent finished games on this server")
    @answered()
    async def history(self, interaction: discord.Interaction) -> None:
        entries = await self.services.repo.recent_history(interaction.guild_id or 0, limit=10)
        await interaction.response.send_message(embed=history_embed(entries))

    @app_commands.command(description="An animated replay of a finished game")
    @answered()
    @app_commands.describe(game="The game number, as /axio history shows it")
    async def replay(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1, OPTION_INTEGER_LIMIT],
    ) -> None:
        record = await replayable(self.services.repo, interaction.guild_id or 0, game)
        await interaction.response.defer(thinking=True)  # checked first: refusals stay private
        file = await replay_file(self.services.repo, record)
        await interaction.followup.send(f"🎞️ Replay of game #{game}", file=file)

    @app_commands.command(description="Show or change this server's reminders and timeouts")
    @answered(change=outcomes.SETTINGS)
    @app_commands.describe(
        reminder_hours="Remind the player to move after this many hours (0: never)",
        timeout_hours="Apply the timeout after this many hours (0: never)",
        timeout_action="What happens at the timeout",
        hints="Allow /axio hint",
    )
    @app_commands.choices(timeout_action=TIMEOUT_ACTIONS)
    async def settings(
        self,
        interaction: discord.Interaction,
        reminder_hours: app_commands.Range[float, 0, 8760] | None = None,
        timeout_hours: app_commands.Range[float, 0, 8760] | None = None,
        timeout_action: app_commands.Choice[str] | None = None,
        hints: bool | None = None,
    ) -> None:
        guild = interaction.guild_id or 0
        changes = (reminder_hours, timeout_hours, timeout_action, hints)
        if all(value is None for value in changes):
            current = await self.services.repo.guild_settings(guild)
            await interaction.response.send_message(embed=settings_embed(current), ephemeral=True)
            return
        permissions = interaction.permissions
        if not (permissions and permissions.manage_guild):
            raise Refusal(
                "Only members who may manage the server can change settings. "
                "Use `/axio settings` with no options to see them."
            )
        new = await self.services.repo.set_guild_settings(
            guild,
            reminder_hours=reminder_hours,
            timeout_hours=timeout_hours,
            timeout_action=timeout_action.value if timeout_action else None,
            hints_enabled=hints,
        )
        answer = interaction.response.send_message("Settings saved.", embed=settings_embed(new))
        await after_stored(interaction, answer, "Settings saved; `/axio settings` shows them.")

    @app_commands.command(description="Get a direct message when a reminder is sent to you")
    @answered(in_dms=True, change=outcomes.NOTIFY)
    @app_commands.describe(enabled="On or off")
    async def notify(self, interaction: discord.Interaction, enabled: bool) -> None:
        await self.services.repo.set_notify(interaction.user.id, enabled)
        state = "will" if enabled else "will no longer"
        done = f"You {state} get a direct message when your move is overdue."
        await after_stored(
            interaction, interaction.response.send_message(done, ephemeral=True), done
        )
