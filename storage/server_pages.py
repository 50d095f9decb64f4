"""A server's web pages as its managers set them (migration 0013), on both databases.

`/axio settings web_page:on` turns on the server's own page (PUBLIC_URL/s/<code>; off by
default) and its game pages; `web_page:off`, or the bot removed from the server, turns
both off: the server page and every game page of the server answer 404. Game pages
alone are on by default (migration 0012's `game_pages`), so a server that never chose
has game pages and no server page.

The server's code is unguessable like a game's, given the first time the page is turned
on and kept after: turning the page off and on again keeps its address.
"""

from __future__ import annotations

from dataclasses import dataclass

from .db import Database
from .pages import CODE_PATTERN
from .records import new_code


@dataclass(frozen=True)
class WebPage:
    """A server's web settings: its own page (on or off, its code) and its game pages."""

    guild_id: int
    server_page: bool
    code: str | None
    game_pages: bool


class ServerPageQueries(Database):
    async def web_page(self, guild_id: int) -> WebPage:
        """The server's web settings (the defaults if it never chose)."""
        row = await self._fetchone(
            "SELECT server_page, page_code, game_pages FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if row is None:
            return WebPage(guild_id, False, None, True)
        return WebPage(guild_id, bool(row[0]), row[1], bool(row[2]))

    async def set_web_page(self, guild_id: int, on: bool) -> WebPage:
        """Turn the server's page and its game pages on or off; on gives the page its code
        the first time."""
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, server_page, game_pages, page_code) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "server_page = excluded.server_page, game_pages = excluded.game_pages, "
                "page_code = COALESCE(guild_settings.page_code, excluded.page_code)",
                (guild_id, int(on), int(on), new_code() if on else None),
            )
        return await self.web_page(guild_id)

    async def server_of_page(self, code: str) -> int | None:
        """The server whose page code is `code` and whose page is on (None otherwise)."""
        if not CODE_PATTERN.fullmatch(code):
            return None
        row = await self._fetchone(
            "SELECT guild_id FROM guild_settings WHERE page_code = ? AND server_page = 1",
            (code,),
        )
        return None if row is None else row[0]

    async def shown_game_code(self, game_id: int) -> str | None:
        """A game's page code if its server shows game pages (None: no link to give)."""
        row = await self._fetchone(
            "SELECT g.code FROM games g WHERE g.id = ? AND COALESCE((SELECT gs.game_pages "
            "FROM guild_settings gs WHERE gs.guild_id = g.guild_id), 1) = 1",
            (game_id,),
        )
        return None if row is None else row[0]

    async def shown_game_codes(self, guild_id: int, game_ids: list[int]) -> dict[int, str]:
        """The page codes of some of a server's games, if it shows game pages."""
        ids = sorted(set(game_ids))
        if not ids or not (await self.web_page(guild_id)).game_pages:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._fetchall(
            f"SELECT id, code FROM games WHERE guild_id = ? AND id IN ({marks})", (guild_id, *ids)
        )
        return {row[0]: row[1] for row in rows}
