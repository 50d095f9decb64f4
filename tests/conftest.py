"""Fixtures every package's tests may use: the PostgreSQL test server, and a `database`
(a SQLite file or a fresh PostgreSQL database) for tests parametrised over both."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.databases import fresh_postgres, require_server, start_server_if_needed, stop_server


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str | None]:
    """The admin URL of a real PostgreSQL server, or None when there is none."""
    url, handle = start_server_if_needed()
    try:
        yield url
    finally:
        stop_server(handle)


@pytest.fixture
async def postgres_url(postgres_server: str | None) -> AsyncIterator[str]:
    """A fresh database on the PostgreSQL server (skips, or fails in CI, without one)."""
    async with fresh_postgres(require_server(postgres_server)) as url:
        yield url


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that run on PostgreSQL carry the `postgres` mark (`pytest -m postgres`)."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("backend") == "postgres"
        if on_postgres or "postgres_url" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
async def database(
    backend: str, tmp_path: Path, postgres_server: str | None
) -> AsyncIterator[str | Path]:
    """Where a Repository is opened: a SQLite file that does not exist yet, or a fresh
    PostgreSQL database."""
    if backend == "sqlite":
        yield tmp_path / "data" / "axio.sqlite3"
        return
    async with fresh_postgres(require_server(postgres_server)) as url:
        yield url
