"""The internal port as a container's probes and Prometheus meet it: /healthz says the
process is alive, /readyz says whether it can serve (the database answers, the shards are
connected, the outbox is not stalled), /metrics is Prometheus's text."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import aiohttp
import pytest

from bot.config import Settings
from bot.ops import admin
from bot.ops.server import MetricsPortError, OpsServer
from tests.bot.table import Table
from tests.bot.test_delivery import TABLE_POST, played_by_command, two_player


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def bot_settings(bot_settings: Settings) -> Settings:
    return bot_settings.model_copy(update={"metrics_port": free_port()})


async def get(table: Table, path: str) -> tuple[int, Any]:
    url = f"http://127.0.0.1:{table.settings.metrics_port}{path}"
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        body = await (answer.json() if path != "/metrics" else answer.text())
        return answer.status, body


async def test_a_serving_bot_is_alive_and_ready(table: Table) -> None:
    assert await get(table, "/healthz") == (200, {"alive": True})
    status, body = await get(table, "/readyz")
    assert status == 200 and body["ready"] is True
    assert body["checks"]["database"] == "ok"
    assert body["checks"]["shards"].startswith("ok: 1 connected")
    assert body["checks"]["outbox"] == "ok: 0 owed"
    status, page = await get(table, "/metrics")
    assert status == 200 and "axio_ready 1.0" in page and "axio_database_up 1.0" in page


async def test_readiness_is_lost_when_the_database_stops_and_life_is_not(table: Table) -> None:
    await table.bot.repo.close()
    status, body = await get(table, "/readyz")
    assert status == 503 and body["ready"] is False
    assert body["checks"]["database"].startswith("not answering")
    assert body["checks"]["outbox"].startswith("unknown")
    assert await get(table, "/healthz") == (200, {"alive": True})
    _, page = await get(table, "/metrics")
    assert "axio_ready 0.0" in page and "axio_database_up 0.0" in page
    assert 'axio_database_errors_total{kind="connection"}' in page


async def test_readiness_is_lost_when_the_database_file_goes(table: Table) -> None:
    path = table.settings.database_path
    path.rename(path.with_name("elsewhere.sqlite3"))  # the volume gone from under the bot
    status, body = await get(table, "/readyz")
    assert status == 503 and "is gone or not readable" in body["checks"]["database"]
    path.with_name("elsewhere.sqlite3").rename(path)
    assert (await get(table, "/readyz"))[0] == 200


async def test_readiness_is_lost_while_a_shard_is_disconnected(table: Table) -> None:
    shard = table.bot.get_shard(0)
    assert shard is not None
    await shard.disconnect()
    status, body = await get(table, "/readyz")
    assert status == 503 and body["checks"]["shards"] == "shard 0 not connected"
    await shard.reconnect()
    await table.env.settle()
    assert (await get(table, "/readyz"))[0] == 200


async def test_a_stalled_outbox_makes_the_bot_unready_but_a_refusing_channel_does_not(
    table: Table,
) -> None:
    record = await two_player(table)
    table.env.inject_error("POST", TABLE_POST, status=403, code=50013, times=None)
    await played_by_command(table, record)  # the channel refuses: a retry in 5 minutes
    await table.env.advance_time(4 * 60)
    status, body = await get(table, "/readyz")
    assert status == 200 and body["checks"]["outbox"] == "ok: 1 owed"
    table.bot.courier.stop()  # the courier stops delivering: what is due is left lying
    stall = table.bot.watch.stall_after.total_seconds()  # 3 delivery pauses, 5 min at least
    await table.env.advance_time(stall)  # due 1 min from now, and left lying past the stall
    assert (await get(table, "/readyz"))[0] == 200
    await table.env.advance_time(5 * 60)
    status, body = await get(table, "/readyz")
    assert status == 503, body
    assert body["checks"]["outbox"].startswith("stalled: a post has been due")


async def test_the_health_command_asks_the_running_bot(table: Table, capsys) -> None:
    port = table.settings.metrics_port
    assert await asyncio.to_thread(admin.health, "0.0.0.0", port) == 0
    assert capsys.readouterr().out == "alive\n"
    assert await asyncio.to_thread(admin.health, "127.0.0.1", port, ready=True) == 0
    shown = capsys.readouterr().out.splitlines()
    assert shown[0] == "database: ok" and shown[-1] == "ready"
    await table.bot.repo.close()
    assert await asyncio.to_thread(admin.health, "127.0.0.1", port, ready=True) == 1
    shown = capsys.readouterr().out.splitlines()
    assert shown[0].startswith("database: not answering") and shown[-1] == "NOT ready"
    assert admin.health("127.0.0.1", None) == 2
    assert "METRICS_PORT is not set" in capsys.readouterr().err


async def test_a_taken_metrics_port_is_named_not_mistaken_for_discord(table: Table) -> None:
    taken = table.settings.metrics_port
    second = OpsServer(table.bot.metrics, table.bot.watch, host="127.0.0.1", port=taken)
    with pytest.raises(MetricsPortError, match=rf"cannot listen on 127\.0\.0\.1:{taken} "):
        await second.start()
