"""Whole games through the simulated Discord: people and computers, buttons, the move
builder and /axio play, to the final standings — with no rack ever shown to anyone else."""

from __future__ import annotations

import random
import re

from tests.bot.table import (
    Table,
    assert_private_files_never_public,
    play_with_builder,
    text_of,
)

MAX_MOVES = 400
COMPUTER_PLAYED = re.compile(r"\*\*Bot [A-D]\*\* [A-Z]+\d+ \+\d")
"""A computer's move told where it went and what it scored (an earlier card's move is
named again by its badge alone)."""


async def start_game(table: Table, kind: str, host, guests=(), computers=()):
    lobby = (await table.slash(host, "axio new", game=kind)).response
    for guest in guests:
        await table.click(guest, lobby, label="Join")
    for level in computers:
        menu = await table.click(host, lobby, label="Add computer")
        await table.click(host, menu.response, label=level.capitalize())
    await table.click(host, lobby, label="Start")
    record = await table.game()
    assert record is not None and record.status == "running"
    return record.id


async def play_to_the_end(table: Table, game_id: int, rng: random.Random) -> None:
    """Humans move (builder every third move, /axio play otherwise) until the game ends."""
    for number in range(MAX_MOVES):
        record = await table.person_to_move(game_id)
        if record.status != "running":
            return
        member = table.member_for(record)
        assert member is not None, "a computer seat should have moved by itself"
        check_own_rack_only(table, record)
        if number % 3 == 0:
            await play_with_builder(table, record, rng)
        else:
            result = await table.play_by_command(record, rng)
            said = result.response.content
            assert result.ephemeral and said.startswith(("You played", "You kept", "You exchanged"))
        after = await table.record(game_id)
        assert after.move_count > record.move_count
    raise AssertionError("the game did not end")


def check_own_rack_only(table: Table, record) -> None:
    """Every rack a member was ever shown is in their own view only."""
    for member in table.members.values():
        for message in table.seen_by(member):
            if message.flags.ephemeral:
                others = [m for m in table.members.values() if m is not member]
                assert all(message.id not in {x.id for x in table.seen_by(o)} for o in others)


async def assert_finished_and_stored(table: Table, game_id: int, players: int) -> None:
    record = await table.record(game_id)
    assert record.status == "finished" and record.game.is_over
    # The end post follows the last move; after a computer's move (thought in a process
    # pool, outside what SimCord waits for) it may come a moment after SimCord settled.
    await table.until(lambda: "Game over" in text_of(table.last_public()), "the end post")
    final = table.last_public()
    assert {a.filename for a in final.attachments} == {"table.png"}
    results = await table.bot.repo.game_results(game_id)
    assert len(results) == players
    if players > 1:
        assert "Congratulations" in text_of(final)
        assert any(r.winner for r in results)
    assert_private_files_never_public(table)


async def test_three_members_play_a_whole_axio_game(table: Table):
    game_id = await start_game(table, "axio", table.ann, guests=[table.ben, table.cat])
    await play_to_the_end(table, game_id, random.Random(3))
    await assert_finished_and_stored(table, game_id, 3)
    record = await table.record(game_id)
    assert len(record.game.log) > 30


async def test_two_members_and_a_computer_play_a_whole_rota_game(table: Table):
    game_id = await start_game(table, "rota", table.ann, guests=[table.ben], computers=["normal"])
    await play_to_the_end(table, game_id, random.Random(4))
    await assert_finished_and_stored(table, game_id, 3)
    record = await table.record(game_id)
    computer_moves = [e for e in record.game.log if record.seats[e.seat].user_id is None]
    assert len(computer_moves) >= 12
    # Every computer move is told once, in the next person's post (which keeps it, in one
    # line, once the post after it arrives).
    told = sum(len(COMPUTER_PLAYED.findall(text_of(m))) for m in table.public())
    assert told == len(computer_moves)


async def test_solo_axio_to_the_end(table: Table):
    await table.slash(table.dan, "axio solo", game="axio")
    record = await table.game()
    await play_to_the_end(table, record.id, random.Random(5))
    await assert_finished_and_stored(table, record.id, 1)
    assert "lowest colour" in text_of(table.last_public())


async def test_solo_rota_to_the_end(table: Table):
    await table.slash(table.dan, "axio solo", game="rota")
    record = await table.game()
    await play_to_the_end(table, record.id, random.Random(6))
    await assert_finished_and_stored(table, record.id, 1)
    solo = await table.bot.repo.solo_high_scores(table.guild.id, "rota")
    assert [s.user_id for s in solo] == [table.dan.id]
