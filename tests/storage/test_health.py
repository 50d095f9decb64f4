"""Outage bookkeeping: the first command that gets no answer starts an outage, the first
answer after it ends it; each is logged once and told to listeners once."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from storage import Health, Outage, Repository

from .conftest import FakeClock


def test_an_outage_is_told_once_when_it_starts_and_once_when_it_ends(
    clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="storage.health")
    health = Health(clock)
    downs: list[Outage] = []
    backs: list[Outage] = []
    health.on_down(downs.append)
    health.on_back(backs.append)
    health.answered()
    assert health.reachable and not downs and not backs
    started = clock.now
    health.failed("connection refused")
    for _ in range(4):
        clock.advance(seconds=1)
        health.failed("no answer in time")
    health.failed("still nothing", command=False)  # a probe: not a refused command
    assert not health.reachable and health.outage == Outage(started, "connection refused", 5)
    clock.advance(seconds=2)
    health.answered()
    health.answered()
    assert health.reachable and health.outage is None
    assert len(downs) == 1 and backs == [Outage(started, "connection refused", 5, clock.now)]
    assert health.last == backs[0] and backs[0].seconds == 6
    lines = [record.getMessage() for record in caplog.records]
    assert lines == [
        "database stopped answering: connection refused",
        "database answering again after 6.0 s; 5 commands got no answer meanwhile",
    ]


def test_a_listener_that_fails_does_not_fail_the_command(clock: FakeClock) -> None:
    health = Health(clock)

    def broken(outage: Outage) -> None:
        raise RuntimeError("a bug in the bot")

    health.on_down(broken)
    health.failed("gone")  # logged, not raised
    assert not health.reachable


async def test_a_sqlite_file_is_always_reachable(db_path: Path, clock: FakeClock) -> None:
    async with await Repository.open(db_path, clock=clock) as repo:
        assert await repo.ping() and repo.health.reachable
