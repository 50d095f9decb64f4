"""A game page's link unfurled (Open Graph, Discord, Slack, Mastodon...): `/g/<code>/board.png`,
the table picture the channel sees (`render_table` with the public state and the seats'
names, never a rack or a hand), drawn by the painter's workers, off the event loop.

The page's head names it as `og:image` with `?m=<moves>`: a new move is a new address, so
a link posted later unfurls the board as it is then. The picture itself is always the
game's current board (the `m` is only the address's freshness; a past move's board is the
page's to step to).

Cached per game and reader's language, holding the move count and the names it was drawn
with: a new move or a forgotten member's name (any process, `axio-bot forget` too) draws
it again, and the game's old pictures, in every language, are dropped at once; at most
`PICTURES` are kept, the least recently asked first out. Asked for by many readers at
once (a link posted in a busy channel), it is drawn once.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from render import render_table

from ..i18n import _, speaking
from ..screens.words import picture_words
from .words import page_words, reader_language

Paint = Callable[..., Awaitable[bytes]]
THEME_COLOUR = "#16181d"
"""The page's background (page.css): the colour of the embed's edge."""
PICTURES = 256
"""Pictures kept (per game and language); a late 4-player AXIO table is ~65 KB, so ~16 MB."""

Key = tuple[int, str]
Drawn = tuple[tuple[Any, ...], bytes]


class Pictures:
    """Board pictures per (game, language), each with what it was drawn from."""

    def __init__(self, size: int = PICTURES) -> None:
        self.size = size
        self._kept: OrderedDict[Key, Drawn] = OrderedDict()
        self._drawing: dict[tuple[Key, tuple[Any, ...]], asyncio.Future[bytes]] = {}

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        self._kept.clear()

    async def get(
        self, key: Key, drawn_from: tuple[Any, ...], draw: Callable[[], Awaitable[bytes]]
    ) -> bytes:
        """The picture for `key` drawn from `drawn_from` (move count, names), drawn now if the
        kept one was drawn from anything else (which is then dropped)."""
        kept = self._kept.get(key)
        if kept is not None and kept[0] == drawn_from:
            self._kept.move_to_end(key)
            return kept[1]
        if kept is not None:  # stale: a forgotten name must not wait for its turn to leave,
            for other in [k for k in self._kept if k[0] == key[0]]:  # in any language
                del self._kept[other]
        pending = self._drawing.get((key, drawn_from))
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._drawing[(key, drawn_from)] = future
        try:
            png = await draw()
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: the waiters, if any, raise it themselves
            raise
        finally:
            del self._drawing[(key, drawn_from)]
        future.set_result(png)
        self._kept[key] = (drawn_from, png)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return png


PICTURES_KEY = web.AppKey("pictures", Pictures)


class BoardPicture:
    """`/g/<code>/board.png`, answered through the game pages' own lookups (a turned-off
    server, a daily game before its day is over: 404 as the page)."""

    def __init__(self, pages: Any, paint: Paint, pictures: Pictures | None = None) -> None:
        self.pages = pages
        self.paint = paint
        self.pictures = pictures or Pictures()

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
            (page.id, language), (page.move_count, page.status, tuple(names)), draw
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
