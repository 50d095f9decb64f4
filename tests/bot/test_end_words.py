"""The posts that end a game: they name its number (as `/axio replay game:` and `/axio
review game:` take it) and ping every person who sat at the table, losers too (in a game
of ten days the end post is how they learn it ended), and never a computer."""

from __future__ import annotations

import random

from tests.bot.forge import pinged
from tests.bot.table import Table, text_of
from tests.bot.test_endings import finish
from tests.bot.test_games import start_game


async def test_the_end_post_pings_every_person_at_the_table_and_names_the_game(table: Table):
    game_id = await start_game(table, "rota", table.ann, guests=[table.ben], computers=["easy"])
    await finish(table, game_id, random.Random(8))
    record = await table.record(game_id)
    assert record.status == "finished"
    won = {record.seats[s.seat].user_id for s in record.game.standings() if s.winner}
    assert {table.ann.id, table.ben.id} - won, "a person lost (whom the end post never pinged)"
    end = table.last_public()
    text = text_of(end)
    assert f"Game over** · Game #{game_id}" in text
    assert f"<@{table.ann.id}>" in text and f"<@{table.ben.id}>" in text
    assert pinged(table, end) == {table.ann.id, table.ben.id}  # winner or not; no computer


async def test_a_solo_games_end_post_names_the_game(table: Table):
    await table.slash(table.dan, "axio solo", game="rota")
    game_id = (await table.game()).id
    await finish(table, game_id, random.Random(3))
    end = table.last_public()
    assert f"Game over** · Game #{game_id}. <@{table.dan.id}> scored" in text_of(end)
    assert pinged(table, end) == set()  # they made the last move in their own builder


async def test_a_game_ended_by_a_host_names_the_game_and_tells_every_person(table: Table):
    game_id = await start_game(table, "axio", table.ann, guests=[table.ben], computers=["easy"])
    ended = await table.slash(table.ann, "axio end")
    assert not ended.ephemeral
    post = table.last_public()
    assert f"AXIO game #{game_id} (<@{table.ann.id}>, <@{table.ben.id}> and 🤖 Bot A" in (
        post.content
    )
    assert pinged(table, post) == {table.ann.id, table.ben.id}
