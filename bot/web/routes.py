"""The game page: `/g/<code>` (the HTML: title, players, scores and the moves as text, for
every reader and screen reader), `/g/<code>.json` (the steps the page's script draws the
board from) and `/g/<code>/events` (new moves of a running game, as they are stored).

Who sees what (the review's rules, `bot/table/reviews.py`): a running game's page shows no
review; a daily challenge's game has no page until its day is over (its moves would be the
day's answer). Unknown, malformed, lobby and turned-off codes are all the same plain 404.

The pages run in the bot's own event loop (on SQLite), beside the moves: each request reads
the game's row (shared by readers asking at once, kept.py's NextRead) and answers with the
HTML or JSON kept ready for that version, in the reader's language, gzipped once (ETag:
304 to a reader who has it); a new move is played on from the steps kept (public.py).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

import aiohttp_jinja2
from aiohttp import web

from engine.common import COLOURS
from engine.daily import is_over
from storage import Repository
from storage.pages import PageGame

from ..i18n import _, speaking
from ..screens.present import title
from ..screens.words import colour_name
from .guard import SECURITY_HEADERS, StreamLimit
from .kept import Kept, NextRead, Ready
from .live import LiveGames
from .public import CACHE_SIZE, PublicGame
from .unfurl import unfurl_context
from .words import (
    page_words,
    ranked,
    reader_language,
    result_words,
    script_words,
    status_word,
)

Make = Callable[[PageGame, PublicGame, str], tuple[bytes, str]]
"""An answer's body and content type, from the game and its public steps, in a language."""
HEARTBEAT_S = 20.0
"""An event stream's comment line when nothing happened, so proxies keep it open."""


PAGES_KEPT = 256
"""Game pages' answers kept ready (HTML or JSON, per game and language, kept.py): a
finished 4-player AXIO game's HTML is ~25 KB and its JSON ~40 KB, each with its gzip."""


ANSWERS_KEY = web.AppKey("answers", Kept[Ready])


class GamePages:
    def __init__(
        self,
        repo: Repository,
        live: LiveGames,
        *,
        clock: Callable[[], datetime],
        public_url: str | None,
        pictures: bool = False,
    ) -> None:
        self.repo = repo
        self.pictures = pictures  # board.png is served (unfurl.py): links show the board
        self.live = live
        self.streams = StreamLimit()
        self.clock = clock
        self.public_url = (public_url or "").rstrip("/")
        self.games: Kept[PublicGame] = Kept(CACHE_SIZE, whole_game=False)
        """Each game's public steps per language, at its latest move count read."""
        self.answers: Kept[Ready] = Kept(PAGES_KEPT)
        self.reads: NextRead[PageGame | None] = NextRead(repo.page_game)
        self.kept: list[Kept[Any]] = [self.answers]
        """Every answer kept by game (the board picture's too): dropped with the game."""

    def add_to(self, app: web.Application) -> None:
        app[ANSWERS_KEY] = self.answers
        app.router.add_get(r"/g/{code:[A-Za-z0-9_-]+}", self.page)
        app.router.add_get(r"/g/{code:[A-Za-z0-9_-]+}.json", self.steps)
        app.router.add_get(r"/g/{code:[A-Za-z0-9_-]+}/events", self.events)

    def forget(self) -> None:
        """Drop every kept answer: a member was forgotten, or a server turned its pages
        off, in this process (another process's change is seen at the next request)."""
        for kept in self.kept:
            kept.clear()

    async def _game(self, request: web.Request) -> PageGame:
        code = request.match_info["code"]
        page = await self.reads.get(code)
        if page is None or (
            page.daily_day is not None and not is_over(page.daily_day, self.clock())
        ):
            for kept in self.kept:  # its server may have turned its pages off
                kept.drop(code)
            raise web.HTTPNotFound()
        return page

    async def public(self, page: PageGame, language: str) -> PublicGame:
        """The game's steps at its stored move count: kept, or played on from the steps
        kept for an earlier move count, or replayed from its seed (off the event loop)."""
        reviewed = page.reviewed and page.status == "finished"
        key = (page.id, language)

        async def made() -> PublicGame:
            kept = self.games.peek(key)
            earlier = None if kept is None or kept[1].moves > page.move_count else kept[1]
            done = 0 if earlier is None else earlier.moves
            moves = await self.repo.page_moves(page.id, page.move_count, after=done)
            review = await self.repo.review(page.id) if reviewed else None
            if earlier is not None:
                return earlier.extended(moves, language, review)
            return await asyncio.to_thread(
                PublicGame.replayed, page.kind, page.players, page.seed, moves, language, review
            )

        return await self.games.get(key, (page.move_count, reviewed), made)

    async def _answer(self, request: web.Request, what: str, make: Make) -> web.Response:
        """The answer kept for the game's version (moves, status, review, seats and their
        names, read now), made by `make` in the reader's language when there is none."""
        language = reader_language(request.headers.get("Accept-Language"))
        page = await self._game(request)
        version = (page.move_count, page.status, page.reviewed, page.seats)

        async def made() -> Ready:
            public = await self.public(page, language)
            with speaking(language):
                body, content_type = make(page, public, language)
            return await Ready.made(body, content_type, language, version)

        ready = await self.answers.get((page.code, language, what), version, made)
        return ready.answer(request)

    async def page(self, request: web.Request) -> web.Response:
        def html(page: PageGame, public: PublicGame, language: str) -> tuple[bytes, str]:
            context = page_context(page, public, language, self.public_url)
            context["picture"] = self.pictures and bool(self.public_url)
            text = aiohttp_jinja2.render_string("game.html", request, context)
            return text.encode(), "text/html; charset=utf-8"

        return await self._answer(request, "html", html)

    async def steps(self, request: web.Request) -> web.Response:
        return await self._answer(request, "json", steps_json)

    async def events(self, request: web.Request) -> web.StreamResponse:
        page = await self._game(request)
        with self.streams.held(request):
            response = web.StreamResponse(
                headers={
                    **SECURITY_HEADERS,
                    "Content-Type": "text/event-stream",
                    "Cache-Control": "no-store",
                    "X-Accel-Buffering": "no",  # nginx: pass each event on at once
                }
            )
            await response.prepare(request)
            known = (page.move_count, page.status)
            await response.write(event(known))
            if page.status == "running":
                await self._follow(page.id, known, response)
            return response

    async def _follow(
        self, game_id: int, known: tuple[int, str], response: web.StreamResponse
    ) -> None:
        """Write the game's move count to the stream as it grows, until it ends or the
        reader goes."""
        with self.live.watching(game_id, known) as changes:
            while True:
                try:
                    now = await asyncio.wait_for(changes.get(), HEARTBEAT_S)
                except TimeoutError:
                    now = None
                try:
                    await response.write(b": still here\n\n" if now is None else event(now))
                except ConnectionResetError:  # the reader closed the page: no failure
                    return
                if now is not None and now[1] != "running":
                    return


def steps_json(page: PageGame, public: PublicGame, language: str) -> tuple[bytes, str]:
    """The JSON the page's script draws from: the seats, the words it writes, the steps
    (and, once the game is finished, how it ended)."""
    seats = seats_of(page)
    header = {
        "code": page.code,
        "status": page.status,
        "result": page_result(page, public, seats),
        "moveCount": page.move_count,
        "seats": seats,
        "words": script_words(),
    }
    body = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode()
    return body[:-1] + b',"game":' + public.body + b"}", "application/json"


def event(state: tuple[int, str]) -> bytes:
    count, status = state
    return f"data: {json.dumps({'moveCount': count, 'status': status})}\n\n".encode()


def seats_of(page: PageGame) -> list[dict[str, Any]]:
    """The seats as the page names them (a forgotten member: "a former player")."""
    words = page_words()
    return [
        {
            "name": words["formerPlayer"] if seat.former else seat.name,
            "computer": seat.computer is not None,
            "resigned": seat.resigned,
        }
        for seat in page.seats
    ]


def page_result(page: PageGame, public: PublicGame, seats: list[dict[str, Any]]) -> str | None:
    """`Ada wins` for a finished game (None for one running or ended without a result)."""
    if page.status != "finished":
        return None
    resigned = [i for i, seat in enumerate(page.seats) if seat.resigned]
    return result_words(ranked(public.final, resigned), [seat["name"] for seat in seats])


def points_words(points: list[int]) -> str:
    """A move's points as the page's script writes them: `red +2, blue +1`."""
    gained = [
        f"{colour_name(colour)} {_('+{points}', points=p)}"
        for colour, p in zip(COLOURS, points, strict=True)
        if p
    ]
    return ", ".join(gained) if gained else _("no points")


def page_context(
    page: PageGame, public: PublicGame, language: str, public_url: str
) -> dict[str, Any]:
    """What game.html is rendered from: the seats, the status, the scores and the moves as
    text (the script draws the rest from the JSON)."""
    seats = seats_of(page)
    last = public.steps[-1] if public.steps else public.start
    moves = [
        {
            "number": number,
            "name": seats[step["move"]["seat"]]["name"],
            "words": step["move"]["words"],
            "points": points_words(step["move"]["points"]),
        }
        for number, step in enumerate(public.steps, start=1)
    ]
    heading = title(page.kind)
    names = ", ".join(seat["name"] for seat in seats)
    context = {
        "language": language,
        "code": page.code,
        "title": f"{heading}: {names}",
        "heading": heading,
        "status": status_word(page.status),
        "result": page_result(page, public, seats),
        "running": page.status == "running",
        "seats": seats,
        "scores": last["scores"],
        "moves": moves,
        "words": page_words(),
        "colours": [(colour.value, colour_name(colour)) for colour in COLOURS],
        "url": f"{public_url}/g/{page.code}" if public_url else None,
    }
    return {**context, **unfurl_context(context, picture=False)}
