"""What an operator's Prometheus sees: moves, command times, the outbox's backlog while
Discord fails, delivery retries and database errors, as the bot really counts them."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

from bot.ops.lag import LoopLag
from bot.ops.metrics import Metrics, database_error_kind
from storage import DatabaseBusyError, StaleTurnError
from tests.bot.table import Table
from tests.bot.test_delivery import TABLE_POST, played_by_command, two_player

BY = ("person", "computer")


async def looked(table: Table) -> Metrics:
    """The metrics after a scrape's look at the database and the shards."""
    await table.bot.watch.look()
    return table.bot.metrics


async def test_a_move_moves_the_counters(table: Table) -> None:
    metrics = table.bot.metrics
    record = await two_player(table)
    assert metrics.value("axio_moves_total", kind="axio", by="person") == 0
    await played_by_command(table, record)
    assert metrics.value("axio_moves_total", kind="axio", by="person") == 1
    assert metrics.value("axio_command_seconds_count", command="axio play") == 1
    assert metrics.value("axio_command_seconds_count", command="axio new") == 1
    assert metrics.value("axio_command_seconds_count", command="control lobby") == 2  # Join, Start
    assert metrics.value("axio_command_seconds_sum", command="axio play") > 0
    assert (await looked(table)).value("axio_games_running") == 1


async def test_computer_moves_are_counted_as_the_computers(table: Table) -> None:
    record = await two_player(table, computer="easy")
    while table.member_for(record) is None:  # the computer may open
        await table.env.advance_time(30)
        record = await table.record(record.id)
    await played_by_command(table, record)
    await table.env.advance_time(60)  # the computer answers
    metrics = table.bot.metrics
    assert metrics.value("axio_moves_total", kind="axio", by="person") == 1
    assert metrics.value("axio_moves_total", kind="axio", by="computer") >= 1
    moved = (await table.record(record.id)).move_count
    counted = sum(metrics.value("axio_moves_total", kind="axio", by=by) for by in BY)
    assert counted == moved


async def test_the_outbox_backlog_follows_a_failing_discord(table: Table) -> None:
    record = await two_player(table)
    await table.env.advance_time(5)
    assert (await looked(table)).value("axio_outbox_owed_posts") == 0
    table.env.inject_error("POST", TABLE_POST, status=503, times=3)
    await played_by_command(table, record)
    metrics = await looked(table)
    assert metrics.value("axio_outbox_owed_posts") == 1
    assert metrics.value("axio_delivery_retries_total", reason="discord_5xx") == 1
    await table.env.advance_time(6)  # the first retry fails too
    metrics = await looked(table)
    assert metrics.value("axio_outbox_owed_posts") == 1
    assert metrics.value("axio_outbox_oldest_owed_seconds") >= 6
    assert metrics.value("axio_delivery_retries_total", reason="discord_5xx") == 2
    await table.env.advance_time(300)  # Discord answers again: the post goes out
    metrics = await looked(table)
    assert metrics.value("axio_outbox_owed_posts") == 0
    assert metrics.value("axio_outbox_oldest_owed_seconds") == 0
    assert metrics.value("axio_delivery_retries_total", reason="discord_5xx") == 3


async def test_database_errors_are_counted_by_kind_and_refusals_are_not(table: Table) -> None:
    metrics = table.bot.metrics
    await table.bot.repo.close()
    readiness = await table.bot.watch.look()
    assert not readiness.ready and "not answering" in readiness.checks["database"]
    assert metrics.value("axio_database_errors_total", kind="connection") == 1
    assert metrics.value("axio_database_up") == 0
    assert database_error_kind(StaleTurnError(1, 2, 3)) is None
    assert database_error_kind(DatabaseBusyError()) == "busy"
    assert database_error_kind(TimeoutError()) == "timeout"


async def test_the_scrape_shows_every_metric(table: Table) -> None:
    await two_player(table)
    page = (await looked(table)).exposition().decode()
    for name in (
        "axio_moves_total",
        "axio_command_seconds_bucket",
        "axio_games_running 1.0",
        "axio_outbox_owed_posts",
        "axio_outbox_oldest_owed_seconds",
        "axio_outbox_overdue_seconds",
        'axio_shard_latency_seconds{shard="0"}',
        'axio_shard_connected{shard="0"} 1.0',
        "axio_database_up 1.0",
        "axio_ready 1.0",
        "axio_database_write_waiters 0.0",
        "axio_event_loop_lag_seconds_bucket",
        "process_cpu_seconds_total",
        "python_gc_collections_total",
    ):
        assert name in page, name


async def test_the_loop_lag_is_how_late_a_timer_ran() -> None:
    metrics = Metrics()
    lag = LoopLag(metrics, interval=0.02)
    lag.start()
    try:
        await asyncio.sleep(0.1)
        time.sleep(0.2)  # the loop is held, as by a picture drawn on it
        await asyncio.sleep(0.1)
    finally:
        lag.stop()
    worst = metrics.value("axio_event_loop_lag_max_seconds")
    assert 0.15 <= worst < 1.0
    samples = metrics.value("axio_event_loop_lag_seconds_count")
    assert samples >= 3  # and most were quick: only the held one was late
    assert metrics.value("axio_event_loop_lag_seconds_bucket", le="0.1") >= samples // 2


def test_the_dashboard_and_alerts_ask_only_for_metrics_the_bot_has() -> None:
    metrics = Metrics()
    served = {sample.name for family in metrics.registry.collect() for sample in family.samples} | {
        family.name for family in metrics.registry.collect()
    }
    served |= {
        f"{family.name}_{end}"
        for family in metrics.registry.collect()
        for end in ("bucket", "count", "sum", "total")
    }
    deploy = Path(__file__).resolve().parents[2] / "deploy"
    asked = set()
    for path in [deploy / "alerts.yml", *deploy.rglob("*.json")]:
        asked |= set(re.findall(r"\b(?:axio|process|python)_[a-z_]+[a-z]", path.read_text()))
    assert asked and asked <= served, sorted(asked - served)
    compose = (deploy.parent / "compose.yaml").read_text()
    for mounted in re.findall(r"\./(deploy/[\w/.-]+):", compose):
        assert (deploy.parent / mounted).exists(), mounted
