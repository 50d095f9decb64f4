"""What the channel is shown: one card per person's turn, with what happened since the last
one, the table image and the person to move (with **My tiles**); at the end the result,
with **Rematch** and **Replay**.

The delivery loop (`bot/table/courier.py`) builds every table post here, from stored state
only, so a post delivered again after a crash says exactly what the first one would have
said. A card holds two texts: its story (what happened since the card before) and its
call (whose move, or the result). When the next card arrives the older one is shrunk to
its story in one line, with no picture and no buttons (`retired_turn_post`), so the
channel reads as a list of turns with the live table at the bottom.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import discord

from engine import PlayResult
from render import render_table
from storage import GameRecord, OwedPost

from ..i18n import LANGUAGES, N_, _, translate_in
from .brief import story_brief
from .controls import AFTER, CLOSE_UP, OPEN, board_button, button, my_tiles_button
from .links import page_button
from .present import (
    end_pings,
    seat_label,
    seat_name,
    seat_names,
    standings_text,
    start_line,
    title,
    turn_prompt,
)
from .safe_text import NOBODY, pinging
from .summary import Paint, Scored, image_file, table_summary
from .words import picture_words

TABLE_FILENAME = "table.png"
ACCENT = 0xF2C14E  # the yellow of the seat to move on the picture
STORY_ROOM = 1200
"""Characters of story one card may carry; older lines give way to newer."""
CALL_JOIN = " → "
"""Between a card's story and its call to move, on one line."""
RETIRED_ROOM = 600
"""The longest one-line story a shrunk card keeps."""
CALLS = (
    N_("Press **My tiles**"),
    N_("is thinking…"),
    N_("may exchange their rack or keep it"),
)
"""What the call of a card posted before the story and the call were apart says: a shrunk
old card drops these lines (in every language, since the card may predate a change)."""


@cache
def calls() -> tuple[str, ...]:
    """`CALLS` in every language (the catalogs are read once a process)."""
    return tuple(translate_in(language, call) for language in LANGUAGES for call in CALLS)


async def table_file(
    record: GameRecord, paint: Paint, scored: Scored | None = None
) -> discord.File:
    """The board above the scoreboards, as one image, with the table in words as alt text
    (`scored`: moves' points already known, see `table_summary`)."""
    assert record.game is not None
    png = await paint(render_table, record.game, seat_names(record), words=picture_words())
    return image_file(png, TABLE_FILENAME, table_summary(record, scored))


def posts_scored(posts: list[OwedPost]) -> Scored:
    """The points of the moves the owed posts carry, by their place in the log (a move's
    row is owed at the move count it made)."""
    return {
        post.move_count - 1: post.result.points
        for post in posts
        if post.kind == "move" and post.result is not None
    }


def story_lines(record: GameRecord, posts: list[OwedPost]) -> list[str]:
    """What happened since the last card: its notes (the start, a resignation, a timeout:
    never lost), then every move since the player to move last played in brief, on one
    paragraph under the badges the picture numbers them with (`brief.story_brief`),
    keeping the newest that fit."""
    notes: list[str] = []
    moves: list[tuple[PlayResult, bool]] = []
    for post in posts:
        if post.note:
            notes.append(post.note)
        if post.kind == "start":
            notes.append(start_line(record))
        elif post.kind == "move" and post.result is not None:
            moves.append((post.result, post.stand_in))
    room = STORY_ROOM - sum(len(line) + 1 for line in notes)
    left_out = 0
    brief = story_brief(record, moves)
    while left_out < len(moves) and len(brief) > room:
        left_out += 1
        brief = story_brief(record, moves[left_out:], left_out)
    return [*notes, brief] if brief else notes


def card(
    story: str,
    call: str | None,
    file: discord.File | None = None,
    controls: list[discord.ui.Item] | None = None,
) -> discord.ui.LayoutView:
    """One Components V2 card: the story, the call, the image (with its alt text) in a
    media gallery, and the controls under it."""
    container: discord.ui.Container = discord.ui.Container(accent_colour=ACCENT)
    container.add_item(discord.ui.TextDisplay(story))
    if call:
        container.add_item(discord.ui.TextDisplay(call))
    if file is not None:
        item = discord.MediaGalleryItem(file, description=file.description)
        container.add_item(discord.ui.MediaGallery(item))
    if controls:
        container.add_item(discord.ui.ActionRow(*controls))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


async def table_post(
    record: GameRecord,
    story: list[str],
    paint: Paint,
    link: str | None = None,
    *,
    board: bool = False,
    scored: Scored | None = None,
) -> dict[str, Any]:
    """Keyword arguments for `channel.send`: the card with the story (oldest first), then
    the turn's call or the final standings, the table image, and the controls. A V2
    message has no `content`: the words are in the card.

    Only the person to move is pinged (at the end: every person at the table); nobody's
    name in a story pings anyone. With `link`, a button opens the game's web page; with
    `board` (the Activity is configured), **Board** opens the playable board; `scored`:
    moves' points already known (`posts_scored`)."""
    game = record.game
    assert game is not None
    file = await table_file(record, paint, scored)
    text = "\n".join(story) or f"🎲 **{title(record.kind)}**"
    if game.is_over:
        again = _("Play again") if game.solo else _("Rematch")
        controls: list[discord.ui.Item] = [
            button(AFTER, record.id, "rematch", label=again, emoji="🔁",
                   style=discord.ButtonStyle.primary),
            button(AFTER, record.id, "replay", label=_("Replay"), emoji="🎞️"),
        ]  # fmt: skip
        controls += [page_button(link)] if link else []
        return {
            "view": card(text, standings_text(record), file, controls),
            "file": file,
            "allowed_mentions": pinging(end_pings(record)),
        }
    seat = record.seat_to_move
    person = seat is not None and seat.plays_as is None and seat.user_id is not None
    controls = [my_tiles_button(record.id, record.move_count)] if person else []
    controls += [board_button(record.id)] if board else []
    controls.append(button(CLOSE_UP, record.id, label=_("Close-up"), emoji="🔍"))
    controls += [page_button(link)] if link else []
    return {
        "view": card(with_call(story, turn_prompt(record)), None, file, controls),
        "file": file,
        "allowed_mentions": discord.AllowedMentions(
            everyone=False,
            roles=False,
            users=[discord.Object(seat.user_id)] if person and seat else False,  # type: ignore[list-item]
        ),
    }


def with_call(story: list[str], call: str) -> str:
    """The story with the call to move at the end of its last line, `… · ③ **Bot C** L12 +5
    → your move, @Ann`: on a phone the room a line's end leaves is where the call goes."""
    if not story:
        return call
    return "\n".join([*story[:-1], story[-1] + CALL_JOIN + call])


def without_call(line: str) -> str:
    """A card's line without the call `with_call` put at its end."""
    return line.rsplit(CALL_JOIN, 1)[0]


def solo_start_post(record: GameRecord) -> dict[str, Any]:
    """A solo game's one post while it runs: who plays what, and **Play** for them to come
    back to it. The moves are made in the player's own builder, not in the channel."""
    seat = record.seats[0]
    name = seat_name(seat)
    story = _("🎲 **{name}** began a game of **{game}** solo.", name=name, game=title(record.kind))
    call = _(
        "{who} plays it in their own window; the result is posted here at the end. "
        "Press **Play** to go on with it.",
        who=seat_label(seat),
    )
    play = button(OPEN, record.id, label=_("Play"), emoji="▶️", style=discord.ButtonStyle.primary)
    return {"view": card(story, call, None, [play]), "allowed_mentions": NOBODY}


def retired_turn_post(message: discord.Message, *, keep_picture: bool = False) -> dict[str, Any]:
    """Keyword arguments for `message.edit` that shrink an earlier card to its story in one
    line: no call, no picture, no buttons. With `keep_picture` (the last card of a game
    that was ended) the picture stays: it is the position the game ended in. A classic
    message (posted before the V2 card) just loses its buttons."""
    if not message.flags.components_v2:
        return {"view": None}
    view = discord.ui.LayoutView.from_message(message, timeout=None)
    texts = _texts(view)
    if not keep_picture:
        return retired_story_post(texts[0].content if texts else "")
    lines = _story_lines(texts[0].content if texts else "")
    for item in list(view.walk_children()):
        gone = isinstance(item, discord.ui.ActionRow) or (
            isinstance(item, discord.ui.TextDisplay) and item is not texts[0]
        )
        if gone and item.parent is not None:
            item.parent.remove_item(item)  # type: ignore[union-attr]
    if texts:
        texts[0].content = "\n".join(lines) or "·"
    return {"view": view}


def card_story(view: discord.ui.LayoutView) -> str:
    """A card's story as posted (its first text, the call at the end of its last line):
    what `retired_story_post` shrinks it to, without reading the message back."""
    texts = _texts(view)
    return texts[0].content if texts else ""


def retired_story_post(story: str) -> dict[str, Any]:
    """Keyword arguments for `message.edit` that shrink a V2 card whose story (`card_story`)
    is known to one line: no call, no picture, no buttons."""
    line = " · ".join(_story_lines(story))
    if len(line) > RETIRED_ROOM:
        line = line[: RETIRED_ROOM - 1] + "…"
    quiet = discord.ui.LayoutView(timeout=None)  # a plain line, not a card: it is history
    quiet.add_item(discord.ui.TextDisplay(line or "·"))
    return {"view": quiet, "attachments": []}


def _texts(view: discord.ui.LayoutView) -> list[discord.ui.TextDisplay]:
    return [item for item in view.walk_children() if isinstance(item, discord.ui.TextDisplay)]


def _story_lines(story: str) -> list[str]:
    """A story's lines without their calls to move."""
    said = calls()
    lines = [without_call(line) for line in story.splitlines()]
    return [line for line in lines if line and not any(c in line for c in said)]
