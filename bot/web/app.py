"""The web server: the game pages on aiohttp, rendered with Jinja2 (autoescaped: every
name a member chose is escaped), its static files served from `static/`.

`WebServer` runs it beside the bot (started in `setup_hook`, closed with the bot) or alone
(`axio-bot web`, with PostgreSQL: pages only read, so any process may serve any page).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import web

from storage import Repository
from storage.target import is_postgres_url

from .activity import Activity, ActivityRoutes
from .compress import StaticFiles, compress
from .guard import IDLE_S, RateLimit, guard, requests_log
from .live import LiveGames
from .measure import Observe, measured
from .routes import GamePages
from .server_page import ServerPages
from .unfurl import BoardPicture, Paint

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
TEMPLATES = HERE / "templates"
RATE = 20.0
BURST = 60.0
"""Requests a second an address may make, and at once (see guard.py)."""


LIVE = web.AppKey("live", LiveGames)
LIMIT = web.AppKey("limit", RateLimit)


class WebPortError(RuntimeError):
    """The web port cannot be listened on (taken, or not this machine's address)."""


def create_app(
    repo: Repository,
    *,
    public_url: str | None = None,
    clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    poll_s: float = 0.5,
    rate: float = RATE,
    burst: float = BURST,
    paint: Paint | None = None,
    activity: Activity | None = None,
    mock_discord: bool = False,
    observe: Observe | None = None,
) -> web.Application:
    """The application; `app[LIVE]` is told of stored moves (`LiveGames.moved`), and
    `app[LIMIT]` is the rate limit. With `paint` (the painter's), links unfurl with the
    board's picture (unfurl.py). With `activity` (the bot's, bot/web/activity), the
    Activity is served under /activity; `mock_discord` (the playground's and the tests',
    never `axio-bot run`'s) lets it accept the SDK mock's sign-in codes. `observe` (the
    bot's metrics) is told of every answer (measure.py)."""
    limit = RateLimit(rate, burst)
    posts = frozenset({"/activity/api/session"} if activity is not None else ())
    middlewares = [guard(limit, posts), compress]
    if observe is not None:
        middlewares.insert(0, measured(observe))
    app = web.Application(middlewares=middlewares)
    app[LIMIT] = limit
    aiohttp_jinja2.setup(
        app,
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=jinja2.select_autoescape(default=True),
        undefined=jinja2.StrictUndefined,
    )
    live = LiveGames(repo.page_move_counts, poll_s=poll_s)
    app[LIVE] = live
    pages = GamePages(repo, live, clock=clock, public_url=public_url, pictures=paint is not None)
    pages.add_to(app)
    ServerPages(repo, clock=clock, public_url=public_url).add_to(app)
    if paint is not None:
        BoardPicture(pages, paint).add_to(app)
    if activity is not None:
        ActivityRoutes(activity, mock_discord=mock_discord).add_to(app)
    StaticFiles(STATIC).add_to(app)  # gzipped as served (compress.py)
    app.on_cleanup.append(lambda app: live.stop())
    return app


def live_poll_s(database: str | Path, *, alone: bool = False) -> float:
    """How often open pages' games are polled for moves stored by another process."""
    return 0.5 if alone or is_postgres_url(database) else 30.0


async def start_web(
    repo: Repository,
    database: str | Path,
    *,
    host: str,
    port: int,
    public_url: str | None,
    clock: Callable[[], datetime],
    paint: Paint | None = None,
    alone: bool = False,
    activity: Activity | None = None,
    observe: Observe | None = None,
) -> WebServer:
    """The pages on host:port (WEB_HOST, WEB_PORT), started; WebPortError when the port is
    not free. On PostgreSQL another process may store a game's moves, so the open pages'
    games are polled twice a second; on SQLite every move is stored in this process, which
    says so at once (the poll is only a safety net); `alone` (`axio-bot web`) polls as
    every move is stored elsewhere. The bot's `activity` is served too (never with mock
    sign-ins: only the playground and the tests make those apps); `observe` is told of
    every answer (the bot's metrics)."""
    poll_s = live_poll_s(database, alone=alone)
    app = create_app(
        repo,
        public_url=public_url,
        clock=clock,
        poll_s=poll_s,
        paint=paint,
        activity=activity,
        observe=observe,
    )
    server = WebServer(app, host=host, port=port)
    await server.start()
    return server


class WebServer:
    """The pages on `host:port`, for as long as it runs."""

    def __init__(
        self,
        app: web.Application,
        *,
        host: str,
        port: int,
        idle_s: float = IDLE_S,
        serving: str = "game pages",
    ) -> None:
        self.app = app
        self.serving = serving
        """What the start-up line says is served (the playground serves two apps)."""
        self.host = host
        self.port = port
        self.idle_s = idle_s
        """Seconds a connection may go without a whole request before it is closed."""
        self._runner: web.AppRunner | None = None

    @property
    def live(self) -> LiveGames:
        return self.app[LIVE]

    def moved(self, game_id: int) -> None:
        """A move was stored: open pages of the game hear of it."""
        self.live.moved(game_id)

    async def start(self) -> None:
        self._runner = web.AppRunner(
            self.app,
            access_log=None,
            shutdown_timeout=1.0,
            keepalive_timeout=self.idle_s,
            logger=requests_log(),  # a malformed request said quietly (guard.py)
        )
        await self._runner.setup()
        try:
            site = web.TCPSite(self._runner, self.host, self.port)
            await site.start()
        except OSError as error:
            await self.stop()
            raise WebPortError(
                f"cannot listen on {self.host}:{self.port} (WEB_HOST, WEB_PORT): "
                f"{error.strerror or error}"
            ) from None
        if self.port == 0:  # a free port was asked for: learn which
            self.port = self._runner.addresses[0][1]
        log.info("%s on http://%s:%s", self.serving, self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


class PagesInThread:
    """The pages served from a thread of their own (own event loop, own connection to the
    database), polling the watched games, as `axio-bot web` serves them beside the bot: for
    the playground, whose in-memory Discord counts every task of the bot's loop as the
    bot's work and would wait for an open page's event stream to end."""

    def __init__(self, database: str | Path, *, public_url: str | None = None) -> None:
        self.database = database
        self.public_url = public_url
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._started = threading.Event()
        self._failed: BaseException | None = None

    def start(self, port: int = 0) -> int:
        """Serve on 127.0.0.1:`port` (0: a free one); the port it serves on."""
        self.port = port
        self._thread = threading.Thread(target=self._run, name="game pages", daemon=True)
        self._thread.start()
        self._started.wait()
        if self._failed is not None:
            raise self._failed
        return self.port

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._done.set)
        self._thread.join()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._serve())
        self._loop.close()

    async def _serve(self) -> None:
        self._done = asyncio.Event()
        try:
            async with await Repository.open(self.database) as repo:
                app = create_app(repo, public_url=self.public_url, poll_s=0.2)
                server = WebServer(app, host="127.0.0.1", port=self.port)
                await server.start()
                self.port = server.port
                self._started.set()
                await self._done.wait()
                await server.stop()
        except BaseException as error:  # told to the caller of start()
            self._failed = error
            self._started.set()
