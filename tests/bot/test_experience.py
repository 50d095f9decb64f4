"""Issue 16 through the simulated Discord: a suggested move in three taps, Rota names that
match the picture, alt text on every image, autocomplete on the player's words, threads."""

from __future__ import annotations

import random
import re

import pytest

from engine.rota_names import is_position_name
from render import rota_layout
from render.replay import turn_caption, turn_states
from tests.bot.table import (
    Table,
    gallery_descriptions,
    labels,
    play_suggested,
    text_of,
)
from tests.bot.test_games import start_game

COORDINATES = re.compile(r"-?\d+,-?\d+")
NAME_LIKE = re.compile(r"\b[A-Z]{1,3}-?\d{1,3}\b")


@pytest.mark.parametrize("kind", ["axio", "rota"])
async def test_a_suggested_move_takes_three_interactions(table: Table, kind: str):
    game_id = await start_game(table, kind, table.ann, guests=[table.ben])
    rng = random.Random(3)
    for _ in range(4):
        record = await table.record(game_id)
        taps = await play_suggested(table, record, rng)
        assert len(taps) <= 3
        after = await table.record(game_id)
        assert after.move_count == record.move_count + 1


async def test_rota_texts_use_only_names_printed_on_the_picture(table: Table):
    game_id = await start_game(table, "rota", table.ann, guests=[table.ben])
    rng = random.Random(5)
    while (record := await table.record(game_id)).status == "running":
        if rng.random() < 0.5:
            await play_suggested(table, record, rng)
        else:  # typed by name, as the autocomplete offers it
            member = table.member_for(record)
            options = await table.autocomplete(member, "axio play", "move", "")
            await table.slash(member, "axio play", move=rng.choice(options[:5])["value"])
    record = await table.record(game_id)
    shown = rota_layout(record.game).names_shown()  # the final display holds every tile
    log = (await table.slash(table.ann, "axio log")).response.content
    announcements = [text_of(m) for m in table.public()]
    replay = [
        turn_caption(state, ["ann", "ben"])
        for state in turn_states(
            type(record.game), 2, record.seed, [e.move for e in record.game.log]
        )
        if not state.is_over
    ]
    for text in [log, *announcements, *replay]:
        assert not COORDINATES.search(text), text
        for name in NAME_LIKE.findall(text):
            if is_position_name(name):
                assert name in shown, (name, text)
    assert sum(bool(NAME_LIKE.search(t)) for t in announcements) >= len(record.game.log) // 2
    assert all(NAME_LIKE.search(line) for line in log.splitlines()[1:])
    gif = await table.slash(table.ann, "axio replay", game=game_id)
    assert all(a.description for a in gif.response.attachments)


async def test_every_image_carries_alt_text(table: Table):
    game_id = await start_game(table, "axio", table.ann, guests=[table.ben])
    rng = random.Random(8)
    record = await table.record(game_id)
    await play_suggested(table, record, rng)
    record = await table.record(game_id)
    member = table.member_for(record)
    await table.slash(member, "axio hint")
    for command in ("axio board", "axio scores", "axio hand"):
        await table.slash(table.ann, command)
    await table.slash(table.ann, "axio rules", game="rota")
    opened = await table.click(member, table.last_public(), label="My tiles")
    await table.click(member, opened.response, label=labels(opened.response)[0])  # preview
    checked = 0
    ephemeral = [r.response for r in table.results if getattr(r, "response", None) is not None]
    for message in [*table.public(), *ephemeral]:
        for attachment in message.attachments:
            assert attachment.description, (attachment.filename, text_of(message))
            assert len(attachment.description) <= 1024
            checked += 1
        assert all(gallery_descriptions(message))
    assert checked >= 7  # every table post, board, scores, rack, rules and preview
    board = (await table.slash(table.ann, "axio board")).response
    assert "to move" in board.content and "Lowest colours:" in board.content
    scores = (await table.slash(table.ann, "axio scores")).response
    assert "lowest" in scores.content


async def test_autocomplete_filters_on_the_move_and_the_players_words(table: Table):
    game_id = await start_game(table, "axio", table.ann, guests=[table.ben])
    record = await table.record(game_id)
    member = table.member_for(record)

    async def offered(typed: str) -> list:
        return await table.autocomplete(member, "axio play", "move", typed)

    e5 = await offered("e5")
    assert all("E5 " in c["value"] for c in e5)
    cell = str(record.game.legal_moves()[0]).split(":")[0]  # a cell a move can go on now
    at_cell = await offered(cell.lower())
    assert at_cell and all(f"{cell} " in c["value"] for c in at_cell)
    colour = record.game.rack(record.game.to_move)[0][0]
    by_colour = await offered(colour.label)
    assert by_colour
    assert all(  # a colour it places, or one it scores in
        colour.label in c["value"] or colour.label in c["name"].split(" · ")[1] for c in by_colour
    )
    g = await offered("G")
    columns = [bool(re.search(r"(^| )G\d", c["value"])) for c in g]  # a cell in column G
    assert g and columns[0]
    assert columns == sorted(columns, reverse=True)  # column G first, colour matches after


async def test_a_game_in_a_thread_of_its_own(table: Table):
    answer = await table.slash(table.ann, "axio new", game="rota", seats=2, thread=True)
    (thread,) = table.channel.threads
    assert thread.name == "AXIO Rota — ann's table"
    assert thread.mention in answer.response.content if hasattr(thread, "mention") else True
    lobby = list(thread.history())[-1]
    assert "a new game hosted by" in lobby.content
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    record = await table.bot.repo.game_in_channel(thread.id)
    assert record is not None and record.status == "running"
    turn = list(thread.history())[-1]
    assert labels(turn) == ["My tiles", "Close-up"]
    assert await table.bot.repo.game_in_channel(table.channel.id) is None


async def test_ending_a_game_keeps_the_last_card_and_takes_its_button(table: Table):
    game_id = await start_game(table, "axio", table.ann, guests=[table.ben])
    turn = table.last_public()
    assert labels(turn) == ["My tiles", "Close-up"]
    await table.slash(table.ann, "axio end")
    assert (await table.record(game_id)).status == "cancelled"
    after = next(m for m in table.public() if m.id == turn.id)
    assert labels(after) == []
    assert "Press **My tiles**" not in text_of(after) and "begins" in text_of(after)
    assert all(gallery_descriptions(after))  # the position it ended in stays
    assert {a.filename for a in after.attachments} == {"table.png"}
