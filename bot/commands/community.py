"""The `/axio` commands about the community rather than one game: leaderboards (all time
or one month's season), stats, history, replays, server settings (the daily post's
channel among them) and turn notifications.

Decisions where the issue is silent: the leaderboard stays all time unless a season is
asked for (its autocomplete offers this month first, then the months played here); a
daily challenge's game is replayed only to its player while its day lasts."""

from __future__ import annotations

from datetime import datetime

import discord
from discord import app_commands

from engine.common import excerpt
from engine.seasons import parse_season, season_of

from ..i18n import _, speaking, use
from ..screens import outcomes
from ..screens.community import (
    history_embed,
    month_words,
    settings_embed,
    solo_embed,
    stats_embed,
)
from ..screens.leaderboard import FETCHED, leaderboard_message
from ..screens.links import NO_WEB_PAGES, links_view, web_page_line, web_page_note
from ..screens.refusals import Refusal, after_stored, answered
from ..screens.safe_text import escaped
from ..table.language import chosen_language, table_language
from .options import (
    GAME_CHOICES,
    LANGUAGE_CHOICES,
    LEVEL_CHOICES,
    ON_OFF,
    OPTION_INTEGER_LIMIT,
    SERVER_LANGUAGE,
    TIMEOUT_ACTIONS,
)
from .review import finished_game_choices
from .services import Services


class CommunityCommands:
    services: Services

    @app_commands.command(description="The server's best players (or solo high scores)")
    @answered()
    @app_commands.describe(
        game="Which game",
        solo="Show solo high scores instead",
        season="A month's own table: this month, or one played before (default: all time)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        solo: bool = False,
        season: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        guild = interaction.guild_id or 0
        month = chosen_season(season, self.services.clock())
        if solo and month is not None:
            raise Refusal(
                _(
                    "Solo high scores are kept for all time; seasons rank rated games. Leave "
                    "out `season`, or `solo`."
                )
            )
        repo = self.services.repo
        if solo:
            scores = await repo.solo_high_scores(guild, game.value)
            with speaking(await table_language(repo, interaction)):  # posted for all
                embed = solo_embed(game.value, scores)
            await interaction.response.send_message(embed=embed)
            return
        entries = await repo.leaderboard(
            guild, game.value, FETCHED, include_computers=True, season=month
        )
        await interaction.response.defer(thinking=True)  # the picture is drawn in a worker
        with speaking(await table_language(repo, interaction)):  # posted for all
            words, file = await leaderboard_message(game.value, entries, month, self.services.paint)
        extra = {"file": file} if file is not None else {}
        await interaction.followup.send(words, **extra)

    @leaderboard.autocomplete("season")
    async def season_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """This month first, then the months played here (newest first), then all time."""
        kind = getattr(interaction.namespace, "game", None) or "axio"
        this = season_of(self.services.clock())
        played = await self.services.repo.seasons(interaction.guild_id or 0, str(kind))
        this_month = _("{season} (this month)", season=month_words(this))
        choices = [app_commands.Choice(name=this_month, value=str(this))]
        choices += [
            app_commands.Choice(name=month_words(s), value=str(s)) for s in played if s != this
        ]
        choices.append(app_commands.Choice(name=_("All time"), value=ALL_TIME))
        typed = current.strip().lower()
        return [c for c in choices if typed in c.name.lower() or typed == c.value][:25]

    @app_commands.command(description="A player's record on this server")
    @answered()
    @app_commands.describe(member="Whose stats (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, member: discord.Member | None = None
    ) -> None:
        who = member or interaction.user
        found = await self.services.repo.player_stats(interaction.guild_id or 0, who.id)
        with speaking(await table_language(self.services.repo, interaction)):  # posted for all
            embed = stats_embed(who, found)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(description="Recent finished games on this server")
    @answered()
    async def history(self, interaction: discord.Interaction) -> None:
        guild = interaction.guild_id or 0
        entries = await self.services.repo.recent_history(guild, limit=10)
        pages = await self.services.links.games(guild, [entry.game_id for entry in entries])
        with speaking(await table_language(self.services.repo, interaction)):  # posted for all
            embed, view = history_embed(entries), links_view(pages)
        await interaction.response.send_message(embed=embed, **({"view": view} if view else {}))

    @app_commands.command(description="An animated replay of a finished game")
    @answered()
    @app_commands.describe(game="The game: pick one of this server's, or type its number")
    async def replay(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1, OPTION_INTEGER_LIMIT],
    ) -> None:
        await self.services.answers.replay(interaction, game, public=True)

    @replay.autocomplete("game")
    async def replay_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """This server's finished games, newest first, as `/axio history` lists them."""
        return await finished_game_choices(self.services, interaction, current, own=False)

    @app_commands.command(
        description="Show or change this server's reminders, timeouts, computers and language"
    )
    @answered(change=outcomes.SETTINGS)
    @app_commands.describe(
        reminder_hours="Remind the player to move after this many hours (0: never)",
        timeout_hours="Apply the timeout after this many hours (0: never)",
        timeout_action="What happens at the timeout",
        hints="Allow /axio hint",
        daily_channel="Post the daily challenge here each day after 00:00 UTC",
        daily_post="Turn the daily post off (False), or on again in daily_channel",
        language="The language of the table's posts on this server",
        stand_in="The computer that plays for a late, skipped or resigned player",
        expert_hints="Hints from the expert (slower, stronger) instead of the hard computer",
        expert_seconds="How long the expert thinks a move, 0.2 to 2 seconds",
        web_page="This server's web page and its games' pages (with PUBLIC_URL)",
    )
    @app_commands.choices(
        timeout_action=TIMEOUT_ACTIONS,
        language=LANGUAGE_CHOICES,
        stand_in=LEVEL_CHOICES,
        web_page=ON_OFF,
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        reminder_hours: app_commands.Range[float, 0, 8760] | None = None,
        timeout_hours: app_commands.Range[float, 0, 8760] | None = None,
        timeout_action: app_commands.Choice[str] | None = None,
        hints: bool | None = None,
        daily_channel: discord.TextChannel | None = None,
        daily_post: bool | None = None,
        language: app_commands.Choice[str] | None = None,
        stand_in: app_commands.Choice[str] | None = None,
        expert_hints: bool | None = None,
        expert_seconds: app_commands.Range[float, 0.2, 2.0] | None = None,
        web_page: app_commands.Choice[str] | None = None,
    ) -> None:
        guild = interaction.guild_id or 0
        changes = (
            reminder_hours, timeout_hours, timeout_action, hints, daily_channel, daily_post,
            language, stand_in, expert_hints, expert_seconds, web_page,
        )  # fmt: skip
        if all(value is None for value in changes):
            current = await self.services.repo.guild_settings(guild)
            embed = settings_embed(current, chosen_language(current, interaction.guild_locale))
            await self.web_page_field(embed, guild)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        permissions = interaction.permissions
        if not (permissions and permissions.manage_guild):
            raise Refusal(
                _(
                    "Only members who may manage the server can change settings. "
                    "Use `/axio settings` with no options to see them."
                )
            )
        if daily_post and daily_channel is None:
            raise Refusal(_("Name the channel for the daily post with `daily_channel`."))
        if daily_channel is not None and daily_post is not False:
            check_can_post(interaction, daily_channel)
        if web_page is not None and not self.services.links.public_url:
            raise Refusal(NO_WEB_PAGES)
        repo = self.services.repo
        new = await repo.set_guild_settings(
            guild,
            reminder_hours=reminder_hours,
            timeout_hours=timeout_hours,
            timeout_action=timeout_action.value if timeout_action else None,
            hints_enabled=hints,
            language=language and ("" if language.value == SERVER_LANGUAGE else language.value),
            stand_in_level=stand_in.value if stand_in else None,
            expert_hints=expert_hints,
            expert_budget_s=expert_seconds,
        )
        use(chosen_language(new, interaction.guild_locale))  # a public answer: the table's
        note = _("Settings saved.")
        if daily_post is False:
            new = await repo.set_daily_channel(guild, None)
            note += " " + _("No more daily posts.")
        elif daily_channel is not None:
            new = await repo.set_daily_channel(guild, daily_channel.id)
            note += " " + _(
                "The daily challenge will be posted in {channel}: today's at the bot's next "
                "check (within minutes), then each day after 00:00 UTC.",
                channel=daily_channel.mention,
            )
        if web_page is not None:
            turned = await repo.set_web_page(guild, web_page.value == "on")
            note += " " + web_page_note(turned.server_page, await self.services.links.server(guild))
        embed = settings_embed(new, chosen_language(new, interaction.guild_locale))
        await self.web_page_field(embed, guild)
        answer = interaction.response.send_message(note, embed=embed)
        done = _("{note} `/axio settings` shows them.", note=note)
        await after_stored(interaction, answer, done)

    async def web_page_field(self, embed: discord.Embed, guild: int) -> None:
        """The settings' line for the web pages (only where the bot serves any)."""
        if self.services.links.public_url:
            page = await self.services.repo.web_page(guild)
            web_page_line(
                embed, page.server_page, page.game_pages, await self.services.links.server(guild)
            )

    @app_commands.command(description="Get a direct message when a reminder is sent to you")
    @answered(in_dms=True, change=outcomes.NOTIFY)
    @app_commands.describe(enabled="On or off")
    async def notify(self, interaction: discord.Interaction, enabled: bool) -> None:
        await self.services.repo.set_notify(interaction.user.id, enabled)
        if enabled:
            done = _("You will get a direct message when your move is overdue.")
        else:
            done = _("You will no longer get a direct message when your move is overdue.")
        await after_stored(
            interaction, interaction.response.send_message(done, ephemeral=True), done
        )


ALL_TIME = "all"


def chosen_season(text: str | None, now: datetime) -> int | None:
    """The season a member chose (None: all time); a refusal for what is not one."""
    if text is None or text.strip().lower() in (ALL_TIME, "all time"):
        return None
    if text.strip().lower() in ("this month", "current"):
        return season_of(now)
    try:
        return parse_season(text)
    except ValueError as error:
        raise Refusal(
            _(
                "'{text}' is not a season: write a month like 2026-03, or choose one of the "
                "seasons offered.",
                text=escaped(excerpt(text)),
            )
        ) from error


def check_can_post(interaction: discord.Interaction, channel: discord.TextChannel) -> None:
    """Refuse a daily channel the bot may not post in (when Discord says who the bot is)."""
    me = interaction.guild.me if interaction.guild else None
    if me is not None and not channel.permissions_for(me).send_messages:
        raise Refusal(
            _(
                "I may not send messages in {channel}: let me post there, or choose another "
                "channel.",
                channel=channel.mention,
            )
        )
