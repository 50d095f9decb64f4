"""What the pages keep ready between requests: a game page's HTML and JSON, gzipped once,
and its unfurled picture, per game, reader's language and what it is.

Each kept answer holds the version it was made from (the move count, the status, the
seats' names as read at this request...): the game's row is read at every request (one
indexed query, so `axio-bot forget` or a move stored by another process is seen at
once), and an answer made from anything else is made again. A stale answer drops the
game's every kept answer, in every language, at once (a forgotten member's name must not
wait for its turn to leave); so does a page that now answers 404 (its server turned its
pages off). Asked for by many readers at once (a link posted in a busy channel), an answer
is made once.

Kept answers carry an ETag made of the version and the code that drew them (`BUILD`), so
a reader that has the page already is answered 304 Not Modified.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from aiohttp import web

from .compress import accepts_gzip

HERE = Path(__file__).resolve().parent
ZIP_IN_THREAD = 16_384
"""Bodies larger than this are gzipped off the event loop (a finished AXIO game's JSON is
~38 KB; gzip releases the interpreter while it works)."""


def build_tag() -> str:
    """What the bot's and the engine's code, texts, templates and scripts look like: part
    of every ETag, so a new release never answers 304 to a page drawn by the old one."""
    digest = hashlib.sha256()
    for folder in (HERE.parent, HERE.parent.parent / "engine"):
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".py", ".html", ".js", ".css", ".po") and path.is_file():
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


BUILD = build_tag()


@dataclass(frozen=True)
class Ready:
    """An answer made once: its bytes, gzipped, and its tag."""

    plain: bytes
    zipped: bytes
    tag: str
    content_type: str
    language: str

    @classmethod
    async def made(cls, plain: bytes, content_type: str, language: str, version: Any) -> Ready:
        """`plain` gzipped (off the loop when large), tagged by its version and language."""
        if len(plain) > ZIP_IN_THREAD:
            zipped = await asyncio.to_thread(gzip.compress, plain, 6, mtime=0)
        else:
            zipped = gzip.compress(plain, 6, mtime=0)
        seen = repr((BUILD, content_type, language, version)).encode()
        tag = 'W/"' + hashlib.sha256(seen).hexdigest()[:20] + '"'
        return cls(plain, zipped, tag, content_type, language)

    def answer(self, request: web.Request) -> web.Response:
        """The answer to `request`: 304 when the reader holds this very version."""
        headers = {
            "ETag": self.tag,
            "Cache-Control": "no-cache",  # kept, but asked again each time: never stale
            "Vary": "Accept-Encoding, Accept-Language",
            "Content-Language": self.language,
        }
        held = request.headers.get("If-None-Match", "")
        if self.tag in (tag.strip() for tag in held.split(",")):
            return web.Response(status=304, headers=headers)
        if accepts_gzip(request):
            headers["Content-Encoding"] = "gzip"
            body = self.zipped
        else:
            body = self.plain
        kind, _, charset = self.content_type.partition("; charset=")
        return web.Response(body=body, content_type=kind, charset=charset or None, headers=headers)


T = TypeVar("T")


class Kept(Generic[T]):
    """Answers per key (its first part the game), each with the version it was made from;
    at most `size`, the least recently asked first out. `whole_game`: a stale answer drops
    the game's others too (those that hold names)."""

    def __init__(self, size: int, *, whole_game: bool = True) -> None:
        self.size = size
        self.whole_game = whole_game
        self._kept: OrderedDict[tuple[Hashable, ...], tuple[Hashable, T]] = OrderedDict()
        self._making: dict[tuple[Hashable, ...], asyncio.Future[T]] = {}

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        self._kept.clear()

    def peek(self, key: tuple[Hashable, ...]) -> tuple[Hashable, T] | None:
        """The kept answer for `key` with its version, whichever version it is."""
        return self._kept.get(key)

    def drop(self, game: Hashable) -> None:
        """Every answer kept for the game, in every language."""
        for key in [k for k in self._kept if k[0] == game]:
            del self._kept[key]

    async def get(
        self, key: tuple[Hashable, ...], version: Hashable, make: Callable[[], Awaitable[T]]
    ) -> T:
        """The answer for `key` made from `version`, made now if the kept one was made from
        anything else (the game's kept answers are then dropped)."""
        kept = self._kept.get(key)
        if kept is not None and kept[0] == version:
            self._kept.move_to_end(key)
            return kept[1]
        if kept is not None:
            if self.whole_game:
                self.drop(key[0])
            else:
                del self._kept[key]
        making = (*key, version)
        pending = self._making.get(making)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        value = await _shared(future, self._making, making, make())
        self._kept[key] = (version, value)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return value


class NextRead(Generic[T]):
    """A read per key, shared: a request that asks while the key's read runs waits for
    the next one, which every request asking meanwhile shares. Each answer is read after
    its request arrived (never older than it: a forgotten name or a move stored before
    the request is seen), yet however many readers ask at once, one read per key runs
    and one waits: the database's queue, shared with the bot's own reads, cannot grow
    with the readers."""

    def __init__(self, read: Callable[[str], Awaitable[T]]) -> None:
        self.read = read
        self._running: dict[str, asyncio.Future[T]] = {}
        self._next: dict[str, asyncio.Future[T]] = {}

    async def get(self, key: str) -> T:
        waiting = self._next.get(key)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        running = self._running.get(key)
        if running is not None:
            self._next[key] = future
            try:
                await asyncio.wait([running])  # its outcome is its readers' to take
            except BaseException as error:  # cancelled: so are those who waited with it
                _failed(future, error)
                raise
            finally:
                del self._next[key]
        return await _shared(future, self._running, key, self.read(key))


async def _shared(
    future: asyncio.Future[T], underway: dict[Any, asyncio.Future[T]], key: Any, work: Awaitable[T]
) -> T:
    """`work`'s outcome, given to `future` too (for those who wait on it), while `future` is
    `underway` under `key`."""
    underway[key] = future
    try:
        value = await work
    except BaseException as error:
        _failed(future, error)
        raise
    finally:
        del underway[key]
    future.set_result(value)
    return value


def _failed(future: asyncio.Future[Any], error: BaseException) -> None:
    future.set_exception(error)
    future.exception()  # retrieved: the waiters, if any, raise it themselves
