"""The move builder: an ephemeral message only the player to move sees.

It opens with the player's tiles (a picture) and the best few moves as buttons, each
labelled with what it scores (`bot.suggest`): one tap shows the preview with Confirm, so a
suggested move takes three taps from the turn message. **Other move…** opens the menus for
any move. AXIO: choose a tile (in rack order) → a placement among the best ones → preview
→ confirm; then, if offered, exchange or keep. Rota: choose a position (by its name on the
display) → a turn (with the colour named for an empty corner folded into each choice) →
preview → confirm. Every step edits the same ephemeral message; every control carries the
move number it was made for, so an old one refuses instead of playing a stale move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from engine import Colour, ScoredMove, TileGame
from engine.rota_names import PositionNameError, parse_position_name, position_name
from render import render_board, render_hand, render_rack
from storage import GameRecord, Seat

from .errors import Refusal, after_commit
from .moves import MAX_CHOICES, describe, move_text, option_label, parse_player_move
from .present import SYMBOL_EMOJI, counted, points_text, seat_name
from .suggest import (
    SUGGESTED_ORDER,
    appraise,
    best_moves,
    gain_text,
    lift_text,
    ranked_suggestions,
    suggestion_label,
)
from .summary import image_file
from .views import ChoiceSelect, MoveButton

if TYPE_CHECKING:
    from .app import AxioBot


def colour_words(colour: Colour | None) -> str:
    """`☀️ red`: a colour as its symbol and its word, never a letter code."""
    if colour is None:
        return "empty corner"
    return f"{SYMBOL_EMOJI[colour.letter]} {colour.label}"


def rack_words(rack: list[tuple[Colour, Colour]]) -> str:
    return ", ".join(f"{n}. {tile_words(t)}" for n, t in enumerate(rack, start=1))


def tile_words(tile: tuple[Colour, Colour]) -> str:
    return f"{colour_words(tile[0])} + {colour_words(tile[1])}"


def own_tiles_file(game: TileGame, seat: int) -> discord.File | None:
    """The seat's rack (AXIO) or hand tile in its four turns (Rota), for its owner only."""
    if game.kind == "rota":
        tile = game.hand(seat)  # type: ignore[attr-defined]
        if game.to_move == seat and not game.is_over:
            tile = game.tile_to_place  # type: ignore[attr-defined]
        if tile is None:
            return None
        corners = ", ".join(colour_words(c).split(" ", 1)[-1] for c in tile)
        alt = (
            f"Your tile in its four turns, left to right: as drawn, then turned 90, 180 and "
            f"270 degrees clockwise. As drawn, its corners from the top left clockwise are "
            f"{corners}."
        )
        return image_file(render_hand(tile), "hand.png", alt)
    rack = game.rack(seat)  # type: ignore[attr-defined]
    words = ", ".join(f"{a.label} and {b.label}" for a, b in rack) or "no tiles"
    return image_file(render_rack(rack), "rack.png", f"Your rack, left to right: {words}.")


def own_tiles_text(game: TileGame, seat: int) -> str:
    if game.kind == "rota":
        return "Your tile, shown in its four turns (↻ = turned clockwise)."
    rack = game.rack(seat)  # type: ignore[attr-defined]
    return f"Your rack: {rack_words(rack)}" if rack else "Your rack is empty."


class Builder:
    def __init__(self, bot: AxioBot) -> None:
        self.bot = bot

    def seat_for(self, interaction: discord.Interaction, record: GameRecord) -> Seat:
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(
                "You are not playing in this game. Watch along, or join the next one "
                "with `/axio new`."
            )
        return seat

    async def open(
        self, interaction: discord.Interaction, record: GameRecord, *, edit: bool = False
    ) -> None:
        """Show a player their tiles; on their move, with the controls to make it."""
        seat = self.seat_for(interaction, record)
        game = record.game
        assert game is not None
        file = own_tiles_file(game, seat.seat)
        text = own_tiles_text(game, seat.seat)
        view: discord.ui.View | None = None
        if game.to_move != seat.seat:
            mover = seat_name(record.seats[game.to_move])
            text += f"\nIt is **{mover}**'s move; you will be mentioned when it is yours."
        elif seat.resigned:
            text += "\nYou resigned: a computer plays your seat now."
        elif getattr(game, "phase", "place") == "exchange":
            lowest = ", ".join(c.label for c in game.scoreboards[seat.seat].lowest_colours())
            text += (
                f"\nNone of your tiles shows your lowest colour ({lowest}). Exchange the "
                "whole rack for five new tiles, or keep it?"
            )
            view = self._view(
                MoveButton(record.id, record.move_count, "exchange", "exchange"),
                MoveButton(record.id, record.move_count, "keep", "keep"),
            )
        else:
            text += "\n" + self._suggestions_text(record)
            view = self._suggestions(record)
        await self._show(interaction, text, file, view, edit=edit)

    def _suggestions_text(self, record: GameRecord) -> str:
        game = record.game
        assert game is not None
        if not best_moves(game):
            return "Press **Other move…** to choose your move."
        return (
            f"Suggested moves, {SUGGESTED_ORDER}: tap one to preview it, or press "
            "**Other move…** for any move (or type `/axio play`)."
        )

    def _suggestions(self, record: GameRecord) -> discord.ui.View:
        """The best few moves, one button a row, then **Other move…**."""
        game = record.game
        assert game is not None
        buttons: list[discord.ui.Item] = [
            MoveButton(
                record.id,
                record.move_count,
                "try",
                move_text(game, s.scored.move),
                label=suggestion_label(game, s),
                row=row,
            )
            for row, s in enumerate(best_moves(game))
        ]
        buttons.append(MoveButton(record.id, record.move_count, "other", row=len(buttons)))
        return self._view(*buttons)

    async def menus(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """**Other move…**: the menus for any move, first the tile or the position."""
        seat = self._mover(interaction, record)
        game = record.game
        assert game is not None
        view = self._view(
            self._first_step(record), MoveButton(record.id, record.move_count, "back")
        )
        if game.kind == "axio" and len(set(game.rack(seat.seat))) == 1:  # type: ignore[attr-defined]
            tile = game.rack(seat.seat)[0]  # type: ignore[attr-defined]
            view.add_item(self._placements(record, f"{tile[0]}{tile[1]}"))
        text = own_tiles_text(game, seat.seat) + "\n" + self._first_step_text(game)
        await self._show(interaction, text, own_tiles_file(game, seat.seat), view, edit=True)

    def _first_step_text(self, game: TileGame) -> str:
        if game.kind == "rota":
            return (
                "Choose where the tile goes, by the names on the display "
                f"({SUGGESTED_ORDER}), then its turn."
            )
        return "Choose a tile (in rack order), then a placement. Or type `/axio play`."

    def _first_step(self, record: GameRecord) -> ChoiceSelect:
        game = record.game
        assert game is not None
        ranked = ranked_suggestions(game)
        options = []
        if game.kind == "rota":
            best: dict[tuple[int, int], Any] = {}
            for suggestion in ranked:  # best first, so the first seen per position is its best
                best.setdefault(suggestion.scored.move.position, suggestion)
            for position, top in best.items():
                name = position_name(position)
                label = f"{name} — up to {counted(top.total, 'pt')} ({gain_text(top)})"
                options.append(discord.SelectOption(label=label[:100], value=name))
            step, placeholder = "position", "Choose a position (best first)"
        else:
            best_tile: dict[str, int] = {}
            for suggestion in ranked:
                code = "".join(c.letter for c in suggestion.scored.move.tile)
                best_tile[code] = max(best_tile.get(code, 0), suggestion.total)
            numbers: dict[str, list[str]] = {}
            rack = game.rack(game.to_move)  # type: ignore[attr-defined]
            for number, (a, b) in enumerate(rack, start=1):
                numbers.setdefault(f"{a}{b}", []).append(str(number))
            for code, which in numbers.items():  # rack order: dicts keep the first number's place
                if code not in best_tile:
                    continue  # a tile with nowhere to go
                tile = (Colour(code[0]), Colour(code[1]))
                label = (
                    f"{' and '.join(which)}. {tile_words(tile)} — up to "
                    f"{counted(best_tile[code], 'pt')}"
                )
                options.append(discord.SelectOption(label=label[:100], value=code))
            step, placeholder = "tile", "Choose a tile (in rack order)"
        return ChoiceSelect(record.id, record.move_count, step, options[:MAX_CHOICES], placeholder)

    def _placements(self, record: GameRecord, key: str) -> ChoiceSelect:
        """The best moves for one AXIO tile or one Rota position, points shown."""
        game = record.game
        assert game is not None
        chosen = self._moves_for(game, key)
        if not chosen:
            raise Refusal("That choice has no legal placement now. Press **Back** to choose again.")
        options = [
            discord.SelectOption(
                label=option_label(game, s.scored), value=move_text(game, s.scored.move)
            )
            for s in ranked_suggestions(game, chosen)[:MAX_CHOICES]
        ]
        return ChoiceSelect(
            record.id, record.move_count, "move", options, "Choose a placement (best first)"
        )

    @staticmethod
    def _moves_for(game: TileGame, key: str) -> list[ScoredMove]:
        moves = game.scored_moves()
        if game.kind == "rota":
            try:
                position = parse_position_name(key)
            except PositionNameError:
                return []
            return [m for m in moves if m.move.position == position]
        return [m for m in moves if "".join(c.letter for c in m.move.tile) == key]

    def _mover(self, interaction: discord.Interaction, record: GameRecord) -> Seat:
        seat = self.seat_for(interaction, record)
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
            view = self._view(
                self._first_step(record),
                self._placements(record, value),
                MoveButton(record.id, record.move_count, "back"),
            )
            text = own_tiles_text(game, seat.seat) + "\nNow choose a placement (best first)."
            await self._show(interaction, text, own_tiles_file(game, seat.seat), view, edit=True)
            return
        await self.preview(interaction, record, value)

    async def preview(
        self, interaction: discord.Interaction, record: GameRecord, text: str
    ) -> None:
        """The move drawn on the board as a ghost, what it scores, and Confirm."""
        self._mover(interaction, record)
        game = record.game
        assert game is not None
        move = parse_player_move(game, text)
        scored = next((m for m in game.scored_moves() if m.move == move), None)
        if scored is None:
            raise Refusal("That placement is no longer possible. Press **Back** to choose again.")
        words = describe(game, move)
        file = image_file(
            render_board(game, preview=move),
            "preview.png",
            f"Preview: the board with your move, {words}, drawn see-through where it would go.",
        )
        text = (
            f"Preview: **{words}** scores {counted(scored.total, 'pt')} "
            f"({points_text(scored.points)}){lift_text(appraise(game, scored))}.\n"
            "Confirm to play it, or go back."
        )
        view = self._view(
            MoveButton(record.id, record.move_count, "ok", move_text(game, move)),
            MoveButton(record.id, record.move_count, "back"),
        )
        await self._show(interaction, text, file, view, edit=True)

    async def confirm(
        self, interaction: discord.Interaction, record: GameRecord, text: str
    ) -> None:
        """Play the move; then, if the same player moves again (AXIO! or the exchange
        option), show the builder for that at once."""
        seat = self.seat_for(interaction, record)
        game = record.game
        assert game is not None
        move = parse_player_move(game, text)
        await interaction.response.defer()
        record, result = await self.bot.desk.play(
            record, move, seat=seat.seat, expected=record.move_count
        )
        interaction.extras["committed"] = describe(game, move)
        done = played_text(game, move, result.points)
        if record.seat_to_move is not None and record.seat_to_move.seat == seat.seat:
            answer = self.open(interaction, record, edit=True)
        else:
            answer = interaction.edit_original_response(content=done, attachments=[], view=None)
        await after_commit(interaction, answer, result.move)

    async def _show(
        self,
        interaction: discord.Interaction,
        text: str,
        file: discord.File | None,
        view: discord.ui.View | None,
        *,
        edit: bool,
    ) -> None:
        files = [file] if file else []
        kwargs: dict[str, Any] = {"content": text, "view": view}
        if interaction.response.is_done():
            await interaction.edit_original_response(attachments=files, **kwargs)
        elif edit:
            await interaction.response.edit_message(attachments=files, **kwargs)
        else:
            kwargs["view"] = view or discord.utils.MISSING
            await interaction.response.send_message(files=files, ephemeral=True, **kwargs)

    @staticmethod
    def _view(*items: discord.ui.Item) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for item in items:
            view.add_item(item)
        return view


def played_text(game: TileGame, move: Any, points: tuple[int, ...]) -> str:
    """What the player is told once their move stands, from a button or `/axio play`."""
    return f"You played **{describe(game, move)}**: {points_text(points)}."
