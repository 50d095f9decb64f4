"""Readers who hold connections or send what is not HTTP: a page's event stream stays open
while its game runs, days perhaps, so one reader address holds at most `STREAMS_PER_READER`
of them (the next is the plain 429 page, and other readers are not touched); a connection
that never sends a whole request is closed after `IDLE_S`, while a stream that is being
answered stays open; malformed requests are refused (400) and said in one log line at most
every `MALFORMED_LOG_S`, never a traceback each."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterator

import pytest
from aiohttp.http_exceptions import BadHttpMessage
from aiohttp.test_utils import TestClient

from bot.web import routes
from bot.web.app import WebServer, create_app
from bot.web.guard import MALFORMED_LOG_S, REQUESTS_LOG, STREAMS_PER_READER, QuietMalformed
from storage import Repository
from tests.storage.conftest import FakeClock
from tests.waiting import GIVE_UP_S, eventually
from tests.web.conftest import client_for, played
from tests.web.test_live import next_event

ANOTHER_READER = {"X-Forwarded-For": "203.0.113.9"}
"""The test client connects from the loopback, as a proxy on this machine would."""


@pytest.fixture
async def roomy(repo: Repository, clock: FakeClock) -> AsyncIterator[TestClient]:
    """A client whose rate limit never bites: any 429 here is the streams' limit."""
    client = await client_for(repo, clock, rate=10_000.0, burst=10_000.0)
    yield client
    await client.close()


async def open_stream(client: TestClient, code: str, headers: dict[str, str] | None = None):
    response = await client.get(f"/g/{code}/events", headers=headers)
    assert response.status == 200
    assert (await next_event(response.content))["status"] == "running"
    return response


async def test_a_reader_holds_at_most_its_share_of_streams_and_gets_one_back(
    repo: Repository, roomy: TestClient, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(routes, "HEARTBEAT_S", 0.05)  # a closed page is noticed at the next
    _, code = await played(repo, moves=3)
    held = [await open_stream(roomy, code) for _ in range(STREAMS_PER_READER)]

    refused = await roomy.get(f"/g/{code}/events")
    assert refused.status == 429
    assert refused.headers["Content-Type"].startswith("text/html")
    assert (await roomy.get(f"/g/{code}")).status == 200  # pages are not held: still served
    held.append(await open_stream(roomy, code, ANOTHER_READER))

    held.pop(0).close()

    async def stream_again():
        response = await roomy.get(f"/g/{code}/events")
        if response.status == 200:
            return response
        response.release()
        return None

    held.append(await eventually(stream_again, "a stream allowed once a page closed"))
    for response in held:
        response.close()


async def test_a_connection_without_a_whole_request_is_closed_but_a_stream_is_not(
    repo: Repository, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(routes, "HEARTBEAT_S", 0.5)  # comes after the idle limit below
    _, code = await played(repo, moves=3)
    server = WebServer(create_app(repo), host="127.0.0.1", port=0, idle_s=0.2)
    await server.start()
    try:
        idle = await asyncio.open_connection("127.0.0.1", server.port)
        dribbling = await asyncio.open_connection("127.0.0.1", server.port)
        dribbling[1].write(b"GET /g/" + code.encode() + b" HTTP/1.1\r\nHost: axio\r\n")
        stream = await asyncio.open_connection("127.0.0.1", server.port)
        stream[1].write(f"GET /g/{code}/events HTTP/1.1\r\nHost: axio\r\n\r\n".encode())

        for reader, _writer in (idle, dribbling):
            await asyncio.wait_for(reader.read(), GIVE_UP_S)  # to the end: closed
            assert reader.at_eof()
        assert await asyncio.wait_for(next_heartbeat(stream[0]), GIVE_UP_S)
        for _reader, writer in (idle, dribbling, stream):
            writer.close()
    finally:
        await server.stop()


async def next_heartbeat(reader: asyncio.StreamReader) -> bool:
    """Whether the stream sends its keep-alive comment (it has stayed open past the idle
    limit, being answered)."""
    while line := await reader.readline():
        if line.startswith(b": still here"):
            return True
    return False


@pytest.fixture
def requests_logged(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """The web server's connections' log, its filter fresh (no line said yet)."""
    logger = logging.getLogger(REQUESTS_LOG)
    logger.filters = [f for f in logger.filters if not isinstance(f, QuietMalformed)]
    caplog.set_level(logging.DEBUG, REQUESTS_LOG)
    yield caplog
    logger.filters = [f for f in logger.filters if not isinstance(f, QuietMalformed)]


MALFORMED = [
    b"GET /g/abc\xc3\xa9 HTTP/1.1\r\nHost: axio\r\n\r\n",
    b"GET /g/abc HTTP/1.1\r\nHost: axio\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET /g/abc HTTP/1.1\r\nHost: axio\r\nBroken header line\r\n\r\n",
]


async def test_malformed_requests_are_refused_and_said_in_one_line_without_a_traceback(
    repo: Repository, requests_logged: pytest.LogCaptureFixture
):
    server = WebServer(create_app(repo), host="127.0.0.1", port=0)
    await server.start()
    try:
        for raw in MALFORMED * 3:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(raw)
            status = await asyncio.wait_for(reader.readline(), GIVE_UP_S)
            assert status.split()[1] == b"400", status
            writer.close()
    finally:
        await server.stop()
    records = [r for r in requests_logged.records if r.name == REQUESTS_LOG]
    assert [(r.levelno, r.exc_info) for r in records] == [(logging.WARNING, None)]
    assert "malformed request from 127.0.0.1" in records[0].getMessage()
    assert "\n" not in records[0].getMessage()  # one line, whatever the request held


def test_the_next_malformed_request_is_said_after_the_pause_with_the_count_left_out():
    now = [0.0]
    quiet = QuietMalformed(clock=lambda: now[0])

    def said(at: float) -> str | None:
        now[0] = at
        error = BadHttpMessage("Invalid header")
        record = logging.LogRecord(
            "aiohttp",
            logging.ERROR,
            __file__,
            1,
            "Error handling request from %s",
            ("198.51.100.7",),
            (type(error), error, None),
        )
        return record.getMessage() if quiet.filter(record) else None

    assert said(0.0).endswith("; 0 more unsaid since the last")
    assert said(1.0) is None and said(MALFORMED_LOG_S - 1) is None
    assert said(MALFORMED_LOG_S).endswith("; 2 more unsaid since the last")
    other = logging.LogRecord("aiohttp", logging.ERROR, __file__, 1, "a real failure", (), None)
    assert quiet.filter(other) and other.levelno == logging.ERROR  # anything else untouched
