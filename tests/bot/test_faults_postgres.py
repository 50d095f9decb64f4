"""The bot on a real PostgreSQL server that is frozen (SIGSTOP) while members play and look,
round after round, then thawed; and one stopped and started again.

Every command is answered within Discord's three seconds; no move stored is reported as
not played (whatever was said "not played" is not in the game); and the position is posted
within five seconds of the server answering again, with nothing owed left behind. The
outage is logged once each way, and no traceback for any command.

A server of the test's own (`stoppable_postgres`: freezing the shared one would stall other
tests). Seconds are SimCord's, the clock the bot's deadlines and probes run on: the test
moves it, so a busy machine makes the test slower, never failed. Waits on the server are
declared external while it is frozen, so SimCord does not wait for answers that cannot come.
"""

from __future__ import annotations

import logging
import random

import pytest

from bot.config import Settings
from bot.screens import outcomes
from storage.pg_local import LocalServer
from tests.bot.at_once import (
    ANSWER_LIMIT_S,
    AnswerClock,
    server_waits_are_external,
)
from tests.bot.table import Table
from tests.bot.test_delivery import TABLE_POST, answers, shows_turn_to, two_player

pytestmark = pytest.mark.postgres

ROUNDS_FROZEN = 3
"""Rounds of four commands while the server is frozen (each moves the clock 2.5 s on)."""
RECOVERY_S = 5.0
RECOVERY_STEP_S = 0.25


@pytest.fixture
def bot_settings(bot_settings: Settings, stoppable_postgres: LocalServer) -> Settings:
    """On the test's own server; only a recovery's own delivery pass can post in time."""
    return bot_settings.model_copy(update={"database_url": stoppable_postgres.url})


async def posted_after_recovery(table: Table, game_id: int) -> None:
    """The game's current position is posted and nothing is owed before the test has moved
    SimCord's clock RECOVERY_S on (the bot's timers may move it further meanwhile: that only
    gives it more time, as a slow machine would)."""
    for _ in range(round(RECOVERY_S / RECOVERY_STEP_S)):
        await table.env.advance_time(RECOVERY_STEP_S)
        try:
            record = await table.record(game_id)
            owed = await table.bot.repo.owed_count(game_id)
        except Exception:  # the pool may still be finding its feet
            continue
        if owed == 0 and shows_turn_to(table, record):
            return
    raise AssertionError(f"game {game_id} was not posted within {RECOVERY_S} s of recovery")


def said_not_played(text: str) -> bool:
    return outcomes.MOVE.not_done in text


async def test_a_frozen_server_answers_every_command_in_time_and_posts_after(
    table: Table, stoppable_postgres: LocalServer, monkeypatch, caplog
):
    caplog.set_level(logging.INFO)
    record = await two_player(table)
    rng = random.Random(5)
    for _ in range(2):
        record = await table.record(record.id)
        await table.play_by_command(record, rng)
    record = await table.record(record.id)
    # the next move's post fails once at Discord: its retry falls in the outage
    table.env.inject_error("POST", TABLE_POST, status=503, times=1)
    await table.play_by_command(record, rng)
    before = await table.record(record.id)
    assert await table.bot.repo.owed_count(record.id) == 1
    plays = []
    with monkeypatch.context() as frozen:
        server_waits_are_external(table.env, frozen)
        stoppable_postgres.freeze()
        try:
            for _ in range(ROUNDS_FROZEN):
                move = str(rng.choice(before.game.legal_moves()))
                batch = [
                    await table.slash(table.member_for(before), "axio play", move=move),
                    await table.slash(table.ann, "axio board"),
                    await table.slash(table.ben, "axio notify", enabled=True),
                    await table.slash(table.ann, "axio resign"),
                ]
                await table.env.advance_time(ANSWER_LIMIT_S - 0.5)
                for result in batch:  # answered (deferred ones: finished) in Discord's window
                    assert result.acknowledged and not result.deferred, result
                    assert "storage is not answering" in answers(result)[-1], answers(result)
                plays.append(batch[0])
        finally:
            stoppable_postgres.thaw()
    told = [answers(result)[-1] for result in plays]
    assert len(told) == ROUNDS_FROZEN and all(said_not_played(text) for text in told), told
    await posted_after_recovery(table, record.id)
    after = await table.record(record.id)
    assert after.move_count == before.move_count  # "not played" was the truth
    assert not any(seat.resigned for seat in after.seats)
    said = [r.getMessage() for r in caplog.records]
    assert sum("stopped answering" in line for line in said) == 1
    assert sum("answering again" in line for line in said) == 1
    tracebacks = [r.getMessage() for r in caplog.records if r.exc_info]
    assert not tracebacks and not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_stopped_server_started_again_is_used_again_without_a_restart(
    table: Table, stoppable_postgres: LocalServer, monkeypatch
):
    record = await two_player(table)
    clock = AnswerClock(table.env, monkeypatch)
    stoppable_postgres.stop()
    move = str(record.game.legal_moves()[0])
    refused = await table.slash(table.member_for(record), "axio play", move=move)
    assert said_not_played(answers(refused)[-1])
    assert clock.slowest() < ANSWER_LIMIT_S
    stoppable_postgres.start()
    await table.env.advance_time(2)  # the storage's probe finds it back
    played = await table.slash(table.member_for(record), "axio play", move=move)
    assert "You played" in answers(played)[-1]
    await posted_after_recovery(table, record.id)
