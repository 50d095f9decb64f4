"""A game page's link unfurled (Open Graph, Discord, Slack, Mastodon...): `/g/<code>/board.png`,
the table picture the channel sees (`render_table` with the public state and the seats'
names, never a rack or a hand), drawn by the painter's workers, off the event loop.

The page's head names it as `og:image` with `?m=<moves>`: a new move is a new address, so
a link posted later unfurls the board as it is then. The picture itself is always the
game's current board (the `m` is only the address's freshness; a past move's board is the
page's to step to).

Kept per game and reader's language (kept.py), with the move count and the names it was
drawn with: a new move or a forgotten member's name (any process, `axio-bot forget` too)
draws it again, and the game's old pictures, in every language, are dropped at once; at
most `PICTURES` are kept. Asked for by many readers at once, it is drawn once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from render import render_table

from ..i18n import _, speaking
from ..screens.words import picture_words
from .kept import Kept
from .words import page_words, reader_language

Paint = Callable[..., Awaitable[bytes]]
THEME_COLOUR = "#16181d"
"""The page's background (page.css): the colour of the embed's edge."""
PICTURES = 256
"""Pictures kept (per game and language); a late 4-player AXIO table is ~65 KB, so ~16 MB."""

PICTURES_KEY = web.AppKey("pictures", Kept[bytes])


class BoardPicture:
    """`/g/<code>/board.png`, answered through the game pages' own lookups (a turned-off
    server, a daily game before its day is over: 404 as the page)."""

    def __init__(self, pages: Any, paint: Paint) -> None:
        self.pages = pages
        self.paint = paint
        self.pictures: Kept[bytes] = Kept(PICTURES)
        pages.kept.append(self.pictures)  # dropped with the game's pages

    def add_to(self, app: web.Application) -> None:
        app[PICTURES_KEY] = self.pictures
        app.router.add_get(r"/g/{code:[A-Za-z0-9_-]+}/board.png", self.board)

    async def board(self, request: web.Request) -> web.Response:
        moves = request.query.get("m", "")
        if moves and not (moves.isdigit() and len(moves) <= 6):
            raise web.HTTPBadRequest()
        language = reader_language(request.headers.get("Accept-Language"))
        page = await self.pages._game(request)
        with speaking(language):
            former = page_words()["formerPlayer"]
            names = [former if seat.former else seat.name for seat in page.seats]
            words = picture_words()

        async def draw() -> bytes:
            public = await self.pages.public(page, language)
            return await self.paint(render_table, public.final, names, words=words)

        png = await self.pictures.get(
            (page.code, language), (page.move_count, page.status, tuple(names)), draw
        )
        return web.Response(
            body=png,
            content_type="image/png",
            headers={"Cache-Control": "no-cache", "Content-Language": language},
        )


def unfurl_context(context: dict[str, Any], *, picture: bool) -> dict[str, Any]:
    """What unfurl.html adds to a game page's head: the description (status, moves, each
    player's lowest colour, the game's score) and whether the board's picture is named."""
    lowest = ", ".join(
        f"{seat['name']} {min(scores)}"
        for seat, scores in zip(context["seats"], context["scores"], strict=True)
    )
    summary = _(
        "{count} moves, {status}. Lowest colours: {scores}.",
        status=context["status"],
        count=len(context["moves"]),
        scores=lowest,
    )
    return {"summary": summary, "picture": picture, "theme": THEME_COLOUR}
