"""`kill -9` of the whole bot at random moments, over and over, with people typing moves
(twice, sometimes), building them, and computers playing: no acknowledged move lost, none
applied twice, every person to move shown their position after each restart, no computer
stalled, and every game equal to the replay of its log."""

from __future__ import annotations

from pathlib import Path

from tests.bot.kill_harness import kill_again_and_again

KILLS = 20


async def test_sigkill_of_the_whole_bot_loses_and_repeats_nothing(tmp_path: Path) -> None:
    tally = await kill_again_and_again(tmp_path, KILLS, seed=14)
    assert tally.kills == KILLS
    # It really played and looked: a move acknowledged per kill on average (how many more
    # fit between two kills depends on the machine's speed, so no more is asked).
    assert len(tally.acked) >= KILLS and tally.checked > KILLS
    assert tally.lost_acked_moves == 0
    assert tally.double_applies == 0
    assert tally.unshown == set()
    assert tally.stalled == set()
    assert tally.replay_mismatches == 0
    assert tally.integrity == "ok"
