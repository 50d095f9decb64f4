"""The collector's tuning (`bot/ops/collector.py`): survivors of a full collection are
frozen, and once an hour everything is thawed so that frozen cycles can be freed."""

from __future__ import annotations

import gc

from bot.ops.collector import THAW_EVERY_S, THRESHOLDS, Collector
from tests.bot.table import Table


def test_a_full_collection_freezes_its_survivors_and_an_hour_thaws_them() -> None:
    now = [0.0]
    scheduled: list = []
    collector = Collector(scheduled.append, clock=lambda: now[0])
    before = gc.get_threshold()
    collector.start()
    try:
        assert gc.get_threshold() == THRESHOLDS
        gc.unfreeze()
        kept = [[index] for index in range(1000)]  # tracked, alive
        gc.collect(2)
        assert scheduled == [collector.after_full]
        scheduled.pop()()
        assert gc.get_freeze_count() >= len(kept)
        now[0] = THAW_EVERY_S
        gc.collect(2)
        scheduled.pop()()
        assert gc.get_freeze_count() == 0
    finally:
        collector.stop()
        gc.set_threshold(*before)
    gc.collect(2)
    assert scheduled == []  # stopped: no longer told


async def test_the_bot_tunes_the_collector_once_it_is_set_up(table: Table) -> None:
    assert table.bot.collector is not None
    assert gc.get_threshold() == THRESHOLDS
    assert gc.get_freeze_count() > 0
