"""What stands before every page: a per-address rate limit, limits on a request's size,
the security headers, and plain error pages in the reader's language (never a traceback).

Decisions where the issue is silent:
- **The reader's address** is the connection's, except behind a reverse proxy on this
  machine or its private network (the connection comes from a loopback or private address,
  as from Docker's bridge): then it is the last address of `X-Forwarded-For`, the one the
  proxy itself added (earlier ones are the client's word).
- **The limit** is a token bucket per address: `burst` requests at once, then `rate` a
  second (a page is four requests: HTML, script, style, JSON, and one event stream). At
  most `ADDRESSES` addresses are remembered, the least recent forgotten first.
- **Shared addresses**: every member's Activity reaches us through Discord's proxy, which
  hides their addresses, so an Activity request (one naming its `instance_id`) is counted
  per instance, and a static file (the same few files for every page) in a bucket of its
  own; the address as a whole then has `SHARED` times the room, so no one gets more by
  naming ever new instances.
- **Sizes**: the path and query together at most `MAX_TARGET` characters, the headers at
  most `MAX_HEADERS` in number and `MAX_HEADER_BYTES` in all; aiohttp itself refuses
  a single line over 8 KB before we see it.
- **Held connections**: a request costs one token, but an event stream then holds its
  connection as long as the game runs, days perhaps; so one reader address holds at most
  `STREAMS_PER_READER` streams at once (`StreamLimit`), the next is refused (429) until
  one closes. A connection that has not sent a whole request within `IDLE_S` seconds (an
  idle one, or one dribbling its headers) is closed (app.py's `WebServer`).
- **The database away** (not answering within its budget, storage's DATABASE_FAULTS): a
  plain 503 page saying to try again in a minute, with `Retry-After`, and no traceback:
  storage's health watch already says the outage once in the log, where a traceback a
  request would bury it.
- **Malformed requests** (bytes that are not HTTP aiohttp can read) are answered 400 by
  aiohttp before any middleware, which logs each with its traceback as an error: at
  network speed a client could fill the logs. `QuietMalformed` says them in one warning
  line at most every `MALFORMED_LOG_S`, with how many came since.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import re
import time
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable, Iterator

import aiohttp_jinja2
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from storage import DATABASE_FAULTS

from ..i18n import speaking
from .words import error_words, reader_language

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

MAX_TARGET = 1024
MAX_HEADERS = 60
MAX_HEADER_BYTES = 16_384
ADDRESSES = 10_000
SHARED = 20.0
INSTANCE = re.compile(r"[A-Za-z0-9_-]{1,128}")  # as the Activity takes it
STREAMS_PER_READER = 32
"""Event streams one reader address holds open at once: a running game's page holds one, so
that many open pages (tabs, or readers behind one address, as a school's); the next page
is not live, and says so. A closed page's stream is let go at its next heartbeat."""
IDLE_S = 75.0
"""Seconds a connection may stay open without a whole request in it, before the first and
between kept-alive ones (aiohttp's own default is an hour). Longer than a proxy in front
keeps an idle connection to reuse (nginx 60 s), or the proxy could send a request on a
connection closed under it and answer the reader 502; 75 s is also `aiohttp.web.run_app`'s."""

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class RateLimit:
    """A token bucket per address."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, address: str, room: float = 1.0) -> bool:
        """One request from `address`, whose bucket is `room` times the usual size."""
        now = self.clock()
        burst = self.burst * room
        tokens, since = self._buckets.pop(address, (burst, now))
        tokens = min(burst, tokens + (now - since) * self.rate * room)
        allowed = tokens >= 1
        self._buckets[address] = (tokens - 1 if allowed else tokens, now)
        while len(self._buckets) > ADDRESSES:
            self._buckets.popitem(last=False)
        return allowed


RETRY_AFTER_S = {429: "2", 503: "30"}
"""When a refused reader may try again: a rate limit's bucket refills in seconds, a
database away is back in a minute or so."""
MALFORMED_LOG_S = 60.0
REQUESTS_LOG = "bot.web.requests"
"""The logger the web server's connections log to (app.py), `QuietMalformed` on it."""


class QuietMalformed(logging.Filter):
    """aiohttp's log of a malformed request, made one warning line (no traceback) at most
    every `MALFORMED_LOG_S` seconds, counting those left out (see the module)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self._said_at: float | None = None
        self._left_out = 0

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, HttpProcessingError):
            return True
        now = self.clock()
        if self._said_at is not None and now - self._said_at < MALFORMED_LOG_S:
            self._left_out += 1
            return False
        remote = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
        record.msg = "refused a malformed request from %s (%s: %s); %d more unsaid since the last"
        reason = " ".join(str(error.message).split())[:120]  # one line, whatever was sent
        record.args = (remote, error.code, reason, self._left_out)
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.exc_info = record.exc_text = None
        self._said_at, self._left_out = now, 0
        return True


def requests_log() -> logging.Logger:
    """The web server's connections' logger, with `QuietMalformed` on it once."""
    logger = logging.getLogger(REQUESTS_LOG)
    if not any(isinstance(f, QuietMalformed) for f in logger.filters):
        logger.addFilter(QuietMalformed())
    return logger


class StreamLimit:
    """The event streams each reader address holds open (see the module's docstring)."""

    def __init__(self, per_reader: int = STREAMS_PER_READER) -> None:
        self.per_reader = per_reader
        self._held: Counter[str] = Counter()

    @contextlib.contextmanager
    def held(self, request: web.Request) -> Iterator[None]:
        """One stream of the request's reader, for as long as the block runs; 429 (the
        guard's plain page) when that reader already holds `per_reader`."""
        reader = client_address(request)
        if self._held[reader] >= self.per_reader:
            raise web.HTTPTooManyRequests()
        self._held[reader] += 1
        try:
            yield
        finally:
            self._held[reader] -= 1
            if not self._held[reader]:
                del self._held[reader]


def client_address(request: web.Request) -> str:
    """The reader's address (see the module's docstring for a proxy's)."""
    peer = request.remote or ""
    forwarded = request.headers.get("X-Forwarded-For", "")
    try:
        near = ipaddress.ip_address(peer)
        local = near.is_loopback or near.is_private
    except ValueError:
        local = False
    if local and forwarded:
        return forwarded.rsplit(",", 1)[-1].strip()[:64] or peer
    return peer


def buckets(request: web.Request) -> list[tuple[str, float]]:
    """The buckets a request is counted in, with their room (see the module's docstring)."""
    address = client_address(request)
    instance = request.query.get("instance_id", "")
    if request.path.startswith("/activity") and INSTANCE.fullmatch(instance):
        return [(f"{address} {instance}", 1.0), (f"{address} *", SHARED)]
    if request.path.startswith("/static/"):
        return [(f"{address} static", 1.0), (f"{address} *", SHARED)]
    return [(address, 1.0)]


def allowed_now(limit: RateLimit, request: web.Request) -> bool:
    return all(limit.allow(key, room) for key, room in buckets(request))


def too_large(request: web.Request) -> bool:
    if len(request.raw_path) > MAX_TARGET or len(request.raw_headers) > MAX_HEADERS:
        return True
    return sum(len(k) + len(v) for k, v in request.raw_headers) > MAX_HEADER_BYTES


def error_page(request: web.Request, status: int) -> web.Response:
    """A plain page saying what went wrong, in the reader's language."""
    with speaking(reader_language(request.headers.get("Accept-Language"))) as language:
        heading, sentence = error_words(status)
        response = aiohttp_jinja2.render_template(
            "error.html",
            request,
            {"language": language, "heading": heading, "sentence": sentence},
            status=status,
        )
    if status in RETRY_AFTER_S:
        response.headers["Retry-After"] = RETRY_AFTER_S[status]
    return response


def guard(
    limit: RateLimit, posts: frozenset[str] = frozenset()
) -> Callable[[web.Request, Handler], Awaitable[web.StreamResponse]]:
    """The middleware: refuse what is too large or too often, answer errors plainly, and
    put the security headers on every answer (a page may set its own policy first). Only
    the paths in `posts` take a POST (the Activity's sign-in)."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        allowed = request.method in ("GET", "HEAD") or (
            request.method == "POST" and request.path in posts
        )
        if too_large(request) or not allowed:
            response: web.StreamResponse = error_page(
                request, 405 if not too_large(request) else 400
            )
        elif not allowed_now(limit, request):
            response = error_page(request, 429)
        else:
            try:
                response = await handler(request)
            except web.HTTPException as error:
                status = error.status if error.status in (400, 404, 405, 429) else 404
                response = error_page(request, status)
            except DATABASE_FAULTS:  # said by storage's health watch, once an outage
                response = error_page(request, 503)
            except Exception:
                log.exception("the page %s failed", request.path)
                response = error_page(request, 500)
        if not response.prepared:
            for name, value in SECURITY_HEADERS.items():
                response.headers.setdefault(name, value)
        return response

    return middleware
