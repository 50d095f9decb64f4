"""Member-chosen text in the bot's messages: display names and what was typed.

Members pick their names and type anything into `/axio play`, so such text is only ever
shown through these functions: one line, control characters gone, length capped, markdown
and mentions escaped (a name like `<@id>` or `**x**` pings nobody and breaks no layout).
Names are stored as members had them when they joined; they are escaped when shown. Typed
text comes back only inside the engine's refusals, cut to a short excerpt there
(`engine.common.excerpt`) and escaped whole by `errors.refusal_text`.

Pings are opt-in: the bot's default `allowed_mentions` is `NOBODY`, and a message that
means to ping someone names them with `pinging(...)`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import discord

from engine.common import excerpt

MESSAGE_LIMIT = 2000
"""Discord's longest message, in characters."""

NAME_LIMIT = 32
"""Discord's longest display name; a longer stored name is cut."""

NOBODY = discord.AllowedMentions.none()


def pinging(user_ids: Iterable[int | None]) -> discord.AllowedMentions:
    """Mentions that ping exactly these users: never everyone, roles, or anyone named in
    member-chosen text."""
    users = [discord.Object(user_id) for user_id in dict.fromkeys(user_ids) if user_id]
    return discord.AllowedMentions(
        everyone=False, roles=False, users=users or False, replied_user=False
    )


def escaped(text: str) -> str:
    """Markdown and mentions made literal."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


@lru_cache(maxsize=4096)
def shown_name(name: str) -> str:
    """A display name as a message shows it: one escaped line, at most NAME_LIMIT long.
    Cached: a card names its players several times, and names are few."""
    return escaped(excerpt(name, NAME_LIMIT) or "?")


def plain_name(name: str) -> str:
    """A display name where markdown does not render (embed titles, images): one line,
    capped, mentions escaped."""
    return discord.utils.escape_mentions(excerpt(name, NAME_LIMIT) or "?")


def capped(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """Text that fits in one message: cut with an ellipsis rather than refused by Discord."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
