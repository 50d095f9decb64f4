"""The move builder's flow: an ephemeral message only the player to move sees.

It opens with the player's tiles and the best few moves as buttons; one tap shows the
preview with Confirm, so a suggested move takes three taps from the turn message. **Other
move…** opens the menus, which reach every legal move (`screens/menus.py`). Every step
edits the same ephemeral message (its pages are drawn by `screens/builder.py`); every
control carries the move number it was made for, so an old one refuses instead of playing
a stale move, and each page is remembered (`table/private.py`) so its controls come off
when the game moves on without it. Confirm hands the move to the desk, which stores it
with the post it owes. When the same player moves again (an AXIO! extra move, the
exchange answer, every move of a solo game) the builder shows that next step at once:
the channel hears of it only when the turn is over.
"""

from __future__ import annotations

import logging
from contextlib import suppress
from typing import Any

import discord

from storage import DATABASE_FAULTS, GameRecord, Seat, StaleTurnError

from ..i18n import _
from ..screens import builder as pages
from ..screens.controls import board_button, move_button, view_of
from ..screens.menus import Choice
from ..screens.moves import describe, parse_player_move
from ..screens.present import seat_name
from ..screens.refusals import Refusal, after_commit
from ..screens.summary import Paint
from ..table.desk import Desk
from ..table.private import PrivateControls
from .checks import seat_for

log = logging.getLogger(__name__)

SLOW_THOUGHT_S = 1.0
"""A search budget from which the builder defers its answer before it thinks."""


class Builder:
    typed = True
    """Whether `/axio play` can make the moves this builder makes (the pages say so)."""

    def __init__(
        self, desk: Desk, private: PrivateControls, paint: Paint, *, board: bool = False
    ) -> None:
        self.desk = desk
        self.private = private
        self.paint = paint
        self.board = board
        """The Activity is configured: the builder offers **Board** beside its moves."""

    async def open(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        *,
        edit: bool = False,
        lead: str = "",
    ) -> None:
        """Show a player their tiles; on their move, with the controls to make it. A solo
        player sees the whole table with the tile to place. `lead` comes first (what the
        player just did)."""
        seat = seat_for(interaction, record)
        game = record.game
        assert game is not None
        file = await self.tiles_file(record, seat.seat)
        lines = [lead] if lead else []
        lines.append(pages.own_tiles_text(game, seat.seat))
        view: discord.ui.View | None = None
        if game.to_move != seat.seat:
            mover = seat_name(record.seats[game.to_move])
            lines.append(
                _("It is **{name}**'s move; you will be mentioned when it is yours.", name=mover)
            )
        elif seat.resigned:
            lines.append(_("You resigned: a computer plays your seat now."))
        elif getattr(game, "phase", "place") == "exchange":
            lines.append(pages.exchange_question(game, seat.seat))
            view = view_of(
                move_button(record.id, record.move_count, "exchange", "exchange"),
                move_button(record.id, record.move_count, "keep", "keep"),
                *([board_button(record.id)] if self.board else []),
            )
        else:
            pick = await self.computer_choice(interaction, record, edit=edit)
            lines.append(pages.suggestions_text(game, typed=self.typed, pick=pick))
            view = pages.suggestions_view(record, pick, board=self.board)
        await self._show(interaction, record, "\n".join(lines), file, view, edit=edit)

    async def computer_choice(
        self, interaction: discord.Interaction, record: GameRecord, *, edit: bool
    ) -> Any:
        """The move `/axio hint` calls best (the same advice, thought once a move), to be
        marked among the suggestions; None with hints off, or when the database or the
        search fails (the suggestions are shown without it). A long think (the expert's
        budget) is deferred first, so the page comes within Discord's three seconds."""
        advice = self.desk.advice
        try:
            level = await advice.level(record.guild_id)
            if level is None:
                return None
            slow = level[1] >= SLOW_THOUGHT_S and not advice.known(record, level)
            if slow and not interaction.response.is_done():
                if edit:
                    await interaction.response.defer()
                else:
                    await interaction.response.defer(ephemeral=True, thinking=True)
            hints = await advice.hints(record, level)
        except DATABASE_FAULTS:
            return None
        except Exception:
            log.exception("game %s: no computer's choice for the suggestions", record.id)
            return None
        return hints[0].move if hints else None

    async def menus(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """**Other move…**: the menus for any move, first the tile or the position."""
        await self._menus(interaction, record, Choice())

    async def _menus(
        self, interaction: discord.Interaction, record: GameRecord, choice: Choice
    ) -> None:
        seat = self._mover(interaction, record)
        game = record.game
        assert game is not None
        view = pages.menus_view(record, choice)
        text = pages.own_tiles_text(game, seat.seat) + "\n"
        text += pages.menus_text(game, typed=self.typed)
        file = await self.tiles_file(record, seat.seat)
        await self._show(interaction, record, text, file, view, edit=True)

    def _mover(self, interaction: discord.Interaction, record: GameRecord) -> Seat:
        seat = seat_for(interaction, record)
        assert record.game is not None
        if seat.seat != record.game.to_move:
            raise Refusal(_("It is not your move: wait until you are mentioned."))
        return seat

    async def chosen(
        self, interaction: discord.Interaction, record: GameRecord, step: str, value: str
    ) -> None:
        """A menu choice: narrow down (tile, position, page), or preview a whole move."""
        self._mover(interaction, record)
        assert record.game is not None
        if step == "move":
            await self.preview(interaction, record, value)
            return
        await self._menus(interaction, record, Choice.read(record.game, step, value))

    async def preview(
        self, interaction: discord.Interaction, record: GameRecord, text: str
    ) -> None:
        """The move drawn on the board as a ghost, what it does, and Confirm."""
        self._mover(interaction, record)
        words, file, view = await pages.preview(record, text, self.paint)
        await self._show(interaction, record, words, file, view, edit=True)

    async def confirm(
        self, interaction: discord.Interaction, record: GameRecord, text: str
    ) -> None:
        """Play the move; then, if the same player moves again (AXIO!, the exchange
        option, a solo game), show the builder for that at once."""
        seat = seat_for(interaction, record)
        game = record.game
        assert game is not None
        move = parse_player_move(game, text)
        await interaction.response.defer()
        made_for, stored = record.move_count, False
        self.private.confirming(interaction, made_for)
        try:
            record, result = await self.desk.play(record, move, seat=seat.seat, expected=made_for)
            stored = True
        except StaleTurnError:  # another press stored a move first: this one, maybe
            with suppress(*DATABASE_FAULTS):  # unread, it is answered as a stale press
                record = await self.desk.repo.get_game(record.id)
            await self.refuse_repeat(interaction, record, made_for, text)
            raise
        finally:
            self.private.confirmed(interaction, stored=stored)
        interaction.extras["committed"] = describe(game, move)
        await after_commit(
            interaction, self.after_move(interaction, record, game, move, result), result.move
        )

    async def refuse_repeat(
        self, interaction: discord.Interaction, record: GameRecord, made_for: int, text: str
    ) -> None:
        """A Confirm made for move `made_for` that names the move this member stored there
        is the same press again (a double click, a second device, a client's retry): it is
        told so in a reply of its own, and the first press's answer stays. (A move a
        computer stood in for is no press of theirs.)"""
        seat = record.seat_of(interaction.user.id)
        repeated = seat and pages.repeated_text(record, seat.seat, made_for, text)
        if not repeated:
            return
        try:
            moves = await self.desk.repo.moves(record.id)
        except DATABASE_FAULTS:  # unread, it is answered as a stale press
            return
        if not moves[made_for].stand_in:
            raise Refusal(repeated)

    def after_move(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        before: Any,
        move: Any,
        result: Any,
    ) -> Any:
        """The answer once a player's move stands: the next step if they move again, or
        what they played (and, for a solo game's last move, where the result is). (The
        daily challenge's builder shows its end here.)"""
        done = pages.played_text(before, move, result.points)
        mover = record.seat_to_move
        if mover is not None and mover.seat == result.seat:
            return self.open(interaction, record, edit=True, lead=done)
        if record.game is not None and record.game.solo and record.game.is_over:
            done += " " + _("The game is over: the result is posted in the channel.")
        return interaction.edit_original_response(content=done, attachments=[], view=None)

    async def tiles_file(self, record: GameRecord, seat: int) -> discord.File | None:
        """The seat's own tiles; a solo player's whole table with the tile to place."""
        assert record.game is not None
        if record.game.solo:
            return await pages.solo_file(record, self.paint)
        return await pages.own_tiles_file(record.game, seat, self.paint)

    async def page_files(self, record: GameRecord, file: discord.File | None) -> list[discord.File]:
        """The pictures of a builder page: the player's tiles, or the preview. (The daily
        challenge's builder adds the board, which no public post shows.)"""
        return [file] if file else []

    async def _show(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        text: str,
        file: discord.File | None,
        view: discord.ui.View | None,
        *,
        edit: bool,
    ) -> None:
        """Show a page (a new ephemeral message, or this one edited) and remember it while
        its controls are for this move."""
        files = await self.page_files(record, file)
        kwargs: dict[str, Any] = {"content": text, "view": view}
        if (edit or interaction.response.is_done()) and self.private.answered_by_another(
            interaction, record.move_count
        ):
            raise Refusal(
                _(
                    "A move from this builder has just been confirmed, so this press changed "
                    "nothing: the builder shows what came of it."
                )
            )
        if interaction.response.is_done():
            message = await interaction.edit_original_response(attachments=files, **kwargs)
            message_id: int | None = message.id
        elif edit:
            await interaction.response.edit_message(attachments=files, **kwargs)
            message_id = interaction.message.id if interaction.message else None
        else:
            kwargs["view"] = view or discord.utils.MISSING
            sent = await interaction.response.send_message(files=files, ephemeral=True, **kwargs)
            message_id = sent.message_id
        if view is None:
            self.private.dropped(message_id)
        else:
            self.private.shown(interaction, message_id, record.id, record.move_count)
