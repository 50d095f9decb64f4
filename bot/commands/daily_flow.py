"""The daily challenge's flow: the whole game in the player's own ephemeral message.

It is the move builder (`builder.py`) with three differences, because a daily game has no
table post in any channel (nobody may see the day's deal played before the day is over):
every page also shows the player's board and scores, its top says which day it is and
when the day turns, and the last move leads to the end page (score, rank on the server,
percentile everywhere, streaks, and **Share**) instead of a line of text. The controls are
the builder's own (their custom_ids name the game and move), routed here by
`controls.builder_of` for a daily game.

Decisions where the issue is silent:
- `/axio daily play` defers at once (dealing writes, the pages draw pictures).
- A daily game's controls refuse once its day is over (the deal is closed at 00:00 UTC
  even before storage expires it), so nobody finishes yesterday's deal by accident.
- The rank shown is on the server the attempt was started on (the server it counts for).
- Share posts the card as the answer to the press, in the channel where the member
  presses it, so it needs no permission of the bot's there; it may be shared again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

import discord

from engine.daily import is_over
from storage import DailyAttempt, GameRecord, Repository

from ..i18n import _, speaking
from ..screens import builder as pages
from ..screens.controls import move_button, share_view, view_of
from ..screens.daily import (
    board_file,
    card_file,
    card_of,
    daily_title,
    end_text,
    play_header,
    practice_end_text,
    share_text,
)
from ..screens.refusals import Refusal, stored
from ..screens.safe_text import NOBODY
from ..screens.summary import Paint
from ..table.desk import Desk
from ..table.language import table_language
from ..table.private import PrivateControls
from .builder import Builder
from .checks import seat_for

PREVIEW_FILENAME = "preview.png"


class DailyBuilder(Builder):
    typed = False  # `/axio play` plays the game of a channel; a daily game has none

    def __init__(
        self,
        desk: Desk,
        private: PrivateControls,
        repo: Repository,
        clock: Callable[[], datetime],
        paint: Paint,
    ) -> None:
        super().__init__(desk, private, paint)
        self.repo = repo
        self.clock = clock

    async def start(self, interaction: discord.Interaction, kind: str, *, again: bool) -> None:
        """`/axio daily play`: today's deal, resumed where it stopped, or its end page."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        attempt, record = await self.repo.play_daily(
            kind, interaction.guild_id or 0, user.id, user.display_name, again=again
        )
        stored(interaction, _("Today's deal is yours: `/axio daily play` shows it again."))
        if attempt.finished:  # the counted game is over (`again` deals a practice game)
            note = _("You have played today's deal; only your first game of the day counts.")
            await self.show_end(interaction, attempt, record, note=note)
            return
        await self.open(interaction, record)

    def check_open(self, record: GameRecord) -> None:
        """A press on a daily game of a day that is over is refused."""
        day = int(record.settings["daily"])
        if is_over(day, self.clock()):
            raise Refusal(
                _("{title} closed at 00:00 UTC, so that game can no longer be played. Today's "
                  "challenge: `/axio daily play`.", title=daily_title(record.kind, day))
            )  # fmt: skip

    async def open(
        self, interaction: discord.Interaction, record: GameRecord, *, edit: bool = False
    ) -> None:
        """The page of a daily game in play: its day, the board, the tiles, the best moves."""
        seat = seat_for(interaction, record)
        attempt = await self._attempt(record)
        game = record.game
        if attempt.finished or record.status != "running" or game is None or game.is_over:
            await self.show_end(interaction, attempt, record, edit=edit)
            return
        text = play_header(attempt, record, self.clock()) + "\n"
        text += pages.own_tiles_text(game, seat.seat) + "\n"
        if getattr(game, "phase", "place") == "exchange":
            text += pages.exchange_question(game, seat.seat)
            view = view_of(
                move_button(record.id, record.move_count, "exchange", "exchange"),
                move_button(record.id, record.move_count, "keep", "keep"),
            )
        else:
            text += pages.suggestions_text(game, typed=self.typed)
            view = pages.suggestions_view(record)
        file = await pages.own_tiles_file(game, seat.seat, self.paint)
        await self._show(interaction, record, text, file, view, edit=edit)

    async def page_files(self, record: GameRecord, file: discord.File | None) -> list[discord.File]:
        """The board first (unless the page is the preview, which is the board with the
        move drawn on it), then the tiles."""
        files = await super().page_files(record, file)
        if file is not None and file.filename == PREVIEW_FILENAME:
            return files
        return [await board_file(record, self.paint), *files]

    def after_move(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        before: Any,
        move: Any,
        result: Any,
    ) -> Awaitable[object]:
        if record.status == "running":
            return self.open(interaction, record, edit=True)
        done = pages.played_text(before, move, result.points)
        return self._ended(interaction, record, done)

    async def _ended(self, interaction: discord.Interaction, record: GameRecord, done: str) -> None:
        await self.show_end(interaction, await self._attempt(record), record, note=done)

    async def show_end(
        self,
        interaction: discord.Interaction,
        attempt: DailyAttempt,
        record: GameRecord,
        *,
        note: str = "",
        edit: bool = True,
    ) -> None:
        """The end page: for the counted game its outcome and **Share**; for a practice
        game its score beside the counted one; for a game closed unfinished, why."""
        now = self.clock()
        view: discord.ui.View | None = None
        if attempt.scores is None:
            text = _(
                "Your game of {title} was not finished on its day, so it has no score. "
                "Today's challenge: `/axio daily play`.",
                title=daily_title(attempt.kind, attempt.day),
            )
        elif attempt.counted:
            outcome = await self.repo.daily_outcome(
                attempt.kind, attempt.user_id, attempt.guild_id, day=attempt.day, now=now
            )
            assert outcome is not None
            here = attempt.guild_id == interaction.guild_id
            text = end_text(outcome, now, here=here, note=note)
            if outcome.attempt.score is not None:
                view = share_view(record.id)
        else:
            first = await self.repo.daily_attempt(attempt.kind, attempt.user_id, attempt.day)
            text = practice_end_text(attempt, first.score if first else None, note)
        await self._show(interaction, record, text, None, view, edit=edit)

    async def _attempt(self, record: GameRecord) -> DailyAttempt:
        attempt = await self.repo.daily_attempt_of_game(record.id)
        if attempt is None:
            raise Refusal(
                _("That is not a daily challenge game. Play today's: `/axio daily play`.")
            )
        return attempt

    async def share(self, interaction: discord.Interaction, game_id: int) -> None:
        """**Share**: the spoiler-free card of the member's counted game, in public here.
        Everything is checked before the public answer begins, so refusals stay private."""
        attempt = await self.repo.daily_attempt_of_game(game_id)
        if attempt is None or attempt.user_id != interaction.user.id:
            raise Refusal(_("Only the player can share their daily card: `/axio daily play`."))
        if not attempt.counted:
            raise Refusal(_("A practice game has no card: only your first game of the day counts."))
        outcome = await self.repo.daily_outcome(
            attempt.kind, attempt.user_id, attempt.guild_id, day=attempt.day, now=self.clock()
        )
        if outcome is None or outcome.attempt.score is None:
            raise Refusal(_("Only a game finished on its own day has a card to share."))
        card = card_of(outcome)
        await interaction.response.defer(thinking=True)
        with speaking(await table_language(self.repo, interaction)):  # shared with the table
            said = share_text(interaction.user, card)
            file = await card_file(card, self.paint)
        await interaction.followup.send(said, file=file, allowed_mentions=NOBODY)
