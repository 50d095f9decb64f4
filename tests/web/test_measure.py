"""The web server's answers in the bot's metrics: counted by route pattern and status
class, the guard's refusals among them, never a game's code in a label; and the Activity's
open boards as a gauge."""

from __future__ import annotations

from bot.ops.metrics import Metrics
from bot.web.app import LIMIT
from tests.bot.table import Table
from tests.waiting import eventually
from tests.web.activity_harness import *  # noqa: F403  (the fixtures: see its docstring)
from tests.web.activity_harness import Boards, start_game
from tests.web.conftest import client_for, played

REQUESTS = "axio_web_requests_total"


async def test_every_answer_is_counted_by_route_and_status_class(repo, clock):
    metrics = Metrics()
    client = await client_for(repo, clock, observe=metrics.web_request, rate=1.0, burst=5.0)
    client.app[LIMIT].clock = lambda: 0.0  # no refill: the sixth GET is refused
    try:
        _, code = await played(repo, moves=6)
        page = await client.get(f"/g/{code}")
        assert page.status == 200
        again = await client.get(f"/g/{code}", headers={"If-None-Match": page.headers["ETag"]})
        assert again.status == 304
        assert (await client.get(f"/g/{code}.json")).status == 200
        assert (await client.get("/g/AAAAAAAAAAAAAAAAAAAA")).status == 404
        assert (await client.get("/no/such/place")).status == 404
        assert (await client.post(f"/g/{code}")).status == 405
        assert (await client.get(f"/g/{code}")).status == 429
    finally:
        await client.close()

    def count(route: str, status: str) -> float:
        return metrics.value(REQUESTS, route=route, status=status)

    assert count("/g/{code}", "2xx") == 1
    assert count("/g/{code}", "3xx") == 1
    assert count("/g/{code}.json", "2xx") == 1
    assert count("/g/{code}", "4xx") == 1  # the unknown game
    assert count("unmatched", "4xx") == 2  # no such address; no POST there
    assert count("/g/{code}", "429") == 1
    assert code not in metrics.exposition().decode()


async def test_open_activity_boards_are_a_gauge(table: Table, boards: Boards):
    await start_game(table, "ann", "ben")
    metrics = table.bot.metrics
    ann, _ben = [await boards.open(m) for m in (table.ann, table.ben)]
    assert metrics.value("axio_activity_boards") == 2
    await ann.ws.close()
    await eventually(lambda: metrics.value("axio_activity_boards") == 1, "a board closed")
