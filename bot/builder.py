"""The move builder: an ephemeral message only the player to move sees.

AXIO: choose a tile → choose a placement among the best ones → preview → confirm; then,
if offered, exchange or keep. Rota: choose a position (numbered on the display) → choose a
turn (with the colour named for an empty corner folded into each choice) → preview →
confirm. Every step edits the same ephemeral message; every control carries the move
number it was made for, so an old one refuses instead of playing a stale move.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord

from engine import Colour, ScoredMove, TileGame
from engine.common import small_number
from render import render_board, render_hand, render_rack
from storage import GameRecord, Seat

from .errors import Refusal, after_commit
from .moves import MAX_CHOICES, describe, option_label, parse_player_move, ranked
from .present import points_text, seat_name
from .views import ChoiceSelect, MoveButton

if TYPE_CHECKING:
    from .app import AxioBot


def own_tiles_file(game: TileGame, seat: int) -> discord.File | None:
    """The seat's rack (AXIO) or hand tile in its four turns (Rota), for its owner only."""
    if game.kind == "rota":
        tile = game.hand(seat)  # type: ignore[attr-defined]
        if game.to_move == seat and not game.is_over:
            tile = game.tile_to_place  # type: ignore[attr-defined]
        if tile is None:
            return None
        return discord.File(io.BytesIO(render_hand(tile)), filename="hand.png")
    rack = game.rack(seat)  # type: ignore[attr-defined]
    return discord.File(io.BytesIO(render_rack(rack)), filename="rack.png")


def own_tiles_text(game: TileGame, seat: int) -> str:
    if game.kind == "rota":
        return "Your tile, shown in its four turns."
    rack = game.rack(seat)  # type: ignore[attr-defined]
    tiles = " ".join(f"`{a}{b}`" for a, b in rack)
    return f"Your rack: {tiles}" if rack else "Your rack is empty."


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
            text += "\n" + self._first_step_text(game)
            view = self._view(self._first_step(record))
            if game.kind == "axio" and len(set(game.rack(seat.seat))) == 1:  # type: ignore[attr-defined]
                tile = game.rack(seat.seat)[0]  # type: ignore[attr-defined]
                view.add_item(self._placements(record, f"{tile[0]}{tile[1]}"))
        await self._show(interaction, text, file, view, edit=edit)

    def _first_step_text(self, game: TileGame) -> str:
        if game.kind == "rota":
            return "Choose where the tile goes: the numbers are on the latest display."
        return "Choose a tile, then a placement among the best ones. Or type `/axio play`."

    def _first_step(self, record: GameRecord) -> ChoiceSelect:
        game = record.game
        assert game is not None
        moves = game.scored_moves()
        options = []
        if game.kind == "rota":
            best: dict[tuple[int, int], int] = {}
            for scored in moves:
                position = scored.move.position
                best[position] = max(best.get(position, 0), sum(scored.points))
            for number, position in enumerate(game.legal_positions(), start=1):  # type: ignore[attr-defined]
                label = f"#{number} at {position[0]},{position[1]} — up to {best[position]} pts"
                options.append(discord.SelectOption(label=label, value=f"{number}"))
            options.sort(key=lambda o: -best[game.legal_positions()[int(o.value) - 1]])  # type: ignore[attr-defined]
            step, placeholder = "position", "Choose a position"
        else:
            best_tile: dict[str, int] = {}
            for scored in moves:
                code = "".join(c.letter for c in scored.move.tile)
                best_tile[code] = max(best_tile.get(code, 0), sum(scored.points))
            numbers: dict[str, list[str]] = {}
            for number, (a, b) in enumerate(game.rack(game.to_move), start=1):  # type: ignore[attr-defined]
                numbers.setdefault(f"{a}{b}", []).append(str(number))
            for code, top in sorted(best_tile.items(), key=lambda kv: -kv[1]):
                which = ", ".join(numbers.get(code, []))
                colours = " + ".join(Colour(letter).label for letter in code)
                label = f"Tile {which}: {colours} — up to {top} pts"
                options.append(discord.SelectOption(label=label, value=code))
            step, placeholder = "tile", "Choose a tile"
        return ChoiceSelect(record.id, record.move_count, step, options[:MAX_CHOICES], placeholder)

    def _placements(self, record: GameRecord, key: str) -> ChoiceSelect:
        """The best moves for one AXIO tile or one Rota position, points shown."""
        game = record.game
        assert game is not None
        chosen = self._moves_for(game, key)
        if not chosen:
            raise Refusal("That choice has no legal placement now. Press **Back** to choose again.")
        options = [
            discord.SelectOption(label=option_label(game, m), value=str(m.move))
            for m in ranked(game, chosen)[:MAX_CHOICES]
        ]
        return ChoiceSelect(record.id, record.move_count, "move", options, "Choose a placement")

    @staticmethod
    def _moves_for(game: TileGame, key: str) -> list[ScoredMove]:
        moves = game.scored_moves()
        if game.kind == "rota":
            positions = game.legal_positions()  # type: ignore[attr-defined]
            number = small_number(key)
            if number is None or not 1 <= number <= len(positions):
                return []
            position = positions[number - 1]
            return [m for m in moves if m.move.position == position]
        return [m for m in moves if "".join(c.letter for c in m.move.tile) == key]

    async def chosen(
        self, interaction: discord.Interaction, record: GameRecord, step: str, value: str
    ) -> None:
        """A menu choice: narrow down (tile or position), or preview a whole move."""
        seat = self.seat_for(interaction, record)
        game = record.game
        assert game is not None
        if seat.seat != game.to_move:
            raise Refusal("It is not your move: wait until you are mentioned.")
        if step in ("tile", "position"):
            view = self._view(self._first_step(record), self._placements(record, value))
            text = own_tiles_text(game, seat.seat) + "\nNow choose a placement (best first)."
            await self._show(interaction, text, own_tiles_file(game, seat.seat), view, edit=True)
            return
        move = parse_player_move(game, value)
        scored = next((m for m in game.scored_moves() if m.move == move), None)
        if scored is None:
            raise Refusal("That placement is no longer possible. Press **Back** to choose again.")
        preview = render_board(game, preview=move)
        file = discord.File(io.BytesIO(preview), filename="preview.png")
        text = (
            f"Preview: **{describe(game, move)}** scores {points_text(scored.points)}.\n"
            "Confirm to play it, or go back."
        )
        view = self._view(
            MoveButton(record.id, record.move_count, "ok", str(move)),
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
        interaction.extras["committed"] = result.move
        done = f"You played **{result.move}**: {points_text(result.points)}."
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
