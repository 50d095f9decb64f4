"""Counted work: how computer players keep to a time budget and stay reproducible.

A search counts the work it does in units (see `lookahead` for what costs what) instead
of reading the clock, so the same position, seed and budget always give the same decision
on any machine that keeps up. The wall clock is only a safety stop: on a machine too slow
or too busy for the calibration it ends the search early, and only then does a decision
depend on timing.
"""

from __future__ import annotations

import time


class WorkBudget:
    """Units of work left, and the wall-clock moment past which a search must stop."""

    def __init__(self, budget_s: float, units_per_second: float, safety_stop: float) -> None:
        self.total = budget_s * units_per_second
        self.units = self.total
        self.deadline = time.perf_counter() + budget_s * safety_stop

    def spend(self, units: float) -> None:
        self.units -= units

    def out_of_time(self) -> bool:
        return time.perf_counter() >= self.deadline
