"""Databases for tests: a temporary SQLite file, or a fresh database on a real PostgreSQL
server (AXIO_TEST_DATABASE_URL, or one started here from the server binaries found by
storage.pg_local). Without a server a developer gets skips saying how to get one; in CI
(CI=true) the PostgreSQL tests fail instead, so they can never silently not run.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit

import asyncpg
import pytest

from storage.pg_local import HOW_TO_GET_ONE, server_binaries, temporary_server

BACKENDS = ["sqlite", "postgres"]
_numbers = itertools.count(1)


def start_server_if_needed() -> tuple[str | None, object]:
    """The admin URL of the test server, and what to stop afterwards (or None)."""
    url = os.environ.get("AXIO_TEST_DATABASE_URL")
    if url:
        return url, None
    if server_binaries() is None:
        return None, None
    server, scratch = temporary_server()
    server.start()
    return server.url, (server, scratch)


def stop_server(handle: object) -> None:
    if handle is not None:
        server, scratch = handle  # type: ignore[misc]
        server.stop()
        scratch.cleanup()


def require_server(url: str | None) -> str:
    if url is not None:
        return url
    message = f"no PostgreSQL server for the tests: {HOW_TO_GET_ONE}"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)


def in_schema(url: str, schema: str) -> str:
    """The URL with the connection's search_path set to `schema` (asyncpg passes unknown
    query parameters on to the server as settings)."""
    parts = urlsplit(url)
    query = "&".join(filter(None, [parts.query, f"search_path={schema}"]))
    return parts._replace(query=query).geturl()


@asynccontextmanager
async def fresh_postgres(admin_url: str) -> AsyncIterator[str]:
    """A new, empty schema on the server, as a URL whose connections use it; dropped
    afterwards. (A schema costs a tenth of a new database's second to make.)"""
    name = f"axio_test_{os.getpid()}_{next(_numbers)}"
    admin = await asyncpg.connect(admin_url)
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
        try:
            yield in_schema(admin_url, name)
        finally:
            await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
    finally:
        await admin.close()
