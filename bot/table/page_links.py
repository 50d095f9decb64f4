"""Links from Discord to the web pages (bot/web): a game's page on its turn and end posts,
`/axio history` and `/axio review`, the server's page on a tournament's standings; and
whether the playable board (the Discord Activity) is there to launch.

A link is given only where a page answers: with PUBLIC_URL set, for a server that shows
its game pages (on unless `/axio settings web_page:off`), and for the server page only
when its managers turned it on. Otherwise there is no link and the posts are as before.

The bot removed from a server (`on_guild_remove`, a listener) turns its pages off, as
`web_page:off` would: a server that let the bot go should not keep a public page of its
members' names. A database that does not answer then is asked again when it is back.
"""

from __future__ import annotations

import logging

import discord

from storage import DATABASE_FAULTS, Repository

from .background import Background

log = logging.getLogger(__name__)


class PageLinks:
    def __init__(
        self,
        repo: Repository,
        public_url: str | None,
        background: Background | None = None,
        *,
        board: bool = False,
    ) -> None:
        self.repo = repo
        self.board = board
        """The Activity is configured: turn posts and builders carry **Board**."""
        self.background = background
        self.public_url = (public_url or "").rstrip("/")
        self.pending: set[int] = set()
        """Servers that removed the bot whose pages the database could not turn off yet."""

    async def game(self, game_id: int) -> str | None:
        """The game's page, if it has one to show."""
        if not self.public_url:
            return None
        code = await self.repo.shown_game_code(game_id)
        return None if code is None else f"{self.public_url}/g/{code}"

    async def games(self, guild_id: int, game_ids: list[int]) -> dict[int, str]:
        """The pages of some of a server's games, those it shows."""
        if not self.public_url:
            return {}
        codes = await self.repo.shown_game_codes(guild_id, game_ids)
        return {game_id: f"{self.public_url}/g/{code}" for game_id, code in codes.items()}

    async def server(self, guild_id: int) -> str | None:
        """The server's own page, if its managers turned it on."""
        if not self.public_url:
            return None
        page = await self.repo.web_page(guild_id)
        if not page.server_page or page.code is None:
            return None
        return f"{self.public_url}/s/{page.code}"

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        self.pending.add(guild.id)
        await self.turn_off_pending()

    async def turn_off_pending(self) -> None:
        for guild_id in sorted(self.pending):
            try:
                await self.repo.set_web_page(guild_id, False)
            except DATABASE_FAULTS as error:
                log.warning(
                    "server %s removed the bot; its pages go off later (%s)", guild_id, error
                )
                return
            self.pending.discard(guild_id)
            log.info("server %s removed the bot: its web pages are off", guild_id)

    def database_back(self, outage: object = None) -> None:
        """The database answers again: turn off the pages of servers that left meanwhile."""
        if self.pending and self.background is not None:
            self.background.spawn(self.turn_off_pending())
