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
