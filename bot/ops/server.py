"""The internal HTTP port (METRICS_PORT): `/metrics` for Prometheus, `/healthz` and
`/readyz` for the container's and the orchestrator's probes, served by the bot
(`axio-bot run`) and by the pages alone (`axio-bot web`), each with its own readiness.

It runs on the bot's own event loop (aiohttp, which discord.py already brings), so a probe
that gets no answer is itself the news that the loop is stuck. Keep the port internal: it
is meant for the machine's or the cluster's network, not the internet (METRICS_HOST is
127.0.0.1 unless set).
"""

from __future__ import annotations

import logging

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from .health import DatabaseWatch
from .lag import LoopLag
from .metrics import Metrics

log = logging.getLogger(__name__)


class MetricsPortError(RuntimeError):
    """The metrics port cannot be listened on (taken, or not this machine's address)."""


class OpsServer:
    def __init__(self, metrics: Metrics, watch: DatabaseWatch, *, host: str, port: int) -> None:
        self.metrics = metrics
        self.watch = watch
        self.host = host
        self.port = port
        self.lag = LoopLag(metrics)
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self.metrics_page)
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/readyz", self.readyz)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, self.host, self.port).start()
        except OSError as error:
            await self.stop()
            raise MetricsPortError(
                f"cannot listen on {self.host}:{self.port} (METRICS_HOST, METRICS_PORT): "
                f"{error.strerror or error}"
            ) from None
        self.lag.start()
        log.info("/metrics, /healthz and /readyz on http://%s:%s", self.host, self.port)

    async def stop(self) -> None:
        self.lag.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def metrics_page(self, request: web.Request) -> web.Response:
        await self.watch.look()  # the gauges read from the database and the shards
        return web.Response(
            body=self.metrics.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )

    async def healthz(self, request: web.Request) -> web.Response:
        return web.json_response({"alive": True})

    async def readyz(self, request: web.Request) -> web.Response:
        readiness = await self.watch.look()
        return web.json_response(readiness.as_json(), status=200 if readiness.ready else 503)
