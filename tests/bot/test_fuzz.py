"""A seeded hostile member against the real bot on SimCord (see tests/bot/fuzz.py): 2,000
inputs, every one answered privately and readably, none unhandled, none changing a game
unless it was a legal move by the player to move. `bench/bench_fuzz.py` runs more."""

from __future__ import annotations

import pytest

from tests.bot.fuzz import Fuzzer

INPUTS = 2000


@pytest.fixture
def simcord_bot(bot_settings):
    from bot.app import create_bot

    return create_bot(bot_settings.model_copy(update={"computer_budget_s": 0.01}), shard_count=1)


async def test_fuzzed_input_is_answered_privately_and_changes_nothing(simcord_env):
    tally = await Fuzzer(simcord_env, seed=15).run(INPUTS)
    await simcord_env.settle()
    assert tally.inputs == INPUTS
    assert tally.problems() == {}
    assert tally.kinds.keys() == {"play", "autocomplete", "option", "component"}
    assert tally.legal_moves > 0, "some inputs were legal moves, and those were played"
    await simcord_env.bot.repo.close()
