"""Answers that stay: a move's Confirm pressed many times at once (two devices, a client's
retry) plays once, the answer to the press that played ("You played …") stays on the
builder whatever order the answers land in, and every other press says, in a reply of its
own, that the move was already played."""

from __future__ import annotations

import pytest

from tests.bot.at_once import clicks_at_once
from tests.bot.table import Table, labels
from tests.bot.test_delivery import two_player


def own_reply(press, builder) -> str | None:
    """What a press was told in a message of its own (None: it answered on the builder,
    or has not answered yet)."""
    if press.followups:
        return press.followups[-1].content
    response = press.response
    return response.content if response is not None and response.id != builder.id else None


@pytest.mark.parametrize("kind", ["axio", "rota"])
async def test_ten_confirms_at_once_leave_the_you_played_answer_in_place(table: Table, kind: str):
    record = await two_player(table, kind)
    mover = table.member_for(record)
    builder = (await table.click(mover, table.last_public(), label="My tiles")).response
    suggestion = next(label for label in labels(builder) if " · " in label)
    await table.click(mover, builder, label=suggestion)
    presses = await clicks_at_once(table.env, mover, builder, "Confirm", 10)
    await table.until(
        lambda: sum(own_reply(p, builder) is not None for p in presses) == 9,
        "nine presses answered in replies of their own",
    )
    table.check_errors()
    after = await table.record(record.id)
    assert after.move_count == 1
    played = builder.content
    assert played.startswith("You played **") and not labels(builder), played
    replies = [own_reply(p, builder) for p in presses]
    assert replies.count(None) == 1  # the press that played answered on the builder
    assert [r for r in replies if r is not None] == [
        f"✅ Already played: {played} This press came again and changed nothing; "
        "the move counts once."
    ] * 9
