"""Every benchmark in `bench/` still imports: a name the code renamed or moved shows up
here, not first when somebody measures (bench_review once imported an alt-text function
that had moved to the bot's review screen)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
MODULES = sorted(path.stem for path in BENCH.glob("*.py") if path.stem != "__init__")


def test_the_benchmarks_are_found():
    assert {"bench_ai", "bench_review", "bench_web"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_a_benchmark_imports(name: str):
    module = importlib.import_module(f"bench.{name}")
    runnable = name.startswith("bench_") or name == "train_value"
    assert callable(getattr(module, "main", None)) or not runnable


def test_a_benchmarks_workers_play_the_expert_as_it_plays_unless_told(monkeypatch):
    """bench_ceiling starts its workers with no setting: their expert must be the shipped
    one (the learned value on), not the hand-written one bench_ai pairs it with."""
    from bench.bench_ai import counted_work_only
    from engine.ai import expert, lookahead

    for name in ("LEARNED_VALUE", "LEARNED_SHARE", "PRIOR_POOL", "SAFETY_STOP"):
        monkeypatch.setattr(expert, name, getattr(expert, name))
    monkeypatch.setattr(lookahead, "SAFETY_STOP", lookahead.SAFETY_STOP)
    shipped = expert.LEARNED_VALUE
    counted_work_only()
    assert expert.LEARNED_VALUE is shipped is True
    counted_work_only(False)
    assert expert.LEARNED_VALUE is False
