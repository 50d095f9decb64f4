"""`/axio forget-me` as a member meets it: what the bot keeps is shown only to them, Keep it
changes nothing, Delete my data leaves nothing with their id in any table while the
others' game plays on with a computer in their seat; nobody else can press their button."""

from __future__ import annotations

import random
from typing import Any

from storage.records import FORMER_PLAYER_NAME
from tests.bot.forge import forged_component, pinged
from tests.bot.table import Table, labels, text_of
from tests.bot.test_delivery import answers, two_player
from tests.storage.test_members import every_value


def question(result: Any) -> Any:
    """The message that asks (the deferred answer's follow-up)."""
    return result.followups[-1] if result.followups else result.response


async def mentions_of(table: Table, user_id: int) -> list[tuple[str, str, object]]:
    return [
        cell
        for cell in await every_value(table.bot.repo)
        if cell[2] == user_id or (isinstance(cell[2], str) and str(user_id) in cell[2])
    ]


async def test_a_member_with_nothing_stored_is_told_so(table: Table) -> None:
    result = await table.slash(table.dan, "axio forget-me")
    assert result.ephemeral and "keeps nothing about you" in answers(result)[-1]
    assert labels(question(result)) == []


async def test_keep_it_changes_nothing(table: Table) -> None:
    record = await two_player(table)
    await table.slash(table.ann, "axio notify", enabled=True)
    before = await every_value(table.bot.repo)
    result = await table.slash(table.ann, "axio forget-me")
    asked = question(result)
    assert result.ephemeral and labels(asked) == ["Delete my data", "Keep it"]
    assert "1 seat at a table" in text_of(asked) and "a computer plays it on" in text_of(asked)
    await table.click(table.ann, asked, label="Keep it")
    assert "Nothing was deleted" in text_of(asked) and labels(asked) == []
    assert await every_value(table.bot.repo) == before
    assert (await table.record(record.id)).seat_of(table.ann.id) is not None


async def test_delete_my_data_leaves_no_trace_and_the_game_plays_on(table: Table) -> None:
    record = await two_player(table)
    await table.slash(table.ann, "axio notify", enabled=True)
    assert await mentions_of(table, table.ann.id)
    posts = len(table.public())
    asked = question(await table.slash(table.ann, "axio forget-me"))
    await table.click(table.ann, asked, label="Delete my data")
    assert "Your data is deleted" in text_of(asked) and labels(asked) == []
    assert "A computer now plays your seat" in text_of(asked)
    await table.env.advance_time(60)
    after = await table.person_to_move(record.id)  # the computer played Ann's seat, if due
    if after.move_count == record.move_count:  # Ben was to move: the note waits for it
        await table.play_by_command(after, random.Random(1))
        after = await table.person_to_move(record.id)
    await table.turn_post(after)  # the table is told with the next post
    assert await mentions_of(table, table.ann.id) == []
    seat = next(s for s in after.seats if s.is_former)
    assert seat.name == FORMER_PLAYER_NAME and seat.plays_as == "normal"
    new_posts = [text_of(m) for m in table.public()[posts:]]
    assert any("A former player left the game" in text for text in new_posts), new_posts
    assert all(str(table.ann.id) not in text for text in new_posts)
    assert after.seats[after.game.to_move].user_id == table.ben.id  # Ben's turn, as usual
    assert await table.bot.repo.load_game_from_log(record.id) == after.game


async def test_nobody_else_can_press_a_members_delete_button(table: Table) -> None:
    await two_player(table)
    lobby_message = table.public()[0]
    before = await every_value(table.bot.repo)
    pressed = await forged_component(table.ben, lobby_message, f"axio:forget:{table.ann.id}:yes")
    assert pressed.ephemeral and "belong to the member who asked" in answers(pressed)[-1]
    assert await every_value(table.bot.repo) == before
    forged = await forged_component(table.ben, lobby_message, "axio:forget:12x:yes")
    assert forged.ephemeral and "not one the bot made" in answers(forged)[-1]


async def test_a_game_with_a_former_player_ends_and_its_last_post_pings_the_people_left(
    table: Table,
) -> None:
    record = await two_player(table)
    asked = question(await table.slash(table.ann, "axio forget-me"))
    await table.click(table.ann, asked, label="Delete my data")
    rng = random.Random(4)
    for _ in range(300):
        record = await table.record(record.id)
        if record.status != "running":
            break
        if record.seat_to_move.plays_as is not None:  # the former player's stand-in
            await table.env.advance_time(30)
        else:
            await table.play_by_command(record, rng)
    await table.env.advance_time(60)
    assert record.status == "finished"
    last = table.last_public()
    assert "a former player" in text_of(last) and pinged(table, last) == {table.ben.id}
    results = await table.bot.repo.game_results(record.id)
    assert [r.is_former for r in results] == [s.is_former for s in record.seats]
    assert await mentions_of(table, table.ann.id) == []
