"""What each channel post says (see `storage/channel_posts.py` for the kinds), read from
storage when it is delivered, so a post delivered again after a crash says what the first
one would have. (The standings after round n are read when that post goes out: a channel's
posts go out in order, so the next round's threads, and with them any of its results, come
only after it.)

A post is a message's keyword arguments: `content` (its first line names what it is, so a
post already in the channel can be recognised), and for standings the picture.
"""

from __future__ import annotations

from typing import Any

from engine.daily import DAILY_KINDS
from storage import ChannelPost, Repository, TournamentNotFoundError

from ..i18n import _, speaking
from ..screens.daily import daily_post_text
from ..screens.safe_text import NOBODY
from ..screens.summary import Paint
from ..screens.tournament import (
    cancelled_reason,
    cancelled_text,
    heading,
    round_text,
    standings_message,
    standings_subtitle,
    winners_words,
)
from .language import server_language

Message = dict[str, Any]


class Bulletins:
    def __init__(self, repo: Repository, paint: Paint) -> None:
        self.repo = repo
        self.paint = paint

    async def compose(self, post: ChannelPost, guild_locale: object = None) -> Message | None:
        """The message a post owes, in its server's language, or None when there is
        nothing left to say (its tournament is gone)."""
        language = await server_language(self.repo, post.guild_id, guild_locale)
        try:
            with speaking(language):
                if post.kind == "daily":
                    content = await self._daily(post)
                    return {"content": content, "allowed_mentions": NOBODY}
                return await self._tournament(post)
        except TournamentNotFoundError:
            return None

    async def _daily(self, post: ChannelPost) -> str:
        day = int(post.payload["day"])
        podiums = {
            kind: await self.repo.daily_table(day - 1, kind, post.guild_id, limit=3)
            for kind in DAILY_KINDS
        }
        return daily_post_text(day, podiums)

    async def _tournament(self, post: ChannelPost) -> Message:
        t = await self.repo.tournament(int(post.payload["tournament_id"]))
        number = int(post.payload.get("round", 0))
        if post.kind == "tournament_round":
            tables = await self.repo.tournament_tables(t.id, number)
            names = {p.user_id: p.name for p in t.players}
            byes = [names[u] for u in await self.repo.tournament_byes(t.id, number)]
            return {"content": round_text(t, number, tables, byes), "allowed_mentions": NOBODY}
        if post.kind == "tournament_cancelled":
            content = cancelled_text(t, cancelled_reason(post.payload))
            return {"content": content, "allowed_mentions": NOBODY}
        standings = await self.repo.tournament_standings(t.id)
        if post.kind == "tournament_final":
            first = _(
                "🏆 {tournament} is over: {winners} won. Final standings:",
                tournament=heading(t), winners=winners_words(standings),
            )  # fmt: skip
            subtitle = standings_subtitle(t, None)
        else:
            first = _(
                "📊 {tournament} · standings after round {round} of {rounds}:",
                tournament=heading(t), round=number, rounds=t.rounds,
            )  # fmt: skip
            subtitle = standings_subtitle(t, number)
        text, file = await standings_message(t, standings, first, subtitle, self.paint)
        return {"content": text, "file": file, "allowed_mentions": NOBODY}
