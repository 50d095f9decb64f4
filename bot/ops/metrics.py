"""The bot's Prometheus metrics, in a registry of its own (one per bot, so tests and two bots
in one process never mix their figures), served on METRICS_PORT at /metrics.

Counted as things happen:
- `axio_moves_total{kind, by}`: moves stored by this process, by game kind and by who made
  them (`person`, or `computer`: a computer seat, a resigned seat or a stand-in). Moves per
  minute: `rate(axio_moves_total[5m]) * 60`.
- `axio_command_seconds{command}`: how long handling a slash command (`axio play`), an
  autocomplete (`autocomplete axio play`) or a control (`control move`) took, from the
  moment discord.py handed it over to the moment its handler returned.
- `axio_database_errors_total{kind}`: database failures (`busy`, `timeout`, `connection`,
  `integrity`, `other`); a refusal (a stale turn, a full lobby) is not one.
- `axio_delivery_retries_total{reason}`: table posts that failed and were put back for a
  retry (`forbidden`, `discord_5xx`, `discord`, `timeout`, `database`, `other`).
- `axio_event_loop_lag_seconds`: how late the event loop ran a timer (see lag.py), and
  `axio_event_loop_lag_max_seconds`, the worst in the last minute.
- `axio_web_requests_total{route, status}`: what the web server (WEB_PORT, in the bot's
  process, or `axio-bot web`'s) answered, by its route's pattern (`/g/{code}`,
  `/activity/ws`, or `unmatched`) and the status's class (`2xx`, `3xx` for a page not
  modified, `4xx` for refusals and unknown games, `429` apart as the rate limit's, `5xx`;
  `1xx` an Activity board's WebSocket, counted when it closes). Moves made on the
  Activity's board are in `axio_moves_total{by="person"}` with every other member's.
- `axio_activity_boards`: Activity boards open now (read at each scrape).

Read at each scrape (see health.py's Watch): `axio_games_running`, `axio_outbox_owed_posts`,
`axio_outbox_oldest_owed_seconds`, `axio_outbox_overdue_seconds`,
`axio_shard_latency_seconds{shard}`, `axio_shard_connected{shard}`,
`axio_database_up`, `axio_ready`, `axio_database_pool_connections{state}` (PostgreSQL:
`size`, `idle`, `in_use`, `max`), `axio_database_transactions_in_flight{mode}` and
`axio_database_write_waiters` (SQLite: commands queued for the one writer). Figures about
games and the outbox count this process's servers only, so several processes add up.

The process's own figures (CPU, memory, open files, the garbage collector's passes) come
from prometheus-client's standard collectors, as `process_*` and `python_*`.
"""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import suppress
from typing import Literal

import asyncpg
import discord
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    gc_collector,
    generate_latest,
    platform_collector,
    process_collector,
)

from storage import DatabaseBusyError, StorageError

COMMAND_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
"""Seconds; 3 s is Discord's window for the first answer."""
LAG_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

Who = Literal["person", "computer"]


class Metrics:
    """Every metric of one bot, and the small calls the parts report through."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        self.moves = Counter(
            "axio_moves",
            "Moves stored by this process, by game kind and by who made them",
            ["kind", "by"],
            registry=registry,
        )
        self.commands = Histogram(
            "axio_command_seconds",
            "Time to handle a slash command, autocomplete or control",
            ["command"],
            buckets=COMMAND_BUCKETS,
            registry=registry,
        )
        self.database_errors = Counter(
            "axio_database_errors", "Database failures, by kind", ["kind"], registry=registry
        )
        self.delivery_retries = Counter(
            "axio_delivery_retries",
            "Table posts that failed and wait for a retry, by reason",
            ["reason"],
            registry=registry,
        )
        self.loop_lag = Histogram(
            "axio_event_loop_lag_seconds",
            "How late the event loop ran a timer",
            buckets=LAG_BUCKETS,
            registry=registry,
        )
        self.loop_lag_max = Gauge(
            "axio_event_loop_lag_max_seconds",
            "The worst event loop lag in the last minute",
            registry=registry,
        )
        self.web_requests = Counter(
            "axio_web_requests",
            "Web requests answered, by route and status class",
            ["route", "status"],
            registry=registry,
        )
        self.activity_boards = _gauge(
            registry, "axio_activity_boards", "Activity boards open in this process"
        )
        self.games_running = _gauge(registry, "axio_games_running", "Running games (this process)")
        self.outbox_owed = _gauge(registry, "axio_outbox_owed_posts", "Table posts still owed")
        self.outbox_oldest = _gauge(
            registry, "axio_outbox_oldest_owed_seconds", "Age of the oldest owed table post"
        )
        self.outbox_overdue = _gauge(
            registry,
            "axio_outbox_overdue_seconds",
            "How long the most overdue post has been due with no delivery taking it",
        )
        self.shard_latency = _gauge(
            registry, "axio_shard_latency_seconds", "Gateway heartbeat latency", ["shard"]
        )
        self.shard_connected = _gauge(
            registry, "axio_shard_connected", "1 while the shard is connected", ["shard"]
        )
        self.database_up = _gauge(registry, "axio_database_up", "1 while the database answers")
        self.ready = _gauge(registry, "axio_ready", "1 while /readyz says ready")
        self.pool = _gauge(
            registry,
            "axio_database_pool_connections",
            "PostgreSQL pool connections, by state",
            ["state"],
        )
        self.transactions = _gauge(
            registry,
            "axio_database_transactions_in_flight",
            "Database transactions under way or waiting, by mode",
            ["mode"],
        )
        self.write_waiters = _gauge(
            registry,
            "axio_database_write_waiters",
            "SQLite: commands waiting for the one writer",
        )
        process_collector.ProcessCollector(registry=registry)
        gc_collector.GCCollector(registry=registry)
        platform_collector.PlatformCollector(registry=registry)

    # --- what the parts report ------------------------------------------------------------
    def move(self, kind: str, by: Who) -> None:
        self.moves.labels(kind, by).inc()

    def command_done(self, command: str, seconds: float) -> None:
        self.commands.labels(command).observe(seconds)

    def web_request(self, route: str, status: int) -> None:
        self.web_requests.labels(route, status_class(status)).inc()

    def delivery_retry(self, error: BaseException) -> None:
        self.delivery_retries.labels(retry_reason(error)).inc()

    def database_error(self, error: BaseException) -> None:
        """Count a database failure once, however many layers it passes through."""
        kind = database_error_kind(error)
        if kind is None or getattr(error, "_axio_counted", False):
            return
        with suppress(AttributeError):  # an exception without a __dict__: maybe twice
            error._axio_counted = True  # type: ignore[attr-defined]
        self.database_errors.labels(kind).inc()

    def value(self, name: str, **labels: str) -> float:
        """One sample's current value (0 when it has none yet): for tests and the report."""
        found = self.registry.get_sample_value(name, labels)
        return 0.0 if found is None else found

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


def _gauge(
    registry: CollectorRegistry, name: str, text: str, labels: tuple[str, ...] | list[str] = ()
) -> Gauge:
    return Gauge(name, text, list(labels), registry=registry)


def status_class(status: int) -> str:
    """`2xx`, `4xx`…: a status's class for a label, the rate limit's 429 apart."""
    return "429" if status == 429 else f"{status // 100}xx"


def database_error_kind(error: BaseException) -> str | None:
    """What kind of database failure this is, or None when it is not one (a refusal, a
    rule of the game). A storage error raised from a driver's error is that error's kind."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, DatabaseBusyError):
            return "busy"
        kind = _driver_kind(seen)
        if kind is not None or not isinstance(seen, StorageError):
            return kind
        seen = seen.__cause__
    return None


def _driver_kind(error: BaseException) -> str | None:
    if isinstance(error, TimeoutError | asyncio.TimeoutError | asyncpg.QueryCanceledError):
        return "timeout"
    if isinstance(
        error,
        asyncpg.PostgresConnectionError
        | asyncpg.InterfaceError
        | asyncpg.exceptions.OperatorInterventionError
        | ConnectionError
        | OSError,
    ):
        return "connection"
    if isinstance(error, sqlite3.IntegrityError | asyncpg.IntegrityConstraintViolationError):
        return "integrity"
    if isinstance(error, sqlite3.OperationalError):
        text = str(error).lower()
        return "busy" if "locked" in text or "busy" in text else "other"
    if isinstance(error, sqlite3.ProgrammingError | ValueError) and (
        "closed" in str(error) or "no active connection" in str(error)
    ):
        return "connection"  # a closed connection (aiosqlite, sqlite3)
    if isinstance(error, sqlite3.Error | asyncpg.PostgresError):
        return "other"
    return None


def retry_reason(error: BaseException) -> str:
    if isinstance(error, discord.Forbidden):
        return "forbidden"
    if isinstance(error, discord.HTTPException):
        return "discord_5xx" if error.status >= 500 else "discord"
    if isinstance(error, TimeoutError | asyncio.TimeoutError):
        return "timeout"
    if isinstance(error, StorageError | sqlite3.Error | asyncpg.PostgresError):
        return "database"
    return "other"


def command_label(interaction: discord.Interaction) -> str:
    """`axio play`, or `autocomplete axio play`: the command an interaction ran."""
    command = interaction.command
    name = command.qualified_name if command is not None else "unknown"
    if interaction.type is discord.InteractionType.autocomplete:
        return f"autocomplete {name}"
    return name
