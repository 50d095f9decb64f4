"""`/axio new`, `solo` and `/axio lobby join|leave|start|cancel`: the lobby as commands. The
lobby's buttons and these commands call the same table lobby, so both check the same things
and leave the lobby message saying the same. What each asks storage before its answer is
asked within one deadline (`repo.within()`), so it answers inside Discord's three seconds."""

from __future__ import annotations

import discord
from discord import app_commands

from storage import GameRecord

from ..i18n import _
from ..screens import outcomes
from ..screens.present import title
from ..screens.refusals import Refusal, answered
from .checks import lobby_here
from .options import GAME_CHOICES
from .services import Services


class LobbyCommands:
    services: Services

    @app_commands.command(description="Open a lobby for a new game in this channel")
    @answered(change=outcomes.NEW_GAME)
    @app_commands.describe(
        game="Which game to play",
        seats="How many seats (1–4, default 4)",
        thread="Play in a new thread of its own, named after the game",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        seats: app_commands.Range[int, 1, 4] = 4,
        thread: bool = False,
    ) -> None:
        lobby = self.services.lobby
        with self.services.repo.within():  # the look and the lobby: one deadline
            existing = await self.services.repo.table_game(interaction.channel_id or 0)
            if existing and existing.status == "lobby" and not existing.lobby_message_id:
                # The lobby was stored but its message never was (a crash in between).
                await lobby.repost(interaction, existing)
                return
            if existing is not None and not thread:
                game_name = title(existing.kind)
                if existing.lobby_message_id:
                    raise Refusal(
                        _("This channel already has an {game} game (see {link}). Finish it, "
                          "ask the host to `/axio end` it, or start one in a thread of its own: "
                          "`/axio new thread:True`.", game=game_name, link=jump_url(existing))
                    )  # fmt: skip
                raise Refusal(
                    _("This channel already has an {game} game. Finish it, ask the host to "
                      "`/axio end` it, or start one in a thread of its own: "
                      "`/axio new thread:True`.", game=game_name)
                )  # fmt: skip
            await lobby.open(interaction, game.value, seats, thread=thread)

    @app_commands.command(description="Start a one-player game at once")
    @answered(change=outcomes.NEW_GAME)
    @app_commands.describe(game="Which game to play alone")
    @app_commands.choices(game=GAME_CHOICES)
    async def solo(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        """The game starts at once and is played in the member's own builder; the channel
        is told once, by the table's start post, and again at the end."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.services.lobby.solo(interaction, game.value)
        await self.services.builder.open(interaction, record)

    lobby = app_commands.Group(
        name="lobby",
        description="The lobby's buttons as commands: join, leave, start, cancel",
    )
    """A group of its own: Discord allows 25 commands and groups under `/axio`."""

    @lobby.command(name="join", description="Take a seat in the lobby here")
    @answered(change=outcomes.LOBBY)
    async def join(self, interaction: discord.Interaction) -> None:
        await self._press(interaction, "join")

    @lobby.command(name="leave", description="Give up your seat in the lobby here")
    @answered(change=outcomes.LOBBY)
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._press(interaction, "leave")

    @lobby.command(name="start", description="Start the game in the lobby here (host)")
    @answered(change=outcomes.LOBBY)
    async def start(self, interaction: discord.Interaction) -> None:
        await self._press(interaction, "start")

    @lobby.command(name="cancel", description="Cancel the lobby here (host)")
    @answered(change=outcomes.LOBBY)
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self._press(interaction, "cancel")

    async def _press(self, interaction: discord.Interaction, action: str) -> None:
        """What the lobby's button of the same name does."""
        with self.services.repo.within():  # the look and the press: one deadline
            record = await lobby_here(self.services.repo, interaction)
            await self.services.lobby.press(interaction, record.id, action)


def jump_url(record: GameRecord) -> str:
    """A link to the game's lobby message."""
    return (
        f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/"
        f"{record.lobby_message_id}"
    )
