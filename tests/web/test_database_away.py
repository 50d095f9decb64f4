"""The pages while the database does not answer (a PostgreSQL server of the test's own,
frozen with SIGSTOP): every page, its JSON and its event stream answer a plain 503 in the
reader's language within storage's budget, saying to try again in a minute, with
Retry-After and no traceback in the log (storage says the outage once); once the server is
thawed the same page answers again."""

from __future__ import annotations

import logging

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.web.app import create_app
from storage import Repository
from storage.pg_local import LocalServer
from tests.bot.conftest import stoppable_postgres  # noqa: F401  (the fixture)
from tests.web.conftest import played

pytestmark = pytest.mark.postgres


async def test_pages_say_the_database_is_away_and_come_back_with_it(
    stoppable_postgres: LocalServer,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
):
    caplog.set_level(logging.INFO)
    async with await Repository.open(stoppable_postgres.url) as repo:
        _, code = await played(repo, moves=4)
        client = TestClient(TestServer(create_app(repo, public_url="https://axio.example")))
        await client.start_server()
        try:
            assert (await client.get(f"/g/{code}")).status == 200
            stoppable_postgres.freeze()
            try:
                for path in (f"/g/{code}", f"/g/{code}.json", f"/g/{code}/events"):
                    away = await client.get(path)
                    assert away.status == 503, path
                    assert away.headers["Retry-After"] == "30"
                    assert "Try again in a minute" in await away.text()
                german = await client.get(f"/g/{code}", headers={"Accept-Language": "de"})
                assert "Versuch es in einer Minute" in await german.text()
            finally:
                stoppable_postgres.thaw()
            assert (await client.get(f"/g/{code}")).status == 200
        finally:
            await client.close()
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert any("stopped answering" in r.getMessage() for r in caplog.records)
