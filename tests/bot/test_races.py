"""Commands that race a computer while it thinks: ending the game, and the votes to skip.
Nothing is stored into an ended game, there is one stand-in move, the vote count never
goes past what is needed, and nothing is logged as a failure."""

from __future__ import annotations

import asyncio
import logging
import random

from tests.bot.table import Table, text_of
from tests.waiting import GIVE_UP_S


class HeldComputer:
    """Computer moves that wait, once chosen, until the test lets them go."""

    def __init__(self, table: Table, monkeypatch) -> None:
        self.thinking, self.release, self.table = asyncio.Event(), asyncio.Event(), table
        desk = table.bot.desk
        real = desk.computer_move

        async def held(record, level):
            move = await real(record, level)
            self.thinking.set()
            await table.env.external_wait(self.release.wait(), reason="a computer thinks")
            return move

        monkeypatch.setattr(desk, "computer_move", held)

    async def chosen(self) -> None:
        await asyncio.wait_for(self.thinking.wait(), timeout=GIVE_UP_S)

    async def let_go(self) -> None:
        self.release.set()
        await self.table.env.settle()


async def test_ending_a_game_while_a_computer_thinks_stores_nothing(
    table: Table, monkeypatch, caplog
):
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    menu = await table.click(table.ann, lobby, label="Add computer")
    await table.click(table.ann, menu.response, label="Normal")
    computer = HeldComputer(table, monkeypatch)
    caplog.set_level(logging.INFO)
    await table.click(table.ann, lobby, label="Start")
    record = await table.game()
    if table.member_for(record) is not None:  # the person opens: then the computer thinks
        await table.play_by_command(record, random.Random(1))
    await computer.chosen()
    before = await table.record(record.id)
    ended = await table.slash(table.ann, "axio end")
    assert "was ended" in ended.response.content
    await computer.let_go()
    after = await table.record(record.id)
    assert after.status == "cancelled" and after.move_count == before.move_count
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert "moved on while a computer thought" in caplog.text


async def test_a_vote_after_the_skip_has_passed_is_refused_and_one_computer_moves(
    table: Table, monkeypatch
):
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    for member in (table.ben, table.cat, table.dan):
        await table.click(member, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    record = await table.game()
    late = table.member_for(record)
    voters = [m for m in (table.ann, table.ben, table.cat, table.dan) if m is not late]
    await table.env.advance_time(12.5 * 3600)
    computer = HeldComputer(table, monkeypatch)
    first = await table.slash(voters[0], "axio skip")
    assert "(1/2 votes)" in first.response.content
    second = await table.slash(voters[1], "axio skip")
    assert "2/2 votes" in second.response.content
    await computer.chosen()  # the stand-in is thinking when the last vote comes
    third = await table.slash(voters[2], "axio skip")
    assert third.ephemeral and "passed already" in third.response.content
    await computer.let_go()
    after = await table.record(record.id)
    assert after.move_count == 1 and after.game.log[0].seat == record.game.to_move
    assert "3/2" not in " ".join(text_of(m) for m in table.public())
