"""The move builder's pages: what the player to move sees in their ephemeral builder.

Their tiles (a picture), the best few moves as buttons, each labelled with what it scores
(`suggest`), the menus for any move, and the preview. AXIO: choose a tile (in rack order) →
a placement among the best ones → preview → confirm; then, if offered, exchange or keep.
Rota: choose a position (by its name on the display) → a turn (with the colour named for
an empty corner folded into each choice) → preview → confirm. Which page shows when is
the flow's (`bot/commands/builder.py`).
"""

from __future__ import annotations

from typing import Any

import discord

from engine import Colour, ScoredMove, TileGame
from engine.rota_names import PositionNameError, parse_position_name, position_name
from render import render_board, render_hand, render_rack
from storage import GameRecord

from .controls import ControlSelect, choice_select, move_button, view_of
from .moves import MAX_CHOICES, describe, move_text, option_label, parse_player_move
from .present import SYMBOL_EMOJI, counted, points_text
from .refusals import Refusal
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
        corners = ", ".join(c.label if c else "empty corner" for c in tile)
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


def exchange_question(game: TileGame, seat: int) -> str:
    lowest = ", ".join(c.label for c in game.scoreboards[seat].lowest_colours())
    return (
        f"None of your tiles shows your lowest colour ({lowest}). Exchange the "
        "whole rack for five new tiles, or keep it?"
    )


TYPE_IT = " (or type `/axio play`)"


def suggestions_text(game: TileGame, *, typed: bool = True) -> str:
    """`typed`: whether `/axio play` can make this move too (not in a daily challenge)."""
    if not best_moves(game):
        return "Press **Other move…** to choose your move."
    return (
        f"Suggested moves, {SUGGESTED_ORDER}: tap one to preview it, or press "
        f"**Other move…** for any move{TYPE_IT if typed else ''}."
    )


def suggestions_view(record: GameRecord) -> discord.ui.View:
    """The best few moves, one button a row, then **Other move…**."""
    game = record.game
    assert game is not None
    buttons: list[discord.ui.Item] = [
        move_button(
            record.id,
            record.move_count,
            "try",
            move_text(game, s.scored.move),
            label=suggestion_label(game, s),
            row=row,
        )
        for row, s in enumerate(best_moves(game))
    ]
    buttons.append(move_button(record.id, record.move_count, "other", row=len(buttons)))
    return view_of(*buttons)


def first_step_text(game: TileGame, *, typed: bool = True) -> str:
    if game.kind == "rota":
        return (
            "Choose where the tile goes, by the names on the display "
            f"({SUGGESTED_ORDER}), then its turn."
        )
    return "Choose a tile (in rack order), then a placement." + (
        " Or type `/axio play`." if typed else ""
    )


def first_step(record: GameRecord) -> ControlSelect:
    """The first menu: Rota positions by name, or AXIO tiles in rack order, each with the
    most it can score."""
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
    return choice_select(record.id, record.move_count, step, options[:MAX_CHOICES], placeholder)


def placements(record: GameRecord, key: str) -> ControlSelect:
    """The best moves for one AXIO tile or one Rota position, points shown."""
    game = record.game
    assert game is not None
    chosen = moves_for(game, key)
    if not chosen:
        raise Refusal("That choice has no legal placement now. Press **Back** to choose again.")
    options = [
        discord.SelectOption(
            label=option_label(game, s.scored), value=move_text(game, s.scored.move)
        )
        for s in ranked_suggestions(game, chosen)[:MAX_CHOICES]
    ]
    return choice_select(
        record.id, record.move_count, "move", options, "Choose a placement (best first)"
    )


def moves_for(game: TileGame, key: str) -> list[ScoredMove]:
    """The legal moves of one AXIO tile (its colour letters) or one Rota position (its name)."""
    moves = game.scored_moves()
    if game.kind == "rota":
        try:
            position = parse_position_name(key)
        except PositionNameError:
            return []
        return [m for m in moves if m.move.position == position]
    return [m for m in moves if "".join(c.letter for c in m.move.tile) == key]


def preview(record: GameRecord, text: str) -> tuple[str, discord.File, discord.ui.View]:
    """The move drawn on the board as a ghost, what it scores, and Confirm or Back."""
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
    view = view_of(
        move_button(record.id, record.move_count, "ok", move_text(game, move)),
        move_button(record.id, record.move_count, "back"),
    )
    return text, file, view


def played_text(game: TileGame, move: Any, points: tuple[int, ...]) -> str:
    """What the player is told once their move stands, from a button or `/axio play`."""
    return f"You played **{describe(game, move)}**: {points_text(points)}."
