"""The move builder's pages: what the player to move sees in their ephemeral builder.

Their tiles (a picture), the best few moves as buttons, each labelled with what it does
(`suggest`), the menus for any move (`menus`), and the preview. AXIO: choose a tile (in
rack order) → a placement → preview → confirm; then, if offered, exchange or keep. Rota:
choose a position (by its name on the display) → a turn (with the colour named for an
empty corner folded into each choice) → preview → confirm. A solo game is played here
whole: its page shows the table with the tile to place under it, so the channel hears of
it only at the start and the end. Which page shows when is the flow's
(`bot/commands/builder.py`).
"""

from __future__ import annotations

from typing import Any

import discord

from engine import IllegalMoveError, TileGame
from render import render_board, render_hand, render_rack, render_table
from storage import GameRecord

from ..i18n import _, ngettext, pgettext
from .controls import board_button, move_button, view_of
from .menus import Choice, menu_rows
from .moves import describe, move_text, parse_player_move
from .present import seat_names
from .refusals import Refusal
from .suggest import appraise, best_moves, choice_note, lift_text, suggestion_label
from .summary import Paint, image_file, table_summary
from .words import (
    colour_name,
    colour_words,
    names_text,
    picture_words,
    points_text,
    tile_words,
)

SOLO_FILENAME = "solo.png"
"""The solo page's picture: the table with the tile to place (private, like a rack)."""


def rack_words(rack: list[Any]) -> str:
    return ", ".join(f"{n}. {tile_words(t)}" for n, t in enumerate(rack, start=1))


def corner_words(tile: Any) -> str:
    """A Rota tile's corners from the top left, clockwise: `🔴 red, 🟢 green, …`."""
    return ", ".join(colour_words(c) for c in tile)


def private_tile(game: TileGame, seat: int) -> Any:
    """The seat's Rota tile: the one to place on its move (an extra turn's supply tile),
    else the one in hand."""
    if game.to_move == seat and not game.is_over:
        return game.tile_to_place  # type: ignore[attr-defined]
    return game.hand(seat)  # type: ignore[attr-defined]


async def own_tiles_file(game: TileGame, seat: int, paint: Paint) -> discord.File | None:
    """The seat's rack (AXIO) or hand tile in its four turns (Rota), for its owner only."""
    if game.kind == "rota":
        tile = private_tile(game, seat)
        if tile is None:
            return None
        alt = _(
            "Your tile in its four turns, left to right: as drawn, then turned 90, 180 and "
            "270 degrees clockwise. As drawn, its corners from the top left clockwise are "
            "{corners}.",
            corners=corner_words(tile),
        )
        return image_file(await paint(render_hand, tile), "hand.png", alt)
    rack = game.rack(seat)  # type: ignore[attr-defined]
    words = ", ".join(tile_words(t) for t in rack) or _("no tiles")
    png = await paint(render_rack, rack)
    return image_file(png, "rack.png", _("Your rack, left to right: {tiles}.", tiles=words))


async def solo_file(record: GameRecord, paint: Paint) -> discord.File:
    """A solo game's page picture: the board and scoreboard, and the tile to place."""
    game = record.game
    assert game is not None
    if game.kind == "rota":
        tiles: Any = private_tile(game, 0)
    else:
        tiles = game.rack(0)  # type: ignore[attr-defined]
    png = await paint(
        render_table,
        game,
        seat_names(record),
        tiles=None if game.is_over else tiles,
        words=picture_words(),
    )
    words = own_tiles_text(game, 0)
    return image_file(png, SOLO_FILENAME, f"{table_summary(record)} {words}")


def own_tiles_text(game: TileGame, seat: int) -> str:
    if game.kind == "rota":
        tile = private_tile(game, seat)
        if tile is None:
            return _("You have no tile in hand now.")
        return _(
            "Your tile (corners from the top left, clockwise): {corners}.",
            corners=corner_words(tile),
        )
    rack = game.rack(seat)  # type: ignore[attr-defined]
    if not rack:
        return _("Your rack is empty.")
    if game.solo:
        return _("Your tile: {tile}.", tile=tile_words(rack[0]))
    return _("Your rack: {tiles}.", tiles=rack_words(rack))


def exchange_question(game: TileGame, seat: int) -> str:
    lowest = names_text(
        [colour_name(c) for c in game.scoreboards[seat].lowest_colours()], pgettext("list", "or")
    )
    return _(
        "None of your tiles shows your lowest colour ({colours}). Exchange the "
        "whole rack for five new tiles, or keep it?",
        colours=lowest,
    )


def suggestions_text(game: TileGame, *, typed: bool = True, pick: Any = None) -> str:
    """`typed`: whether `/axio play` can make this move too (not in a daily challenge);
    `pick`: the computer's choice, marked among them (None: none is known). The order the
    moves come in (`SUGGESTED_ORDER`) is said inside each whole sentence."""
    if not best_moves(game):
        return _("Press **Other move…** to choose your move.")
    if typed:
        text = _(
            "Suggested moves, best for your lowest colour first, then most points: tap one "
            "to preview it, or press **Other move…** for any move (or type `/axio play`)."
        )
    else:
        text = _(
            "Suggested moves, best for your lowest colour first, then most points: tap one "
            "to preview it, or press **Other move…** for any move."
        )
    return text if pick is None else f"{text} {choice_note()}"


def suggestions_view(
    record: GameRecord, pick: Any = None, *, board: bool = False
) -> discord.ui.View:
    """The best few different placements, with the computer's choice `pick` among them
    (marked), one button a row, then **Other move…** (and **Board**, the Activity, when it
    is configured)."""
    game = record.game
    assert game is not None
    buttons: list[discord.ui.Item] = [
        move_button(
            record.id,
            record.move_count,
            "try",
            move_text(game, s.scored.move),
            label=suggestion_label(game, s, marked=pick is not None and s.scored.move == pick),
            row=row,
        )
        for row, s in enumerate(best_moves(game, pick=pick))
    ]
    row = len(buttons)
    buttons.append(move_button(record.id, record.move_count, "other", row=row))
    buttons += [board_button(record.id, row=row)] if board else []
    return view_of(*buttons)


def menus_text(game: TileGame, *, typed: bool = True) -> str:
    """`typed`: whether `/axio play` can make this move too (not in a daily challenge)."""
    if game.kind == "rota":
        return _(
            "Choose where the tile goes, by the names on the display, then its turn. "
            "Long lists come in pages: the best first, then the rest by name."
        )
    if typed:
        return _(
            "Choose a tile (in rack order), then a placement. Long lists come in pages: the "
            "best first, then the rest by where they lie. Or type `/axio play`."
        )
    return _(
        "Choose a tile (in rack order), then a placement. Long lists come in pages: the "
        "best first, then the rest by where they lie."
    )


def menus_view(record: GameRecord, choice: Choice) -> discord.ui.View:
    """The menus for what has been chosen so far, and **Back**."""
    game = record.game
    assert game is not None
    rows = menu_rows(record.id, game, choice)
    return view_of(*rows, move_button(record.id, record.move_count, "back"))


async def preview(
    record: GameRecord, text: str, paint: Paint
) -> tuple[str, discord.File, discord.ui.View]:
    """The move drawn on the board as a ghost, what it does, and Confirm or Back."""
    game = record.game
    assert game is not None
    move = parse_player_move(game, text)
    scored = next((m for m in game.scored_moves() if m.move == move), None)
    if scored is None:
        raise Refusal(_("That placement is no longer possible. Press **Back** to choose again."))
    words = describe(game, move)
    file = image_file(
        await paint(render_board, game, preview=move),
        "preview.png",
        _(
            "Preview: the board with your move, {move}, drawn see-through where it would go.",
            move=words,
        ),
    )
    suggestion = appraise(game, scored)
    gained = [b - a for a, b in zip(suggestion.before, suggestion.after, strict=True)]
    text = ngettext(
        "Preview: **{move}** scores {count} pt ({points}): it {effect}.\n"
        "Confirm to play it, or go back.",
        "Preview: **{move}** scores {count} pts ({points}): it {effect}.\n"
        "Confirm to play it, or go back.",
        suggestion.total, move=words, points=points_text(gained), effect=lift_text(suggestion),
    )  # fmt: skip
    view = view_of(
        move_button(record.id, record.move_count, "ok", move_text(game, move)),
        move_button(record.id, record.move_count, "back"),
    )
    return text, file, view


def played_text(game: TileGame, move: Any, points: tuple[int, ...]) -> str:
    """What the player is told once their move stands, from a button or `/axio play`."""
    text = str(move)
    if text == "exchange":
        return _("You exchanged your rack for new tiles from the bag.")
    if text == "keep":
        return _("You kept your rack.")
    return _(
        "You played **{move}**: {points}.", move=describe(game, move), points=points_text(points)
    )


def repeated_text(record: GameRecord, seat: int, made_for: int, text: str) -> str | None:
    """What a Confirm or a typed suggestion made for move `made_for` says when `seat`
    stored that very move there already (the same press or command again), with what it
    scored; None if the move stored there is another, or another seat's. The move is read
    as it was then: from the game replayed to it."""
    game = record.game
    if game is None or record.seed is None or not 0 <= made_for < len(game.log):
        return None
    stored = game.log[made_for]
    if stored.seat != seat:
        return None
    try:
        before = type(game).replay(
            len(record.seats), record.seed, [entry.move for entry in game.log[:made_for]]
        )
        move = parse_player_move(before, text)
    except IllegalMoveError:  # a game not dealt from its seed, or another move's text
        return None
    if str(move) != stored.move:
        return None
    played = played_text(before, move, before.play(move).points)
    return _(
        "✅ Already played: {played} The same move came again and changed nothing; it counts once.",
        played=played,
    )
