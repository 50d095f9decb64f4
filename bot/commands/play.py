"""`/axio hand`, `play`, `hint`, `resign`, `skip` and `end`: a player's turn and leaving a
game. Each hands the move or the change to the desk (or storage) and answers; a move's
post to the table is owed in the same transaction and delivered by the courier.

Discord's three seconds: `play` defers before it stores; a command that asks storage
several things before its first answer asks them all within one deadline
(`repo.within()`, the storage budget), so it answers in time whatever the database does.
What a command stored is told even when its answer is lost (`after_stored`). Hints think in
the computers' process pool (the hard search, or the expert's where the server allows),
once a move: the builder marks the same choice (`table/advice.py`)."""

from __future__ import annotations

import discord
from discord import app_commands

from storage import DATABASE_FAULTS, SeatResignedError, StaleTurnError

from ..i18n import _, number, speaking
from ..screens import outcomes
from ..screens.autocomplete import autocomplete_options, waiting_option
from ..screens.hints import hint_message
from ..screens.moves import MOVE_TEXT_LIMIT, describe, parse_player_move, unstamped
from ..screens.present import end_pings, person_label, seat_name, title
from ..screens.refusals import Refusal, after_commit, after_stored, answered, reply
from ..screens.safe_text import pinging
from ..screens.words import names_text
from ..table.advice import hint_level
from ..table.background import log_event
from ..table.desk import skip_votes_needed
from ..table.language import table_language
from ..table.rights import may_manage
from .checks import channel_game, seat_for
from .services import Services


class PlayCommands:
    services: Services

    @app_commands.command(description="See your tiles (only you) and build your move")
    @answered()
    async def hand(self, interaction: discord.Interaction) -> None:
        record = await channel_game(self.services.repo, interaction, playing=True)
        await self.services.builder.open(interaction, record)

    @app_commands.command(description="Play a move by typing it (suggestions show the points)")
    @answered(change=outcomes.MOVE)
    @app_commands.describe(
        move="AXIO: E5 blue, F5 red, or exchange, keep. Rota: position, turn, colour: O10 90 green"
    )
    async def play(
        self, interaction: discord.Interaction, move: app_commands.Range[str, 1, MOVE_TEXT_LIMIT]
    ) -> None:
        record = await channel_game(self.services.repo, interaction, playing=True)
        seat = seat_for(interaction, record)
        assert record.game is not None
        if seat.resigned:
            raise SeatResignedError(seat.seat)
        made_for, text = unstamped(move)
        if made_for is not None and made_for != record.move_count:
            # a suggestion sent again (a double send, a client's retry): told it counted once
            await self.services.builder.refuse_repeat(interaction, record, made_for, text)
            raise StaleTurnError(record.id, made_for, record.move_count)
        if record.game.to_move != seat.seat:
            mover = seat_name(record.seats[record.game.to_move])
            raise Refusal(
                _("It is {name}'s move, not yours: wait until you are mentioned.", name=mover)
            )
        parsed = parse_player_move(record.game, text)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = record.game
        record, result = await self.services.desk.play(
            record, parsed, seat=seat.seat, expected=record.move_count
        )
        interaction.extras["committed"] = describe(game, parsed)
        answer = self.services.builder.after_move(interaction, record, game, parsed, result)
        await after_commit(interaction, answer, result.move)

    @play.autocomplete("move")
    async def play_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            record = await self.services.repo.game_in_channel(
                interaction.channel_id or 0, interaction.user.id
            )
        except DATABASE_FAULTS:  # no suggestions while the database is not answering
            return []
        if record is None or record.game is None or record.status != "running":
            return []
        seat = record.seat_of(interaction.user.id)
        if seat is None or seat.seat != record.game.to_move:
            # the moves would show the rack: only its owner, on their move; others are told
            # whose move it is, in the one line the menu shows
            label, value = waiting_option(seat_name(record.seats[record.game.to_move]))
            return [app_commands.Choice(name=label, value=value)]
        return [
            app_commands.Choice(name=label, value=value)
            for label, value in autocomplete_options(record.game, current)
        ]

    @app_commands.command(description="Suggestions for your move (only you see them)")
    @answered()
    async def hint(self, interaction: discord.Interaction) -> None:
        with self.services.repo.within():
            record = await channel_game(self.services.repo, interaction, playing=True)
            seat = seat_for(interaction, record)
            settings = await self.services.repo.guild_settings(interaction.guild_id or 0)
        game = record.game
        assert game is not None
        level = hint_level(settings)
        if level is None:
            raise Refusal(_("Hints are turned off on this server (see `/axio settings`)."))
        if game.to_move != seat.seat:
            raise Refusal(_("Hints are for the player to move; ask again on your move."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        hints = await self.services.desk.advice.hints(record, level)
        text, view = hint_message(record, hints)
        await reply(interaction, text, view=view)
        if view.children:  # its buttons come off once the move is made, by any way
            message = await interaction.original_response()
            self.services.private.shown(interaction, message.id, record.id, record.move_count)

    @app_commands.command(description="Resign: a computer plays your seat on and you rank last")
    @answered(change=outcomes.RESIGN)
    async def resign(self, interaction: discord.Interaction) -> None:
        record = await channel_game(self.services.repo, interaction, playing=True)
        await self.services.answers.ask_to_resign(interaction, record)

    @app_commands.command(description="Vote to let a computer make a late player's move")
    @answered(change=outcomes.SKIP_VOTE)
    async def skip(self, interaction: discord.Interaction) -> None:
        repo = self.services.repo
        with repo.within():
            record = await channel_game(repo, interaction, playing=True)
            voter = seat_for(interaction, record)
            late = record.seat_to_move
            if late is None or late.plays_as is not None:
                raise Refusal(_("Computers move by themselves; there is nobody to skip."))
            if voter.seat == late.seat:
                raise Refusal(_("You cannot skip yourself: make your move, or `/axio resign`."))
            settings = await repo.guild_settings(interaction.guild_id or 0)
            now = self.services.clock()
            hours = (now - (record.turn_started_at or now)).total_seconds() / 3600
            if not settings.reminder_hours or hours < settings.reminder_hours:
                hours_set, name, waited = settings.reminder_hours, seat_name(late), number(hours)
                if not hours_set:
                    raise Refusal(
                        _("{name} has had the move for {hours} h; a vote to skip opens never "
                          "(see `/axio settings`).", name=name, hours=waited)
                    )  # fmt: skip
                raise Refusal(
                    _("{name} has had the move for {hours} h; a vote to skip opens after "
                      "{after} h (see `/axio settings`).",
                      name=name, hours=waited, after=number(hours_set))
                )  # fmt: skip
            needed = skip_votes_needed(record)
            votes = await repo.vote_skip(
                record.id, record.move_count, voter.user_id or 0, needed=needed
            )
        with speaking(await table_language(repo, interaction)):  # the table reads these
            if votes < needed:
                said = _(
                    "🗳️ {voter} votes to skip {late} ({votes}/{needed} votes).",
                    voter=seat_name(voter), late=seat_name(late), votes=votes, needed=needed,
                )  # fmt: skip
            else:
                said = _(
                    "🗳️ {votes}/{needed} votes: a computer makes {late}'s move.",
                    votes=votes, needed=needed, late=seat_name(late),
                )  # fmt: skip
                note = _("🗳️ {late} was skipped by vote.", late=seat_name(late))
        if votes >= needed:
            log_event(record, "skipped", seat=late.seat)
            self.services.desk.stand_in(record.id, late.seat, note=note)
        answer = interaction.response.send_message(said)
        await after_stored(interaction, answer, _("Your vote counts. {said}", said=said))

    @app_commands.command(description="End the game here without a result (host or moderators)")
    @answered(change=outcomes.END)
    async def end(self, interaction: discord.Interaction) -> None:
        repo = self.services.repo
        with repo.within():
            record = await channel_game(repo, interaction, running=False)
            if not may_manage(interaction, record):
                raise Refusal(
                    _("Only the host, {host}, or a member who may manage messages can end this "
                      "game. Use `/axio resign` to leave it yourself.", host=f"<@{record.host_id}>")
                )  # fmt: skip
            record = await repo.cancel(record.id, now=self.services.clock())
        log_event(record, "ended")
        self.services.desk.committed(record)  # a tournament's round may close with it
        channels = self.services.channels
        self.services.background.spawn(channels.retire_turn_message(record, record.turn_message_id))
        with speaking(await table_language(repo, interaction)):  # the table reads it
            ended = _(
                "⏹️ {game} game #{number} ({players}) was ended by {member}. It counts for "
                "no one's rating.",
                game=title(record.kind), number=record.id, member=interaction.user.mention,
                players=names_text([person_label(seat) for seat in record.seats]),
            )  # fmt: skip
        answer = interaction.response.send_message(
            ended, allowed_mentions=pinging(end_pings(record))
        )
        done = _("The game was ended; it counts for no one's rating.")
        await after_stored(interaction, answer, done)
