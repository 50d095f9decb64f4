"""What the channel is shown after moves: one message with what happened, the table image
and who moves next (with the **My tiles** button for a person).

The delivery loop (`bot/table/courier.py`) builds every table post here, from stored state only,
so a post delivered again after a crash says exactly what the first one would have said.
Several moves that have not been shown yet (a table of computers, a person's AXIO! extra
turns) are summed up in one post.
"""

from __future__ import annotations

from typing import Any

import discord

from render import render_table
from storage import GameRecord

from .controls import my_tiles_button
from .present import seat_names, standings_text, turn_prompt
from .summary import image_file, table_summary

TABLE_FILENAME = "table.png"
ACCENT = 0xF2C14E  # the yellow of the last-move highlight


def table_file(record: GameRecord) -> discord.File:
    """The board above the scoreboards, as one image, with the table in words as alt text."""
    assert record.game is not None
    png = render_table(record.game, seat_names(record))
    return image_file(png, TABLE_FILENAME, table_summary(record))


def table_layout(
    text: str, file: discord.File, controls: list[discord.ui.Item] | None = None
) -> discord.ui.LayoutView:
    """One Components V2 card: the words, the table image (with its alt text) in a media
    gallery, and the controls under it."""
    container: discord.ui.Container = discord.ui.Container(accent_colour=ACCENT)
    container.add_item(discord.ui.TextDisplay(text))
    item = discord.MediaGalleryItem(file, description=file.description)
    container.add_item(discord.ui.MediaGallery(item))
    if controls:
        container.add_item(discord.ui.ActionRow(*controls))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def table_post(record: GameRecord, summaries: list[str]) -> dict[str, Any]:
    """Keyword arguments for `channel.send`: one Components V2 card with the moves'
    summaries (oldest first), then the final standings or the turn prompt, the table image,
    and the turn's **My tiles** button. A V2 message has no `content`: the words are in
    the card.

    Only the person to move is pinged (at the end: every person at the table); nobody's
    name in a summary pings anyone."""
    game = record.game
    assert game is not None
    lines = list(summaries)
    file = table_file(record)
    if game.is_over:
        lines.append(standings_text(record))
        people = [discord.Object(s.user_id) for s in record.seats if s.is_human and not s.is_former]
        return {
            "view": table_layout("\n".join(lines), file),
            "file": file,
            "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=people),
        }
    lines.append(turn_prompt(record))
    seat = record.seat_to_move
    person = seat is not None and seat.plays_as is None and seat.user_id is not None
    controls: list[discord.ui.Item] = []
    if person:
        controls.append(my_tiles_button(record.id, record.move_count))
    return {
        "view": table_layout("\n".join(lines), file, controls),
        "file": file,
        "allowed_mentions": discord.AllowedMentions(
            everyone=False,
            roles=False,
            users=[discord.Object(seat.user_id)] if person and seat else False,  # type: ignore[list-item]
        ),
    }


def retired_turn_post(message: discord.Message) -> dict[str, Any]:
    """Keyword arguments for `message.edit` that take the controls off an earlier table
    post and keep its words and image. A V2 message's components are replaced whole, so
    `view=None` would blank it: the card is rebuilt from the message without its buttons.
    A classic message (posted before the V2 card) just loses its view."""
    if not message.flags.components_v2:
        return {"view": None}
    view = discord.ui.LayoutView.from_message(message, timeout=None)
    for item in list(view.walk_children()):
        if isinstance(item, discord.ui.ActionRow) and item.parent is not None:
            item.parent.remove_item(item)  # type: ignore[union-attr]
        elif isinstance(item, discord.ui.ActionRow):
            view.remove_item(item)
    return {"view": view}
