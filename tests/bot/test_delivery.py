"""Every turn reaches the table: Discord faults on each call a turn makes (SimCord's
`inject_error`), a scheduler pass that fails, a database another process has locked. For
each: the move is applied exactly once, the player is told the truth, the next person is
shown the position (at once or when the delivery is retried) and computers go on."""

from __future__ import annotations

from tests.bot.table import Table, components, text_of
from tests.lock_holder import holding_write_lock
from tests.waiting import GIVE_UP_S

TABLE_POST = "/channels/*/messages"


async def two_player(table: Table, kind: str = "axio", computer: str | None = None):
    lobby = (await table.slash(table.ann, "axio new", game=kind)).response
    if computer:
        menu = await table.click(table.ann, lobby, label="Add computer")
        await table.click(table.ann, menu.response, label=computer.capitalize())
    else:
        await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    return await table.game()


def shows_turn_to(table: Table, record) -> bool:
    """The newest public message is the table at this position, pinging the mover."""
    message = table.last_public()
    member = table.member_for(record)
    return (
        member is not None
        and f"<@{member.id}>" in text_of(message)
        and "your move" in text_of(message)
        and {a.filename for a in message.attachments} == {"table.png"}
    )


def buttons(message) -> list[dict]:
    return [c for c in components(message) if c.get("type") == 2]


def answers(result) -> list[str]:
    """Everything the member was told in reply, oldest first."""
    found = [result.response.content] if result.response is not None else []
    return found + [m.content for m in result.followups]


async def played_by_command(table: Table, record):
    move = str(record.game.legal_moves()[0])
    return move, await table.slash(table.member_for(record), "axio play", move=move)


async def test_a_failed_table_post_is_delivered_on_retry_and_the_move_stands(table: Table):
    record = await two_player(table)
    posts_before = len(table.public())
    table.env.inject_error("POST", TABLE_POST, status=503, times=1)
    move, result = await played_by_command(table, record)
    assert result.ephemeral and "You played" in answers(result)[-1]
    after = await table.record(record.id)
    assert after.move_count == 1 and after.game.log[-1].move == move
    assert len(table.public()) == posts_before  # Discord refused the post …
    assert await table.bot.repo.owed_count(record.id) == 1
    await table.env.advance_time(10)  # … and the delivery loop tries again
    assert await table.bot.repo.owed_count(record.id) == 0
    assert shows_turn_to(table, after)
    assert "① **" in text_of(table.last_public())  # the move, under the board's badge
    assert (await table.record(record.id)).move_count == 1


async def test_a_forbidden_channel_is_retried_later_not_dropped(table: Table):
    record = await two_player(table)
    table.env.inject_error("POST", TABLE_POST, status=403, code=50013, times=2)
    await played_by_command(table, record)
    await table.env.advance_time(10)
    assert await table.bot.repo.owed_count(record.id) == 1  # still owed, waiting longer
    await table.env.advance_time(60 * 20)
    after = await table.record(record.id)
    assert await table.bot.repo.owed_count(record.id) == 0 and shows_turn_to(table, after)


async def test_a_failed_tidy_of_the_old_turn_message_changes_nothing(table: Table):
    record = await two_player(table)
    table.env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=None)
    _, result = await played_by_command(table, record)
    assert "You played" in answers(result)[-1]
    after = await table.record(record.id)
    assert after.move_count == 1 and shows_turn_to(table, after)
    assert await table.bot.repo.owed_count(record.id) == 0


async def test_a_lost_reply_to_a_typed_move_still_says_the_move_stands(table: Table):
    record = await two_player(table)
    # the answer replaces the command's "thinking…": that edit is lost
    table.env.inject_error("PATCH", "/webhooks/*/messages/@original", status=503, times=1)
    move, result = await played_by_command(table, record)
    told = answers(result)
    assert told and all("nothing was changed" not in text for text in told)
    assert any("Your move **" in text and "stands" in text for text in told), told
    assert (await table.record(record.id)).game.log[-1].move == move
    after = await table.record(record.id)
    assert after.move_count == 1 and shows_turn_to(table, after)


async def test_a_failed_builder_edit_after_confirm_says_the_move_stands(table: Table):
    record = await two_player(table)
    member = table.member_for(record)
    opened = await table.click(member, table.last_public(), label="My tiles")
    builder = opened.response
    suggestion = next(b for b in buttons(builder) if ":try:" in b["custom_id"])
    await table.click(member, builder, custom_id=suggestion["custom_id"])
    table.env.inject_error("PATCH", "/webhooks/*/messages/*", status=503, times=1)
    confirmed = await table.click(member, builder, label="Confirm")
    told = answers(confirmed)
    assert any("stands" in text for text in told) and "nothing was changed" not in str(told)
    after = await table.record(record.id)
    assert after.move_count == 1 and shows_turn_to(table, after)


async def test_computers_go_on_while_the_table_cannot_be_posted(table: Table):
    record = await two_player(table, computer="easy")
    while table.member_for(record) is None:  # the computer opened: wait for the person
        record = await table.record(record.id)
    table.env.inject_error("POST", TABLE_POST, status=503, times=None)
    await played_by_command(table, record)
    after = await table.record(record.id)
    assert after.move_count >= 2 and table.member_for(after) is table.ann  # computer moved
    table.env.backend.faults.clear()
    await table.env.advance_time(30)
    assert await table.bot.repo.owed_count(record.id) == 0
    assert shows_turn_to(table, after)
    assert "**Bot A** " in text_of(table.last_public())  # the computer's move is told there


async def test_the_same_suggestion_delivered_twice_applies_once(table: Table):
    await table.slash(table.dan, "axio solo", game="axio")
    record = await table.game()
    [choice, *_] = await table.autocomplete(table.dan, "axio play", "move", "")
    first = await table.slash(table.dan, "axio play", move=choice["value"])
    second = await table.slash(table.dan, "axio play", move=choice["value"])
    assert "You played" in answers(first)[-1]
    assert second.ephemeral and answers(second)[-1].startswith("✅ Already played: You played")
    assert (await table.record(record.id)).move_count == 1


async def test_a_suggestion_sent_again_after_the_turn_passed_is_told_it_counted(table: Table):
    record = await two_player(table)
    member = table.member_for(record)
    [choice, *_] = await table.autocomplete(member, "axio play", "move", "")
    first = await table.slash(member, "axio play", move=choice["value"])
    again = await table.slash(member, "axio play", move=choice["value"])
    assert "You played" in answers(first)[-1]
    assert (await table.record(record.id)).move_count == 1  # the other player's move now
    assert again.ephemeral and answers(again)[-1].startswith("✅ Already played: You played")


async def test_a_scheduler_pass_that_fails_does_not_stop_reminders(table: Table, monkeypatch):
    record = await two_player(table)
    repo = table.bot.repo
    real = repo.games_due_reminder
    failures = []

    async def fails_once(*args, **kwargs):
        if not failures:
            failures.append(1)
            raise RuntimeError("disk I/O error (injected)")
        return await real(*args, **kwargs)

    monkeypatch.setattr(repo, "games_due_reminder", fails_once)
    await table.env.advance_time(31 * 60)  # one pass fails …
    assert failures
    await table.env.advance_time(12 * 3600)  # … later passes remind as usual
    mover = table.member_for(record)
    assert any("⏰" in m.content and f"<@{mover.id}>" in m.content for m in table.public())


async def test_reads_answer_and_writes_say_busy_while_another_process_writes(table: Table):
    record = await two_player(table)
    other = table.guild.create_text_channel("elsewhere")
    # the other process lets go when told, however long the three commands take
    with holding_write_lock(table.settings.database_path, seconds=10 * GIVE_UP_S) as holder:
        looked = await table.ann.slash(other, "axio board")
        assert looked.ephemeral and "no game in this channel" in looked.response.content
        board = await table.slash(table.ben, "axio board")
        assert {a.filename for a in board.response.attachments} == {"table.png"}
        move = str(record.game.legal_moves()[0])
        busy = await table.slash(table.member_for(record), "axio play", move=move)
        answer = answers(busy)[-1].lower()
        assert busy.ephemeral and "busy" in answer and "try again" in answer
        assert holder.poll() is None  # all of that while the lock was held
    assert (await table.record(record.id)).move_count == 0  # nothing half done


async def test_a_failed_direct_message_spares_the_reminder_in_the_channel(table: Table):
    record = await two_player(table)
    mover = table.member_for(record)
    await table.slash(mover, "axio notify", enabled=True)
    table.env.inject_error("POST", "/users/@me/channels", status=503, times=None)
    await table.env.advance_time(12.5 * 3600)
    await table.env.advance_time(6 * 3600)
    reminders = [m for m in table.public() if "⏰" in m.content]
    assert len(reminders) == 1 and f"<@{mover.id}>" in reminders[0].content
    assert (await table.record(record.id)).move_count == 0


async def test_a_lobby_whose_message_was_lost_is_posted_again(table: Table):
    stored = await table.bot.repo.create_lobby(
        "axio", table.guild.id, table.channel.id, table.ann.id, "ann"
    )  # the bot was killed before it could post the lobby's message
    again = await table.slash(table.ben, "axio new", game="axio")
    assert not again.ephemeral and "Press **Join**" in again.response.content
    assert (await table.record(stored.id)).lobby_message_id == again.response.id
    await table.click(table.ben, again.response, label="Join")
    assert len((await table.record(stored.id)).seats) == 2
