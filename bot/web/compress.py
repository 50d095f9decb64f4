"""Text the pages send is compressed (gzip or deflate, as the reader's Accept-Encoding
allows): the HTML, the JSON, the script and the style. A finished 4-player AXIO game's
JSON is ~30 KB and shrinks to a fifth; pictures (PNG) and event streams are left alone.

Static files are read whole and compressed once per process (they do not change while it
runs), so serving one is a dictionary lookup; the pages' own answers are compressed by
aiohttp (`enable_compression`), above a kilobyte in its executor, off the event loop.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
TEXT_TYPES = ("text/html", "application/json", "text/javascript", "text/css")
STATIC_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css"}


def accepts_gzip(request: web.Request) -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "").lower()


class StaticFiles:
    """`/static/<name>`: the page's scripts and styles (and, under `vendor/`, the Discord
    SDK's modules), gzipped once when the reader takes it, with an ETag (an unchanged file
    is a 304); unknown names are a 404 (never a path outside the folder: names are looked
    up)."""

    def __init__(self, folder: Path) -> None:
        self.files = {
            path.relative_to(folder).as_posix(): (path.read_bytes(), STATIC_TYPES[path.suffix])
            for path in sorted(folder.rglob("*"))
            if path.suffix in STATIC_TYPES
        }
        self.zipped = {
            name: gzip.compress(body, 9, mtime=0) for name, (body, _) in self.files.items()
        }
        self.tags = {
            name: '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            for name, (body, _) in self.files.items()
        }

    def add_to(self, app: web.Application) -> None:
        app.router.add_get(r"/static/{name:[A-Za-z0-9_./-]+}", self.serve)

    async def serve(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in self.files:
            raise web.HTTPNotFound()
        body, kind = self.files[name]
        tag = self.tags[name]
        if request.headers.get("If-None-Match") == tag:
            return web.Response(status=304, headers={"ETag": tag})
        response = web.Response(body=body, content_type=kind, charset="utf-8")
        response.headers["ETag"] = tag
        if accepts_gzip(request):
            response.body = self.zipped[name]
            response.headers["Content-Encoding"] = "gzip"
        response.headers["Vary"] = "Accept-Encoding"
        response.headers["Cache-Control"] = "no-cache"
        return response


@web.middleware
async def compress(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The pages' HTML and JSON compressed as the reader allows."""
    response = await handler(request)
    if (
        isinstance(response, web.Response)
        and not response.prepared
        and "Content-Encoding" not in response.headers
        and response.content_type in TEXT_TYPES
    ):
        response.enable_compression()
    return response
