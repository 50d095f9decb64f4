"""/readyz on PostgreSQL: the server stopped under a running bot makes it unready (and
the process stays alive); started again, the bot is ready again without a restart."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.config import Settings
from storage.pg_local import LocalServer, server_binaries, temporary_server
from tests.bot.table import Table
from tests.bot.test_health import free_port, get

pytestmark = pytest.mark.postgres


@pytest.fixture
def stoppable_postgres() -> Iterator[LocalServer]:
    """A PostgreSQL server of this test's own, which it may stop and start."""
    if server_binaries() is None:
        pytest.skip("no PostgreSQL server binaries (see tests/databases.py)")
    server, scratch = temporary_server()
    server.start()
    try:
        yield server
    finally:
        server.stop()
        scratch.cleanup()


@pytest.fixture
def bot_settings(stoppable_postgres: LocalServer) -> Settings:
    return Settings(
        _env_file=None,
        discord_token=None,
        database_url=stoppable_postgres.url,
        computer_budget_s=0.02,
        scheduler_minutes=30,
        computer_processes=0,
        delivery_idle_seconds=1800,
        metrics_port=free_port(),
    )


async def test_readiness_is_lost_when_the_postgres_server_stops(
    table: Table, stoppable_postgres: Any
) -> None:
    status, body = await get(table, "/readyz")
    assert status == 200 and body["checks"]["database"] == "ok", body
    stoppable_postgres.stop()
    status, body = await get(table, "/readyz")
    assert status == 503 and body["checks"]["database"].startswith("not answering"), body
    assert await get(table, "/healthz") == (200, {"alive": True})
    assert table.bot.metrics.value("axio_database_up") == 0
    assert table.bot.metrics.value("axio_database_errors_total", kind="connection") >= 1
    stoppable_postgres.start()
    status, body = await get(table, "/readyz")
    assert status == 200, body
