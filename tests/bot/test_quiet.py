"""A quiet channel: a solo game is played in its player's builder (the channel sees its
start and its end), a table game gets one post per person's turn (computer moves folded
in, the person to move pinged once), a decision made in the builder gets no post, and the
posts before shrink to one line each."""

from __future__ import annotations

import random
import re
from typing import Any

from tests.bot.table import Table, filenames, labels, text_of
from tests.bot.test_games import start_game

COMPUTER_MOVED = re.compile(r"\*\*Bot [AB]\*\* (?:[A-Z]+\d+ \+\d|exchanged)")
"""A computer's move told with what it did (a move earlier cards told is named by its
badge alone; a declined exchange is not told, see `bot.screens.brief.story_brief`)."""


class Pings:
    """Who each public message pinged when it was posted (edits ping nobody)."""

    def __init__(self, table: Table) -> None:
        self.posted: list[tuple[int, list[int]]] = []
        backend = table.env.backend
        commit = backend.commit_message

        def noted(message: Any, **options: Any) -> Any:
            if not message.flags & 64 and message.channel_id == table.channel.id:
                self.posted.append((message.id, list(message.ping_user_ids)))
            return commit(message, **options)

        backend.commit_message = noted


def suggestion(builder: Any) -> str:
    return next(label for label in labels(builder) if " · " in label and "lowest" in label)


async def test_a_solo_game_is_played_in_the_builder_and_the_channel_sees_its_start_and_end(
    table: Table,
):
    pings = Pings(table)
    started = await table.slash(table.dan, "axio solo", game="axio")
    builder = started.response
    assert started.ephemeral and filenames(builder) == {"solo.png"}
    assert builder.content.startswith("Your tile: ") and "1." not in builder.content
    [card] = table.public()
    assert "began a game of **AXIO** solo" in text_of(card) and labels(card) == ["Play"]
    assert filenames(card) == set() and pings.posted == [(card.id, [])]
    record = await table.game()
    typed = await table.slash(table.dan, "axio play", move=str(record.game.legal_moves()[0]))
    assert "You played" in typed.response.content and filenames(typed.response) == {"solo.png"}
    builder = typed.response  # every later move from the page the answer shows
    while (record := await table.record(record.id)).status == "running":
        await table.click(table.dan, builder, label=suggestion(builder))
        await table.click(table.dan, builder, label="Confirm")
        assert builder.content.startswith("You played")
    assert "the result is posted in the channel" in builder.content and labels(builder) == []
    start, end = table.public()
    assert start.id == card.id and labels(start) == [] and len(text_of(start).splitlines()) == 1
    assert filenames(end) == {"table.png"} and "Game over" in text_of(end)
    assert labels(end) == ["Play again", "Replay"]
    assert [ids for _, ids in pings.posted] == [[], []]  # the player is in their builder


async def test_the_solo_play_button_reopens_the_game_for_its_player_only(table: Table):
    await table.slash(table.dan, "axio solo", game="rota")
    card = table.last_public()
    again = await table.click(table.dan, card, label="Play")
    assert again.ephemeral and filenames(again.response) == {"solo.png"}
    assert "Your tile (corners from the top left, clockwise)" in again.response.content
    other = await table.click(table.ann, card, label="Play")
    assert other.ephemeral and "This is dan's solo game" in other.response.content


async def test_one_post_per_persons_turn_with_the_computers_moves_in_it(table: Table):
    pings = Pings(table)
    game_id = await start_game(
        table, "axio", table.ann, guests=[table.ben], computers=["easy", "normal"]
    )
    rng = random.Random(4)
    turns_begun = 1  # the first post
    for _ in range(12):
        record = await table.record(game_id)
        await table.play_by_command(record, rng)
        after = await table.record(game_id)
        if after.status == "running" and after.game.turn != record.game.turn:
            turns_begun += 1
        if after.status != "running":
            break
    posts = [message for message in table.public() if message.id != (await lobby_id(table))]
    assert len(posts) == turns_begun
    for message_id, pinged in pings.posted[1:]:  # after the lobby: one person each
        assert len(pinged) == 1, message_id
    told = "\n".join(text_of(m) for m in posts)
    record = await table.record(game_id)
    computer_moves = [
        e for e in record.game.log if record.seats[e.seat].user_id is None and e.move != "keep"
    ]
    assert computer_moves and len(COMPUTER_MOVED.findall(told)) == len(computer_moves)
    # every card but the last is one line: no picture, no call to move, no buttons
    for old in posts[:-1]:
        assert filenames(old) == set() and labels(old) == []
        assert len(text_of(old).splitlines()) == 1 and "your move" not in text_of(old)
    assert filenames(posts[-1]) == {"table.png"} and "your move" in text_of(posts[-1])
    assert not table.bot.cached_messages  # the old cards were fetched to shrink them: none kept


async def lobby_id(table: Table) -> int:
    record = await table.game()
    assert record is not None
    return record.lobby_message_id or 0


async def test_an_axio_extra_move_is_made_in_the_builder_with_no_post_until_the_turn_ends(
    table: Table,
):
    game_id = await start_game(table, "axio", table.ann, guests=[table.ben])
    repo = table.bot.repo
    record = await table.record(game_id)
    while (axio := axio_move(record)) is None:  # play on until a person can call AXIO!
        assert record.status == "running", "the game ended before anyone could call AXIO!"
        record, _ = await repo.record_move(game_id, record.move_count, towards_axio(record))
    await table.bot.courier.deliver_once(game_id)  # the table shows where that left the game
    await table.env.settle()
    member = table.member_for(record)
    posts = len(table.public())
    played = await table.slash(member, "axio play", move=axio)
    answer = played.response
    assert "You played" in answer.content and "AXIO!" not in text_of(table.last_public())
    assert any(" · lowest " in label for label in labels(answer))  # the extra move, here
    assert len(table.public()) == posts  # … and nothing in the channel yet
    while (record := await table.record(game_id)).seat_to_move.user_id == member.id:
        if record.game.phase == "exchange":
            await table.click(member, answer, label="Keep my rack")
            continue
        await table.click(member, answer, label=suggestion(answer))
        await table.click(member, answer, label="Confirm")
    assert len(table.public()) == posts + 1  # the whole turn in one post
    assert "**AXIO!**" in text_of(table.last_public())


def towards_axio(record: Any) -> str:
    """A move that feeds the mover's strongest colour (and keeps the rack): AXIO! soon."""
    game = record.game
    if game.phase == "exchange":
        return "keep"
    scores = game.scores(game.to_move)
    top = max(range(5), key=lambda i: scores[i])
    best = max(game.scored_moves(), key=lambda s: (s.points[top], sum(s.points), str(s.move)))
    return str(best.move)


def axio_move(record: Any) -> str | None:
    """A placement the person to move can make now that earns an AXIO! extra turn."""
    game = record.game
    if record.status != "running" or getattr(game, "phase", "place") != "place":
        return None
    for scored in game.scored_moves():
        trial = game.copy()
        if trial.play(scored.move).extra_turns:
            return str(scored.move)
    return None


async def test_when_everyone_resigns_the_computers_finish_without_a_post_until_the_end(
    table: Table,
):
    game_id = await start_game(table, "rota", table.ann, guests=[table.ben])
    before = len(table.public())
    mover = table.member_for(await table.record(game_id))
    waiting = table.ben if mover is table.ann else table.ann
    for member in (waiting, mover):  # the one waiting first: nobody's turn begins between
        asked = (await table.slash(member, "axio resign")).response
        await table.click(member, asked, label="Resign")
    for _ in range(20):  # the stand-ins play the game out
        await table.env.advance_time(120)
        if (await table.record(game_id)).status == "finished":
            break
    record = await table.record(game_id)
    assert record.status == "finished"
    assert len(table.public()) == before + 1  # only the result
    told = text_of(table.last_public())
    assert "🏳️ **ann** resigned" in told and "🏳️ **ben** resigned" in told
    assert "no one wins this game" in told and "congratulations, !" not in told
