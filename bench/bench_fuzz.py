"""A hostile member at length: the fuzz of tests/bot/test_fuzz.py with more inputs, and the
worst move texts timed straight through every parser.

Run: python -m bench.bench_fuzz [--inputs N] [--seed S]   (rounds of 2,000 inputs, each
on a fresh bot and SimCord world, one seed after the other)

Goals: `unhandled`, `no_reply` and `state_changes` all 0; `slowest_refusal_ms` ≤ 100 (a
refusal's whole round trip through SimCord, SimCord's polling shortened to 2 ms, see
tests/bot/fuzz.py); `slowest_parse_ms` is the worst of the worst texts (10,000 characters
of spaces, digits, signs, separators) through one parser, for which the goal is < 5 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import percentile, report
from bot.app import create_bot
from bot.config import Settings
from bot.playground import simulated
from engine import IllegalMoveError
from tests.bot.fuzz import Fuzzer, Tally
from tests.engine.test_hostile_move_text import hostile_texts, readers

ROUND = 2000
"""Inputs per fresh bot and SimCord world. discord.py keeps each interaction-bound view
for Discord's 15 minutes, and SimCord's clock does not move while the fuzz runs, so one
world gathers thousands of such views and SimCord's settling slows down with them;
fresh worlds keep the figures about the bot."""


async def fuzz(inputs: int, seed: int, pauses: GcPauses) -> tuple[Tally, float]:
    tally, seconds = Tally(), 0.0
    for round_number, start in enumerate(range(0, inputs, ROUND)):
        count = min(ROUND, inputs - start)
        with tempfile.TemporaryDirectory() as folder:
            settings = Settings(
                _env_file=None, database_path=Path(folder) / "fuzz.sqlite3", computer_budget_s=0.01
            )
            async with simulated(create_bot(settings, shard_count=1), settle_timeout=30) as env:
                fuzzer = Fuzzer(env, seed + round_number)
                # SimCord's world is Discord's state, kept in Discord, not in the bot: like the
                # bot's own start-up objects (which the bot freezes), it is frozen here.
                gc.collect()
                gc.freeze()
                began = time.perf_counter()
                pauses.counting = True
                await fuzzer.run(count, tally)
                pauses.counting = False
                seconds += time.perf_counter() - began
                gc.unfreeze()
    return tally, seconds


class GcPauses:
    """The longest pause of Python's garbage collector while the fuzz runs: a refusal that
    happens to wait for one reads slow for reasons that are not the bot's. Only while
    inputs are sent (`counting`): the bench's own full collections between rounds, over
    every earlier round's world, are not a pause any member meets."""

    def __init__(self) -> None:
        self.longest_ms = 0.0
        self.counting = False
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if not self.counting:
            return
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.longest_ms = max(self.longest_ms, (time.perf_counter() - self._started) * 1000)


def slowest_parse_ms() -> float:
    """The slowest single read of a worst-case text by any move parser."""
    worst = 0.0
    for text in hostile_texts():
        for read in readers():
            start = time.perf_counter()
            with contextlib.suppress(IllegalMoveError):
                read(text)
            worst = max(worst, (time.perf_counter() - start) * 1000)
    return round(worst, 3)


def figures(tally: Tally, seconds: float, pauses: GcPauses) -> dict[str, Any]:
    return {
        "inputs": tally.inputs,
        "unhandled": len(tally.unhandled),
        "no_reply": len(tally.no_reply),
        "state_changes": len(tally.state_changes),
        "unreadable": len(tally.unreadable),
        "public_refusals": len(tally.public_refusals),
        "legal_moves_played": tally.legal_moves,
        "inputs_per_s": round(tally.inputs / seconds, 1),
        "slowest_refusal_ms": round(tally.slowest_refusal_ms, 1),
        "refusal_ms_median": round(percentile(tally.refusal_ms, 0.5), 1),
        "refusal_ms_p99": round(percentile(tally.refusal_ms, 0.99), 1),
        "slowest_parse_ms": slowest_parse_ms(),
        "longest_gc_pause_ms": round(pauses.longest_ms, 1),
        **{f"inputs_{kind}": count for kind, count in sorted(tally.kinds.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    pauses = GcPauses()
    gc.callbacks.append(pauses)
    tally, seconds = asyncio.run(fuzz(args.inputs, args.seed, pauses))
    gc.callbacks.remove(pauses)
    for name, found in tally.problems().items():
        print(f"{name}: {found}")
    print(f"slowest refusal: {tally.slowest_refusal}")
    report(figures(tally, seconds, pauses))


if __name__ == "__main__":
    main()
