"""Databases for tests: a temporary SQLite file, or a fresh database on a real PostgreSQL
server (AXIO_TEST_DATABASE_URL, or one started here from the server binaries found by
storage.pg_local). Without a server a developer gets skips saying how to get one; in CI
(CI=true) the PostgreSQL tests fail instead, so they can never silently not run.
"""

from __future__ import annotations

import os

import pytest

from storage.pg_local import HOW_TO_GET_ONE, fresh_schema, server_binaries, temporary_server

fresh_postgres = fresh_schema


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
