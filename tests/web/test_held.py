"""Readers who hold connections: a page's event stream stays open while its game runs, days
perhaps, so one reader address holds at most `STREAMS_PER_READER` of them (the next is the
plain 429 page, and other readers are not touched); a connection that never sends a whole
request is closed after `IDLE_S`, while a stream that is being answered stays open."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from aiohttp.test_utils import TestClient

from bot.web import routes
from bot.web.app import WebServer, create_app
from bot.web.guard import STREAMS_PER_READER
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
