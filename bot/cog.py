"""`/axio …`: every slash command, each a few lines handing over to the lobby, the move
builder, the desk or the community features. Each is `@answered`: its refusals are answered
ephemerally inside it, and only bugs reach the tree's one handler. The group is
server-only (see `errors.SERVER_ONLY` for why)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from engine.ai import hint as suggest_moves
from render import render_scoreboard
from storage import GameRecord, StaleTurnError

from .builder import played_text
from .cog_community import CommunityCommands
from .desk import skip_votes_needed
from .errors import NO_GAME_HERE, Refusal, after_commit, answered, reply
from .hints import hint_message
from .lobby import may_manage
from .moves import (
    MOVE_TEXT_LIMIT,
    autocomplete_options,
    describe,
    parse_player_move,
    unstamped,
)
from .present import move_log_text, seat_name, seat_names, title
from .rules import rules_alt, rules_message
from .summary import image_file, scores_summary, table_summary
from .turn_post import table_file

if TYPE_CHECKING:
    from .app import AxioBot

GAME_CHOICES = [
    app_commands.Choice(name="AXIO", value="axio"),
    app_commands.Choice(name="AXIO Rota", value="rota"),
]


@app_commands.guild_only()
class AxioCog(
    CommunityCommands,
    commands.GroupCog,
    group_name="axio",
    group_description="Play AXIO and AXIO Rota",
):
    def __init__(self, bot: AxioBot) -> None:
        self.bot = bot
        super().__init__()

    # --- finding the channel's game ---------------------------------------------------------
    async def channel_game(
        self, interaction: discord.Interaction, *, running: bool = True
    ) -> GameRecord:
        record = await self.bot.repo.game_in_channel(interaction.channel_id or 0)
        if record is None:
            raise Refusal(NO_GAME_HERE)
        if running and record.status != "running":
            raise Refusal("The game here has not started yet: the host presses **Start**.")
        return record

    async def lobby_here(self, interaction: discord.Interaction) -> GameRecord:
        record = await self.channel_game(interaction, running=False)
        if record.status != "lobby":
            raise Refusal("The game here has already started; join the next one.")
        return record

    # --- the lobby --------------------------------------------------------------------------
    @app_commands.command(description="Open a lobby for a new game in this channel")
    @answered()
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
        existing = await self.bot.repo.game_in_channel(interaction.channel_id or 0)
        if existing is not None and existing.status == "lobby" and not existing.lobby_message_id:
            # The lobby was stored but its message never was (a crash in between).
            await self.bot.lobby.repost(interaction, existing)
            return
        if existing is not None and not thread:
            where = f" (see {self._jump(existing)})" if existing.lobby_message_id else ""
            raise Refusal(
                f"This channel already has an {title(existing.kind)} game{where}. Finish it, "
                "ask the host to `/axio end` it, or start one in a thread of its own: "
                "`/axio new thread:True`."
            )
        await self.bot.lobby.open(interaction, game.value, seats, thread=thread)

    @app_commands.command(description="Start a one-player game at once")
    @answered()
    @app_commands.describe(game="Which game to play alone")
    @app_commands.choices(game=GAME_CHOICES)
    async def solo(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await self.bot.lobby.solo(interaction, game.value)

    @app_commands.command(description="Take a seat in the lobby here")
    @answered()
    async def join(self, interaction: discord.Interaction) -> None:
        await self.bot.lobby.press(interaction, (await self.lobby_here(interaction)).id, "join")

    @app_commands.command(description="Give up your seat in the lobby here")
    @answered()
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.lobby.press(interaction, (await self.lobby_here(interaction)).id, "leave")

    @app_commands.command(description="Start the game in the lobby here (host)")
    @answered()
    async def start(self, interaction: discord.Interaction) -> None:
        await self.bot.lobby.press(interaction, (await self.lobby_here(interaction)).id, "start")

    @app_commands.command(description="Cancel the lobby here (host)")
    @answered()
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.bot.lobby.press(interaction, (await self.lobby_here(interaction)).id, "cancel")

    # --- playing ----------------------------------------------------------------------------
    @app_commands.command(description="See your tiles (only you) and build your move")
    @answered()
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.bot.builder.open(interaction, await self.channel_game(interaction))

    @app_commands.command(description="Play a move by typing it (suggestions show the points)")
    @answered()
    @app_commands.describe(
        move="AXIO: E5:b F5:r, exchange or keep. Rota: position name, turn, colour: O10 90 g"
    )
    async def play(
        self, interaction: discord.Interaction, move: app_commands.Range[str, 1, MOVE_TEXT_LIMIT]
    ) -> None:
        record = await self.channel_game(interaction)
        seat = self.bot.builder.seat_for(interaction, record)
        assert record.game is not None
        if record.game.to_move != seat.seat:
            mover = seat_name(record.seats[record.game.to_move])
            raise Refusal(f"It is {mover}'s move, not yours: wait until you are mentioned.")
        made_for, text = unstamped(move)
        if made_for is not None and made_for != record.move_count:
            raise StaleTurnError(record.id, made_for, record.move_count)
        parsed = parse_player_move(record.game, text)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = record.game
        record, result = await self.bot.desk.play(
            record, parsed, seat=seat.seat, expected=record.move_count
        )
        interaction.extras["committed"] = describe(game, parsed)
        answer = reply(interaction, played_text(game, parsed, result.points))
        await after_commit(interaction, answer, result.move)

    @play.autocomplete("move")
    async def play_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        record = await self.bot.repo.game_in_channel(interaction.channel_id or 0)
        if record is None or record.game is None or record.status != "running":
            return []
        seat = record.seat_of(interaction.user.id)
        if seat is None or seat.seat != record.game.to_move:
            return []  # the moves would show the rack: only its owner, on their move
        return [
            app_commands.Choice(name=label, value=value)
            for label, value in autocomplete_options(record.game, current)
        ]

    @app_commands.command(description="Suggestions for your move (only you see them)")
    @answered()
    async def hint(self, interaction: discord.Interaction) -> None:
        record = await self.channel_game(interaction)
        seat = self.bot.builder.seat_for(interaction, record)
        game = record.game
        assert game is not None
        settings = await self.bot.repo.guild_settings(interaction.guild_id or 0)
        if not settings.hints_enabled:
            raise Refusal("Hints are turned off on this server (see `/axio settings`).")
        if game.to_move != seat.seat:
            raise Refusal("Hints are for the player to move; ask again on your move.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        hints = suggest_moves(game.copy(), seed=record.move_count, budget_s=0.3, count=3)
        text, view = hint_message(record, hints)
        await reply(interaction, text, view=view)

    # --- looking at the game ----------------------------------------------------------------
    @app_commands.command(description="The current board and scores (only you)")
    @answered()
    async def board(self, interaction: discord.Interaction) -> None:
        record = await self.channel_game(interaction)
        await interaction.response.send_message(
            table_summary(record), file=table_file(record), ephemeral=True
        )

    @app_commands.command(description="The scoreboards (only you)")
    @answered()
    async def scores(self, interaction: discord.Interaction) -> None:
        record = await self.channel_game(interaction)
        assert record.game is not None
        png = render_scoreboard(record.game, seat_names(record))
        words = scores_summary(record)
        await interaction.response.send_message(
            f"{table_summary(record)}\n{words}",
            file=image_file(png, "scores.png", f"The scoreboards. {words}"),
            ephemeral=True,
        )

    @app_commands.command(description="The moves of the game here, in order")
    @answered()
    async def log(self, interaction: discord.Interaction) -> None:
        record = await self.channel_game(interaction)
        await reply(interaction, move_log_text(record))

    @app_commands.command(description="How to play (a short illustrated summary)")
    @answered(in_dms=True)
    @app_commands.describe(game="Which game's rules")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        text, png = rules_message(game.value)
        await interaction.response.send_message(
            text, file=image_file(png, "rules.png", rules_alt(game.value)), ephemeral=True
        )

    # --- leaving ----------------------------------------------------------------------------
    @app_commands.command(description="Resign: a computer plays your seat on and you rank last")
    @answered()
    async def resign(self, interaction: discord.Interaction) -> None:
        record = await self.channel_game(interaction)
        seat = self.bot.builder.seat_for(interaction, record)
        if seat.resigned:
            raise Refusal("You have already resigned from this game.")
        record = await self.bot.repo.resign(record.id, seat.seat, now=discord.utils.utcnow())
        await interaction.response.send_message(
            f"🏳️ {seat_name(seat)} resigned; a computer plays their seat on and they rank last."
        )
        self.bot.log_event(record, "resigned", seat=seat.seat)
        self.bot.desk.committed(record)

    @app_commands.command(description="Vote to let a computer make a late player's move")
    @answered()
    async def skip(self, interaction: discord.Interaction) -> None:
        record = await self.channel_game(interaction)
        voter = self.bot.builder.seat_for(interaction, record)
        late = record.seat_to_move
        if late is None or late.plays_as is not None:
            raise Refusal("Computers move by themselves; there is nobody to skip.")
        if voter.seat == late.seat:
            raise Refusal("You cannot skip yourself: make your move, or `/axio resign`.")
        settings = await self.bot.repo.guild_settings(interaction.guild_id or 0)
        waited = discord.utils.utcnow() - (record.turn_started_at or discord.utils.utcnow())
        hours = waited.total_seconds() / 3600
        if not settings.reminder_hours or hours < settings.reminder_hours:
            opens = f"after {settings.reminder_hours:g} h" if settings.reminder_hours else "never"
            raise Refusal(
                f"{seat_name(late)} has had the move for {hours:.1f} h; a vote to skip opens "
                f"{opens} (see `/axio settings`)."
            )
        needed = skip_votes_needed(record)
        votes = await self.bot.repo.vote_skip(
            record.id, record.move_count, voter.user_id or 0, needed=needed
        )
        if votes < needed:
            await interaction.response.send_message(
                f"🗳️ {seat_name(voter)} votes to skip {seat_name(late)} ({votes}/{needed} votes)."
            )
            return
        await interaction.response.send_message(
            f"🗳️ {votes}/{needed} votes: a computer makes {seat_name(late)}'s move."
        )
        self.bot.log_event(record, "skipped", seat=late.seat)
        self.bot.desk.stand_in(
            record.id, late.seat, note=f"🗳️ {seat_name(late)} was skipped by vote."
        )

    @app_commands.command(description="End the game here without a result (host or moderators)")
    @answered()
    async def end(self, interaction: discord.Interaction) -> None:
        record = await self.channel_game(interaction, running=False)
        if not may_manage(interaction, record):
            raise Refusal(
                f"Only the host, <@{record.host_id}>, or a member who may manage messages can "
                "end this game. Use `/axio resign` to leave it yourself."
            )
        record = await self.bot.repo.cancel(record.id, now=discord.utils.utcnow())
        await interaction.response.send_message(
            f"⏹️ The {title(record.kind)} game was ended by {interaction.user.mention}. "
            "It counts for no one's rating."
        )
        self.bot.log_event(record, "ended")
        self.bot.spawn(self.bot.desk.retire_turn_message(record, record.turn_message_id))

    @staticmethod
    def _jump(record: GameRecord) -> str:
        return (
            f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/"
            f"{record.lobby_message_id}"
        )
