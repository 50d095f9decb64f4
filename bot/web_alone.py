"""`axio-bot web`: the game pages served alone, beside the bot's processes (with PostgreSQL
any number of them: pages only read), run as every process of the bot is run. With
METRICS_PORT it serves the internal port (ops/server.py): `/metrics` (its requests by
route, its database, the process), `/healthz`, and `/readyz` (ops/health.py's PagesWatch).
`bot/cli.py` runs it under ops/stopping.py, so SIGTERM or SIGINT stops it and it closes
everything it opened. On SQLite it holds the database file as the bot does
(storage/backup.py), so `axio-bot restore` refuses while the pages read it.
"""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from datetime import UTC, datetime

from storage.backup import hold_database
from storage.target import is_postgres_url, sqlite_path

from .config import Settings
from .ops.health import PagesWatch
from .ops.measured import open_measured
from .ops.metrics import Metrics
from .ops.server import OpsServer
from .web.app import WebServer, start_web
from .web.unfurl import Paint


async def serve_pages(settings: Settings, paint: Paint) -> None:
    """The pages on WEB_HOST:WEB_PORT (and the internal port, with METRICS_PORT) until
    cancelled. Then, in order: the pages stop (no longer ready; those in flight answer,
    event streams end, cut at the pages' shutdown limit), the internal port, the database,
    the hold on a SQLite file.
    A port that cannot be listened on is WebPortError or MetricsPortError."""
    assert settings.web_port is not None, "WEB_PORT is checked by the command"
    metrics = Metrics()
    pages: WebServer | None = None

    def listening() -> str | None:
        return None if pages is None else f"http://{pages.host}:{pages.port}"

    async def stop_pages() -> None:
        nonlocal pages
        serving, pages = pages, None
        if serving is not None:
            await serving.stop()

    async with AsyncExitStack() as opened:
        if not is_postgres_url(settings.database):
            opened.callback(hold_database(sqlite_path(settings.database)).release)
        repo = await opened.enter_async_context(await open_measured(settings.database, metrics))
        if settings.metrics_port is not None:
            watch = PagesWatch(repo, metrics, listening=listening)
            ops = OpsServer(metrics, watch, host=settings.metrics_host, port=settings.metrics_port)
            await ops.start()
            opened.push_async_callback(ops.stop)
        opened.push_async_callback(stop_pages)
        pages = await start_web(
            repo,
            settings.database,
            host=settings.web_host,
            port=settings.web_port,
            public_url=settings.public_url,
            clock=lambda: datetime.now(UTC),
            paint=paint,
            alone=True,
            observe=metrics.web_request,
        )
        await asyncio.Event().wait()
