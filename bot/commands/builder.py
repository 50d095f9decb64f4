"""The move builder's flow: an ephemeral message only the player to move sees.

It opens with the player's tiles and the best few moves as buttons; one tap shows the
preview with Confirm, so a suggested move takes three taps from the turn message. **Other
move…** opens the menus for any move. Every step edits the same ephemeral message (its
pages are drawn by `screens/builder.py`); every control carries the move number it was
made for, so an old one refuses instead of playing a stale move. Confirm hands the move to
the desk, which stores it with the post it owes.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import discord

from storage import GameRecord, Seat

from ..screens import builder as pages
from ..screens.controls import move_button, view_of
from ..screens.moves import describe, parse_player_move
from ..screens.present import seat_name
from ..screens.refusals import Refusal, after_commit
from ..table.desk import Desk
from .checks import seat_for


class Builder:
    typed = True
    """Whether `/axio play` can make the moves this builder makes (the pages say so)."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    async def open(
        self, interaction: discord.Interaction, record: GameRecord, *, edit: bool = False
    ) -> None:
        """Show a player their tiles; on their move, with the controls to make it."""
        seat = seat_for(interaction, record)
        game = record.game
        assert game is not None
        file = pages.own_tiles_file(game, seat.seat)
        text = pages.own_tiles_text(game, seat.seat)
        view: discord.ui.View | None = None
        if game.to_move != seat.seat:
            mover = seat_name(record.seats[game.to_move])
            text += f"\nIt is **{mover}**'s move; you will be mentioned when it is yours."
        elif seat.resigned:
            text += "\nYou resigned: a computer plays your seat now."
        elif getattr(game, "phase", "place") == "exchange":
            text += "\n" + pages.exchange_question(game, seat.seat)
            view = view_of(
                move_button(record.id, record.move_count, "exchange", "exchange"),
                move_button(record.id, record.move_count, "keep", "keep"),
            )
        else:
            text += "\n" + pages.suggestions_text(game)
            view = pages.suggestions_view(record)
        await self._show(interaction, record, text, file, view, edit=edit)

    async def menus(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """**Other move…**: the menus for any move, first the tile or the position."""
        seat = self._mover(interaction, record)
        game = record.game
        assert game is not None
        view = view_of(pages.first_step(record), move_button(record.id, record.move_count, "back"))
        if game.kind == "axio" and len(set(game.rack(seat.seat))) == 1:  # type: ignore[attr-defined]
            tile = game.rack(seat.seat)[0]  # type: ignore[attr-defined]
            view.add_item(pages.placements(record, f"{tile[0]}{tile[1]}"))
        text = pages.own_tiles_text(game, seat.seat) + "\n"
        text += pages.first_step_text(game, typed=self.typed)
        await self._show(
            interaction, record, text, pages.own_tiles_file(game, seat.seat), view, edit=True
        )

    def _mover(self, interaction: discord.Interaction, record: GameRecord) -> Seat:
        seat = seat_for(interaction, record)
        assert record.game is not None
        if seat.seat != record.game.to_move:
            raise Refusal("It is not your move: wait until you are mentioned.")
        return seat

    async def chosen(
        self, interaction: discord.Interaction, record: GameRecord, step: str, value: str
    ) -> None:
        """A menu choice: narrow down (tile or position), or preview a whole move."""
        seat = self._mover(interaction, record)
        game = record.game
        assert game is not None
        if step in ("tile", "position"):
            view = view_of(
                pages.first_step(record),
                pages.placements(record, value),
                move_button(record.id, record.move_count, "back"),
            )
            text = pages.own_tiles_text(game, seat.seat) + "\nNow choose a placement (best first)."
            file = pages.own_tiles_file(game, seat.seat)
            await self._show(interaction, record, text, file, view, edit=True)
            return
        await self.preview(interaction, record, value)

    async def preview(
        self, interaction: discord.Interaction, record: GameRecord, text: str
    ) -> None:
        """The move drawn on the board as a ghost, what it scores, and Confirm."""
        self._mover(interaction, record)
        words, file, view = pages.preview(record, text)
        await self._show(interaction, record, words, file, view, edit=True)

    async def confirm(
        self, interaction: discord.Interaction, record: GameRecord, text: str
    ) -> None:
        """Play the move; then, if the same player moves again (AXIO! or the exchange
        option), show the builder for that at once."""
        seat = seat_for(interaction, record)
        game = record.game
        assert game is not None
        move = parse_player_move(game, text)
        await interaction.response.defer()
        record, result = await self.desk.play(
            record, move, seat=seat.seat, expected=record.move_count
        )
        interaction.extras["committed"] = describe(game, move)
        done = pages.played_text(game, move, result.points)
        answer = self.after_move(interaction, record, seat.seat, done)
        await after_commit(interaction, answer, result.move)

    def after_move(
        self, interaction: discord.Interaction, record: GameRecord, seat: int, done: str
    ) -> Awaitable[object]:
        """What the player sees once their move stands: the builder again if they move
        again (AXIO! or the exchange option), else what they played. (The daily challenge's
        builder shows its end here.)"""
        if record.seat_to_move is not None and record.seat_to_move.seat == seat:
            return self.open(interaction, record, edit=True)
        return interaction.edit_original_response(content=done, attachments=[], view=None)

    def page_files(self, record: GameRecord, file: discord.File | None) -> list[discord.File]:
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
        files = self.page_files(record, file)
        kwargs: dict[str, Any] = {"content": text, "view": view}
        if interaction.response.is_done():
            await interaction.edit_original_response(attachments=files, **kwargs)
        elif edit:
            await interaction.response.edit_message(attachments=files, **kwargs)
        else:
            kwargs["view"] = view or discord.utils.MISSING
            await interaction.response.send_message(files=files, ephemeral=True, **kwargs)
