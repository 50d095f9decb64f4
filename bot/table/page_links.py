"""Links from Discord to the web pages (bot/web): a game's page on its turn and end posts,
`/axio history` and `/axio review`, the server's page on a tournament's standings.

A link is given only where a page answers: with PUBLIC_URL set, for a server that shows
its game pages (on unless `/axio settings web_page:off`), and for the server page only
when its managers turned it on. Otherwise there is no link and the posts are as before.
"""

from __future__ import annotations

from storage import Repository


class PageLinks:
    def __init__(self, repo: Repository, public_url: str | None) -> None:
        self.repo = repo
        self.public_url = (public_url or "").rstrip("/")

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
