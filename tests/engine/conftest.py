"""Fixtures shared by the engine tests."""

from __future__ import annotations

import pytest

from engine.ai import expert, lookahead


@pytest.fixture
def counted_work(monkeypatch: pytest.MonkeyPatch) -> float:
    """A budget for the hard level whose counted work is small and whose clock stop is far
    away, so that its decision is the counted work's alone even on a busy machine."""
    monkeypatch.setattr(lookahead, "UNITS_PER_SECOND", 4_000)
    return 5.0


@pytest.fixture
def expert_counted_work(monkeypatch: pytest.MonkeyPatch) -> float:
    """The same for the expert level: a little counted work, the clock stop far away."""
    monkeypatch.setattr(expert, "UNITS_PER_SECOND", {"axio": 5_000, "rota": 5_000})
    return 5.0
