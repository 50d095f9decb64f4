"""Three honest answers to every command that changes something, whatever the database or
Discord does: "done" when it is stored, "not done" only when certainly nothing was, and
"I could not confirm …" when the database's answer was lost (whatever was stored then
reaches the table within seconds of the database answering). No traceback is logged for
what the database did, and every command answers within storage's budget, inside Discord's
three seconds, while another process holds the SQLite write lock."""

from __future__ import annotations

import logging

import pytest

from bot.screens import outcomes
from storage import DatabaseBusyError, DatabaseUnavailableError, OutcomeUnknownError
from tests.bot.at_once import (
    ANSWER_LIMIT_S,
    AnswerClock,
    lock_waits_are_external,
    slash_at_once,
)
from tests.bot.daily_helpers import DayClock
from tests.bot.table import Table, labels, text_of
from tests.bot.test_delivery import answers, shows_turn_to, two_player
from tests.bot.tournament_helpers import open_signup
from tests.lock_holder import holding_write_lock
from tests.waiting import GIVE_UP_S

CALLBACK = "/interactions/*/callback"
"""The first answer to an interaction (a message, a defer, an update of the message)."""


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    logged = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not logged, [r.getMessage() for r in logged]


@pytest.mark.parametrize(
    ("fault", "told"),
    [
        (
            DatabaseUnavailableError("connection refused (test)"),
            "The game's storage is not answering; your move was not played. Try again in a minute.",
        ),
        (
            DatabaseBusyError(),
            "The game records are busy right now; your move was not played. Try again in a moment.",
        ),
    ],
)
@pytest.mark.parametrize("way", ["command", "confirm"])
async def test_a_move_the_database_did_not_take_is_said_not_played(
    table: Table, monkeypatch, caplog, fault, told, way
):
    record = await two_player(table)
    mover = table.member_for(record)

    async def refused(*args, **kwargs):
        raise fault

    monkeypatch.setattr(table.bot.repo, "record_move", refused)
    caplog.set_level(logging.INFO)
    if way == "command":
        played = await table.slash(mover, "axio play", move=str(record.game.legal_moves()[0]))
    else:
        builder = (await table.click(mover, table.last_public(), label="My tiles")).response
        suggestion = next(label for label in labels(builder) if " · +" in label)
        await table.click(mover, builder, label=suggestion)
        played = await table.click(mover, builder, label="Confirm")
    assert answers(played)[-1] == told
    assert (await table.record(record.id)).move_count == 0
    no_tracebacks(caplog)


async def test_a_move_whose_answer_was_lost_says_so_and_reaches_the_table_once_it_answers(
    table: Table, monkeypatch, caplog
):
    """The move is stored and its COMMIT's answer lost: the member is told it could not be
    confirmed, and the table shows it within seconds of the database answering again."""
    record = await two_player(table)
    repo = table.bot.repo
    real = repo.record_move

    async def answer_lost(*args, **kwargs):
        await real(*args, **kwargs)
        repo.health.failed("the answer to COMMIT was lost (test)")
        raise OutcomeUnknownError("the answer to COMMIT was lost (test)")

    monkeypatch.setattr(repo, "record_move", answer_lost)
    caplog.set_level(logging.INFO)
    move = str(record.game.legal_moves()[0])
    played = await table.slash(table.member_for(record), "axio play", move=move)
    assert answers(played)[-1] == outcomes.MOVE.unknown
    assert "nothing was changed" not in str(answers(played))
    monkeypatch.undo()
    after = await table.record(record.id)
    assert after.move_count == 1 and after.game.log[-1].move == move  # it was stored
    assert not shows_turn_to(table, after)  # … and nothing kicked its post
    repo.health.answered()  # the database answers again (as PostgreSQL's backend reports)
    await table.env.advance_time(3)  # the courier's pass comes at once, not in 30 minutes
    assert shows_turn_to(table, after) and await repo.owed_count(record.id) == 0
    no_tracebacks(caplog)


async def test_every_writing_command_says_nothing_changed_while_the_database_takes_no_writes(
    table: Table, monkeypatch, caplog
):
    record = await two_player(table)
    elsewhere = table.guild.create_text_channel("elsewhere")
    lobby = (await table.cat.slash(elsewhere, "axio new", game="rota")).response
    _, signup = await open_signup(table, table.cat, game="axio", format="swiss")
    await table.env.advance_time(12.5 * 3600)  # a vote to skip is open
    repo = table.bot.repo

    def no_writes():
        raise DatabaseUnavailableError("the server stopped answering (test)")

    monkeypatch.setattr(repo, "_write", no_writes)
    caplog.set_level(logging.INFO)
    late = table.member_for(record)
    other = table.ben if late is table.ann else table.ann
    mover_move = str(record.game.legal_moves()[0])
    attempts = {
        outcomes.MOVE: await table.slash(late, "axio play", move=mover_move),
        outcomes.SKIP_VOTE: await table.slash(other, "axio skip"),
        outcomes.RESIGN: await table.resign(other),
        outcomes.END: await table.slash(table.ann, "axio end"),
        outcomes.NOTIFY: await table.slash(table.ben, "axio notify", enabled=True),
        outcomes.SETTINGS: await table.slash(table.admin, "axio settings", reminder_hours=3),
        outcomes.LOBBY: await table.click(table.dan, lobby, label="Join"),
        outcomes.NEW_GAME: await table.dan.slash(
            table.guild.create_text_channel("third"), "axio solo", game="axio"
        ),
        outcomes.TOURNAMENT: await table.click(table.dan, signup, label="Join"),
    }
    for change, result in attempts.items():
        assert result.ephemeral, change
        assert answers(result)[-1] == (
            f"The game's storage is not answering; {change.not_done}. Try again in a minute."
        )
    opened = await table.slash(table.ann, "axio tournament new", game="rota", format="swiss")
    assert outcomes.TOURNAMENT.not_done in answers(opened)[-1]
    in_thread = await table.slash(table.dan, "axio new", game="axio", thread=True)
    assert outcomes.NEW_GAME.not_done in answers(in_thread)[-1]
    assert table.channel.threads == []  # the thread made for it is gone again
    monkeypatch.undo()
    after = await table.record(record.id)
    assert (after.status, after.move_count, after.seats) == ("running", 0, record.seats)
    assert len((await repo.game_in_channel(elsewhere.id)).seats) == 1
    assert not await repo.notify_enabled(table.ben.id)
    assert (await repo.guild_settings(table.guild.id)).reminder_hours != 3
    [open_one] = await repo.tournaments(table.guild.id, statuses=("signup",))
    assert [p.user_id for p in open_one.players] == [table.cat.id]
    no_tracebacks(caplog)


@pytest.mark.parametrize("bot_clock", [DayClock(day=1, hour=9)])
async def test_a_daily_deal_the_database_did_not_take_is_said_not_dealt(
    table: Table, monkeypatch, caplog
):
    def no_writes():
        raise DatabaseUnavailableError("the server stopped answering (test)")

    monkeypatch.setattr(table.bot.repo, "_write", no_writes)
    caplog.set_level(logging.INFO)
    played = await table.slash(table.dan, "axio daily play", game="rota")
    assert played.ephemeral and answers(played)[-1] == (
        f"The game's storage is not answering; {outcomes.DAILY.not_done}. Try again in a minute."
    )
    monkeypatch.undo()
    assert await table.bot.repo.daily_attempt("rota", table.dan.id, 1) is None
    no_tracebacks(caplog)


async def test_lobby_changes_told_when_discord_loses_the_answer(table: Table):
    """Join by button, /axio lobby start and /axio new store first and answer after: Discord
    failing that answer once leaves the member told what was stored, never "nothing was
    changed", and the table catches up."""
    opened = await table.slash(table.ann, "axio new", game="axio")
    lobby = opened.response
    table.env.inject_error("POST", CALLBACK, status=503, times=1)
    joined = await table.click(table.ben, lobby, label="Join")
    assert answers(joined)[-1].startswith("You joined the game.") and joined.ephemeral
    record = await table.game()
    assert [s.name for s in record.seats] == ["ann", "ben"]
    assert "ben" in text_of(lobby)  # the lobby message was redrawn all the same

    table.env.inject_error("POST", CALLBACK, status=503, times=1)
    started = await table.slash(table.ann, "axio lobby start")
    assert answers(started)[-1].startswith("The game has started.")
    record = await table.record(record.id)
    assert record.status == "running" and shows_turn_to(table, record)
    again = await table.slash(table.ann, "axio lobby start")
    assert "already started" in answers(again)[-1]

    thread_table = table.guild.create_text_channel("more games")
    table.env.inject_error("POST", CALLBACK, status=503, times=1)
    new = await table.cat.slash(thread_table, "axio new", game="rota")
    said = answers(new)[-1]
    assert "lobby is open" in said and "/axio new" in said and new.ephemeral
    for result in (joined, started, new):
        assert "nothing was changed" not in str(answers(result))
    shown = await table.dan.slash(thread_table, "axio new", game="rota")
    assert not shown.ephemeral and "Press **Join**" in shown.response.content

    t, signup = await open_signup(table, table.cat, game="axio", format="swiss")
    table.env.inject_error("POST", CALLBACK, status=503, times=1)
    signed = await table.click(table.dan, signup, label="Join")
    assert answers(signed)[-1].startswith("You joined") and signed.ephemeral
    assert "nothing was changed" not in str(answers(signed))
    t = await table.bot.repo.tournament(t.id)
    assert table.dan.id in [p.user_id for p in t.players] and "dan" in text_of(signup)


async def test_four_writes_answer_in_time_while_another_process_holds_the_lock(
    table: Table, monkeypatch
):
    """Four writing commands at once behind another process's SQLite write lock: each is
    answered ("busy, try again") while that process still holds it, none queues behind the
    others, and nothing is changed. In time on any machine: every wait on the bot's clock
    (SimCord's here) ends by storage's budget, and SQLite is never told to wait for the
    other process longer than what is left of it, so each answer comes within the budget,
    inside Discord's three seconds."""
    await two_player(table)
    elsewhere = table.guild.create_text_channel("elsewhere")
    solo_channel = table.guild.create_text_channel("solo")
    clock = AnswerClock(table.env, monkeypatch)
    lock_waits = lock_waits_are_external(table.env, table.bot.repo, monkeypatch)
    budget = table.bot.repo.budget_s
    sent_at = table.env.now().timestamp()
    # the other process lets go only when told, after every answer came or the test gave up
    with holding_write_lock(table.settings.database_path, seconds=10 * GIVE_UP_S) as holder:
        results = await slash_at_once(
            table.env,
            [
                (table.ann, table.channel, "axio notify", {"enabled": True}),
                (table.admin, table.channel, "axio settings", {"reminder_hours": 5}),
                (table.dan, solo_channel, "axio solo", {"game": "rota"}),
                (table.cat, elsewhere, "axio new", {"game": "axio"}),
            ],
            seconds=ANSWER_LIMIT_S - 1,  # SimCord's clock goes no further while they wait
        )
        assert holder.poll() is None  # all of it while the lock was held
    waits = [clock.seconds(result) for result in results]
    assert max(waits) < ANSWER_LIMIT_S, waits
    assert lock_waits, "no command waited for the other process's lock"
    for wait in lock_waits:  # SQLite's wait (in its thread, unseen by the clock) fits too
        assert wait.fits(sent_at + budget), (wait, sent_at)
    for result in results:
        said = answers(result)[-1]
        assert result.ephemeral and "busy" in said and "Try again" in said, said
    repo = table.bot.repo
    assert not await repo.notify_enabled(table.ann.id)
    assert (await repo.guild_settings(table.guild.id)).reminder_hours != 5
    assert await repo.game_in_channel(elsewhere.id) is None
    assert await repo.game_in_channel(solo_channel.id) is None
