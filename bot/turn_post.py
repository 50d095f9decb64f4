"""What the channel is shown after moves: one message with what happened, the table image
and who moves next (with the **My tiles** button for a person).

The delivery loop (`bot/courier.py`) builds every table post here, from stored state only,
so a post delivered again after a crash says exactly what the first one would have said.
Several moves that have not been shown yet (a table of computers, a person's AXIO! extra
turns) are summed up in one post.
"""

from __future__ import annotations

import io
from typing import Any

import discord

from render import render_table
from storage import GameRecord

from .present import seat_names, standings_text, turn_prompt

TABLE_FILENAME = "table.png"


def table_file(record: GameRecord) -> discord.File:
    """The board above the scoreboards, as one image for the channel."""
    assert record.game is not None
    png = render_table(record.game, seat_names(record))
    return discord.File(io.BytesIO(png), filename=TABLE_FILENAME)


def table_post(record: GameRecord, summaries: list[str]) -> dict[str, Any]:
    """Keyword arguments for `channel.send`: the moves' summaries (oldest first), then the
    final standings or the turn prompt, the table image, and the turn's controls.

    Only the person to move is pinged (at the end: every person at the table); nobody's
    name in a summary pings anyone."""
    from .views import turn_view

    game = record.game
    assert game is not None
    lines = list(summaries)
    if game.is_over:
        lines.append(standings_text(record))
        people = [discord.Object(s.user_id) for s in record.seats if s.user_id is not None]
        return {
            "content": "\n".join(lines),
            "file": table_file(record),
            "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=people),
        }
    lines.append(turn_prompt(record))
    seat = record.seat_to_move
    person = seat is not None and seat.plays_as is None and seat.user_id is not None
    kwargs: dict[str, Any] = {
        "content": "\n".join(lines),
        "file": table_file(record),
        "allowed_mentions": discord.AllowedMentions(
            everyone=False,
            roles=False,
            users=[discord.Object(seat.user_id)] if person and seat else False,  # type: ignore[list-item]
        ),
    }
    if person:
        kwargs["view"] = turn_view(record)
    return kwargs


def retired_turn_post() -> dict[str, Any]:
    """Keyword arguments for editing an old turn message once the game has moved on: its
    buttons go, since they would only answer 'too late'."""
    return {"view": None}
