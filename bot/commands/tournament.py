"""`/axio tournament new|join|leave|start|withdraw|end|standings`: tournaments over days.

The host opens one in a text channel with its settings; a public sign-up message carries
**Join** and **Leave**. It starts when the host (or a server manager) says so, or at its
start time (the scheduler). Each round's tables are paired in storage and opened by the
channel-post delivery loop (`table/notices.py`), one thread per table; the games run on
the ordinary machinery and the next round is paired by the move that ends the last table.

Decisions where the issue is silent:
- The host joins at once unless `join:False` (most hosts play in their own tournament).
- A Swiss has 4 rounds unless the host says otherwise; days per move default to 3 (the
  bot's usual 72 h timeout) and a timeout makes a computer move.
- Starting early is for the host or a member who may manage the server (a host may be
  away at the start time); ending likewise. Withdrawing is for oneself.
- Without `tournament:` a command means the newest tournament of this channel that fits
  (open for sign-up to join, yours to withdraw from, …), else of the server.
"""

from __future__ import annotations

import logging
import random

import discord
from discord import app_commands

from storage import DATABASE_FAULTS, Tournament

from ..i18n import _, ngettext, speaking, translate_in
from ..screens import outcomes
from ..screens.controls import view_of
from ..screens.links import server_page_button
from ..screens.present import end_pings, person_label, title
from ..screens.refusals import Refusal, after_stored, answered, stored
from ..screens.tournament import (
    ENDED_BY,
    FORMAT_WORDS,
    choice_label,
    heading,
    parse_start,
    standings_message,
    standings_subtitle,
)
from ..screens.words import names_text
from ..table.language import table_language
from ..table.signup import signup_message
from .options import GAME_CHOICES, OPTION_INTEGER_LIMIT
from .services import Services

FORMATS = [
    app_commands.Choice(name="Swiss (players of equal points meet)", value="swiss"),
    app_commands.Choice(name="round robin (everyone meets everyone)", value="round_robin"),
]
TIMEOUTS = [
    app_commands.Choice(name="a computer moves for the player", value="computer"),
    app_commands.Choice(name="the player forfeits the game", value="forfeit"),
]
DEFAULT_SWISS_ROUNDS = 4
log = logging.getLogger(__name__)
_seeds = random.SystemRandom()
TournamentId = app_commands.Range[int, 1, OPTION_INTEGER_LIMIT]


def may_run(interaction: discord.Interaction, t: Tournament) -> bool:
    """The host, or a member who may manage the server."""
    permissions = interaction.permissions
    return interaction.user.id == t.host_id or bool(permissions and permissions.manage_guild)


class TournamentCommands:
    services: Services

    tournament = app_commands.Group(
        name="tournament", description="Tournaments: Swiss or round robin, a move a day or so"
    )

    @tournament.command(name="new", description="Open a tournament for sign-up in this channel")
    @answered(change=outcomes.TOURNAMENT)
    @app_commands.describe(
        game="Which game",
        format="Swiss (a set number of rounds) or round robin",
        table_size="Players per table (2–4)",
        rounds="Swiss: how many rounds (default 4)",
        days_per_move="Days a player has for each move (0.25–30, default 3)",
        timeout="What happens when a player runs out of time",
        start="Start by itself: 2026-12-01 18:00 UTC, or in 2d (default: the host starts it)",
        cap="The most players (default: as many as the format takes)",
        name="A name for it",
        join="Join it yourself (default yes)",
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMATS, timeout=TIMEOUTS)
    async def tournament_new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        format: app_commands.Choice[str],
        table_size: app_commands.Range[int, 2, 4] = 2,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        days_per_move: app_commands.Range[float, 0.25, 30.0] = 3.0,
        timeout: app_commands.Choice[str] | None = None,
        start: app_commands.Range[str, 1, 40] | None = None,
        cap: app_commands.Range[int, 2, 256] | None = None,
        name: app_commands.Range[str, 1, 60] | None = None,
        join: bool = True,
    ) -> None:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise Refusal(
                _(
                    "A tournament lives in a text channel, where each table gets a thread: run "
                    "`/axio tournament new` in one (not in a thread)."
                )
            )
        mine = interaction.app_permissions
        if not (mine.create_public_threads and mine.send_messages_in_threads):
            raise Refusal(
                _(
                    "I may not create threads here, and each table plays in one. Ask a "
                    "moderator to let me create public threads and send messages in them, or "
                    "use another channel."
                )
            )
        repo, now, user = self.services.repo, self.services.clock(), interaction.user
        starts_at = parse_start(start, now) if start else None
        if format.value == "round_robin" and rounds is not None:
            raise Refusal(_("A round robin has as many rounds as it needs: leave `rounds` out."))
        with repo.within():  # the tournament and its host's seat: one deadline
            t = await repo.create_tournament(
                interaction.guild_id or 0,
                channel.id,
                user.id,
                kind=game.value,
                format=format.value,
                table_size=table_size,
                seed=_seeds.randrange(2**31),
                rounds=(rounds or DEFAULT_SWISS_ROUNDS) if format.value == "swiss" else None,
                days_per_move=days_per_move,
                timeout_action=timeout.value if timeout else "computer",
                starts_at=starts_at,
                cap=cap,
                name=name or f"{title(game.value)} {_(FORMAT_WORDS[format.value])}",
                now=now,
            )
            done = _(
                "{tournament} is open for sign-up: `/axio tournament join` joins it.",
                tournament=heading(t),
            )
            stored(interaction, done)
            if join:
                t = await repo.join_tournament(t.id, user.id, user.display_name, now=now)
        with speaking(await table_language(repo, interaction)):  # the table's message
            card = signup_message(t)
        answer = interaction.response.send_message(**card)  # type: ignore[arg-type]
        if not await after_stored(interaction, answer, done):
            return
        message = await interaction.original_response()
        try:
            await repo.set_signup_message(t.id, message.id)
        except DATABASE_FAULTS as error:  # it works; only its buttons' answers are private
            log.warning("tournament %s: sign-up message not recorded (%s)", t.id, error)

    @tournament.command(name="join", description="Join a tournament that is open for sign-up")
    @answered(change=outcomes.TOURNAMENT)
    @app_commands.describe(tournament="Which one (default: the newest open here)")
    async def tournament_join(
        self, interaction: discord.Interaction, tournament: TournamentId | None = None
    ) -> None:
        with self.services.repo.within():
            t = await self.pick(interaction, tournament, ("signup",))
            await self.services.signup.press(interaction, t.id, "join")

    @tournament.command(name="leave", description="Leave a tournament before it starts")
    @answered(change=outcomes.TOURNAMENT)
    @app_commands.describe(tournament="Which one (default: the newest open here)")
    async def tournament_leave(
        self, interaction: discord.Interaction, tournament: TournamentId | None = None
    ) -> None:
        with self.services.repo.within():
            t = await self.pick(interaction, tournament, ("signup",), mine=True)
            await self.services.signup.press(interaction, t.id, "leave")

    @tournament.command(name="start", description="Start a tournament now (host or managers)")
    @answered(change=outcomes.TOURNAMENT)
    @app_commands.describe(tournament="Which one (default: the newest open here)")
    async def tournament_start(
        self, interaction: discord.Interaction, tournament: TournamentId | None = None
    ) -> None:
        t = await self.pick(interaction, tournament, ("signup",))
        if t.status != "signup":
            raise Refusal(
                _("{tournament} has already started. `/axio tournament standings`",
                  tournament=heading(t))
            )  # fmt: skip
        if not may_run(interaction, t):
            host = f"<@{t.host_id}>"
            if t.starts_at:
                raise Refusal(
                    _("Only the host, {host}, or a member who may manage the server can start "
                      "{tournament}. It also starts by itself at its start time.",
                      host=host, tournament=heading(t))
                )  # fmt: skip
            raise Refusal(
                _("Only the host, {host}, or a member who may manage the server can start "
                  "{tournament}.", host=host, tournament=heading(t))
            )  # fmt: skip
        least = max(2, t.table_size)
        if len(t.players) < least:
            raise Refusal(
                _("{tournament} needs at least {least} players to start; {count} joined. Wait "
                  "for more to press **Join**.",
                  tournament=heading(t), least=least, count=len(t.players))
            )  # fmt: skip
        await interaction.response.defer(thinking=True)  # pairing deals every table at once
        t = await self.services.repo.start_tournament(t.id, now=self.services.clock())
        stored(interaction, _("{tournament} has started.", tournament=heading(t)))
        self.services.notices.kick()
        with speaking(await table_language(self.services.repo, interaction)):  # public
            done = _(
                "▶️ {tournament} has started with {count} players: round 1's pairings follow "
                "here, and each table gets its own thread.",
                tournament=heading(t), count=len(t.players),
            )  # fmt: skip
        await after_stored(interaction, interaction.followup.send(done), done)

    @tournament.command(name="withdraw", description="Leave a tournament you are playing in")
    @answered(change=outcomes.TOURNAMENT)
    @app_commands.describe(tournament="Which one (default: the newest you play in)")
    async def tournament_withdraw(
        self, interaction: discord.Interaction, tournament: TournamentId | None = None
    ) -> None:
        repo, user = self.services.repo, interaction.user
        with repo.within():
            t = await self.pick(interaction, tournament, ("running", "signup"), mine=True)
            tables = await repo.tournament_tables(t.id, t.current_round) if t.current_round else []
            t = await repo.withdraw_from_tournament(t.id, user.id, now=self.services.clock())
        stored(interaction, _("You withdrew from {tournament}.", tournament=heading(t)))
        if t.status == "signup":
            left = _("You left {tournament}.", tournament=heading(t))
            await self.services.signup.refresh(interaction, t, left)
            return
        playing = [x for x in tables if x.status == "running" and user.id in x.players]
        for table in playing:  # the note is owed there; the computer in the seat moves on
            self.services.desk.committed(await repo.get_game(table.game_id))
        done = _(
            "You withdrew from {tournament}: you will not be paired again, and your points so "
            "far stay in the standings.",
            tournament=heading(t),
        )
        if playing:
            done += " " + ngettext(
                "Your {count} running game(s) go on with a computer in your seat.",
                "Your {count} running game(s) go on with a computer in your seat.",
                len(playing),
            )  # the English says (s) as it always did; a catalog has its plural forms
        await after_stored(
            interaction, interaction.response.send_message(done, ephemeral=True), done
        )

    @tournament.command(name="end", description="End a tournament now (host or managers)")
    @answered(change=outcomes.TOURNAMENT)
    @app_commands.describe(tournament="Which one (default: the newest open here)")
    async def tournament_end(
        self, interaction: discord.Interaction, tournament: TournamentId | None = None
    ) -> None:
        t = await self.pick(interaction, tournament, ("running", "signup"))
        if not t.is_open:
            raise Refusal(
                _("{tournament} is already over. `/axio tournament standings`",
                  tournament=heading(t))
            )  # fmt: skip
        if not may_run(interaction, t):
            raise Refusal(
                _("Only the host, {host}, or a member who may manage the server can end "
                  "{tournament}. `/axio tournament withdraw` leaves it.",
                  host=f"<@{t.host_id}>", tournament=heading(t))
            )  # fmt: skip
        repo = self.services.repo
        await interaction.response.defer(thinking=True)  # every open table is ended with it
        running = [x for x in await repo.tournament_tables(t.id) if x.status == "running"]
        t = await repo.end_tournament(
            t.id, reason=ENDED_BY, reason_values={"member": interaction.user.display_name}
        )
        stored(interaction, _("{tournament} was ended.", tournament=heading(t)))
        language = await table_language(repo, interaction)
        self.services.notices.kick()
        channels, background = self.services.channels, self.services.background
        for table in running:
            record = await repo.get_game(table.game_id)
            self.services.desk.committed(record)  # its owed posts are dropped
            background.spawn(channels.retire_turn_message(record, record.turn_message_id))
            if table.channel_id is not None:
                note = translate_in(
                    language,
                    "⏹️ {tournament} was ended, so game #{number} ({players}) stops here and "
                    "counts for no one.",
                    tournament=heading(t), number=record.id,
                    players=names_text([person_label(seat) for seat in record.seats]),
                )  # fmt: skip
                background.spawn(channels.say(table.channel_id, note, end_pings(record)))
        with speaking(language):  # public: the table's
            done = self._ended(t, interaction.user.mention, len(running))
        await after_stored(interaction, interaction.followup.send(done), done)

    @staticmethod
    def _ended(t: Tournament, by: str, unfinished: int) -> str:
        who = {"tournament": heading(t), "member": by}
        if t.status != "finished":
            return _("⏹️ {tournament} was ended by {member}: it was called off before it "
                     "started.", **who)  # fmt: skip
        if not unfinished:
            return _("⏹️ {tournament} was ended by {member}: its final standings follow here.",
                     **who)  # fmt: skip
        return ngettext(
            "⏹️ {tournament} was ended by {member}: its final standings follow here; {count} "
            "unfinished game(s) count for no one.",
            "⏹️ {tournament} was ended by {member}: its final standings follow here; {count} "
            "unfinished game(s) count for no one.",
            unfinished, **who,
        )  # fmt: skip

    @tournament.command(name="standings", description="A tournament's standings, as they are")
    @answered()
    @app_commands.describe(tournament="Which one (default: the newest here)")
    async def tournament_standings(
        self, interaction: discord.Interaction, tournament: TournamentId | None = None
    ) -> None:
        t = await self.pick(interaction, tournament, None)
        await interaction.response.defer(thinking=True)
        standings = await self.services.repo.tournament_standings(t.id)
        page = await self.services.links.server(interaction.guild_id or 0)
        with speaking(await table_language(self.services.repo, interaction)):  # public
            subtitle = standings_subtitle(t, None)
            first = _("📊 {tournament} · {state}:", tournament=heading(t), state=subtitle)
            text, file = await standings_message(t, standings, first, subtitle, self.services.paint)
            view = view_of(server_page_button(f"{page}#t{t.id}")) if page else None
        await interaction.followup.send(text, file=file, **({"view": view} if view else {}))

    @tournament_join.autocomplete("tournament")
    @tournament_leave.autocomplete("tournament")
    @tournament_start.autocomplete("tournament")
    @tournament_withdraw.autocomplete("tournament")
    @tournament_end.autocomplete("tournament")
    @tournament_standings.autocomplete("tournament")
    async def tournament_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        found = await self.services.repo.tournaments(interaction.guild_id or 0)
        typed = current.strip().lower().lstrip("#")
        return [
            app_commands.Choice(name=choice_label(t), value=t.id)
            for t in found
            if typed in choice_label(t).lower()
        ][:25]

    async def pick(
        self,
        interaction: discord.Interaction,
        given: int | None,
        statuses: tuple[str, ...] | None,
        *,
        mine: bool = False,
    ) -> Tournament:
        """The tournament a command means (see the module's docstring), or a refusal."""
        repo, guild = self.services.repo, interaction.guild_id or 0
        if given is not None:
            t = await repo.tournament(given)
            if t.guild_id != guild:
                raise Refusal(_("There is no tournament #{number} on this server.", number=given))
            return t
        found = await repo.tournaments(guild, statuses=statuses)
        if mine:
            found = [t for t in found if t.player(interaction.user.id) is not None]
        here = [t for t in found if t.channel_id == interaction.channel_id]
        if here or found:
            return (here or found)[0]
        raise Refusal(no_tournament(statuses, mine))


def no_tournament(statuses: tuple[str, ...] | None, mine: bool) -> str:
    """The refusal when no tournament fits, said whole for each case."""
    open_only = statuses == ("signup",)
    running = statuses == ("running", "signup")
    if mine and running:
        return _(
            "There is no tournament of yours running or open for sign-up on this server. "
            "Open one with `/axio tournament new`."
        )
    if mine and open_only:
        return _(
            "There is no tournament of yours open for sign-up on this server. Open one with "
            "`/axio tournament new`."
        )
    if mine:
        return _("There is no tournament of yours on this server. Open one with "
                 "`/axio tournament new`.")  # fmt: skip
    if open_only:
        return _("There is no tournament open for sign-up on this server. Open one with "
                 "`/axio tournament new`.")  # fmt: skip
    if running:
        return _("There is no tournament running or open for sign-up on this server. Open one "
                 "with `/axio tournament new`.")  # fmt: skip
    return _("There is no tournament on this server. Open one with `/axio tournament new`.")
